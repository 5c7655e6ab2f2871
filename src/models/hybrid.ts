/**
 * `hybrid`: per label, w · (tfidf-word score) + (1 − w) · (tfidf-char score), w = `word_weight`
 * (default 0.5). A text with no known feature in either component scores 0 everywhere. The
 * components' scorers are those of `tfidf-word` and `tfidf-char` when those are configured
 * too (see build.ts), so their scores of a text are reused rather than computed again.
 */
import type { Example, ExampleInput } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import type { Model, ModelDescription, ScoreOptions, ScoreResult, WeightedDecision } from './model.js';
import { TfidfModel } from './tfidf.js';

export const DEFAULT_WORD_WEIGHT = 0.5;

export class HybridModel implements Model {
  readonly labels: readonly string[];
  private cachedDigest: string | undefined;

  constructor(
    readonly name: string,
    readonly word: TfidfModel,
    readonly char: TfidfModel,
    readonly wordWeight = DEFAULT_WORD_WEIGHT
  ) {
    if (!(wordWeight >= 0 && wordWeight <= 1))
      throw new Error(`hybrid word_weight must be in [0, 1], got ${wordWeight}`);
    if (word.kind !== 'tfidf-word' || char.kind !== 'tfidf-char')
      throw new Error('hybrid needs a tfidf-word and a tfidf-char model');
    if (stableJson(word.labels) !== stableJson(char.labels)) throw new Error('hybrid components have different labels');
    this.labels = word.labels;
    this.mixture = [
      { weight: wordWeight, linear: word.linear },
      { weight: 1 - wordWeight, linear: char.linear }
    ];
  }

  /** Each component's cosine is its linear score over the text's norm (docs/search.md#exact). */
  readonly mixture: readonly WeightedDecision[];

  static fit(
    name: string,
    train: readonly Example[],
    labels: readonly string[],
    wordWeight = DEFAULT_WORD_WEIGHT
  ): HybridModel {
    return new HybridModel(
      name,
      TfidfModel.fit(`${name}/word`, train, labels, 'word'),
      TfidfModel.fit(`${name}/char`, train, labels, 'char'),
      wordWeight
    );
  }

  describe(): ModelDescription {
    this.cachedDigest ??= sha256Hex(
      stableJson({ kind: 'hybrid', word_weight: this.wordWeight, word: this.word.digest, char: this.char.digest })
    );
    return {
      name: this.name,
      kind: 'hybrid',
      params: { word_weight: this.wordWeight },
      digest: this.cachedDigest,
      probabilities: false
    };
  }

  scoresFor(text: string, once = false): number[] {
    const w = this.wordWeight;
    const word = this.word.scoresFor(text, once);
    const char = this.char.scoresFor(text, once);
    return word.map((s, i) => w * s + (1 - w) * (char[i] as number));
  }

  async score(inputs: readonly ExampleInput[], options: ScoreOptions = {}): Promise<ScoreResult[]> {
    const once = options.once === true;
    return inputs.map((input) =>
      input.kind === 'text'
        ? { status: 'ok' as const, scores: this.scoresFor(input.text, once) }
        : { status: 'error' as const, error: 'hybrid scores text inputs only' }
    );
  }

  async close(): Promise<void> {}
}
