/** ECE over 8 equal-width bins of the top-class probability (SPEC §8, reliability). */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { reliabilityBin, topProbability } from '../../src/metrics/reliability.js';
import { reliability } from './reference/array-forms.js';
import { fixture, golden } from './golden-fixtures.js';

/** A clean row of a two-label probability model with top probability p on label a. */
function row(p: number, right: boolean): EvidenceRow {
  const prediction = right ? 'a' : 'b';
  return {
    id: `${p}-${right}`,
    split: 'controlled',
    model: 'naive-bayes',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label: 'a',
    clean_prediction: prediction,
    prediction,
    scores: right ? [p, 1 - p] : [1 - p, p],
    margin: 2 * p - 1,
    clean_margin: 2 * p - 1,
    changed: false,
    valid: null,
    invalid_reason: null,
    eligible: null,
    tested: null,
    success: null,
    uncovered: null,
    uncovered_reason: null,
    status: 'ok',
    error: null,
    input_sha256: ''
  };
}
const missingRow: EvidenceRow = {
  ...row(0.9, true),
  id: 'gone',
  status: 'error',
  error: 'exit 1',
  prediction: null,
  clean_prediction: null,
  scores: null,
  margin: null,
  clean_margin: null
};

describe('bins', () => {
  test('bin = min(⌊8p⌋, 7): left-closed, with 1 in the last bin', () => {
    expect([0, 0.124, 0.125, 0.25, 0.5, 0.874, 0.875, 0.99, 1].map(reliabilityBin)).toEqual([
      0, 0, 1, 2, 4, 6, 7, 7, 7
    ]);
  });

  test('the top-class probability is the highest score; missing rows have none', () => {
    expect(topProbability(row(0.7, false))).toBe(0.7);
    expect(topProbability(missingRow)).toBeNull();
  });
});

describe('ECE', () => {
  test('hand-computed, with empty bins contributing 0 and reporting null mean/accuracy', () => {
    // bin 7: p .95 right, p .95 wrong → mean .95, acc .5; bin 4: p .55 right → mean .55, acc 1
    const r = reliability([row(0.95, true), row(0.95, false), row(0.55, true)]);
    expect(r.ece.value).toBeCloseTo((2 / 3) * 0.45 + (1 / 3) * 0.45, 15);
    expect(r.ece).toMatchObject({ numerator: null, denominator: 3, status: 'ok' });
    expect(r.bins.map((b) => b.n)).toEqual([0, 0, 0, 0, 1, 0, 0, 2]);
    expect(r.bins[7]).toEqual({
      bin: 7,
      lower: 0.875,
      upper: 1,
      n: 2,
      correct: 1,
      mean_probability: 0.95,
      accuracy: 0.5
    });
    expect(r.bins[0]).toEqual({
      bin: 0,
      lower: 0,
      upper: 0.125,
      n: 0,
      correct: 0,
      mean_probability: null,
      accuracy: null
    });
  });

  test('missing rows are reported apart and left out of N and the bins', () => {
    const r = reliability([row(0.95, true), missingRow, missingRow]);
    expect(r.missing).toEqual({ value: 2, numerator: 2, denominator: 3, status: 'ok', reason: null });
    expect(r.ece.denominator).toBe(1);
    expect(r.ece.value).toBeCloseTo(0.05, 15);
    expect(r.bins.reduce((n, b) => n + b.n, 0)).toBe(1);
  });

  test('perfectly calibrated bins give 0', () => {
    const r = reliability([row(0.5, true), row(0.5, false)]);
    expect(r.ece.value).toBe(0);
  });

  test('no row with probabilities: not evaluated', () => {
    expect(reliability([missingRow]).ece).toMatchObject({ value: null, status: 'not_evaluated', denominator: 0 });
    expect(reliability([]).ece.status).toBe('not_evaluated');
  });
});

describe('golden: ECE by numpy on the synthetic evidence', () => {
  const cases = (golden.reliability as any[]).map((c) => [c.model, c.scope, c] as const);
  test.each(cases)('%s · %s', (model, _scope, expected) => {
    const scoped = fixture.filter(
      (r) => r.model === model && r.condition === 'clean' && (expected.split === null || r.split === expected.split)
    );
    const r = reliability(scoped);
    expect(r.ece.denominator).toBe(expected.n);
    expect(r.missing.value).toBe(expected.missing);
    expect(Math.abs((r.ece.value as number) - expected.ece)).toBeLessThanOrEqual(1e-12);
    r.bins.forEach((b, i) => {
      const e = expected.bins[i];
      expect(b.n).toBe(e.n);
      if (e.n === 0) {
        expect(b.mean_probability).toBeNull();
        expect(b.accuracy).toBeNull();
      } else {
        expect(Math.abs((b.mean_probability as number) - e.mean_probability)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs((b.accuracy as number) - e.accuracy)).toBeLessThanOrEqual(1e-12);
      }
    });
  });

  test('the fixture has empty bins, an all-zero score row in bin 0 and a missing row', () => {
    const all = (golden.reliability as any[]).find((c) => c.scope === 'all');
    expect(all.bins[1].n).toBe(0);
    expect(all.bins[0].n).toBeGreaterThan(0);
    expect(all.missing).toBeGreaterThan(0);
  });
});
