/**
 * Binomial weights and draws with rational success probabilities p = num / den, built from
 * +, −, × and ÷ only (each correctly rounded in IEEE 754), so that any language with doubles
 * reproduces every value bit for bit when it follows the same operation order.
 *
 * Weights of Bin(m, num/den), relative to the mode j0 = ⌊(m + 1)·num / den⌋ (clamped to m),
 * whose weight is 1:
 *   upward    w(j + 1) = w(j) · (m − j) / (j + 1) · num / (den − num)
 *   downward  w(j − 1) = w(j) · j / (m − j + 1) · (den − num) / num
 * each evaluated left to right, stopping (exclusive) at the first weight below TAIL = 2^−60:
 * the mass left out is below 1e−16, far under the 2^−53 resolution of a draw.
 *
 * A draw by inversion: C(k) = Σ_{j = lo..k} w(j), summed from lo upward; t = u · C(hi);
 * the result is the smallest k with t < C(k), or hi when none is (u is a double in [0, 1)).
 */

/** Weights below this fraction of the mode's are dropped. */
export const TAIL = 2 ** -60;

interface BinomialTable {
  /** Smallest and largest outcome kept. */
  lo: number;
  hi: number;
  /** cumulative[k − lo] = C(k). */
  cumulative: Float64Array;
}

function checkCounts(m: number, num: number, den: number): void {
  if (!(Number.isSafeInteger(m) && m >= 0)) throw new RangeError(`binomial size must be a whole number ≥ 0, got ${m}`);
  if (!(Number.isSafeInteger(num) && Number.isSafeInteger(den) && den > 0 && num >= 0 && num <= den)) {
    throw new RangeError(`binomial probability must be num/den with 0 ≤ num ≤ den, den > 0; got ${num}/${den}`);
  }
}

/** ⌊(m + 1)·num / den⌋ clamped to m, in exact integer arithmetic. */
export function binomialMode(m: number, num: number, den: number): number {
  const mode = Number((BigInt(m + 1) * BigInt(num)) / BigInt(den));
  return Math.min(mode, m);
}

/**
 * The relative weights of Bin(m, num/den) from `lo` to `hi` (see the file comment), the mode's
 * weight being exactly 1. `tail` 0 keeps every weight down to the ends (those that underflow are 0).
 */
export function binomialWeights(
  m: number,
  num: number,
  den: number,
  tail = TAIL
): { lo: number; hi: number; weights: Float64Array } {
  checkCounts(m, num, den);
  const mode = binomialMode(m, num, den);
  const up: number[] = [];
  let w = 1;
  for (let j = mode; j < m; j++) {
    w = (((w * (m - j)) / (j + 1)) * num) / (den - num);
    if (w < tail || (tail === 0 && w === 0)) break;
    up.push(w);
  }
  const down: number[] = [];
  w = 1;
  for (let j = mode; j > 0; j--) {
    w = (((w * j) / (m - j + 1)) * (den - num)) / num;
    if (w < tail || (tail === 0 && w === 0)) break;
    down.push(w);
  }
  const weights = new Float64Array(down.length + 1 + up.length);
  for (let i = 0; i < down.length; i++) weights[i] = down[down.length - 1 - i] as number;
  weights[down.length] = 1;
  for (let i = 0; i < up.length; i++) weights[down.length + 1 + i] = up[i] as number;
  return { lo: mode - down.length, hi: mode + up.length, weights };
}

export function binomialTable(m: number, num: number, den: number): BinomialTable {
  const { lo, hi, weights } = binomialWeights(m, num, den);
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number;
    cumulative[i] = sum;
  }
  return { lo, hi, cumulative };
}

/** The outcome for a uniform u in [0, 1): the smallest k with u·C(hi) < C(k), else hi. */
export function drawFromTable(table: BinomialTable, u: number): number {
  const c = table.cumulative;
  const t = u * (c[c.length - 1] as number);
  let a = 0;
  let b = c.length - 1;
  // Invariant: the answer is in [a, b] (b = last index when no C exceeds t).
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (t < (c[mid] as number)) b = mid;
    else a = mid + 1;
  }
  return table.lo + a;
}

/** Tables of one (num, den) for many sizes m, built once each. */
export class BinomialTables {
  private readonly tables = new Map<number, BinomialTable>();
  constructor(
    readonly num: number,
    readonly den: number
  ) {}

  get(m: number): BinomialTable {
    let t = this.tables.get(m);
    if (t === undefined) {
      t = binomialTable(m, this.num, this.den);
      this.tables.set(m, t);
    }
    return t;
  }
}
