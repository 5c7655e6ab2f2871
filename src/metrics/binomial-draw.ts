/**
 * One binomial draw Bin(m, num/den) from a stream of uniforms, exactly reproducible: every step
 * is +, −, ×, ÷, √, floor or the deterministic logarithm of det-log.ts.
 *
 *   m = 0, num = 0 or num = den: the outcome is certain; no uniform is used.
 *   With p = num/den > ½ the draw is m − Bin(m, (den − num)/den), so below p ≤ ½.
 *   m·p < 10 (compared in integers): inversion of the exact-rational weights of binomial.ts,
 *     one uniform per draw.
 *   Otherwise Hörmann's transformed rejection with squeeze (BTRD, 1993): each attempt uses two
 *     uniforms u, v; u − ½ and v give a candidate k, accepted at once inside the squeeze box,
 *     or after comparing log of the hat ratio with the log of the target ratio (Stirling tail
 *     corrections from a table up to 9, then the series). Constant expected work, whatever m.
 */
import { BinomialTables, drawFromTable } from './binomial.js';
import { detLog } from './det-log.js';

type NextUniform = () => number;

/** log k! − [½·log 2π + (k + ½)·log(k + 1) − (k + 1)] for k = 0..9. */
const STIRLING_TAIL = [
  0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
  0.0138761288230707, 0.0118967099458917, 0.010411265261972, 0.00925546218271273, 0.00833056343336287
];

function stirlingTail(k: number): number {
  if (k <= 9) return STIRLING_TAIL[k] as number;
  const kp1sq = (k + 1) * (k + 1);
  return (1 / 12 - (1 / 360 - 1 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

/** BTRD for count·p ≥ 10 and p ≤ ½. */
function btrd(count: number, p: number, next: NextUniform): number {
  const spq = Math.sqrt(count * p * (1 - p));
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = count * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const r = p / (1 - p);
  const alpha = (2.83 + 5.1 / b) * spq;
  const m = Math.floor((count + 1) * p);
  for (;;) {
    const u = next() - 0.5;
    const v = next();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || k > count) continue;
    // v = 0 or us = 0 cannot be compared on the log scale: such a candidate is rejected.
    if (v === 0 || us === 0) continue;
    const lhs = detLog((v * alpha) / (a / (us * us) + b));
    const rhs =
      (m + 0.5) * detLog((m + 1) / (r * (count - m + 1))) +
      (count + 1) * detLog((count - m + 1) / (count - k + 1)) +
      (k + 0.5) * detLog((r * (count - k + 1)) / (k + 1)) +
      stirlingTail(m) +
      stirlingTail(count - m) -
      stirlingTail(k) -
      stirlingTail(count - k);
    if (lhs <= rhs) return k;
  }
}

/** Draws of Bin(m, num/den) for one probability and any m; small-mean tables are built once per m. */
export class BinomialSampler {
  private readonly tables: BinomialTables;
  private readonly small: number;
  private readonly flip: boolean;
  private readonly p: number;

  constructor(
    readonly num: number,
    readonly den: number
  ) {
    if (!(Number.isSafeInteger(num) && Number.isSafeInteger(den) && den > 0 && num >= 0 && num <= den)) {
      throw new RangeError(`binomial probability must be num/den with 0 ≤ num ≤ den, den > 0; got ${num}/${den}`);
    }
    this.flip = 2 * num > den;
    this.small = this.flip ? den - num : num;
    this.p = this.small / den;
    this.tables = new BinomialTables(this.small, den);
  }

  draw(m: number, next: NextUniform): number {
    if (m === 0 || this.small === 0) return this.flip ? m : 0;
    const x = smallMean(m, this.small, this.den) ? drawFromTable(this.tables.get(m), next()) : btrd(m, this.p, next);
    return this.flip ? m - x : x;
  }
}

/** m·num < 10·den, exactly: in doubles while both sides are safe integers (every bootstrap here), else in BigInt. */
export function smallMean(m: number, num: number, den: number): boolean {
  const left = m * num;
  const right = 10 * den;
  if (left <= Number.MAX_SAFE_INTEGER && right <= Number.MAX_SAFE_INTEGER) return left < right;
  return BigInt(m) * BigInt(num) < 10n * BigInt(den);
}
