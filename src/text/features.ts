/**
 * A text's known features as a sparse row, computed once per feature space and shared by
 * the models that read that space: `naive-bayes` and `tfidf-word` count the same word
 * tokens against the same vocabulary, and `hybrid` reads the word and char tf-idf models.
 * The evaluation loop hands every model the same chunk of distinct texts, one model after
 * the other, so a small memo keyed by text, large enough for a chunk, turns the second and
 * later featurizations of a text into look-ups.
 */
import { grown } from '../util/grown.js';
import { CharWbIndex } from './char-ngrams.js';
import { WordIndex } from './word-tokens.js';

/** The distinct known features of a text (in order of first occurrence) and their counts. */
export interface SparseRow {
  readonly ids: Int32Array;
  readonly counts: Uint32Array;
}

/**
 * Counts feature-id occurrences in a dense tally and hands them out as sparse rows. Ids are
 * added in groups (`add`), each counted `times` times, then `finish` gives the row: ids in
 * order of first occurrence, so adding each distinct word's ids once, times its count, in
 * order of the words' first occurrence, gives the same row as adding every occurrence.
 */
export class Tally {
  private counts = new Uint32Array(1024);
  private seen = new Int32Array(1024);
  private distinct = 0;

  add(ids: ArrayLike<number>, times = 1): void {
    let { counts, seen, distinct } = this;
    for (let i = 0; i < ids.length; i++) {
      const f = ids[i] as number;
      if (f >= counts.length) counts = this.counts = grown(counts, f + 1);
      if (counts[f] === 0) {
        if (distinct === seen.length) seen = this.seen = grown(seen, distinct + 1);
        seen[distinct++] = f;
      }
      counts[f] = (counts[f] as number) + times;
    }
    this.distinct = distinct;
  }

  /** The row of everything added since the last `finish`. */
  finish(): SparseRow {
    const { counts, distinct } = this;
    const ids = this.seen.slice(0, distinct);
    const n = new Uint32Array(distinct);
    for (let i = 0; i < distinct; i++) {
      const f = ids[i] as number;
      n[i] = counts[f] as number;
      counts[f] = 0;
    }
    this.distinct = 0;
    return { ids, counts: n };
  }

  row(occurrences: ArrayLike<number>): SparseRow {
    this.add(occurrences);
    return this.finish();
  }
}

/**
 * Distinct texts one memo holds: a scoring chunk (4,096 distinct inputs) twice over, so
 * that every model of a chunk finds the texts the first one featurized.
 */
const MEMO_ENTRIES = 8192;
/** Rough bytes one memo may hold (keys and values), so a chunk of very long texts cannot pin much memory. */
const MEMO_BYTES = 64 * 1024 * 1024;

/**
 * A memo of at most `entries` values whose weights sum to at most `bytes`; when full, the
 * oldest entries go first (the texts of a chunk come back in the order they went in). The
 * insertion order is kept in a ring of keys, so dropping the oldest is O(1).
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, { value: V; weight: number }>();
  /** Keys in insertion order: ring[head], ring[head + 1], … (mod capacity), `values.size` of them. */
  private readonly ring: string[];
  private head = 0;
  private weight = 0;

  constructor(
    private readonly entries = MEMO_ENTRIES,
    private readonly bytes = MEMO_BYTES
  ) {
    this.ring = new Array<string>(Math.max(entries, 0));
  }

  get(key: string): V | undefined {
    return this.values.get(key)?.value;
  }

  /** Keeps `value` under a new `key` (a key already held keeps its value), weighing `weight` bytes besides the key. */
  set(key: string, value: V, weight: number): void {
    const total = 2 * key.length + weight;
    if (this.entries < 1 || total > this.bytes || this.values.has(key)) return;
    while (this.values.size >= this.entries || this.weight + total > this.bytes) this.dropOldest();
    this.ring[(this.head + this.values.size) % this.entries] = key;
    this.values.set(key, { value, weight });
    this.weight += total;
  }

  private dropOldest(): void {
    const key = this.ring[this.head] as string;
    const entry = this.values.get(key) as { weight: number };
    this.values.delete(key);
    this.weight -= 2 * key.length + entry.weight;
    this.head = (this.head + 1) % this.entries;
  }

  get size(): number {
    return this.values.size;
  }
}

export type FeatureSpace = 'word' | 'char';

/** The char_wb n-gram range of `tfidf-char` (scikit-learn's `ngram_range=(2, 4)`). */
export const CHAR_NGRAM_RANGE: readonly [number, number] = [2, 4];

export interface FeaturizerOptions {
  /** Called once for every text actually featurized (not for memo hits). */
  onFeaturize?: (space: FeatureSpace) => void;
}

/**
 * The known features of texts in one feature space, for a fixed vocabulary (a feature's id
 * is its position in it): word tokens as `CountVectorizer(lowercase=True)` cuts them, or
 * char_wb n-grams. A featurizer with one reader recomputes rows; once `shared`, it
 * remembers the rows of recent texts for its other readers. Rows must not be modified.
 */
export class Featurizer {
  private readonly rowOf: (text: string) => SparseRow;
  private memo: BoundedMemo<SparseRow> | null = null;
  private readonly onFeaturize: ((space: FeatureSpace) => void) | undefined;

  constructor(
    readonly space: FeatureSpace,
    readonly vocabulary: readonly string[],
    options: FeaturizerOptions = {}
  ) {
    this.rowOf = featureRows(space, vocabulary, new Tally());
    this.onFeaturize = options.onFeaturize;
  }

  /** Marks the featurizer as read by more than one model: from now on it remembers rows. */
  share(): this {
    this.memo ??= new BoundedMemo();
    return this;
  }

  /** Rows computed elsewhere (a helper thread) for the texts of the chunk being scored, until `forgetProvided`. */
  private provided: Map<string, SparseRow> | null = null;

  provide(texts: readonly string[], rows: readonly SparseRow[]): void {
    this.provided ??= new Map();
    for (let k = 0; k < texts.length; k++) this.provided.set(texts[k] as string, rows[k] as SparseRow);
  }

  forgetProvided(): void {
    this.provided = null;
  }

  /** The text's row; with `once` (a one-off text) the memo is neither read nor filled. */
  row(text: string, once = false): SparseRow {
    const given = this.provided?.get(text);
    if (given !== undefined) return given;
    const memo = once ? null : this.memo;
    const known = memo?.get(text);
    if (known) return known;
    this.onFeaturize?.(this.space);
    const row = this.rowOf(text);
    memo?.set(text, row, 8 * row.ids.length);
    return row;
  }

  /** True when this featurizer gives the same rows as one for `space` over `vocabulary`. */
  serves(space: FeatureSpace, vocabulary: readonly string[]): boolean {
    if (space !== this.space || vocabulary.length !== this.vocabulary.length) return false;
    for (let i = 0; i < vocabulary.length; i++) if (vocabulary[i] !== this.vocabulary[i]) return false;
    return true;
  }
}

/** A text's row of known features: char_wb n-grams per distinct word, or word tokens. */
function featureRows(space: FeatureSpace, vocabulary: readonly string[], tally: Tally): (text: string) => SparseRow {
  if (space === 'char') {
    const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
    vocabulary.forEach((g, i) => index.add(g, i));
    return (text) => {
      index.addTo(text, tally);
      return tally.finish();
    };
  }
  const index = new WordIndex(vocabulary);
  return (text) => tally.row(index.ids(text));
}
