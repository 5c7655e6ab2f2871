/**
 * A natural logarithm built from +, −, ×, ÷ only, so that it returns the same bits in any
 * language with IEEE doubles that follows the same steps (Math.log and C's log may differ in the
 * last bit between platforms, which could flip an acceptance test of the binomial sampler).
 *
 *   x = f · 2^e with f in [1, 2) (scaling by powers of two is exact), then f in [√½, √2)
 *   log f = 2·atanh(s) = 2s·(1 + z/3 + z²/5 + … + z¹¹/23),  s = (f − 1)/(f + 1), z = s²
 *   log x = e·LN2_HI + (e·LN2_LO + log f)
 * |s| ≤ 0.1716, so the series is exact to about 1e-17 relative; the result is within a few ulp
 * of the true logarithm.
 */

/** ln 2 split so that e·LN2_HI is exact for |e| < 2^20 (fdlibm's split). */
const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const SQRT2 = 1.4142135623730951;
const TWO_32 = 4294967296;
/** 1/(2k+1) for k = 11 down to 1, each one IEEE division. */
const COEFFICIENTS = [1 / 23, 1 / 21, 1 / 19, 1 / 17, 1 / 15, 1 / 13, 1 / 11, 1 / 9, 1 / 7, 1 / 5, 1 / 3];

export function detLog(x: number): number {
  if (!(x > 0 && x < Infinity)) throw new RangeError(`detLog needs a positive finite number, got ${x}`);
  let f = x;
  let e = 0;
  while (f >= TWO_32) {
    f /= TWO_32;
    e += 32;
  }
  while (f >= 2) {
    f /= 2;
    e += 1;
  }
  while (f < 1 / TWO_32) {
    f *= TWO_32;
    e -= 32;
  }
  while (f < 1) {
    f *= 2;
    e -= 1;
  }
  if (f > SQRT2) {
    f /= 2;
    e += 1;
  }
  const s = (f - 1) / (f + 1);
  const z = s * s;
  let p = 0;
  // An index loop: for…of allocates an iterator per call until the function is optimized.
  for (let k = 0; k < COEFFICIENTS.length; k++) p = (p + (COEFFICIENTS[k] as number)) * z;
  const logf = 2 * s + 2 * s * p;
  return e * LN2_HI + (e * LN2_LO + logf);
}
