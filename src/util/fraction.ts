/**
 * Exact comparison of count-based figures against thresholds as written (docs/definitions.md#gate): a number
 * from the config is read back as the decimal it was written as, and a/b is compared with
 * p/q by cross-multiplying integers, so 0.2 passes 1/5 and no rounding decides a verdict.
 */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** The decimal a finite double prints as (shortest round-trip), as an exact fraction. */
export function fractionOf(x: number): Fraction {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  const text = String(x);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new Error(`cannot read ${text} as a decimal`);
  const [, sign, int, frac = '', exp = '0'] = match;
  let num = BigInt(`${int}${frac}`);
  let den = 10n ** BigInt(frac.length);
  const e = Number(exp);
  if (e > 0) num *= 10n ** BigInt(e);
  else if (e < 0) den *= 10n ** BigInt(-e);
  return { num: sign === '-' ? -num : num, den };
}

export function fraction(num: number | bigint, den: number | bigint): Fraction {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d === 0n) throw new Error('zero denominator');
  return d < 0n ? { num: -n, den: -d } : { num: n, den: d };
}

/** Sign of a − b. */
export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}
