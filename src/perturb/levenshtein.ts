/**
 * Levenshtein distance over code points (as Python's strings count them), the measure
 * behind `max_char_edit_ratio` (docs/definitions.md#conditions): insertions, deletions and substitutions of
 * single code points, each costing 1.
 *
 * The validity check only needs to know whether the distance is within the allowed number
 * of edits, and a family usually knows an upper bound on it (the edits it made), so the
 * exact distance is computed only when that bound is too high, and then only inside a band
 * around the diagonal whose width is the allowed number of edits (Ukkonen's cut-off): the
 * work is proportional to length × allowed edits, not length², and stops as soon as every
 * cell of a column is provably beyond the limit.
 */

import { codePointLength } from '../util/strings.js';

/** The code points of `s` (a lone surrogate counts as one, as Python counts it). */
function codePoints(s: string): Int32Array {
  const out = new Int32Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return out.subarray(0, n);
}

/** Edit distance between `a` and `b` in code points. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  return within(codePoints(a), codePoints(b), Infinity);
}

/** The distance between `a` and `b` when it is at most `limit`, otherwise −1. */
export function levenshteinWithin(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  return within(codePoints(a), codePoints(b), limit);
}

/** Distance when ≤ limit, else −1. The shared prefix and suffix are skipped first. */
function within(x: Int32Array, y: Int32Array, limit: number): number {
  let lo = 0;
  while (lo < x.length && lo < y.length && x[lo] === y[lo]) lo++;
  let hiX = x.length;
  let hiY = y.length;
  while (hiX > lo && hiY > lo && x[hiX - 1] === y[hiY - 1]) {
    hiX--;
    hiY--;
  }
  const restX = x.subarray(lo, hiX);
  const restY = y.subarray(lo, hiY);
  if (restX.length === 0 || restY.length === 0) {
    const d = restX.length + restY.length;
    return d <= limit ? d : -1;
  }
  // The shorter remainder runs along the DP column.
  return restX.length <= restY.length ? banded(restX, restY, limit) : banded(restY, restX, limit);
}

/**
 * Distance between p and t (1 ≤ |p| ≤ |t|) when it is at most `limit`, otherwise −1.
 *
 * Myers' bit-vector form of the DP (1999, blocks of 32 rows): column j of D[i][j] is held
 * as vertical deltas D[i][j] − D[i−1][j] ∈ {−1, 0, +1} (bits of `plus`/`minus`), with the
 * value of each block's bottom row in `score`. Only the rows that can still lie on an
 * alignment of cost ≤ k are computed. With diff = |t| − |p| and rem(i, j) = |i − j + diff|
 * (a lower bound on the distance of what is left of both strings), a cell on such an
 * alignment has |i − j| + rem(i, j) ≤ D[i][j] + rem(i, j) ≤ k: that fixes a band of about
 * k + 1 rows per column. Blocks enter the band at the bottom and leave it at the top.
 *
 * Cells outside the band are never read as themselves: a block entering at the bottom
 * starts from "one more per row" below the block above it, and the row above the first
 * block is taken to grow by one per column. Both are over-estimates, so every computed
 * value is ≥ the true one, and every cell on an optimal alignment of cost ≤ k is exact
 * (its predecessor on that alignment is in the band and exact). Hence the bottom-right
 * value is the distance when that is ≤ k, and above k otherwise. A block whose cells all
 * have value + rem > k (bounded from its bottom value: a step up changes a value by at most
 * one) holds no cell of such an alignment, now or later, and is dropped (block 0 only once
 * row 0 cannot hold one either); when no block is left, or none can hold one, the distance
 * exceeds k.
 */
function banded(p: Int32Array, t: Int32Array, limit: number): number {
  const m = p.length;
  const n = t.length;
  const diff = n - m;
  const k = Math.min(limit, n);
  if (diff > k) return -1;
  const blocks = (m + 31) >>> 5;
  // Peq: for every code point of the pattern, the rows where it occurs.
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < m; i++) {
    const c = p[i] as number;
    let bits = peq.get(c);
    if (!bits) {
      bits = new Int32Array(blocks);
      peq.set(c, bits);
    }
    bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
  }
  const plus = new Int32Array(blocks);
  const minus = new Int32Array(blocks);
  const score = new Int32Array(blocks);
  const lastHigh = 1 << ((m - 1) & 31);
  // Rows i with j − up ≤ i ≤ j + down are in the band of column j.
  const up = Math.floor((k + diff) / 2);
  const down = Math.floor((k - diff) / 2);
  let first = 0;
  let last = -1;
  for (let j = 1; j <= n; j++) {
    // Blocks entering at the bottom, initialised as column j − 1.
    // (No Math calls in this loop: under a test runner's vm context they are not inlined.)
    const target = ((j + down < m ? j + down : m) - 1) >> 5;
    while (last < target) {
      last++;
      const rows = m - 32 * last < 32 ? m - 32 * last : 32;
      if (last === 0) {
        score[0] = rows; // column 0: D[i][0] = i, exactly
      } else {
        if (first > last - 1) return -1;
        score[last] = (score[last - 1] as number) + rows;
      }
      plus[last] = -1;
      minus[last] = 0;
    }
    const eqs = peq.get(t[j - 1] as number);
    const centre = j - diff;
    let carry = 1;
    let best = NONE;
    for (let b = first; b <= last; b++) {
      let eq = eqs ? (eqs[b] as number) : 0;
      const pv = plus[b] as number;
      const mv = minus[b] as number;
      const xv = eq | mv;
      if (carry < 0) eq |= 1;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      const high = b === blocks - 1 ? lastHigh : 1 << 31;
      const out = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (carry < 0) mh |= 1;
      else if (carry > 0) ph |= 1;
      plus[b] = mh | ~(xv | ph);
      minus[b] = ph & xv;
      carry = out;
      const s = (score[b] as number) + out;
      score[b] = s;
      const bound = lowestInBlock(s, b, m, centre);
      if (bound < best) best = bound;
    }
    // Row 0 (D[0][j] = j) is no block; while block 0 is in the band an alignment may still
    // be running along it, and block 0 may leave only when that cannot be.
    const rowZero = first === 0 ? j + (centre < 0 ? -centre : centre) : NONE;
    if (best > k && rowZero > k) return -1;
    if (j === n) break;
    // Blocks leaving at the top: first those beyond the limit in this column (everything
    // above them is, too), then those above the band of the next column.
    while (first <= last && lowestInBlock(score[first] as number, first, m, centre) > k && (first > 0 || rowZero > k))
      first++;
    while (first <= last && 32 * first + 32 < j + 1 - up) first++;
    if (first > last) return -1;
  }
  // The last column's band always reaches row m.
  const d = score[blocks - 1] as number;
  return d <= k ? d : -1;
}

/** Larger than any distance or bound here, and still a small integer for the JIT. */
const NONE = 0x3fffffff;

/**
 * A lower bound on value + rem over the rows of block b, from its bottom value s: a row r
 * above the bottom holds at least s − (bottom − r), and r + |r − centre| grows with r.
 */
function lowestInBlock(s: number, b: number, m: number, centre: number): number {
  const top = 32 * b + 1;
  const bottom = 32 * b + 32 < m ? 32 * b + 32 : m;
  return s - bottom + (centre > 2 * top - centre ? centre : 2 * top - centre);
}

/**
 * An upper bound on the distance: the best single point p at which to put the length
 * difference, aligning the texts position by position from the start before p and from
 * the end after it, and counting the mismatches. For texts that differ by substitutions
 * plus one run of insertions or deletions (case changes, a punctuation mark replaced,
 * added or dropped, letters swapped) it counts exactly the edits made.
 */
function alignmentBound(x: Int32Array, y: Int32Array): number {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const s = short.length;
  const shift = long.length - s;
  let fromEnd = 0;
  for (let i = 0; i < s; i++) if (short[i] !== long[i + shift]) fromEnd++;
  // cost(p) = (start mismatches before p) + (end mismatches from p on) + shift
  let best = fromEnd;
  let startBefore = 0;
  let endBefore = 0;
  for (let p = 1; p <= s; p++) {
    if (short[p - 1] !== long[p - 1]) startBefore++;
    if (short[p - 1] !== long[p - 1 + shift]) endBefore++;
    const cost = startBefore + fromEnd - endBefore;
    if (cost < best) best = cost;
  }
  return best + shift;
}

/**
 * A lower bound on the distance: every code point one text has more often than the other
 * needs its own edit.
 */
function histogramBound(x: Int32Array, y: Int32Array): number {
  const bmp = new Int32Array(0x10000);
  const astral = new Map<number, number>();
  const tally = (s: Int32Array, sign: number) => {
    for (let i = 0; i < s.length; i++) {
      const c = s[i] as number;
      if (c < 0x10000) bmp[c] = (bmp[c] as number) + sign;
      else astral.set(c, (astral.get(c) ?? 0) + sign);
    }
  };
  tally(x, 1);
  tally(y, -1);
  let more = 0;
  let fewer = 0;
  for (let c = 0; c < 0x10000; c++) {
    const v = bmp[c] as number;
    if (v > 0) more += v;
    else fewer -= v;
  }
  for (const v of astral.values()) {
    if (v > 0) more += v;
    else fewer -= v;
  }
  return Math.max(more, fewer);
}

/** The largest edit count e with e ÷ length ≤ max, in floating point as the ratio is compared. */
export function allowedEdits(length: number, max: number): number {
  let e = Math.max(0, Math.floor(max * length));
  while ((e + 1) / length <= max) e++;
  while (e > 0 && e / length > max) e--;
  return e;
}

/**
 * Up to this many DP cells (length × band), a candidate beyond the limit gets its exact
 * distance in the reason; above it, only that the limit is exceeded (a long text).
 */
const EXACT_REASON_CELLS = 1 << 24;

/**
 * The `max_char_edit_ratio` part of a validity rule: null when the candidate is within
 * `max` (or no maximum is set), otherwise the reason it is not. `editBound`, when given, is
 * an upper bound on the distance that the caller has established (from the edits it
 * checked); the exact distance is computed only when no bound settles the question.
 */
export function editRatioViolation(
  original: string,
  candidate: string,
  max: number | null,
  editBound?: number
): string | null {
  if (max === null || original === candidate) return null;
  const length = codePointLength(original);
  if (length === 0)
    return (
      `edit ratio infinite (${plural(codePointLength(candidate))} / 0 code points) exceeds max_char_edit_ratio ` +
      `${max}`
    );
  const allowed = allowedEdits(length, max);
  if (editBound !== undefined && editBound <= allowed) return null;
  const x = codePoints(original);
  const y = codePoints(candidate);
  const bound = Math.min(editBound ?? Infinity, alignmentBound(x, y));
  if (bound <= allowed) return null;
  if ((x.length + y.length) * (bound + 1) <= EXACT_REASON_CELLS) {
    // Short enough to say exactly how far off it is.
    const edits = within(x, y, bound);
    if (edits >= 0 && edits <= allowed) return null;
    if (edits >= 0)
      return (
        `edit ratio ${(edits / length).toFixed(4)} (${plural(edits)} / ${length} code points) exceeds ` +
        `max_char_edit_ratio ${max}`
      );
  } else if (histogramBound(x, y) <= allowed && within(x, y, allowed) >= 0) {
    return null;
  }
  return `edit ratio above max_char_edit_ratio ${max} (more than ${plural(allowed)} / ${length} code points)`;
}

function plural(edits: number): string {
  return `${edits} edit${edits === 1 ? '' : 's'}`;
}
