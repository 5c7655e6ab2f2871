/** Paired model comparison (SPEC §8) on hand-worked rows and the golden bootstrap file. */
import fc from 'fast-check';
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { BootstrapOptions } from '../../src/metrics/bootstrap.js';
import { percentagePoints } from '../../src/metrics/comparison.js';
import { pairedComparison } from './reference/array-forms.js';
import { bootstrapGolden as golden, countValues, type CountCase } from './golden-fixtures.js';

function row(model: string, id: string, correct: boolean | 'missing'): EvidenceRow {
  const prediction = correct === 'missing' ? null : correct ? 'x' : 'y';
  return {
    id,
    split: 'challenge',
    model,
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label: 'x',
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
    status: correct === 'missing' ? 'timeout' : 'ok',
    error: correct === 'missing' ? 'timed out' : null,
    input_sha256: ''
  };
}
const side = (model: string, correct: Array<boolean | 'missing'>, ids = correct.map((_, i) => `e${i}`)) =>
  correct.map((c, i) => row(model, ids[i] as string, c));
const opts = (streamParts = ['paired', 'a', 'b', '', 'challenge']): BootstrapOptions => ({
  iterations: 500,
  level: 0.95,
  seed: 7,
  streamParts
});

describe('pairedComparison', () => {
  test('hand-worked: differences +1, 0, −1, +1, +1 (a missing row is incorrect) → 2/5 = 40 pp', () => {
    const a = side('a', [true, true, false, true, true]);
    const b = side('b', [false, true, true, 'missing', false]);
    const r = pairedComparison(a, b, opts());
    expect(r.difference_pp).toEqual({ value: 40, numerator: 2, denominator: 5, status: 'ok', reason: null });
    expect(r.interval_pp.status).toBe('ok');
    expect(r.interval_pp.n).toBe(5);
    expect(r.interval_pp.iterations).toBe(500);
    expect(r.interval_pp.low as number).toBeGreaterThanOrEqual(-100);
    expect(r.interval_pp.high as number).toBeLessThanOrEqual(100);
    expect(r.interval_pp.low as number).toBeLessThanOrEqual(40);
    expect(r.interval_pp.high as number).toBeGreaterThanOrEqual(40);
    // A − B is the negation of B − A.
    expect(pairedComparison(b, a, opts()).difference_pp.value).toBe(-40);
  });

  test('a model against itself: 0 pp and the interval [0, 0]', () => {
    const a = side('a', [true, false, 'missing', true]);
    const r = pairedComparison(a, side('b', [true, false, 'missing', true]), opts());
    expect(r.difference_pp.value).toBe(0);
    expect([r.interval_pp.low, r.interval_pp.high]).toEqual([0, 0]);
  });

  test('pairs by id, not by position: shuffling either side changes nothing', () => {
    const a = side('a', [true, false, true, true, false, false, true]);
    const b = side('b', [false, false, true, false, true, true, true]);
    const r = pairedComparison(a, b, opts());
    expect(pairedComparison([...a].reverse(), b, opts())).toEqual(r);
    expect(pairedComparison(a, [b[3], b[0], b[6], b[1], b[5], b[2], b[4]] as EvidenceRow[], opts())).toEqual(r);
  });

  test('no rows: both figures not_evaluated', () => {
    const r = pairedComparison([], [], opts());
    expect(r.difference_pp).toMatchObject({ value: null, numerator: 0, denominator: 0, status: 'not_evaluated' });
    expect(r.interval_pp).toMatchObject({ low: null, high: null, n: 0, status: 'not_evaluated' });
  });

  test('ids must match exactly, each once', () => {
    expect(() => pairedComparison(side('a', [true, true]), side('b', [true]), opts())).toThrow(Error);
    expect(() => pairedComparison(side('a', [true], ['x']), side('b', [true], ['y']), opts())).toThrow(
      /no row for the second model/
    );
    expect(() =>
      pairedComparison(side('a', [true, true], ['x', 'x']), side('b', [true, true], ['x', 'y']), opts())
    ).toThrow(/twice/);
    expect(() =>
      pairedComparison(side('a', [true, true], ['x', 'y']), side('b', [true, true], ['y', 'y']), opts())
    ).toThrow(/twice/);
  });

  test('the interval equals the golden count-based bootstrap of the differences', () => {
    const c = golden.count_bootstrap.find((g) => g.parts[0] === 'paired_comparison') as CountCase;
    const values = countValues(c);
    const ids = values.map((v) => v.id);
    // d = +1: A right, B wrong; d = −1: A wrong, B right; d = 0: both right.
    const a = side(
      'a',
      values.map(({ d }) => d >= 0),
      ids
    );
    const b = side(
      'b',
      values.map(({ d }) => d <= 0),
      ids
    );
    const r = pairedComparison(a, b, { iterations: c.iterations, level: c.level, seed: c.seed, streamParts: c.parts });
    const n = values.length;
    expect(r.interval_pp).toEqual({
      low: c.low * 100,
      high: c.high * 100,
      level: c.level,
      iterations: c.iterations,
      n,
      status: 'ok',
      reason: null
    });
    const sum = c.plus - c.minus;
    expect(r.difference_pp).toEqual({
      value: (100 * sum) / n,
      numerator: sum,
      denominator: n,
      status: 'ok',
      reason: null
    });
  });

  test('property: the interval lies within [min, max] of the per-id differences (in pp)', () => {
    const outcome = fc.constantFrom<boolean | 'missing'>(true, false, 'missing');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(outcome, outcome), { minLength: 1, maxLength: 40 }),
        fc.integer(),
        (pairs, seed) => {
          const a = side(
            'a',
            pairs.map((p) => p[0])
          );
          const b = side(
            'b',
            pairs.map((p) => p[1])
          );
          const r = pairedComparison(a, b, {
            iterations: 200,
            level: 0.95,
            seed,
            streamParts: ['paired', 'a', 'b', '', 'challenge']
          });
          const diffs = pairs.map(([x, y]) => 100 * ((x === true ? 1 : 0) - (y === true ? 1 : 0)));
          expect(r.interval_pp.low as number).toBeGreaterThanOrEqual(Math.min(...diffs));
          expect(r.interval_pp.high as number).toBeLessThanOrEqual(Math.max(...diffs));
          expect(r.interval_pp.low as number).toBeLessThanOrEqual(r.interval_pp.high as number);
        }
      ),
      { numRuns: 100 }
    );
  });
});

describe('percentagePoints', () => {
  test('100 × numerator / denominator from integer counts; a zero denominator is not_evaluated', () => {
    expect(percentagePoints(-1, 6, 'r').value).toBeCloseTo(-16.6666666667, 9);
    expect(percentagePoints(0, 0, 'nothing')).toEqual({
      value: null,
      numerator: 0,
      denominator: 0,
      status: 'not_evaluated',
      reason: 'nothing'
    });
  });
});
