/** Abstention under a fixed probability or margin threshold (SPEC §8). */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { abstention, abstentionValue } from '../../src/metrics/abstention.js';
import { fixture, golden } from './golden-fixtures.js';

/** A row predicting `prediction` (gold a) with scores in label order [a, b]. */
function row(id: string, scores: [number, number] | null, over: Partial<EvidenceRow> = {}): EvidenceRow {
  const prediction = scores === null ? null : scores[0] >= scores[1] ? 'a' : 'b';
  const margin = scores === null ? null : Math.abs(scores[0] - scores[1]);
  return {
    id,
    split: 'controlled',
    model: 'm',
    condition: 'format',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label: 'a',
    clean_prediction: 'a',
    prediction,
    scores,
    margin,
    clean_margin: 0.5,
    changed: true,
    valid: true,
    invalid_reason: null,
    eligible: true,
    tested: scores !== null,
    success: prediction === 'b',
    uncovered: scores === null,
    uncovered_reason: scores === null ? 'missing' : null,
    status: scores === null ? 'timeout' : 'ok',
    error: scores === null ? 'timed out' : null,
    input_sha256: '',
    ...over
  };
}

const rows = [
  row('1', [0.9, 0.1]), // p .9, margin .8, right
  row('2', [0.3, 0.7]), // p .7, margin .4, wrong
  row('3', [0.6, 0.4]), // p .6, margin .2 (floating: 0.19999999999999996), right
  row('4', [0.55, 0.45]), // p .55, margin ≈ .1, right
  row('5', null) // missing
];

describe('abstention', () => {
  test('probability policy: value below the threshold abstains, equal is accepted, missing rows apart', () => {
    const a = abstention(rows, { on: 'probability', threshold: 0.6 });
    expect(a.abstained).toEqual({ value: 1 / 5, numerator: 1, denominator: 5, status: 'ok', reason: null });
    expect(a.accepted).toMatchObject({ value: 3, denominator: 5 });
    expect(a.accepted_but_wrong).toMatchObject({ value: 1, denominator: 3 });
    expect(a.accepted_error_rate).toMatchObject({ value: 1 / 3, numerator: 1, denominator: 3, status: 'ok' });
    expect(a.missing).toMatchObject({ value: 1, denominator: 5 });
    expect(a.policy).toEqual({ on: 'probability', threshold: 0.6 });
  });

  test('margin policy uses the row’s own margin', () => {
    expect(abstentionValue(rows[1] as EvidenceRow, 'margin')).toBeCloseTo(0.4, 15);
    const a = abstention(rows, { on: 'margin', threshold: 0.3 });
    expect([a.abstained.numerator, a.accepted.value, a.accepted_but_wrong.value, a.missing.value]).toEqual([
      2, 2, 1, 1
    ]);
  });

  test('abstained + accepted + missing = N', () => {
    for (const threshold of [0, 0.15, 0.5, 0.95, 2]) {
      const a = abstention(rows, { on: 'margin', threshold });
      expect((a.abstained.numerator as number) + (a.accepted.value as number) + (a.missing.value as number)).toBe(
        rows.length
      );
    }
  });

  test('a missing row is never accepted, even at threshold −∞', () => {
    const a = abstention([row('5', null)], { on: 'probability', threshold: -Infinity });
    expect(a.accepted.value).toBe(0);
    expect(a.missing.value).toBe(1);
    expect(a.accepted_error_rate.status).toBe('not_evaluated');
  });

  test('no rows: the abstained rate is not evaluated', () => {
    const a = abstention([], { on: 'margin', threshold: 0.1 });
    expect(a.abstained).toMatchObject({ value: null, status: 'not_evaluated' });
    expect(a.accepted_error_rate.status).toBe('not_evaluated');
  });
});

describe('golden: abstention counted in Python on the synthetic evidence', () => {
  const cases = (golden.abstention as any[]).map(
    (c) => [c.model, c.condition, c.scope, `${c.on} ${c.threshold}`, c] as const
  );
  test.each(cases)('%s · %s · %s · %s', (model, condition, _scope, _policy, expected) => {
    const scoped = fixture.filter(
      (r) => r.model === model && r.condition === condition && (expected.split === null || r.split === expected.split)
    );
    const a = abstention(scoped, { on: expected.on, threshold: expected.threshold });
    expect(a.abstained.denominator).toBe(expected.n);
    expect(a.abstained.numerator).toBe(expected.abstained);
    expect(a.accepted.value).toBe(expected.accepted);
    expect(a.accepted_but_wrong.value).toBe(expected.accepted_but_wrong);
    expect(a.missing.value).toBe(expected.missing);
    expect(a.abstained.value).toBe(expected.abstained_rate);
    expect(a.accepted_error_rate.value).toBe(expected.accepted_error_rate);
  });
});
