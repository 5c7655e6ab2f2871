import { compareFractions, fraction, fractionOf } from '../../src/util/fraction.js';

describe('exact fractions', () => {
  test('reads a threshold as the decimal it was written as', () => {
    expect(fractionOf(0.2)).toEqual({ num: 2n, den: 10n });
    expect(fractionOf(22)).toEqual({ num: 22n, den: 1n });
    expect(fractionOf(1e-7)).toEqual({ num: 1n, den: 10000000n });
    expect(fractionOf(-5.25)).toEqual({ num: -525n, den: 100n });
    expect(fractionOf(1e21)).toEqual({ num: 10n ** 21n, den: 1n });
  });

  test('1/5 equals 0.2 exactly although 1/5 in binary is not 0.2', () => {
    expect(compareFractions(fraction(1, 5), fractionOf(0.2))).toBe(0);
    expect(compareFractions(fraction(3, 4), fractionOf(0.75))).toBe(0);
    expect(compareFractions(fraction(29, 50), fractionOf(0.58))).toBe(0);
  });

  test('orders close fractions correctly', () => {
    expect(compareFractions(fraction(57, 100), fractionOf(0.58))).toBe(-1);
    expect(compareFractions(fraction(59, 100), fractionOf(0.58))).toBe(1);
  });

  test('a negative denominator is normalised and zero is refused', () => {
    expect(fraction(1, -2)).toEqual({ num: -1n, den: 2n });
    expect(() => fraction(1, 0)).toThrow('zero denominator');
    expect(() => fractionOf(Infinity)).toThrow('not a finite number');
  });
});
