/**
 * The search cell's success–budget curve (docs/search.md#evidence-and-figures), checked against
 * figures worked out by hand from a few rows: for q = 1 … budget, the successes found within q
 * queries ÷ tested, from each row's query count.
 */
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { CellContext, ModelExample } from '../../src/metrics/cells/cell.js';
import { searchCell } from '../../src/metrics/cells/search.js';
import { ALL, type MetricFacts } from '../../src/metrics/metrics.js';
import { successesWithin } from '../../src/metrics/search.js';

const FACTS: MetricFacts = {
  task: 'text',
  labels: ['a', 'b'],
  models: [{ name: 'm', probabilities: true }],
  conditions: ['clean', 'format', 'search'],
  objective: 'untargeted',
  transitions: [],
  seed: 1,
  bootstrapIterations: 10,
  pairedIterations: 10,
  interval: 0.95,
  abstainBelow: {},
  splits: ['controlled', 'challenge'],
  languages: ['en'],
  lengthHistogram: {},
  overlap: [],
  searchBudget: 10
};

const CONTEXT: CellContext = {
  facts: FACTS,
  model: { name: 'm', probabilities: true },
  scopes: [ALL, 'controlled', 'challenge'],
  perturbed: ['format', 'search'],
  families: ['format', 'search'],
  policy: undefined
};

function row(condition: string, over: Partial<EvidenceRow>): EvidenceRow {
  return {
    id: 'x',
    split: 'controlled',
    model: 'm',
    condition,
    language: 'en',
    label: 'a',
    status: 'ok',
    eligible: true,
    tested: true,
    success: false,
    ...over
  } as unknown as EvidenceRow;
}

/** One example: its clean row, a format row and the search row with `queries`, `success` and `edits`. */
function example(id: string, split: string, search: Partial<EvidenceRow>): ModelExample {
  const clean = row('clean', { id, split, eligible: null, tested: null, success: null });
  return {
    id,
    split,
    language: 'en',
    rows: [clean, row('format', { id, split }), row('search', { id, split, ...search })],
    clean,
    scopes: [0, split === 'controlled' ? 1 : 2],
    familyRows: []
  };
}

const edits = (n: number) => Array.from({ length: n }, (_, i) => ({ op: 'format', word: i, from: 'w', to: 'W' }));

test('the curve, the queries and the words changed, worked by hand', () => {
  const cell = searchCell.make(CONTEXT);
  expect(cell).not.toBeNull();
  // Controlled: successes at 3, 3 and 7 queries; one failure that spent the budget (10).
  cell?.add(example('c1', 'controlled', { queries: 3, success: true, edits: edits(1) }));
  cell?.add(example('c2', 'controlled', { queries: 7, success: true, edits: edits(2) }));
  cell?.add(example('c3', 'controlled', { queries: 3, success: true, edits: edits(1) }));
  cell?.add(example('c4', 'controlled', { queries: 10, success: false, edits: edits(2) }));
  // Challenge: one failure that stopped early (4 queries) and one row that was not tested (no_edit).
  cell?.add(example('h1', 'challenge', { queries: 4, success: false, edits: edits(1) }));
  cell?.add(example('h2', 'challenge', { queries: 0, tested: false, success: null, edits: [] }));
  const search = cell?.finish({ labelOnly: false }).search ?? [];
  const all = search.find((s) => s.scope === ALL);
  const challenge = search.find((s) => s.scope === 'challenge');

  // All rows: 5 tested, 3 successes; within 1–2 queries 0, 3–6 → 2, 7–10 → 3 (so 0, 0.4, 0.6 of tested).
  expect(all).toMatchObject({
    tested: 5,
    successes: 3,
    budget: 10,
    success_budget_curve: [
      { queries: 3, successes: 2 },
      { queries: 7, successes: 3 }
    ]
  });
  const curve = all?.success_budget_curve ?? [];
  const byHand = [0, 0, 2, 2, 2, 2, 3, 3, 3, 3];
  expect(Array.from({ length: 10 }, (_, i) => successesWithin(curve, i + 1))).toEqual(byHand);
  expect(all?.attack_success).toMatchObject({ value: 0.6, numerator: 3, denominator: 5 });
  // Queries over tested rows: (3 + 7 + 3 + 10 + 4) / 5 = 5.4, median 4; over successes: 13 / 3, median 3.
  expect(all?.queries_mean_tested.value).toBeCloseTo(5.4, 12);
  expect(all?.queries_median_tested.value).toBe(4);
  expect(all?.queries_mean_success.value).toBeCloseTo(13 / 3, 12);
  expect(all?.queries_median_success.value).toBe(3);
  // Words changed per success: (1 + 2 + 1) / 3.
  expect(all?.words_changed_per_success.value).toBeCloseTo(4 / 3, 12);

  // Challenge: 1 tested, no success: the curve is empty (0 at every q), the rate 0 of 1, not "not evaluated".
  expect(challenge).toMatchObject({ tested: 1, successes: 0, success_budget_curve: [] });
  expect(challenge?.attack_success).toMatchObject({ value: 0, numerator: 0, denominator: 1 });
  expect(challenge?.queries_mean_success.status).toBe('not_evaluated');
});

test('no tested row: every rate is not evaluated, never 0', () => {
  const cell = searchCell.make(CONTEXT);
  cell?.add(example('h2', 'challenge', { queries: 0, tested: false, success: null, edits: [] }));
  const all = cell?.finish({ labelOnly: false }).search?.find((s) => s.scope === ALL);
  expect(all).toMatchObject({ tested: 0, successes: 0, success_budget_curve: [] });
  expect(all?.attack_success.status).toBe('not_evaluated');
});

test('successesWithin reads the step function: before the first point 0, past the last point the last count', () => {
  const curve = [
    { queries: 2, successes: 1 },
    { queries: 5, successes: 4 }
  ];
  expect([0, 1, 2, 4, 5, 6, 1000].map((q) => successesWithin(curve, q))).toEqual([0, 0, 1, 1, 4, 4, 4]);
  expect(successesWithin([], 10)).toBe(0);
});
