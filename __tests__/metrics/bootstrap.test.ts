/**
 * Bootstrap means and intervals. Golden resample means and intervals come from
 * scripts/golden/bootstrap.py (independent xoroshiro128+ + numpy.percentile).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { accuracyInterval, bootstrapInterval, bootstrapMean, byId, intervalFigure, type BootstrapOptions } from '../../src/metrics/bootstrap.js';
import { pairedComparison } from '../../src/metrics/comparison.js';
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
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as { bootstrap: BootstrapCase[] };

function row(id: string, label: string, prediction: string | null, extra: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    id, split: 'challenge', model: 'm', condition: 'clean', language: 'en', domain: null, text: null, perturbed_text: null, label,
    clean_prediction: prediction, prediction, scores: null, margin: null, clean_margin: null, changed: false, valid: null,
    invalid_reason: null, eligible: null, tested: null, success: null, uncovered: null, uncovered_reason: null,
    status: prediction === null ? 'error' : 'ok', error: prediction === null ? 'boom' : null, ...extra
  };
}

const options = (streamParts: string[], iterations = 1000): BootstrapOptions => ({ iterations, level: 0.95, seed: 42, streamParts });

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
    expect(means(1, ['delta', 'tfidf', '', 'append', 'all'])).not.toEqual(means(1, ['delta', 'tfidf', '', 'append', 'challenge']));
    expect(means(2, ['delta', 'tfidf', '', 'append', 'challenge'])).not.toEqual(means(1, ['delta', 'tfidf', '', 'append', 'challenge']));
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

  test('intervalFigure scales after the percentiles and is not_evaluated when empty', () => {
    const c = golden.bootstrap[0] as BootstrapCase;
    const f = intervalFigure(c.values, { iterations: c.iterations, level: c.level, seed: c.seed, streamParts: c.parts }, 100, 'none');
    expect(f).toEqual({ low: c.low * 100, high: c.high * 100, level: 0.95, iterations: 1000, n: c.values.length, status: 'ok', reason: null });
    expect(intervalFigure([], options(['x']), 100, 'nothing to resample')).toEqual({
      low: null, high: null, level: 0.95, iterations: 1000, n: 0, status: 'not_evaluated', reason: 'nothing to resample'
    });
  });
});

describe('accuracyInterval', () => {
  test('bootstraps 1/0 correctness in id code-point order; a missing row counts as wrong', () => {
    const rows = [row('b', 'x', 'x'), row('a', 'x', 'y'), row('d', 'y', null), row('c', 'y', 'y'), row('\u{1F600}', 'x', 'x'), row('\uFFFD', 'x', 'x')];
    // code-point order: a b c d U+FFFD U+1F600 → correctness 0 1 1 0 1 1
    expect(byId(rows).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', '\uFFFD', '\u{1F600}']);
    const opts = options(['accuracy', 'm', '', '', 'challenge']);
    const f = accuracyInterval(rows, opts);
    const expected = bootstrapInterval([0, 1, 1, 0, 1, 1], 1000, 0.95, 42, opts.streamParts);
    expect(f).toEqual({ low: expected?.low, high: expected?.high, level: 0.95, iterations: 1000, n: 6, status: 'ok', reason: null });
    expect(f.low as number).toBeGreaterThanOrEqual(0);
    expect(f.high as number).toBeLessThanOrEqual(1);
  });

  test('independent of input order, and not_evaluated with no rows', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(`r${i}`, 'x', i % 3 === 0 ? 'y' : 'x'));
    const opts = options(['accuracy', 'm', '', '', 'all']);
    expect(accuracyInterval([...rows].reverse(), opts)).toEqual(accuracyInterval(rows, opts));
    const empty = accuracyInterval([], opts);
    expect(empty.status).toBe('not_evaluated');
    expect(empty.low).toBeNull();
  });

  test('all-correct rows give [1, 1]; all-wrong rows give [0, 0]', () => {
    const opts = options(['accuracy', 'm', '', '', 'all']);
    const right = accuracyInterval([row('a', 'x', 'x'), row('b', 'y', 'y')], opts);
    expect([right.low, right.high]).toEqual([1, 1]);
    const wrong = accuracyInterval([row('a', 'x', 'y'), row('b', 'y', null)], opts);
    expect([wrong.low, wrong.high]).toEqual([0, 0]);
  });
});

describe('performance', () => {
  test('a bundled-example-sized workload runs in well under a second', () => {
    // 4 models × 5 conditions × 3 scopes (184 / 92 / 92 rows) × 1,000 iterations for the
    // deltas, 4 models × 3 scopes × 1,000 for accuracy, 6 model pairs × 500 over 92 rows,
    // every row assumed changed and valid (the worst case).
    const models = ['m1', 'm2', 'm3', 'm4'];
    const conditions = ['format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
    const scopes = [['all', 184], ['controlled', 92], ['challenge', 92]] as const;
    const clean = (model: string, n: number, offset: number) => Array.from({ length: n }, (_, i) => row(`id${String(i + offset).padStart(3, '0')}`, 'x', (i * 7 + model.length) % 5 === 0 ? 'y' : 'x', { model }));
    const inputs = models.flatMap((model) =>
      scopes.flatMap(([scope, n]) => {
        const cleanRows = clean(model, n, scope === 'challenge' ? 92 : 0);
        const map = new Map(cleanRows.map((r) => [r.id, r]));
        return conditions.map((condition) => ({
          model, scope, condition, map, cleanRows,
          rows: cleanRows.map((r, i) => ({ ...r, condition, changed: true, valid: true, prediction: i % 4 === 0 ? 'y' : 'x' }))
        }));
      })
    );
    const start = performance.now();
    for (const cell of inputs) {
      conditionFigures(cell.rows, cell.map, { destructive: false, iterations: 1000, level: 0.95, seed: 1, streamParts: ['delta', cell.model, '', cell.condition, cell.scope] });
    }
    for (const model of models) {
      for (const [scope, n] of scopes) accuracyInterval(clean(model, n, 0), options(['accuracy', model, '', '', scope]));
    }
    for (let i = 0; i < models.length; i++) {
      for (let j = i + 1; j < models.length; j++) {
        const a = models[i] as string, b = models[j] as string;
        pairedComparison(clean(a, 92, 92), clean(b, 92, 92), options(['paired', a, b, '', 'challenge'], 500));
      }
    }
    const elapsed = performance.now() - start;
    expect(inputs).toHaveLength(60);
    expect(elapsed).toBeLessThan(1000);
  });
});
