/** The `agreement` field of a repeated model's rows (docs/evidence.md): written last, read back checked. */
import { parseRow, type EvidenceRow } from '../../src/evidence/row.js';
import { RowSerializer } from '../../src/evidence/serialize.js';

const labels = ['a', 'b'];

function row(over: Partial<EvidenceRow> = {}): EvidenceRow {
  return {
    id: 'x',
    split: 'controlled',
    model: 'm',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: 't',
    perturbed_text: null,
    label: 'a',
    clean_prediction: 'a',
    prediction: 'a',
    scores: [0.6, 0.4],
    margin: 0.2,
    clean_margin: 0.2,
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
    input_sha256: 'ab'.repeat(32),
    ...over
  };
}

const keys = (line: string) => Object.keys(JSON.parse(line));

test('written last, after the search and tabular fields, as JavaScript prints the fraction; absent when the row has none', () => {
  const s = new RowSerializer(labels);
  const plain = s.line(row());
  expect(plain).not.toContain('agreement');
  const line = s.line(row({ agreement: 2 / 3 }));
  expect(line.endsWith(',"agreement":0.6666666666666666}')).toBe(true);
  expect(line.slice(0, -',"agreement":0.6666666666666666}'.length)).toBe(plain.slice(0, -1));
  expect(keys(s.line(row({ condition: 'search' as never, queries: 4, edits: [], agreement: 1 })))).toEqual([
    ...keys(plain),
    'queries',
    'edits',
    'agreement'
  ]);
  const tabular = s.line(
    row({
      features: { x: 1 },
      perturbed_features: null,
      exact: null,
      queries: null,
      gradient_evaluations: null,
      certified: null,
      tie: null,
      agreement: 0.5
    })
  );
  expect(keys(tabular).slice(-2)).toEqual(['tie', 'agreement']);
  expect(
    s.line(row({ status: 'error', error: 'e', prediction: null, scores: null, margin: null, agreement: null }))
  ).toMatch(/,"agreement":null\}$/);
});

test('read back: a number in (0, 1] on an ok row, null on a missing one; anything else is refused', () => {
  const s = new RowSerializer(labels);
  expect(parseRow(s.line(row({ agreement: 0.75 })), labels, 'e:1').agreement).toBe(0.75);
  expect(parseRow(s.line(row()), labels, 'e:1')).not.toHaveProperty('agreement');
  expect(
    parseRow(
      s.line(row({ status: 'timeout', error: 'late', prediction: null, scores: null, margin: null, agreement: null })),
      labels,
      'e:1'
    ).agreement
  ).toBeNull();
  const refused = 'e:1: field agreement must be a number in (0, 1] on an ok row and null on a missing one';
  for (const a of [0, 1.5, null, '1'])
    expect(() => parseRow(s.line(row()).replace(/\}$/, `,"agreement":${JSON.stringify(a)}}`), labels, 'e:1')).toThrow(
      refused
    );
  expect(() =>
    parseRow(
      s.line(row({ status: 'error', error: 'e', prediction: null, scores: null, margin: null, agreement: 1 })),
      labels,
      'e:1'
    )
  ).toThrow(refused);
});
