/**
 * The table of metric cells (src/metrics/cells/table.ts): every field of a model's metrics is
 * filled by exactly one cell, each cell reports exactly the fields it declares, and a cell a
 * model or task has no use for leaves its declared fallback (or nothing) in its place.
 */
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { CellContext, ModelExample } from '../../src/metrics/cells/cell.js';
import { MODEL_CELLS } from '../../src/metrics/cells/table.js';
import { ALL, type MetricFacts, type ModelMetrics } from '../../src/metrics/metrics.js';

/** Fields the accumulator fills itself, outside the cells. */
const OWN: Array<keyof ModelMetrics> = ['model', 'probabilities', 'label_only', 'missing_rows'];
const ALL_FIELDS: Array<keyof ModelMetrics> = [
  'model',
  'probabilities',
  'label_only',
  'missing_rows',
  'accuracy',
  'classification',
  'generalization_gap_pp',
  'robustness',
  'ledger',
  'union',
  'protected_transitions',
  'selective',
  'reliability',
  'abstention',
  'accounting',
  'worked_examples',
  'attack_examples',
  'search',
  'exact_certificate',
  'attack_strength',
  'repeat'
];

function facts(task: 'text' | 'tabular', abstain: boolean): MetricFacts {
  return {
    task,
    labels: ['a', 'b'],
    models: [{ name: 'm', probabilities: true }],
    conditions: task === 'text' ? ['clean', 'format', 'truncate'] : ['clean', 'fgm'],
    objective: 'untargeted',
    transitions: [],
    seed: 1,
    bootstrapIterations: 10,
    pairedIterations: 10,
    interval: 0.95,
    abstainBelow: abstain ? { m: { on: 'margin', threshold: 0.1 } } : {},
    splits: ['controlled', 'challenge'],
    languages: ['en'],
    lengthHistogram: {},
    overlap: []
  };
}

function contextOf(f: MetricFacts, probabilities = true): CellContext {
  const perturbed = f.conditions.slice(1);
  return {
    facts: f,
    model: { name: 'm', probabilities },
    scopes: [ALL, ...f.splits],
    perturbed,
    families: perturbed.filter((c) => c === 'format' || c === 'fgm') as never,
    policy: f.abstainBelow.m
  };
}

function cleanRow(): EvidenceRow {
  return {
    id: '1',
    split: 'controlled',
    model: 'm',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label: 'a',
    clean_prediction: 'a',
    prediction: 'a',
    scores: [0.9, 0.1],
    margin: 0.8,
    clean_margin: 0.8,
    changed: false,
    valid: null,
    invalid_reason: null,
    status: 'ok',
    error: null,
    eligible: null,
    tested: null,
    success: null,
    uncovered: null
  } as unknown as EvidenceRow;
}

test('the cells between them fill every field of a model, each field once', () => {
  const declared = MODEL_CELLS.flatMap((k) => [...k.fields]);
  expect(new Set(declared).size).toBe(declared.length);
  expect([...OWN, ...declared].sort()).toEqual([...ALL_FIELDS].sort());
});

test.each([
  ['text', true, true],
  ['tabular', false, false]
] as const)('each cell finishes with exactly its declared fields (%s task)', (task, abstain, probabilities) => {
  const f = facts(task, abstain);
  const context = contextOf(f, probabilities);
  const example: ModelExample = {
    id: '1',
    split: 'controlled',
    language: 'en',
    rows: [cleanRow()],
    clean: cleanRow(),
    scopes: [0, 1],
    familyRows: []
  };
  for (const kind of MODEL_CELLS) {
    const cell = kind.make(context);
    if (cell === null) {
      // Without a cell, only declared fields may be set in its place.
      for (const key of Object.keys(kind.without ?? {})) expect(kind.fields).toContain(key);
      continue;
    }
    cell.add(example);
    expect(Object.keys(cell.finish({ labelOnly: false })).sort()).toEqual([...kind.fields].sort());
  }
});

test('a model without probabilities or policy, in a text run, has no reliability, abstention or accounting cells', () => {
  const context = contextOf(facts('text', false), false);
  const absent = MODEL_CELLS.filter((k) => k.make(context) === null).flatMap((k) => [...k.fields]);
  expect(absent.sort()).toEqual([
    'abstention',
    'accounting',
    'attack_examples',
    'attack_strength',
    'exact_certificate',
    'reliability',
    'repeat',
    'search',
    'worked_examples'
  ]);
});

test('a model asked 3 times per input has the repeat cell; its rows must carry an agreement of k/3', () => {
  const f = facts('text', false);
  const context = { ...contextOf(f, false), model: { name: 'm', probabilities: false, repeat: 3 } };
  const cell = MODEL_CELLS.find((k) => k.fields.includes('repeat'))?.make(context);
  if (!cell) throw new Error('expected the repeat cell');
  const row = { ...cleanRow(), agreement: 2 / 3 };
  cell.add({ id: '1', split: 'controlled', language: 'en', rows: [row], clean: row, scopes: [0, 1], familyRows: [] });
  const repeat = cell.finish({ labelOnly: false }).repeat;
  expect(repeat?.repeat).toBe(3);
  expect(repeat?.clean_flip_rate[0]?.figure).toMatchObject({ numerator: 1, denominator: 1 });
  const bad = { ...cleanRow(), agreement: 0.5 };
  expect(() =>
    cell.add({ id: '1', split: 'controlled', language: 'en', rows: [bad], clean: bad, scopes: [0, 1], familyRows: [] })
  ).toThrow('agreement 0.5 is not k/3');
});
