/** Confusion counts (SPEC §8): row = true label, column = predicted, plus a `missing` column. */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { predictionOf } from '../../src/metrics/confusion.js';
import { confusionCounts } from './reference/array-forms.js';
import { fixture, golden } from './golden-fixtures.js';

function row(label: string, prediction: string | null, over: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    id: `${label}-${prediction}`,
    split: 'controlled',
    model: 'm',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label,
    clean_prediction: prediction,
    prediction,
    scores: prediction === null ? null : [1, 0, 0],
    margin: prediction === null ? null : 1,
    clean_margin: prediction === null ? null : 1,
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
    ...over
  };
}

describe('confusion counts', () => {
  test('rows are true labels, columns predictions in the given order, missing predictions in their own column', () => {
    const c = confusionCounts(
      [row('a', 'a'), row('a', 'b'), row('b', 'b'), row('b', null), row('a', 'c'), row('c', null), row('a', 'a')],
      ['a', 'b', 'c']
    );
    expect(c).toEqual({
      labels: ['a', 'b', 'c'],
      matrix: [
        [2, 1, 1],
        [0, 1, 0],
        [0, 0, 0]
      ],
      missing: [0, 1, 1],
      total: 7
    });
  });

  test('a row that is not ok counts as missing even if it carries a prediction', () => {
    const r = row('a', 'a', { status: 'timeout' });
    expect(predictionOf(r)).toBeNull();
    expect(confusionCounts([r], ['a']).missing).toEqual([1]);
  });

  test('an empty scope gives zero counts', () => {
    expect(confusionCounts([], ['a', 'b'])).toEqual({
      labels: ['a', 'b'],
      matrix: [
        [0, 0],
        [0, 0]
      ],
      missing: [0, 0],
      total: 0
    });
  });

  test('a label outside the list is an error, not a silent drop', () => {
    expect(() => confusionCounts([row('a', 'z')], ['a', 'b'])).toThrow(
      /prediction of row a-z "z" is not one of the labels/
    );
    expect(() => confusionCounts([row('z', 'a')], ['a', 'b'])).toThrow(/gold label/);
  });
});

describe('golden: sklearn confusion_matrix on the synthetic evidence', () => {
  const cases = (golden.classification as any[]).map((c) => [c.model, c.scope, c] as const);
  test.each(cases)('%s · %s', (model, _scope, expected) => {
    const scoped = fixture.filter(
      (r) =>
        r.model === model &&
        r.condition === 'clean' &&
        (expected.split === null || r.split === expected.split) &&
        (expected.language === null || r.language === expected.language)
    );
    const c = confusionCounts(scoped, golden.labels);
    expect(c.total).toBe(expected.n);
    expect(c.matrix).toEqual(expected.confusion);
    expect(c.missing).toEqual(expected.missing);
  });
});
