/**
 * TF-IDF centroid classifiers, equal to scikit-learn's
 *   X = TfidfVectorizer(...).fit_transform(train)        (raw counts × smooth idf, rows L2-normalised)
 *   centroid_c = mean of the rows of class c
 *   scores = cosine_similarity(vectorizer.transform(texts), centroids)
 * with `tfidf-word` = `TfidfVectorizer()` defaults and `tfidf-char` =
 * `TfidfVectorizer(analyzer="char_wb", ngram_range=(2,4))`. Features outside the training
 * vocabulary are ignored; a text with no known feature scores 0 for every label (docs/definitions.md#models).
 */
import type { Example, ExampleInput } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { compareCodePoints, sortCodePoints } from '../util/strings.js';
import { CharWbIndex, PY_WHITESPACE } from '../text/char-ngrams.js';
import {
  BoundedMemo,
  CHAR_NGRAM_RANGE,
  Featurizer,
  Tally,
  type FeaturizerOptions,
  type SparseRow
} from '../text/features.js';
import { distinctTokens, TOKEN_SEPARATOR, wordTokens } from '../text/word-tokens.js';
import type { LinearDecision, Model, ModelDescription, ScoreOptions, ScoreResult } from './model.js';

export type TfidfAnalyzer = 'word' | 'char';

export { CHAR_NGRAM_RANGE };

interface TfidfParameters {
  analyzer: TfidfAnalyzer;
  labels: string[];
  /** Every training feature, in code-point order; a feature's id is its position. */
  vocabulary: string[];
  idf: Float64Array;
  /**
   * The class centroids, feature-major: centroids[f · labels.length + c] is the mean weight of
   * vocabulary[f] over the normalised training rows of labels[c]. Scoring reads a feature's
   * weights for every label from one place instead of from one array per label.
   */
  centroids: Float64Array;
}

/** Sorts in code-point order; the native sort agrees with it when no unit is ≥ U+D800. */
function sortVocabulary(features: Iterable<string>): string[] {
  const all = [...features];
  return all.some((f) => /[\ud800-\uffff]/.test(f)) ? sortCodePoints(all) : all.sort();
}

/** The sorted training vocabulary and each training text's row of feature counts. */
function analyzeTraining(
  analyzer: TfidfAnalyzer,
  texts: readonly string[],
  read?: (rows: number) => void
): { vocabulary: string[]; rows: SparseRow[] } {
  const tally = new Tally();
  if (analyzer === 'word') {
    const tokens = texts.map((t, i) => {
      const ts = wordTokens(t);
      read?.(i + 1);
      return ts;
    });
    const vocabulary = sortVocabulary(distinctTokens(tokens));
    const index = new Map(vocabulary.map((t, i) => [t, i]));
    return { vocabulary, rows: tokens.map((ts) => tally.row(ts.map((t) => index.get(t) as number))) };
  }
  // One pass: learn n-grams in order of appearance, then renumber them in code-point order.
  const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
  const rows = texts.map((t, i) => {
    index.addTo(t, tally, true);
    read?.(i + 1);
    return tally.finish();
  });
  const vocabulary = sortVocabulary(index.learned);
  const rank = new Map(vocabulary.map((g, i) => [g, i]));
  const renumber = Int32Array.from(index.learned, (g) => rank.get(g) as number);
  for (const { ids } of rows) for (let i = 0; i < ids.length; i++) ids[i] = renumber[ids[i] as number] as number;
  return { vocabulary, rows };
}

/** A row's tf-idf weights (count × idf), in the order of its ids, and their Euclidean norm. */
function weigh(row: SparseRow, idf: Float64Array): { weights: Float64Array; norm: number } {
  const weights = new Float64Array(row.ids.length);
  let sq = 0;
  for (let i = 0; i < weights.length; i++) {
    const v = (row.counts[i] as number) * (idf[row.ids[i] as number] as number);
    weights[i] = v;
    sq += v * v;
  }
  return { weights, norm: Math.sqrt(sq) };
}

/** Adds a row's L2-normalised tf-idf vector to label `c` of the feature-major sums; an empty row adds nothing. */
function addNormalisedRow(sum: Float64Array, width: number, c: number, row: SparseRow, idf: Float64Array): void {
  const { ids, counts } = row;
  let sq = 0;
  for (let i = 0; i < ids.length; i++) sq += ((counts[i] as number) * (idf[ids[i] as number] as number)) ** 2;
  if (sq === 0) return;
  const norm = Math.sqrt(sq);
  for (let i = 0; i < ids.length; i++) {
    const f = ids[i] as number;
    const at = f * width + c;
    sum[at] = (sum[at] as number) + ((counts[i] as number) * (idf[f] as number)) / norm;
  }
}

/** `read`, when given, hears how many training texts have been analysed so far (progress). */
export function fitTfidf(
  analyzer: TfidfAnalyzer,
  train: readonly Example[],
  labels: readonly string[],
  read?: (rows: number) => void
): TfidfParameters {
  // Canonical example order (label, then text): the float sums, hence the digest, then do
  // not depend on the order of the training file.
  const examples = train
    .map((e) => ({ label: e.label, text: e.input.kind === 'text' ? e.input.text : '' }))
    .sort((a, b) => compareCodePoints(a.label, b.label) || compareCodePoints(a.text, b.text));
  const { vocabulary, rows } = analyzeTraining(
    analyzer,
    examples.map((e) => e.text),
    read
  );

  const df = new Float64Array(vocabulary.length);
  for (const { ids } of rows)
    for (let i = 0; i < ids.length; i++) df[ids[i] as number] = (df[ids[i] as number] as number) + 1;
  const n = examples.length;
  const idf = df.map((d) => Math.log((n + 1) / (d + 1)) + 1);

  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const width = labels.length;
  const centroids = new Float64Array(vocabulary.length * width);
  const classSize = labels.map(() => 0);
  examples.forEach((e, d) => {
    const c = labelIndex.get(e.label);
    if (c === undefined) throw new Error(`training label ${JSON.stringify(e.label)} is not among the labels`);
    classSize[c] = (classSize[c] as number) + 1;
    addNormalisedRow(centroids, width, c, rows[d] as SparseRow, idf);
  });
  classSize.forEach((size, c) => {
    if (size > 0) for (let at = c; at < centroids.length; at += width) centroids[at] = (centroids[at] as number) / size;
  });
  return { analyzer, labels: [...labels], vocabulary, idf, centroids };
}

/** One array per label from the feature-major centroids (the form the digest has always hashed). */
function labelMajor(centroids: Float64Array, width: number): number[][] {
  const features = centroids.length / width;
  const out: number[][] = [];
  for (let c = 0; c < width; c++) {
    const column = new Array<number>(features);
    for (let f = 0; f < features; f++) column[f] = centroids[f * width + c] as number;
    out.push(column);
  }
  return out;
}

/**
 * The scoring half of a fitted tf-idf model: featurizes a text and takes its cosine to each
 * class centroid. One scorer serves every model of its analyzer (`tfidf-word`, and the word
 * part of `hybrid`), and remembers the scores of recent texts, so a chunk scored by several
 * of those models is featurized and scored once.
 */
export class TfidfScorer {
  readonly labels: readonly string[];
  readonly kind: 'tfidf-word' | 'tfidf-char';
  readonly featurizer: Featurizer;
  private readonly centroidNorms: number[];
  private readonly memo = new BoundedMemo<readonly number[]>();
  private cachedDigest: string | undefined;

  /** `featurizer`, when given, must serve the analyzer over this vocabulary (it may be shared). */
  constructor(
    readonly params: TfidfParameters,
    featurizer?: Featurizer,
    options: FeaturizerOptions = {}
  ) {
    this.labels = params.labels;
    this.kind = params.analyzer === 'word' ? 'tfidf-word' : 'tfidf-char';
    if (featurizer && !featurizer.serves(params.analyzer, params.vocabulary))
      throw new Error(`${this.kind}: the featurizer has another feature space`);
    this.featurizer = featurizer ?? new Featurizer(params.analyzer, params.vocabulary, options);
    const width = params.labels.length;
    this.centroidNorms = params.labels.map((_, c) => {
      let sq = 0;
      for (let at = c; at < params.centroids.length; at += width) sq += (params.centroids[at] as number) ** 2;
      return Math.sqrt(sq);
    });
  }

  /** SHA-256 of the trained parameters, computed on first use (a char vocabulary is large). */
  get digest(): string {
    this.cachedDigest ??= sha256Hex(
      stableJson({
        kind: this.kind,
        labels: this.params.labels,
        vocabulary: this.params.vocabulary,
        idf: Array.from(this.params.idf),
        centroids: labelMajor(this.params.centroids, this.params.labels.length)
      })
    );
    return this.cachedDigest;
  }

  /** Cosine similarity of the text's tf-idf vector to each class centroid, in label order. Shared: do not modify. */
  scoresFor(text: string, once = false): readonly number[] {
    if (once) return this.cosines(this.featurizer.row(text, true));
    const known = this.memo.get(text);
    if (known) return known;
    const scores = this.cosines(this.featurizer.row(text));
    this.memo.set(text, scores, 8 * scores.length);
    return scores;
  }

  /**
   * Each label's dot product with its unit centroid, before the text's own norm (common to every label, so the argmax
   * is the cosines'); null for a text with no known feature, which scores 0 everywhere.
   */
  linearScores(text: string): readonly number[] | null {
    const row = this.featurizer.row(text, true);
    const { weights, norm } = weigh(row, this.params.idf);
    return norm === 0 ? null : this.perCentroid(this.dots(row, weights), 1);
  }

  /** The length of the text's tf-idf vector before normalisation (0 with no known feature). */
  norm(text: string): number {
    return weigh(this.featurizer.row(text, true), this.params.idf).norm;
  }

  private cosines(row: SparseRow): number[] {
    const { weights, norm } = weigh(row, this.params.idf);
    if (norm === 0) return this.labels.map(() => 0);
    return this.perCentroid(this.dots(row, weights), norm);
  }

  /** Every label's dot product with its centroid sum, in one pass over the row; each still sums in row order. */
  private dots(row: SparseRow, weights: Float64Array): Float64Array {
    const width = this.labels.length;
    const centroids = this.params.centroids;
    const dots = new Float64Array(width);
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] as number;
      const base = (row.ids[i] as number) * width;
      for (let c = 0; c < width; c++) dots[c] = (dots[c] as number) + w * (centroids[base + c] as number);
    }
    return dots;
  }

  /** Each dot product over the text's norm (1: before it) and its centroid's norm; 0 for an empty centroid. */
  private perCentroid(dots: Float64Array, norm: number): number[] {
    return this.labels.map((_, c) => {
      const cnorm = this.centroidNorms[c] as number;
      return cnorm === 0 ? 0 : (dots[c] as number) / norm / cnorm;
    });
  }
}

/** `tfidf-word` or `tfidf-char` under a model name, over a (possibly shared) scorer. */
export class TfidfModel implements Model {
  readonly labels: readonly string[];
  readonly kind: 'tfidf-word' | 'tfidf-char';

  /** Linear in the token counts before the common norm (docs/search.md#exact). */
  readonly linear: LinearDecision;

  constructor(
    readonly name: string,
    readonly scorer: TfidfScorer
  ) {
    this.labels = scorer.labels;
    this.kind = scorer.kind;
    // char_wb n-grams stay inside a whitespace-separated chunk; word tokens inside a letter, digit or _ run.
    const separator = scorer.kind === 'tfidf-char' ? PY_WHITESPACE : TOKEN_SEPARATOR;
    this.linear = {
      scores: (text) => scorer.linearScores(text),
      separator,
      fold: (text) => text.toLowerCase(),
      norm: (text) => scorer.norm(text)
    };
  }

  static fit(name: string, train: readonly Example[], labels: readonly string[], analyzer: TfidfAnalyzer): TfidfModel {
    return new TfidfModel(name, new TfidfScorer(fitTfidf(analyzer, train, labels)));
  }

  get digest(): string {
    return this.scorer.digest;
  }

  describe(): ModelDescription {
    const { params } = this.scorer;
    const char = params.analyzer === 'char';
    return {
      name: this.name,
      kind: this.kind,
      params: {
        analyzer: char ? 'char_wb' : 'word',
        ...(char ? { ngram_range: [...CHAR_NGRAM_RANGE] } : {}),
        vocabulary_size: params.vocabulary.length,
        idf: 'smooth',
        norm: 'l2',
        scores: 'centroid cosine'
      },
      digest: this.digest,
      probabilities: false
    };
  }

  /** Cosine similarity of the text's tf-idf vector to each class centroid, in label order. Shared: do not modify. */
  scoresFor(text: string, once = false): readonly number[] {
    return this.scorer.scoresFor(text, once);
  }

  async score(inputs: readonly ExampleInput[], options: ScoreOptions = {}): Promise<ScoreResult[]> {
    const once = options.once === true;
    return inputs.map((input) =>
      input.kind === 'text'
        ? { status: 'ok' as const, scores: [...this.scorer.scoresFor(input.text, once)] }
        : { status: 'error' as const, error: `${this.kind} scores text inputs only` }
    );
  }

  async close(): Promise<void> {}
}
