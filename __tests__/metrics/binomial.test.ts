/**
 * Relative binomial weights and McNemar's exact test. Weights: bit for bit against the
 * independent Python port in scripts/golden/bootstrap.py. P-values: scipy.stats.binomtest
 * (scripts/golden/comparison.py writes them into __tests__/golden/comparison.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { binomialMode, binomialTable, binomialWeights, drawFromTable, TAIL } from '../../src/metrics/binomial.js';
import { mcnemarExactP } from '../../src/metrics/mcnemar.js';
import { BinomialSampler, smallMean } from '../../src/metrics/binomial-draw.js';
import { detLog } from '../../src/metrics/det-log.js';
import { createStream } from '../../src/metrics/random.js';
import { REPO_ROOT } from '../helpers.js';

interface WeightCase {
  m: number;
  num: number;
  den: number;
  lo: number;
  weights: number[];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
  binomial_weights: WeightCase[];
};
const mcnemar = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/comparison.json'), 'utf8')) as {
  mcnemar: Array<{ fixed: number; broken: number; p: number }>;
};

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

describe('deterministic logarithm and binomial draws (bit for bit against the Python port)', () => {
  const port = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
    det_log: Array<{ x: number; log: number; math_log: number }>;
    binomial_draws: Array<{ m: number; num: number; den: number; seed: number; draws: number[] }>;
  };

  test('detLog equals the port bit for bit and the true logarithm within 4 ulp', () => {
    for (const c of port.det_log) {
      expect(detLog(c.x)).toBe(c.log);
      const ulp = Math.max(Number.MIN_VALUE, Math.abs(c.math_log) * Number.EPSILON);
      expect(Math.abs(detLog(c.x) - Math.log(c.x))).toBeLessThanOrEqual(4 * ulp);
    }
    expect(() => detLog(0)).toThrow(RangeError);
    expect(() => detLog(-1)).toThrow(RangeError);
  });

  test('binomial draws (inversion, BTRD, flipped p) equal the port draw for draw', () => {
    for (const c of port.binomial_draws) {
      const stream = createStream(c.seed, ['draws', String(c.m)]);
      const sampler = new BinomialSampler(c.num, c.den);
      expect(Array.from({ length: c.draws.length }, () => sampler.draw(c.m, () => stream.nextUniform()))).toEqual(
        c.draws
      );
    }
  });

  /** Chi-square of 40,000 draws against the exact pmf, bins pooled to ≥ 20 expected. */
  function chiSquare(m: number, num: number, den: number, seed: number): { chi: number; df: number } {
    const draws = 40_000;
    const stream = createStream(seed, ['chi', String(m), String(num)]);
    const sampler = new BinomialSampler(num, den);
    const observed = new Map<number, number>();
    // One expectation for all draws: an expect() per draw cost more than the draws.
    const outside: number[] = [];
    for (let i = 0; i < draws; i++) {
      const k = sampler.draw(m, () => stream.nextUniform());
      if (!(Number.isInteger(k) && k >= 0 && k <= m)) outside.push(k);
      observed.set(k, (observed.get(k) ?? 0) + 1);
    }
    expect(outside).toEqual([]);
    const { lo, weights } = binomialWeights(m, num, den, 0);
    const total = weights.reduce((a, b) => a + b, 0);
    let chi = 0;
    let df = -1;
    let o = 0;
    let e = 0;
    weights.forEach((w, i) => {
      o += observed.get(lo + i) ?? 0;
      e += (w / total) * draws;
      if (e >= 20) {
        chi += (o - e) ** 2 / e;
        df++;
        o = 0;
        e = 0;
      }
    });
    return { chi, df };
  }

  test.each([
    [30, 1, 3],
    [200, 1, 10],
    [60, 1, 2],
    [5000, 37, 100],
    [2_000_000, 3, 100],
    [300, 97, 100],
    [1000, 12, 1000]
  ])('Bin(%i, %i/%i) draws follow the exact distribution (chi-square, p > 0.001)', (m, num, den) => {
    const { chi, df } = chiSquare(m, num, den, m + num);
    expect(df).toBeGreaterThan(3);
    // Wilson–Hilferty approximation of the 0.999 quantile of chi-square(df).
    const z = 3.09;
    const limit = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
    expect(chi).toBeLessThan(limit);
  });
});

describe('smallMean (which sampler a draw takes)', () => {
  test('agrees with the BigInt comparison on boundaries, random integers and products past 2^53', () => {
    const exact = (m: number, num: number, den: number) => BigInt(m) * BigInt(num) < 10n * BigInt(den);
    const cases: Array<[number, number, number]> = [
      [10, 1, 1],
      [9, 1, 1],
      [20, 1, 2],
      [19, 1, 2],
      [2 ** 30, 2 ** 23, 2 ** 50],
      [2 ** 30, 2 ** 23 + 1, 2 ** 50],
      [Number.MAX_SAFE_INTEGER, 3, Number.MAX_SAFE_INTEGER],
      [2 ** 40, 2 ** 20, Number.MAX_SAFE_INTEGER]
    ];
    let state = 11;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 5000; i++) {
      const scale = 2 ** Math.floor(next() * 53);
      const den = Math.max(1, Math.floor(next() * scale));
      cases.push([Math.floor(next() * scale), Math.floor(next() * den), den]);
    }
    for (const [m, num, den] of cases) expect(smallMean(m, num, den)).toBe(exact(m, num, den));
  });
});
