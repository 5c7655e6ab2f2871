/**
 * Bootstrap means and intervals. Golden resample means and intervals come from
 * scripts/golden/bootstrap.py (independent xoroshiro128+, binomial inversion and numpy.percentile):
 * the row-by-row reference sampler and the count-based sampler the metrics use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { EvidenceRow } from '../../src/evidence/row.js';
import {
  accuracyIntervalOf,
  countBootstrapMeans,
  countInterval,
  intervalFigure,
  type BootstrapOptions
} from '../../src/metrics/bootstrap.js';
import { outcomeCounts } from './reference/array-forms.js';
import { bootstrapInterval, bootstrapMean } from './reference/bootstrap.js';
import { pairedComparison } from './reference/array-forms.js';
import { conditionFigures } from '../../src/metrics/robustness.js';
import { createStream } from '../../src/metrics/random.js';
import { REPO_ROOT } from '../helpers.js';

interface BootstrapCase {
  values: number[];
  iterations: number;
  level: number;
  seed: number;
  parts: string[];
  first_means: number[];
  low: number;
  high: number;
}
interface CountCase {
  plus: number;
  minus: number;
  zero: number;
  iterations: number;
  level: number;
  seed: number;
  parts: string[];
  first_means: number[];
  low: number;
  high: number;
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
  bootstrap: BootstrapCase[];
  count_bootstrap: CountCase[];
};

function row(id: string, label: string, prediction: string | null, extra: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    id,
    split: 'challenge',
    model: 'm',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label,
    clean_prediction: prediction,
    prediction,
    scores: null,
    margin: null,
    clean_margin: null,
    changed: false,
    valid: null,
    invalid_reason: null,
    eligible: null,
    tested: null,
    success: null,
    uncovered: null,
    uncovered_reason: null,
    status: prediction === null ? 'error' : 'ok',
    error: prediction === null ? 'boom' : null,
    input_sha256: '',
    ...extra
  };
}

const options = (streamParts: string[], iterations = 1000): BootstrapOptions => ({
  iterations,
  level: 0.95,
  seed: 42,
  streamParts
});

describe('bootstrapMean', () => {
  test('resample means equal the golden ones (draw-order sums, independent PRNG)', () => {
    for (const c of golden.bootstrap) {
      const means = bootstrapMean(c.values, c.iterations, createStream(c.seed, c.parts));
      expect(means).toHaveLength(c.iterations);
      expect(means.slice(0, c.first_means.length)).toEqual(c.first_means);
    }
  });

  test('each iteration draws exactly n indices from the stream', () => {
    const calls: number[] = [];
    const stream = { nextIndex: (n: number) => (calls.push(n), calls.length % n) };
    const means = bootstrapMean([10, 20, 30], 2, stream);
    // indices 1, 2, 0 then 1, 2, 0 → means of [20, 30, 10] twice
    expect(calls).toEqual([3, 3, 3, 3, 3, 3]);
    expect(means).toEqual([20, 20]);
  });

  test('an empty sample or a non-positive iteration count throws', () => {
    const stream = createStream(1, []);
    expect(() => bootstrapMean([], 10, stream)).toThrow(RangeError);
    for (const it of [0, -1, 2.5]) expect(() => bootstrapMean([1], it, stream)).toThrow(RangeError);
  });
});

describe('bootstrapInterval', () => {
  test('equals the golden numpy percentile interval of the golden means', () => {
    for (const c of golden.bootstrap) {
      expect(bootstrapInterval(c.values, c.iterations, c.level, c.seed, c.parts)).toEqual({ low: c.low, high: c.high });
    }
  });

  test('determinism: same seed and parts → same interval; other parts or seed → another stream', () => {
    const values = golden.bootstrap[1]?.values ?? [];
    const a = bootstrapInterval(values, 1000, 0.95, 1, ['delta', 'tfidf', '', 'append', 'challenge']);
    expect(bootstrapInterval(values, 1000, 0.95, 1, ['delta', 'tfidf', '', 'append', 'challenge'])).toEqual(a);
    const means = (seed: number, parts: string[]) => bootstrapMean(values, 50, createStream(seed, parts));
    expect(means(1, ['delta', 'tfidf', '', 'append', 'all'])).not.toEqual(
      means(1, ['delta', 'tfidf', '', 'append', 'challenge'])
    );
    expect(means(2, ['delta', 'tfidf', '', 'append', 'challenge'])).not.toEqual(
      means(1, ['delta', 'tfidf', '', 'append', 'challenge'])
    );
  });

  test('one iteration over a constant sample gives exactly that constant', () => {
    for (const c of [2, -1, 0, 0.25, 1e6]) {
      for (const n of [1, 3, 8]) {
        expect(bootstrapInterval(new Array<number>(n).fill(c), 1, 0.95, 9, ['constant'])).toEqual({ low: c, high: c });
      }
    }
    const tenth = bootstrapInterval([0.1, 0.1, 0.1], 1, 0.95, 9, ['constant']);
    expect(tenth?.low).toBeCloseTo(0.1, 15); // 0.1 + 0.1 + 0.1 is not 0.3 in binary
  });

  test('property: the interval lies within [min, max] of the values and low ≤ high', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(0.5, 0.8, 0.9, 0.95, 0.99),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.string(),
        (values, iterations, level, seed, part) => {
          const b = bootstrapInterval(values, iterations, level, seed, [part]);
          expect(b).not.toBeNull();
          const { low, high } = b as { low: number; high: number };
          expect(low).toBeGreaterThanOrEqual(Math.min(...values));
          expect(high).toBeLessThanOrEqual(Math.max(...values));
          expect(low).toBeLessThanOrEqual(high);
        }
      ),
      { numRuns: 200 }
    );
  });

  test('stream independence: a cell gives the same interval alone or after other cells', () => {
    const x = { values: golden.bootstrap[1]?.values ?? [], parts: ['delta', 'tfidf', '', 'append', 'challenge'] };
    const y = { values: golden.bootstrap[2]?.values ?? [], parts: ['accuracy', 'tfidf', '', '', 'all'] };
    const alone = bootstrapInterval(x.values, 1000, 0.95, 1, x.parts);
    bootstrapInterval(y.values, 1000, 0.95, 1, y.parts);
    bootstrapInterval(y.values, 777, 0.9, 1, ['another', 'model']);
    expect(bootstrapInterval(x.values, 1000, 0.95, 1, x.parts)).toEqual(alone);
  });

  test('an empty sample has no interval; a bad level or iteration count throws', () => {
    expect(bootstrapInterval([], 1000, 0.95, 1, ['x'])).toBeNull();
    expect(() => bootstrapInterval([1], 1000, 1, 1, ['x'])).toThrow(RangeError);
    expect(() => bootstrapInterval([1], 0, 0.95, 1, ['x'])).toThrow(RangeError);
  });
});

describe('count-based bootstrap', () => {
  test('resample means and intervals equal the golden ones (independent Python port)', () => {
    for (const c of golden.count_bootstrap) {
      const means = countBootstrapMeans(c, c.iterations, createStream(c.seed, c.parts));
      expect(Array.from(means.slice(0, c.first_means.length))).toEqual(c.first_means);
      expect(countInterval(c, c.iterations, c.level, c.seed, c.parts)).toEqual({ low: c.low, high: c.high });
    }
  });

  test('certain outcomes use no uniform; a small-mean draw uses one', () => {
    let calls = 0;
    const stream = { nextUniform: () => (calls++, 0.5) };
    // All +1: both draws are certain.
    countBootstrapMeans({ plus: 3, minus: 0, zero: 0 }, 7, stream);
    expect(calls).toBe(0);
    // 2 of 5 right: X+ by inversion (one u), X- certain (no −1 values).
    countBootstrapMeans({ plus: 2, minus: 0, zero: 3 }, 7, stream);
    expect(calls).toBe(7);
  });

  test('same distribution as row-by-row resampling: interval endpoints agree within Monte Carlo error', () => {
    // Large iteration counts make each endpoint's Monte Carlo error small; the two samplers use
    // different draws, so they agree to within that error, not bit for bit.
    const cases = [
      { plus: 6, minus: 0, zero: 4 },
      { plus: 30, minus: 0, zero: 27 },
      { plus: 9, minus: 5, zero: 170 },
      { plus: 40, minus: 31, zero: 329 },
      { plus: 250, minus: 0, zero: 750 }
    ];
    for (const c of cases) {
      const n = c.plus + c.minus + c.zero;
      const values = [...Array(c.plus).fill(1), ...Array(c.minus).fill(-1), ...Array(c.zero).fill(0)];
      const iterations = 20_000;
      const byRows = bootstrapInterval(values, iterations, 0.95, 5, ['mc', String(n)]) as { low: number; high: number };
      const byCounts = countInterval(c, iterations, 0.95, 6, ['mc', String(n)]) as { low: number; high: number };
      // The endpoint is a 2.5% quantile of a mean with sd ≈ σ/√n; its estimate from 20,000 draws has a
      // standard error well under 0.1 sd, and both lie on the 1/n lattice: allow 0.25 sd plus one step.
      const p = (c.plus + c.minus) / n;
      const sd = Math.sqrt((c.plus + c.minus) / n - ((c.plus - c.minus) / n) ** 2) / Math.sqrt(n);
      const tolerance = 0.25 * sd + 1 / n;
      expect(p).toBeGreaterThan(0);
      expect(Math.abs(byRows.low - byCounts.low)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(byRows.high - byCounts.high)).toBeLessThanOrEqual(tolerance);
    }
  });

  test('the resample counts follow the binomial law (chi-square against exact probabilities)', () => {
    const n = 30;
    const plus = 12;
    const iterations = 50_000;
    const means = countBootstrapMeans({ plus, minus: 0, zero: n - plus }, iterations, createStream(11, ['chi']));
    const observed = new Array<number>(n + 1).fill(0);
    for (const m of means) observed[Math.round(m * n)] = (observed[Math.round(m * n)] as number) + 1;
    // Exact Bin(30, 0.4) probabilities by a product of ratios.
    const p = plus / n;
    const pmf = [Math.pow(1 - p, n)];
    for (let k = 0; k < n; k++) pmf.push(((pmf[k] as number) * (n - k) * p) / ((k + 1) * (1 - p)));
    let chi = 0;
    let df = -1;
    let pooledO = 0;
    let pooledE = 0;
    for (let k = 0; k <= n; k++) {
      pooledO += observed[k] as number;
      pooledE += (pmf[k] as number) * iterations;
      if (pooledE >= 20) {
        chi += (pooledO - pooledE) ** 2 / pooledE;
        df++;
        pooledO = 0;
        pooledE = 0;
      }
    }
    // df ≈ 14; the 0.999 quantile of chi-square(14) is 36.1.
    expect(df).toBeGreaterThan(8);
    expect(chi).toBeLessThan(36.1 + 2 * (df - 14));
  });

  test('outcomeCounts reads +1/0/−1 values and refuses others', () => {
    expect(outcomeCounts([1, 0, -1, 1, 0, 0])).toEqual({ plus: 2, minus: 1, zero: 3 });
    expect(() => outcomeCounts([0.5])).toThrow(RangeError);
  });

  test('intervalFigure scales after the percentiles and is not_evaluated when empty', () => {
    const c = golden.count_bootstrap[0] as CountCase;
    const f = intervalFigure(
      c,
      { iterations: c.iterations, level: c.level, seed: c.seed, streamParts: c.parts },
      100,
      'none'
    );
    expect(f).toEqual({
      low: c.low * 100,
      high: c.high * 100,
      level: 0.95,
      iterations: 1000,
      n: c.plus + c.minus + c.zero,
      status: 'ok',
      reason: null
    });
    expect(intervalFigure({ plus: 0, minus: 0, zero: 0 }, options(['x']), 100, 'nothing to resample')).toEqual({
      low: null,
      high: null,
      level: 0.95,
      iterations: 1000,
      n: 0,
      status: 'not_evaluated',
      reason: 'nothing to resample'
    });
  });

  test('property: the interval lies within the range the values allow, and low ≤ high', () => {
    fc.assert(
      fc.property(
        fc
          .record({ plus: fc.nat(50), minus: fc.nat(50), zero: fc.nat(50) })
          .filter((c) => c.plus + c.minus + c.zero > 0),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom(0.5, 0.9, 0.95),
        fc.integer({ min: 0, max: 1e6 }),
        (c, iterations, level, seed) => {
          const b = countInterval(c, iterations, level, seed, ['p']) as { low: number; high: number };
          expect(b.low).toBeGreaterThanOrEqual(c.minus > 0 ? -1 : 0);
          expect(b.high).toBeLessThanOrEqual(c.plus > 0 ? 1 : 0);
          expect(b.low).toBeLessThanOrEqual(b.high);
        }
      ),
      { numRuns: 200 }
    );
  });
});

describe('accuracyIntervalOf', () => {
  test('equals the count-based interval of correct/wrong rows; all right gives [1, 1], all wrong [0, 0]', () => {
    const opts = options(['accuracy', 'm', '', '', 'challenge']);
    const f = accuracyIntervalOf(4, 6, opts);
    const expected = countInterval({ plus: 4, minus: 0, zero: 2 }, 1000, 0.95, 42, opts.streamParts);
    expect(f).toEqual({
      low: expected?.low,
      high: expected?.high,
      level: 0.95,
      iterations: 1000,
      n: 6,
      status: 'ok',
      reason: null
    });
    const right = accuracyIntervalOf(2, 2, opts);
    expect([right.low, right.high]).toEqual([1, 1]);
    const wrong = accuracyIntervalOf(0, 2, opts);
    expect([wrong.low, wrong.high]).toEqual([0, 0]);
    expect(accuracyIntervalOf(0, 0, opts).status).toBe('not_evaluated');
  });
});

describe('performance', () => {
  test('a bundled-example-sized workload runs in well under a second', () => {
    // 4 models × 5 conditions × 3 scopes (184 / 92 / 92 rows) × 1,000 iterations for the
    // deltas, 4 models × 3 scopes × 1,000 for accuracy, 6 model pairs × 500 over 92 rows,
    // every row assumed changed and valid (the worst case).
    const models = ['m1', 'm2', 'm3', 'm4'];
    const conditions = ['format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
    const scopes = [
      ['all', 184],
      ['controlled', 92],
      ['challenge', 92]
    ] as const;
    const clean = (model: string, n: number, offset: number) =>
      Array.from({ length: n }, (_, i) =>
        row(`id${String(i + offset).padStart(3, '0')}`, 'x', (i * 7 + model.length) % 5 === 0 ? 'y' : 'x', { model })
      );
    const inputs = models.flatMap((model) =>
      scopes.flatMap(([scope, n]) => {
        const cleanRows = clean(model, n, scope === 'challenge' ? 92 : 0);
        const map = new Map(cleanRows.map((r) => [r.id, r]));
        return conditions.map((condition) => ({
          model,
          scope,
          condition,
          map,
          cleanRows,
          rows: cleanRows.map((r, i) => ({
            ...r,
            condition,
            changed: true,
            valid: true,
            prediction: i % 4 === 0 ? 'y' : 'x'
          }))
        }));
      })
    );
    const start = performance.now();
    for (const cell of inputs) {
      conditionFigures(cell.rows, cell.map, {
        destructive: false,
        iterations: 1000,
        level: 0.95,
        seed: 1,
        streamParts: ['delta', cell.model, '', cell.condition, cell.scope]
      });
    }
    for (const model of models) {
      for (const [scope, n] of scopes)
        accuracyIntervalOf(Math.floor(n * 0.8), n, options(['accuracy', model, '', '', scope]));
    }
    for (let i = 0; i < models.length; i++) {
      for (let j = i + 1; j < models.length; j++) {
        const a = models[i] as string,
          b = models[j] as string;
        pairedComparison(clean(a, 92, 92), clean(b, 92, 92), options(['paired', a, b, '', 'challenge'], 500));
      }
    }
    const elapsed = performance.now() - start;
    expect(inputs).toHaveLength(60);
    // Generous for a loaded 2-core CI machine; idle, this takes about 0.1 s.
    expect(elapsed).toBeLessThan(3000);
  });

  test('a cell of a million rows costs the same as a cell of a hundred (O(iterations))', () => {
    const time = (n: number) => {
      const start = performance.now();
      countInterval(
        {
          plus: Math.floor(n * 0.05),
          minus: Math.floor(n * 0.04),
          zero: n - Math.floor(n * 0.05) - Math.floor(n * 0.04)
        },
        1000,
        0.95,
        1,
        ['big', String(n)]
      );
      return performance.now() - start;
    };
    time(100);
    expect(time(1_000_000)).toBeLessThan(500);
  });
});
