/**
 * Word tokens exactly as scikit-learn's default `token_pattern` `(?u)\b\w\w+\b` after
 * `lowercase=True`: maximal runs of two or more Unicode word characters. Python's `\w`
 * is letters, digits/numerics and underscore; JavaScript's `\w` is ASCII-only, hence the
 * explicit property classes. Combining marks (Mn/Mc) are not word characters in Python
 * either, so a decomposed accent splits a token there too.
 */
import { RunScanner } from './runs.js';
import { Trie, type Edges } from './trie-edges.js';

/** A character no word token contains: tokens on either side of one are apart. */
export const TOKEN_SEPARATOR = /[^\p{L}\p{N}_]/u;

/** Finds the runs of /[\p{L}\p{N}_]{2,}/gu (runs.ts). */
const SCANNER = new RunScanner('[\\p{L}\\p{N}_]', 2);

export function wordTokens(text: string): string[] {
  return SCANNER.runs(text.toLowerCase());
}

/**
 * The distinct tokens of many texts, in order of first appearance: `new Set(docs.flat())` without
 * the flat array, which for long training texts was tens of MB of fresh memory grown one element
 * at a time (docs/performance.md#fresh-memory).
 */
export function distinctTokens(docs: readonly (readonly string[])[]): Set<string> {
  const seen = new Set<string>();
  for (const doc of docs) for (const token of doc) seen.add(token);
  return seen;
}

/**
 * A vocabulary of word tokens as a trie over UTF-16 units, for finding a text's known tokens
 * without building a string per token: `ids(text)` gives the same ids as looking each of
 * `wordTokens(text)` up in a map from token to position (a repeated token keeps its last id).
 */
export class WordIndex {
  private readonly edges: Edges;
  /** feature[node]: the id of the token spelled by the path to node, or −1. */
  private readonly feature: number[];
  private out = new Int32Array(256);

  constructor(vocabulary: readonly string[]) {
    const trie = new Trie();
    vocabulary.forEach((token, id) => {
      let node = 0;
      for (let u = 0; u < token.length; u++) node = trie.child(node, token.charCodeAt(u));
      trie.feature[node] = id;
    });
    this.edges = trie.edges;
    this.feature = trie.feature;
  }

  /** The ids of the text's known tokens in text order, in a buffer reused by the next call. */
  ids(text: string): Int32Array {
    const lower = text.toLowerCase();
    const runs = SCANNER.scan(lower);
    const found = SCANNER.found;
    if (runs > this.out.length) this.out = new Int32Array(2 * runs);
    const { edges, feature, out } = this;
    let n = 0;
    for (let r = 0; r < runs; r++) {
      const end = found[2 * r + 1] as number;
      let node = 0;
      for (let i = found[2 * r] as number; i < end && node >= 0; i++) node = edges.get(node, lower.charCodeAt(i));
      const id = node >= 0 ? (feature[node] as number) : -1;
      if (id >= 0) out[n++] = id;
    }
    return out.subarray(0, n);
  }
}
