/** Worked examples (SPEC §13): breaches of a declared transition first, then other successes, then tested rows that held; never untested rows. */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { workedExamples } from '../../src/metrics/accounting.js';

function row(id: string, label: string, prediction: string, tested: boolean, success: boolean): EvidenceRow {
  return {
    id,
    split: 'test',
    model: 'm',
    condition: 'fgm',
    language: 'unknown',
    domain: null,
    text: null,
    perturbed_text: null,
    label,
    clean_prediction: label,
    prediction,
    scores: [0.5, 0.5],
    margin: 0,
    clean_margin: 0.2,
    changed: true,
    valid: true,
    invalid_reason: null,
    eligible: true,
    tested,
    success,
    uncovered: !tested,
    uncovered_reason: tested ? null : 'unchanged',
    status: 'ok',
    error: null,
    input_sha256: '',
    features: { x: 1 },
    perturbed_features: { x: 2 },
    exact: true
  };
}

test('protected breaches first, then other successes, then tested rows that held, each in evidence order', () => {
  const rows = [
    row('a', '0', '0', true, false),
    row('b', '0', '1', true, true),
    row('u', '1', '0', false, false),
    row('c', '1', '0', true, true),
    row('d', '1', '0', true, true)
  ];
  const transitions = [{ from: '1', to: '0' }];
  expect(workedExamples(rows, 3, transitions).map((w) => w.id)).toEqual(['c', 'd', 'b']);
  expect(workedExamples(rows, 5, transitions).map((w) => w.id)).toEqual(['c', 'd', 'b', 'a']);
  // Without declared transitions every success ranks alike.
  expect(workedExamples(rows, 3).map((w) => w.id)).toEqual(['b', 'c', 'd']);
});
