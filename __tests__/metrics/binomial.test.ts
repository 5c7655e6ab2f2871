/**
 * Relative binomial weights and McNemar's exact test. Weights: bit for bit against the
 * independent Python port in scripts/golden/bootstrap.py. P-values: scipy.stats.binomtest
 * (scripts/golden/comparison.py writes them into __tests__/golden/comparison.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { binomialMode, binomialTable, binomialWeights, drawFromTable, TAIL } from '../../src/metrics/binomial.js';
import { mcnemarExactP } from '../../src/metrics/mcnemar.js';
import { REPO_ROOT } from '../helpers.js';

interface WeightCase {
  m: number;
  num: number;
  den: number;
  lo: number;
  weights: number[];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as { binomial_weights: WeightCase[] };
const mcnemar = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/comparison.json'), 'utf8')) as { mcnemar: Array<{ fixed: number; broken: number; p: number }> };

describe('binomialWeights', () => {
  test('equal the golden weights bit for bit', () => {
    for (const c of golden.binomial_weights) {
      const w = binomialWeights(c.m, c.num, c.den);
      expect(w.lo).toBe(c.lo);
      expect(Array.from(w.weights)).toEqual(c.weights);
    }
  });

  test('the mode has weight 1 and every kept weight is at least the tail cut', () => {
    const w = binomialWeights(1000, 123, 1000);
    expect(w.weights[binomialMode(1000, 123, 1000) - w.lo]).toBe(1);
    for (const x of w.weights) expect(x).toBeGreaterThanOrEqual(TAIL);
  });

  test('normalised weights match the exact pmf of a small binomial', () => {
    const { lo, weights } = binomialWeights(10, 3, 10, 0);
    const total = weights.reduce((a, b) => a + b, 0);
    let choose = 1;
    for (let k = 0; k <= 10; k++) {
      if (k > 0) choose = (choose * (10 - k + 1)) / k;
      const exact = choose * 0.3 ** k * 0.7 ** (10 - k);
      expect((weights[k - lo] as number) / total).toBeCloseTo(exact, 14);
    }
  });

  test('bad sizes and probabilities are refused', () => {
    expect(() => binomialWeights(-1, 1, 2)).toThrow(RangeError);
    expect(() => binomialWeights(3, 3, 2)).toThrow(RangeError);
    expect(() => binomialWeights(3, 1, 0)).toThrow(RangeError);
  });
});

describe('drawFromTable', () => {
  test('inverts the cumulative weights: u = 0 gives the smallest kept outcome, u → 1 the largest', () => {
    const t = binomialTable(20, 1, 2);
    expect(drawFromTable(t, 0)).toBe(t.lo);
    expect(drawFromTable(t, 1 - 2 ** -53)).toBe(t.hi);
    expect(drawFromTable(t, 0.5)).toBe(10);
  });

  test('certain outcomes: p = 0 draws 0 and p = 1 draws m', () => {
    expect(drawFromTable(binomialTable(9, 0, 4), 0.7)).toBe(0);
    expect(drawFromTable(binomialTable(9, 4, 4), 0.2)).toBe(9);
    expect(drawFromTable(binomialTable(0, 1, 3), 0.9)).toBe(0);
  });
});

describe("McNemar's exact test", () => {
  test('equals scipy.stats.binomtest two-sided p-values (relative 1e-12)', () => {
    for (const c of mcnemar.mcnemar) {
      const p = mcnemarExactP(c.fixed, c.broken);
      expect(Math.abs(p - c.p)).toBeLessThanOrEqual(1e-12 * Math.max(c.p, 1e-300));
    }
  });

  test('no discordant pair gives 1; symmetric counts give 1', () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(mcnemarExactP(7, 7)).toBe(1);
    expect(mcnemarExactP(3, 4)).toBe(1);
  });
});
