/**
 * Character n-grams inside word boundaries, exactly as scikit-learn's `analyzer="char_wb"`
 * (after `lowercase=True`). The text is cut into words on Python's `str.split()` whitespace
 * (which, unlike JavaScript's `\s`, includes U+001C–U+001F and U+0085 and excludes U+FEFF;
 * U+200B is not whitespace in either). Each word is padded with one space on both sides; for
 * each n from minN to maxN, every n-gram of the padded word is emitted left to right, the
 * first one even when the padded word is shorter than n. Once an n-gram covers the whole
 * padded word, longer n are skipped. Lengths and slices count code points, as Python does.
 */

import { grown } from '../util/grown.js';
import { Trie } from './trie-edges.js';

/** Python's `str.isspace()` characters: the separators of `str.split()`. */
// eslint-disable-next-line no-control-regex -- U+001C–U+001F are whitespace to Python
export const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** True for a UTF-16 unit that PY_WHITESPACE matches (all of them are in the BMP). */
function isPyWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** The lowercased words of a text, as Python's `text.lower().split()` (the same as splitting on PY_WHITESPACE). */
export function words(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    if (isPyWhitespace(lower.charCodeAt(i))) {
      if (start >= 0) out.push(lower.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(lower.slice(start));
  return out;
}

/** Writes " word " into `w` as code points; returns its length. `w` must hold word.length + 2. */
function padInto(word: string, w: Int32Array): number {
  let len = 0;
  w[len++] = 0x20;
  for (let u = 0; u < word.length; u++) {
    const cp = word.codePointAt(u) as number;
    if (cp > 0xffff) u++;
    w[len++] = cp;
  }
  w[len++] = 0x20;
  return len;
}

function gramOf(w: Int32Array, from: number, to: number): string {
  let gram = '';
  for (let i = from; i < to; i++) gram += String.fromCodePoint(w[i] as number);
  return gram;
}

/**
 * Cached feature ids of one word; a partial list (some n-gram unknown) is only good until a new n-gram is registered.
 */
interface WordEntry {
  word: string;
  hash: number;
  ids: Int32Array | null;
  complete: boolean;
  generation: number;
}

const WORD_CACHE_LIMIT = 50_000;
/** Slots of the word cache's hash table at first: a power of two, at least twice WORD_CACHE_LIMIT. */
const WORD_SLOTS = 1 << 17;

/**
 * Feature ids for char_wb n-grams, held in a trie over code points so that looking up a
 * text's n-grams builds no string per n-gram, with the ids of each distinct word cached (words
 * repeat far more than texts do). It yields the same multiset of n-grams as scikit-learn's
 * analyzer (only the order differs): every window of length minN..maxN that fits in the padded word,
 * or the whole padded word once if it is shorter than minN.
 */
export class CharWbIndex {
  private readonly trie = new Trie();
  private readonly edges = this.trie.edges;
  /** feature[node]: the id of the n-gram spelled by the path to node, or −1. */
  private readonly feature = this.trie.feature;
  /** The n-grams registered while learning, by id. */
  readonly learned: string[] = [];
  private learnedCount = 0;
  /** Bumped whenever an n-gram is registered, invalidating partial cache entries. */
  private generation = 0;
  /**
   * Words seen lately, found by a hash of their units taken while scanning (so a text's words are
   * looked up without cutting a string per occurrence) in an open-addressing table of entry
   * numbers + 1; an entry keeps the word and its cached ids. Forgotten whole at WORD_CACHE_LIMIT.
   */
  private slots = new Int32Array(WORD_SLOTS);
  private entries: WordEntry[] = [];
  /** Per entry: the text (by stamp) it was last seen in, and how often there. */
  private entryStamp = new Int32Array(1024);
  private entryTimes = new Int32Array(1024);
  private stamp = 0;
  /** The current text's distinct words (entries), in order of first occurrence. */
  private order = new Int32Array(256);
  /** Reused buffers: a padded word, its ids, and the ids of a text. */
  private word = new Int32Array(64);
  private wordIds = new Int32Array(256);
  private out = new Int32Array(1024);

  constructor(
    readonly minN = 2,
    readonly maxN = 4
  ) {
    if (!(Number.isInteger(minN) && Number.isInteger(maxN) && minN >= 1 && maxN >= minN))
      throw new Error(`bad n-gram range (${minN}, ${maxN})`);
  }

  /** Registers one n-gram (as scikit-learn's analyzer spells it) under a feature id. */
  add(gram: string, id: number): void {
    let node = 0;
    for (let u = 0; u < gram.length; u++) {
      const cp = gram.codePointAt(u) as number;
      if (cp > 0xffff) u++;
      node = this.trie.child(node, cp);
    }
    this.feature[node] = id;
    this.generation++;
  }

  /**
   * The feature ids of the text's n-gram occurrences, as a view that the next call reuses.
   * Unknown n-grams are skipped or, with `learn`, registered under the next id of `learned`
   * (do not mix learning with `add`).
   */
  ids(text: string, learn = false): Int32Array {
    let count = 0;
    for (const word of words(text)) {
      const ids = this.idsOfWord(word, learn);
      if (count + ids.length > this.out.length) this.out = grown(this.out, count + ids.length);
      this.out.set(ids, count);
      count += ids.length;
    }
    return this.out.subarray(0, count);
  }

  /**
   * Adds the text's n-gram ids to `sink` one distinct word at a time (times its count), in
   * order of the words' first occurrence: the same ids, first occurrences and counts as
   * adding `ids(text)`, with each repeated word handled once.
   */
  addTo(text: string, sink: { add(ids: ArrayLike<number>, times: number): void }, learn = false): void {
    if (this.entries.length >= WORD_CACHE_LIMIT) this.forgetWords();
    const lower = text.toLowerCase();
    const stamp = ++this.stamp;
    let distinct = 0;
    let start = -1;
    let hash = 0;
    // One pass: each word's units go into a 32-bit FNV-1a hash; the word ends at whitespace (or at the end, read as a
    // space).
    for (let i = 0; i <= lower.length; i++) {
      const c = i < lower.length ? lower.charCodeAt(i) : 0x20;
      if (!isPyWhitespace(c)) {
        if (start < 0) {
          start = i;
          hash = 0x811c9dc5;
        }
        hash = Math.imul(hash ^ c, 0x01000193);
        continue;
      }
      if (start < 0) continue;
      const e = this.entryOf(lower, start, i, hash);
      if (this.entryStamp[e] !== stamp) {
        this.entryStamp[e] = stamp;
        this.entryTimes[e] = 1;
        if (distinct === this.order.length) this.order = grown(this.order, distinct + 1);
        this.order[distinct++] = e;
      } else this.entryTimes[e] = (this.entryTimes[e] as number) + 1;
      start = -1;
    }
    const order = this.order;
    for (let k = 0; k < distinct; k++) {
      const e = order[k] as number;
      const entry = this.entries[e] as WordEntry;
      let ids = entry.ids;
      // A partial list holds until an n-gram is registered, and never when this call learns the missing ones.
      if (ids === null || !(entry.complete || (!learn && entry.generation === this.generation))) {
        ids = this.idsOfWord(entry.word, learn).slice();
        entry.ids = ids;
        entry.complete = this.lastComplete;
        entry.generation = this.generation;
      }
      sink.add(ids, this.entryTimes[e] as number);
    }
  }

  /** The entry of the word text[start, end) (whose hash is `hash`), made on first sight. */
  private entryOf(text: string, start: number, end: number, hash: number): number {
    const { slots, entries } = this;
    const mask = slots.length - 1;
    const length = end - start;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const e = (slots[at] as number) - 1;
      if (e < 0) {
        const made = entries.length;
        entries.push({ word: text.slice(start, end), hash, ids: null, complete: false, generation: -1 });
        slots[at] = made + 1;
        // The limit applies between texts; one text with many distinct words grows the table instead.
        if (2 * entries.length > slots.length) this.growSlots();
        if (made >= this.entryStamp.length) {
          this.entryStamp = grown(this.entryStamp, made + 1);
          this.entryTimes = grown(this.entryTimes, made + 1);
        }
        this.entryStamp[made] = 0;
        return made;
      }
      const entry = entries[e] as WordEntry;
      if (entry.hash !== hash || entry.word.length !== length) continue;
      let same = true;
      for (let u = 0; u < length && same; u++) same = entry.word.charCodeAt(u) === text.charCodeAt(start + u);
      if (same) return e;
    }
  }

  private growSlots(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    this.entries.forEach((entry, e) => {
      let at = entry.hash & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = e + 1;
    });
    this.slots = slots;
  }

  private forgetWords(): void {
    this.slots = new Int32Array(WORD_SLOTS);
    this.entries = [];
  }

  /** Whether the last idsOfWord found every n-gram of its word. */
  private lastComplete = true;

  /** The ids of one word's n-grams, as a view that the next call reuses; sets `lastComplete`. */
  private idsOfWord(word: string, learn: boolean): Int32Array {
    if (word.length + 2 > this.word.length) this.word = new Int32Array(2 * word.length + 2);
    const w = this.word;
    const len = padInto(word, w);
    if (len * this.maxN > this.wordIds.length) this.wordIds = new Int32Array(2 * len * this.maxN);
    const out = this.wordIds;
    const { minN, maxN, edges, feature } = this;
    let count = 0;
    let complete = true;
    const minDepth = Math.min(minN, len);
    for (let start = 0; start + minDepth <= len; start++) {
      const maxDepth = Math.min(maxN, len - start);
      let node = 0;
      for (let depth = 1; depth <= maxDepth; depth++) {
        const c = w[start + depth - 1] as number;
        let next = edges.get(node, c);
        if (next < 0) {
          if (!learn) {
            complete = false;
            break;
          }
          next = this.trie.addChild(node, c);
        }
        node = next;
        if (depth < minDepth) continue;
        let id = feature[node] as number;
        if (id < 0) {
          if (!learn) {
            complete = false;
            continue;
          }
          id = this.learnedCount++;
          feature[node] = id;
          this.learned.push(gramOf(w, start, start + depth));
          this.generation++;
        }
        out[count++] = id;
      }
    }
    this.lastComplete = complete;
    return out.subarray(0, count);
  }
}
