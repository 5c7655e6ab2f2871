/**
 * TF-IDF centroid classifiers, equal to scikit-learn's
 *   X = TfidfVectorizer(...).fit_transform(train)        (raw counts × smooth idf, rows L2-normalised)
 *   centroid_c = mean of the rows of class c
 *   scores = cosine_similarity(vectorizer.transform(texts), centroids)
 * with `tfidf-word` = `TfidfVectorizer()` defaults and `tfidf-char` =
 * `TfidfVectorizer(analyzer="char_wb", ngram_range=(2,4))`. Features outside the training
 * vocabulary are ignored; a text with no known feature scores 0 for every label (SPEC §5).
 */
import type { Example, ExampleInput } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { compareCodePoints, sortCodePoints } from '../util/strings.js';
import { CharWbIndex } from '../text/char-ngrams.js';
import { wordTokens } from '../text/word-tokens.js';
import type { Model, ModelDescription, ScoreResult } from './model.js';

export type TfidfAnalyzer = 'word' | 'char';

export const CHAR_NGRAM_RANGE: readonly [number, number] = [2, 4];

export interface TfidfParameters {
  analyzer: TfidfAnalyzer;
  labels: string[];
  /** Every training feature, in code-point order; a feature's id is its position. */
  vocabulary: string[];
  idf: Float64Array;
  /** centroids[c][f]: mean weight of vocabulary[f] over the normalised training rows of labels[c]. */
  centroids: Float64Array[];
}

/** The distinct known features of a text and their occurrence counts. */
interface SparseRow {
  ids: Int32Array;
  counts: Uint32Array;
}

/** Counts feature-id occurrences in a dense tally and hands them out as sparse rows. */
class Tally {
  private counts = new Uint32Array(1024);
  private seen = new Int32Array(1024);

  row(occurrences: ArrayLike<number>): SparseRow {
    let distinct = 0;
    let { counts, seen } = this;
    for (let i = 0; i < occurrences.length; i++) {
      const f = occurrences[i] as number;
      if (f >= counts.length) counts = this.counts = grown(counts, f + 1);
      if (counts[f] === 0) {
        if (distinct === seen.length) seen = this.seen = grown(seen, distinct + 1);
        seen[distinct++] = f;
      }
      counts[f] = (counts[f] as number) + 1;
    }
    const ids = seen.slice(0, distinct);
    const n = new Uint32Array(distinct);
    for (let i = 0; i < distinct; i++) {
      const f = ids[i] as number;
      n[i] = counts[f] as number;
      counts[f] = 0;
    }
    return { ids, counts: n };
  }
}

function grown<T extends Uint32Array | Int32Array>(a: T, least: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(least, 2 * a.length));
  b.set(a);
  return b;
}

/** The ids of a text's known feature occurrences, for a fixed vocabulary. */
function featureIds(analyzer: TfidfAnalyzer, vocabulary: readonly string[]): (text: string) => ArrayLike<number> {
  if (analyzer === 'char') {
    const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
    vocabulary.forEach((g, i) => index.add(g, i));
    return (text) => index.ids(text);
  }
  const index = new Map(vocabulary.map((t, i) => [t, i]));
  return (text) => wordTokens(text).flatMap((w) => index.get(w) ?? []);
}

/** Sorts in code-point order; the native sort agrees with it when no unit is ≥ U+D800. */
function sortVocabulary(features: Iterable<string>): string[] {
  const all = [...features];
  return all.some((f) => /[\ud800-\uffff]/.test(f)) ? sortCodePoints(all) : all.sort();
}

/** The sorted training vocabulary and each training text's row of feature counts. */
function analyzeTraining(analyzer: TfidfAnalyzer, texts: readonly string[]): { vocabulary: string[]; rows: SparseRow[] } {
  const tally = new Tally();
  if (analyzer === 'word') {
    const tokens = texts.map(wordTokens);
    const vocabulary = sortVocabulary(new Set(tokens.flat()));
    const index = new Map(vocabulary.map((t, i) => [t, i]));
    return { vocabulary, rows: tokens.map((ts) => tally.row(ts.map((t) => index.get(t) as number))) };
  }
  // One pass: learn n-grams in order of appearance, then renumber them in code-point order.
  const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
  const rows = texts.map((t) => tally.row(index.ids(t, true)));
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

/** Adds a row's L2-normalised tf-idf vector to a dense sum; an empty row adds nothing. */
function addNormalisedRow(sum: Float64Array, row: SparseRow, idf: Float64Array): void {
  const { ids, counts } = row;
  let sq = 0;
  for (let i = 0; i < ids.length; i++) sq += ((counts[i] as number) * (idf[ids[i] as number] as number)) ** 2;
  if (sq === 0) return;
  const norm = Math.sqrt(sq);
  for (let i = 0; i < ids.length; i++) {
    const f = ids[i] as number;
    sum[f] = (sum[f] as number) + ((counts[i] as number) * (idf[f] as number)) / norm;
  }
}

export function fitTfidf(analyzer: TfidfAnalyzer, train: readonly Example[], labels: readonly string[]): TfidfParameters {
  // Canonical example order (label, then text): the float sums, hence the digest, then do
  // not depend on the order of the training file.
  const examples = train
    .map((e) => ({ label: e.label, text: e.input.kind === 'text' ? e.input.text : '' }))
    .sort((a, b) => compareCodePoints(a.label, b.label) || compareCodePoints(a.text, b.text));
  const { vocabulary, rows } = analyzeTraining(
    analyzer,
    examples.map((e) => e.text)
  );

  const df = new Float64Array(vocabulary.length);
  for (const { ids } of rows) for (let i = 0; i < ids.length; i++) df[ids[i] as number] = (df[ids[i] as number] as number) + 1;
  const n = examples.length;
  const idf = df.map((d) => Math.log((n + 1) / (d + 1)) + 1);

  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const centroids = labels.map(() => new Float64Array(vocabulary.length));
  const classSize = labels.map(() => 0);
  examples.forEach((e, d) => {
    const c = labelIndex.get(e.label);
    if (c === undefined) throw new Error(`training label ${JSON.stringify(e.label)} is not among the labels`);
    classSize[c] = (classSize[c] as number) + 1;
    addNormalisedRow(centroids[c] as Float64Array, rows[d] as SparseRow, idf);
  });
  centroids.forEach((centroid, c) => {
    const size = classSize[c] as number;
    if (size > 0) for (let f = 0; f < centroid.length; f++) centroid[f] = (centroid[f] as number) / size;
  });
  return { analyzer, labels: [...labels], vocabulary, idf, centroids };
}

export class TfidfModel implements Model {
  readonly labels: readonly string[];
  readonly kind: 'tfidf-word' | 'tfidf-char';
  private readonly featureIds: (text: string) => ArrayLike<number>;
  private readonly tally = new Tally();
  private readonly centroidNorms: number[];
  private cachedDigest: string | undefined;

  constructor(
    readonly name: string,
    private readonly params: TfidfParameters
  ) {
    this.labels = params.labels;
    this.kind = params.analyzer === 'word' ? 'tfidf-word' : 'tfidf-char';
    this.featureIds = featureIds(params.analyzer, params.vocabulary);
    this.centroidNorms = params.centroids.map((c) => {
      let sq = 0;
      for (let f = 0; f < c.length; f++) sq += (c[f] as number) ** 2;
      return Math.sqrt(sq);
    });
  }

  static fit(name: string, train: readonly Example[], labels: readonly string[], analyzer: TfidfAnalyzer): TfidfModel {
    return new TfidfModel(name, fitTfidf(analyzer, train, labels));
  }

  /** SHA-256 of the trained parameters, computed on first use (a char vocabulary is large). */
  get digest(): string {
    this.cachedDigest ??= sha256Hex(
      stableJson({
        kind: this.kind,
        labels: this.params.labels,
        vocabulary: this.params.vocabulary,
        idf: Array.from(this.params.idf),
        centroids: this.params.centroids.map((c) => Array.from(c))
      })
    );
    return this.cachedDigest;
  }

  describe(): ModelDescription {
    const char = this.params.analyzer === 'char';
    return {
      name: this.name,
      kind: this.kind,
      params: {
        analyzer: char ? 'char_wb' : 'word',
        ...(char ? { ngram_range: [...CHAR_NGRAM_RANGE] } : {}),
        vocabulary_size: this.params.vocabulary.length,
        idf: 'smooth',
        norm: 'l2',
        scores: 'centroid cosine'
      },
      digest: this.digest,
      probabilities: false
    };
  }

  /** Cosine similarity of the text's tf-idf vector to each class centroid, in label order. */
  scoresFor(text: string): number[] {
    const row = this.tally.row(this.featureIds(text));
    const { weights, norm } = weigh(row, this.params.idf);
    if (norm === 0) return this.labels.map(() => 0);
    return this.params.centroids.map((centroid, c) => {
      const cnorm = this.centroidNorms[c] as number;
      if (cnorm === 0) return 0;
      let dot = 0;
      for (let i = 0; i < weights.length; i++) dot += (weights[i] as number) * (centroid[row.ids[i] as number] as number);
      return dot / norm / cnorm;
    });
  }

  async score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    return inputs.map((input) =>
      input.kind === 'text'
        ? { status: 'ok' as const, scores: this.scoresFor(input.text) }
        : { status: 'error' as const, error: `${this.kind} scores text inputs only` }
    );
  }

  async close(): Promise<void> {}
}
