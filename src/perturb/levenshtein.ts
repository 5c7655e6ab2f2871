/**
 * Levenshtein distance over code points (as Python's strings count them), the measure
 * behind `max_char_edit_ratio` (SPEC §6): insertions, deletions and substitutions of
 * single code points, each costing 1.
 */
import { codePointLength } from '../util/strings.js';

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0) as number);
  return out;
}

/**
 * Edit distance between `a` and `b` in code points. The shared prefix and suffix are
 * skipped first; the rest runs Myers' bit-vector form of the classic dynamic programme
 * (one DP column as 32-bit blocks of +1/−1 deltas over the shorter remainder): the same
 * O(n·m) table, 32 cells per operation, memory proportional to the shorter remainder.
 */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  return distance(codePoints(a), codePoints(b));
}

function distance(x: number[], y: number[]): number {
  let lo = 0;
  while (lo < x.length && lo < y.length && x[lo] === y[lo]) lo++;
  let hiX = x.length;
  let hiY = y.length;
  while (hiX > lo && hiY > lo && x[hiX - 1] === y[hiY - 1]) {
    hiX--;
    hiY--;
  }
  const lengthX = hiX - lo;
  const lengthY = hiY - lo;
  if (lengthX === 0) return lengthY;
  if (lengthY === 0) return lengthX;
  // The shorter remainder is the "pattern" along the DP column.
  return lengthX <= lengthY ? bitVectorDistance(x, lo, hiX, y, lo, hiY) : bitVectorDistance(y, lo, hiY, x, lo, hiX);
}

/**
 * A cheap upper bound on the distance: substitute every mismatch of the two texts laid
 * side by side from the start (or from the end, whichever is fewer), then insert or delete
 * the length difference.
 */
function upperBound(x: number[], y: number[]): number {
  const n = Math.min(x.length, y.length);
  let fromStart = 0;
  let fromEnd = 0;
  for (let i = 0; i < n; i++) {
    if (x[i] !== y[i]) fromStart++;
    if (x[x.length - 1 - i] !== y[y.length - 1 - i]) fromEnd++;
  }
  return Math.min(fromStart, fromEnd) + Math.abs(x.length - y.length);
}

/**
 * Distance between p[pFrom, pTo) and t[tFrom, tTo) (both non-empty). Column j of the DP
 * table D[i][j] is kept as vertical deltas D[i][j] − D[i−1][j] ∈ {−1, 0, +1}, bit i of
 * `plus`/`minus`, in blocks of 32 rows; each block passes its bottom row's horizontal
 * delta to the block below it (Myers 1999, block-based variant). The top row is
 * D[0][j] = j, so the delta entering the first block is always +1.
 */
function bitVectorDistance(p: number[], pFrom: number, pTo: number, t: number[], tFrom: number, tTo: number): number {
  const m = pTo - pFrom;
  const blocks = (m + 31) >>> 5;
  // Peq: for every code point of the pattern, the rows where it occurs.
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < m; i++) {
    const c = p[pFrom + i] as number;
    let bits = peq.get(c);
    if (!bits) {
      bits = new Int32Array(blocks);
      peq.set(c, bits);
    }
    bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
  }
  const plus = new Int32Array(blocks).fill(-1);
  const minus = new Int32Array(blocks);
  const lastHigh = 1 << ((m - 1) & 31);
  let score = m;
  for (let j = tFrom; j < tTo; j++) {
    const eqs = peq.get(t[j] as number);
    let carry = 1;
    for (let b = 0; b < blocks; b++) {
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
    }
    score += carry;
  }
  return score;
}

/**
 * Edit ratio of a candidate: Levenshtein distance ÷ the original's length in code points.
 * An empty original gives 0 when the candidate is empty too, otherwise Infinity.
 */
export function editRatio(original: string, candidate: string): number {
  const distance = levenshtein(original, candidate);
  const length = codePointLength(original);
  if (length === 0) return distance === 0 ? 0 : Infinity;
  return distance / length;
}

/**
 * The `max_char_edit_ratio` part of a validity rule: null when the candidate is within
 * `max` (or no maximum is set), otherwise the reason it is not.
 */
export function editRatioViolation(original: string, candidate: string, max: number | null): string | null {
  if (max === null || original === candidate) return null;
  const x = codePoints(original);
  const y = codePoints(candidate);
  const length = x.length;
  // Most candidates are a few substitutions: the bound settles them without the full table.
  if (length > 0 && upperBound(x, y) / length <= max) return null;
  const edits = distance(x, y);
  const ratio = length === 0 ? Infinity : edits / length;
  if (ratio <= max) return null;
  const shown = Number.isFinite(ratio) ? ratio.toFixed(4) : 'infinite';
  return `edit ratio ${shown} (${edits} edit${edits === 1 ? '' : 's'} / ${length} code points) exceeds max_char_edit_ratio ${max}`;
}
