/**
 * Multinomial naive Bayes on word counts, equal to scikit-learn's
 * `MultinomialNB(alpha).fit(CountVectorizer().fit_transform(train))` and its `predict_proba`:
 *   log P(w|c) = ln(count(c,w) + α) − ln(Σ_w' count(c,w') + α·|V|)
 *   log P(c)   = ln(n_c) − ln(n)
 *   P(c|x)     = softmax_c(log P(c) + Σ_w x_w · log P(w|c))
 * Words outside the training vocabulary are ignored. A text with no known word gets the class
 * prior (docs/definitions.md#models), as `predict_proba` gives it: the joint log-likelihood is the log prior
 * alone and goes through the same normalisation, so it sums to 1 and favours the most
 * frequent class.
 */
import type { Example, ExampleInput } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { sortCodePoints } from '../util/strings.js';
import { Featurizer, type FeaturizerOptions } from '../text/features.js';
import { distinctTokens, TOKEN_SEPARATOR, wordTokens } from '../text/word-tokens.js';
import type { LinearDecision, Model, ModelDescription, ScoreOptions, ScoreResult } from './model.js';
import { maxOf } from '../util/numbers.js';

interface NaiveBayesParameters {
  labels: string[];
  vocabulary: string[];
  classCount: number[];
  /** featureCount[c][f]: occurrences of vocabulary[f] in training texts of labels[c]. */
  featureCount: number[][];
}

/** `read`, when given, hears how many training texts have been tokenised so far (progress). */
export function fitNaiveBayesCounts(
  train: readonly Example[],
  labels: readonly string[],
  read?: (rows: number) => void
): NaiveBayesParameters {
  const docs = train.map((e, i) => {
    const tokens = e.input.kind === 'text' ? wordTokens(e.input.text) : [];
    read?.(i + 1);
    return tokens;
  });
  const vocabulary = sortCodePoints(distinctTokens(docs));
  const index = new Map(vocabulary.map((w, i) => [w, i]));
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const classCount = labels.map(() => 0);
  const featureCount = labels.map(() => new Array<number>(vocabulary.length).fill(0));
  train.forEach((e, d) => {
    const c = labelIndex.get(e.label) as number;
    classCount[c] = (classCount[c] as number) + 1;
    const row = featureCount[c] as number[];
    for (const w of docs[d] as string[]) {
      const f = index.get(w) as number;
      row[f] = (row[f] as number) + 1;
    }
  });
  return { labels: [...labels], vocabulary, classCount, featureCount };
}

export class NaiveBayesModel implements Model {
  readonly labels: readonly string[];
  readonly featurizer: Featurizer;
  private readonly logPrior: number[];
  private readonly logLikelihood: Float64Array[];
  private readonly digest: string;
  /** Scratch: a text's count of each feature, by id (zero between calls). */
  private readonly countOf: Float64Array;

  /**
   * `featurizer`, when given, must count word tokens over this vocabulary; `tfidf-word`
   * fitted on the same training texts has the same one, so the two can share it.
   */
  constructor(
    readonly name: string,
    private readonly params: NaiveBayesParameters,
    private readonly alpha: number,
    featurizer?: Featurizer,
    options: FeaturizerOptions = {}
  ) {
    this.labels = params.labels;
    if (featurizer && !featurizer.serves('word', params.vocabulary))
      throw new Error('naive-bayes: the featurizer has another feature space');
    this.featurizer = featurizer ?? new Featurizer('word', params.vocabulary, options);
    const n = params.classCount.reduce((a, b) => a + b, 0);
    this.logPrior = params.classCount.map((c) => Math.log(c) - Math.log(n));
    this.logLikelihood = params.featureCount.map((row) => {
      const total = row.reduce((a, b) => a + b + alpha, 0);
      const logTotal = Math.log(total);
      return Float64Array.from(row, (c) => Math.log(c + alpha) - logTotal);
    });
    this.digest = sha256Hex(stableJson({ kind: 'naive-bayes', alpha, ...params }));
    this.countOf = new Float64Array(params.vocabulary.length);
  }

  static fit(
    name: string,
    train: readonly Example[],
    labels: readonly string[],
    alpha = 1,
    options: FeaturizerOptions = {}
  ): NaiveBayesModel {
    return new NaiveBayesModel(name, fitNaiveBayesCounts(train, labels), alpha, undefined, options);
  }

  /** The training vocabulary in code-point order (a word's feature id is its position). */
  get vocabulary(): readonly string[] {
    return this.params.vocabulary;
  }

  describe(): ModelDescription {
    return {
      name: this.name,
      kind: 'naive-bayes',
      params: {
        alpha: this.alpha,
        vocabulary_size: this.params.vocabulary.length,
        features: 'CountVectorizer(lowercase=True)'
      },
      digest: this.digest,
      probabilities: true
    };
  }

  /** Its log joint is linear in the word counts (docs/search.md#exact); a text with no known word gets the prior. */
  readonly linear: LinearDecision = {
    scores: (text) => this.joint(text, true),
    separator: TOKEN_SEPARATOR,
    fold: (text) => text.toLowerCase()
  };

  /** Posterior probabilities in label order. */
  probabilities(text: string, once = false): number[] {
    const joint = this.joint(text, once);
    const max = maxOf(joint);
    let sum = 0;
    for (const j of joint) sum += Math.exp(j - max);
    const logNorm = Math.log(sum) + max;
    return joint.map((j) => Math.exp(j - logNorm));
  }

  /** The log joint of each label: log prior + Σ counts × log P(w|c). */
  private joint(text: string, once: boolean): number[] {
    const { ids, counts } = this.featurizer.row(text, once);
    // Sum features in vocabulary order, as a sparse row product does. With no known word the
    // sum is 0 and the joint is the log prior, normalised below exactly as scikit-learn does.
    const features = Int32Array.from(ids).sort();
    const count = this.countOf;
    for (let i = 0; i < ids.length; i++) count[ids[i] as number] = counts[i] as number;
    const joint = this.logLikelihood.map((row, c) => {
      let s = 0;
      for (let i = 0; i < features.length; i++)
        s += (count[features[i] as number] as number) * (row[features[i] as number] as number);
      return s + (this.logPrior[c] as number);
    });
    for (let i = 0; i < ids.length; i++) count[ids[i] as number] = 0;
    return joint;
  }

  async score(inputs: readonly ExampleInput[], options: ScoreOptions = {}): Promise<ScoreResult[]> {
    const once = options.once === true;
    return inputs.map((input) =>
      input.kind === 'text'
        ? { status: 'ok' as const, scores: this.probabilities(input.text, once) }
        : { status: 'error' as const, error: 'naive-bayes scores text inputs only' }
    );
  }

  async close(): Promise<void> {}
}
