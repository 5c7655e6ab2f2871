/** Ledger figures per family and across families, and protected transitions (SPEC §7). */
import type { NonDestructiveFamily } from '../../src/config/families.js';
import type { ProtectedTransition } from '../../src/evidence/attack-success.js';
import { ledgerMasks } from '../../src/evidence/ledger.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { isInScope, type Objective } from '../../src/metrics/ledger.js';
import { familyLedger, protectedTransitions, unionLedger } from './reference/ledger.js';
import { fixture, golden } from './golden-fixtures.js';

const BASE: EvidenceRow = {
  id: 'x',
  split: 'controlled',
  model: 'm',
  condition: 'clean',
  language: 'en',
  domain: null,
  text: null,
  perturbed_text: null,
  label: 'limitation',
  clean_prediction: 'limitation',
  prediction: 'limitation',
  scores: [1, 0],
  margin: 1,
  clean_margin: 1,
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

function clean(id: string, gold: string, prediction: string | null): EvidenceRow {
  const ok = prediction !== null;
  return {
    ...BASE,
    id,
    label: gold,
    prediction,
    clean_prediction: prediction,
    status: ok ? 'ok' : 'error',
    error: ok ? null : 'exit 1',
    scores: ok ? [1, 0] : null,
    margin: ok ? 1 : null,
    clean_margin: ok ? 1 : null
  };
}

interface Candidate {
  prediction?: string | null;
  attempted?: boolean;
  changed?: boolean;
  valid?: boolean;
  ok?: boolean;
}

interface Setting {
  objective: Objective;
  transitions: ProtectedTransition[];
}

/** A family row whose masks are set by the engine's own rule from its clean row and candidate. */
function familyRow(
  family: NonDestructiveFamily,
  c: EvidenceRow,
  cand: Candidate,
  setting: Setting = UNTARGETED
): EvidenceRow {
  const { attempted = true, changed = true, valid = true, ok = true } = cand;
  const prediction = ok ? (cand.prediction ?? c.label) : null;
  const masks = ledgerMasks({
    objective: setting.objective,
    transitions: setting.transitions,
    gold: c.label,
    cleanOk: c.status === 'ok',
    cleanPrediction: c.prediction,
    attempted,
    changed,
    valid,
    rowOk: ok,
    prediction
  });
  return {
    ...c,
    condition: family,
    prediction,
    clean_prediction: c.prediction,
    changed,
    valid: attempted ? valid : null,
    status: ok ? 'ok' : 'timeout',
    error: ok ? null : 'timed out',
    scores: ok ? [1, 0] : null,
    margin: ok ? 1 : null,
    eligible: masks.eligible,
    tested: masks.tested,
    success: masks.success,
    uncovered: masks.uncovered,
    uncovered_reason: masks.uncovered_reason
  };
}

const TRANSITIONS: ProtectedTransition[] = [
  { from: 'limitation', to: 'result' },
  { from: 'gap', to: 'result' },
  { from: 'limitation', to: 'implication' }
];
const UNTARGETED: Setting = { objective: 'untargeted', transitions: TRANSITIONS };
const TARGETED: Setting = { objective: 'targeted', transitions: [{ from: 'limitation', to: 'result' }] };
const byId = (rows: EvidenceRow[]) => new Map(rows.map((r) => [r.id, r]));

describe('family ledger', () => {
  const cleanRows = [
    clean('1', 'limitation', 'limitation'),
    clean('2', 'limitation', 'limitation'),
    clean('3', 'result', 'result'),
    clean('4', 'result', 'result'),
    clean('5', 'gap', 'gap'),
    clean('6', 'gap', 'result'), // clean error: in scope, not eligible
    clean('7', 'gap', null) // missing clean row: out of scope
  ];
  const c = byId(cleanRows);
  const rows = [
    familyRow('format', c.get('1') as EvidenceRow, {}), // tested, robust
    familyRow('format', c.get('2') as EvidenceRow, { prediction: 'method' }), // success
    familyRow('format', c.get('3') as EvidenceRow, { changed: false }), // uncovered: unchanged
    familyRow('format', c.get('4') as EvidenceRow, { valid: false }), // uncovered: invalid
    familyRow('format', c.get('5') as EvidenceRow, { ok: false }), // uncovered: missing
    familyRow('format', c.get('6') as EvidenceRow, { prediction: 'method' }),
    familyRow('format', c.get('7') as EvidenceRow, {})
  ];

  test('counts and rates by hand', () => {
    const l = familyLedger(rows, c, 'untargeted', TRANSITIONS);
    expect(l.rows).toBe(7);
    expect(
      [l.in_scope, l.eligible, l.tested, l.successes, l.robust, l.uncovered].map((f) => [f.numerator, f.denominator])
    ).toEqual([
      [6, 7],
      [5, 6],
      [2, 5],
      [1, 2],
      [1, 6],
      [3, 5]
    ]);
    expect(l.uncovered_by_reason).toEqual({ unchanged: 1, no_dictionary: 0, invalid: 1, missing: 1 });
    expect(l.attack_success).toEqual({ value: 0.5, numerator: 1, denominator: 2, status: 'ok', reason: null });
    expect(l.eligible_coverage).toMatchObject({ value: 2 / 5, status: 'ok' });
    expect(l.robust_accuracy).toMatchObject({ value: 1 / 6, status: 'ok' });
  });

  test('a family with zero tested rows: attack success not evaluated (never 0%), coverage 0', () => {
    const dictionary = cleanRows.map((r) =>
      familyRow('dictionary', r, { attempted: false, changed: false, valid: false })
    );
    const l = familyLedger(dictionary, c, 'untargeted', TRANSITIONS);
    expect(l.attack_success).toMatchObject({
      value: null,
      numerator: 0,
      denominator: 0,
      status: 'not_evaluated',
      reason: 'no tested rows'
    });
    expect(l.eligible_coverage).toMatchObject({ value: 0, status: 'ok' });
    expect(l.robust_accuracy).toMatchObject({ value: 0, status: 'ok' });
    expect(l.uncovered_by_reason.no_dictionary).toBe(5);
  });

  test('no rows: every rate not evaluated', () => {
    const l = familyLedger([], c, 'untargeted', TRANSITIONS);
    expect([l.attack_success.status, l.eligible_coverage.status, l.robust_accuracy.status]).toEqual([
      'not_evaluated',
      'not_evaluated',
      'not_evaluated'
    ]);
  });

  test('targeted objective: only gold ∈ declared from labels is in scope, success only into a declared pair', () => {
    const t = TARGETED;
    const cr = [
      clean('a', 'limitation', 'limitation'),
      clean('b', 'limitation', 'limitation'),
      clean('c', 'result', 'result'),
      clean('d', 'method', 'method')
    ];
    const m = byId(cr);
    const tr = [
      familyRow('append', m.get('a') as EvidenceRow, { prediction: 'result' }, t), // protected move: success
      familyRow('append', m.get('b') as EvidenceRow, { prediction: 'method' }, t), // wrong, but not a declared pair
      familyRow('append', m.get('c') as EvidenceRow, { prediction: 'limitation' }, t), // out of scope
      familyRow('append', m.get('d') as EvidenceRow, { prediction: 'result' }, t) // out of scope
    ];
    expect(cr.map((r) => isInScope(r, 'targeted', t.transitions))).toEqual([true, true, false, false]);
    const l = familyLedger(tr, m, 'targeted', t.transitions);
    expect([l.in_scope.value, l.eligible.value, l.tested.value, l.successes.value, l.robust.value]).toEqual([
      2, 2, 2, 1, 1
    ]);
    expect(l.robust_accuracy.value).toBe(0.5);
    // Reading targeted rows as untargeted puts them all in scope; the stored masks still say 2 eligible.
    expect(familyLedger(tr, m, 'untargeted', t.transitions).in_scope.value).toBe(4);
  });

  test('rows masked under another objective are rejected rather than miscounted', () => {
    const cr = [clean('d', 'method', 'method')];
    const untargetedRow = familyRow('format', cr[0] as EvidenceRow, {});
    expect(() => familyLedger([untargetedRow], byId(cr), 'targeted', TARGETED.transitions)).toThrow(
      /eligible but not in scope/
    );
  });

  test('caller errors throw: rows without masks, no clean row, a clean row of another model', () => {
    const r = rows[0] as EvidenceRow;
    expect(() =>
      familyLedger(
        [{ ...r, condition: 'truncate', eligible: null, tested: null, success: null, uncovered: null }],
        c,
        'untargeted',
        []
      )
    ).toThrow(/no ledger masks/);
    expect(() => familyLedger([r], new Map(), 'untargeted', [])).toThrow(/no clean row for id "1"/);
    expect(() =>
      familyLedger([r], new Map([['1', { ...(c.get('1') as EvidenceRow), model: 'other' }]]), 'untargeted', [])
    ).toThrow(/expected model m/);
  });
});

describe('union across families', () => {
  const cleanRows = [
    clean('1', 'limitation', 'limitation'),
    clean('2', 'result', 'result'),
    clean('3', 'gap', 'gap'),
    clean('4', 'result', 'result'),
    clean('5', 'gap', 'result')
  ];
  const c = byId(cleanRows);
  const get = (id: string) => c.get(id) as EvidenceRow;
  const format = [
    familyRow('format', get('1'), { prediction: 'gap' }), // success
    familyRow('format', get('2'), {}),
    familyRow('format', get('3'), {}),
    familyRow('format', get('4'), { ok: false }), // missing here
    familyRow('format', get('5'), {})
  ];
  const dictionary = [
    familyRow('dictionary', get('1'), { changed: false }),
    familyRow('dictionary', get('2'), { prediction: 'gap' }), // success, disjoint from format's
    familyRow('dictionary', get('3'), { changed: false }),
    familyRow('dictionary', get('4'), {}), // tested and right here
    familyRow('dictionary', get('5'), {})
  ];
  const families = new Map<NonDestructiveFamily, EvidenceRow[]>([
    ['format', format],
    ['dictionary', dictionary]
  ]);

  test('disjoint successes are unioned per id, not averaged', () => {
    const u = unionLedger(families, c, 'untargeted', TRANSITIONS);
    const f = familyLedger(format, c, 'untargeted', TRANSITIONS);
    const d = familyLedger(dictionary, c, 'untargeted', TRANSITIONS);
    expect([f.attack_success.value, d.attack_success.value]).toEqual([1 / 3, 1 / 2]);
    expect(u.families).toEqual(['format', 'dictionary']);
    expect(u.union_success).toEqual({ value: 0.5, numerator: 2, denominator: 4, status: 'ok', reason: null });
    expect(u.union_success.value).not.toBeCloseTo((1 / 3 + 1 / 2) / 2, 6);
    expect(u.success_ids).toEqual(['1', '2']);
    expect(u.union_coverage).toMatchObject({ value: 1, numerator: 4, denominator: 4 });
    expect([u.in_scope.value, u.eligible.value, u.tested.value, u.successes.value, u.untested.value]).toEqual([
      5, 4, 4, 2, 0
    ]);
  });

  test('union robust: tested somewhere, no success anywhere, missing nowhere; over in-scope ids', () => {
    const u = unionLedger(families, c, 'untargeted', TRANSITIONS);
    // id 3 is robust; id 4 was tested by dictionary but is missing under format
    expect(u.robust.value).toBe(1);
    expect(u.union_robust_accuracy).toMatchObject({ value: 1 / 5, numerator: 1, denominator: 5 });
  });

  test('an id tested by no family is untested and never robust', () => {
    const only = new Map<NonDestructiveFamily, EvidenceRow[]>([['dictionary', dictionary]]);
    const u = unionLedger(only, c, 'untargeted', TRANSITIONS);
    expect([u.tested.value, u.untested.value, u.robust.value]).toEqual([2, 2, 1]);
    expect(u.union_coverage.value).toBe(0.5);
  });

  test('no family: rates not evaluated', () => {
    const u = unionLedger(new Map(), c, 'untargeted', TRANSITIONS);
    expect([u.union_success.status, u.union_coverage.status, u.union_robust_accuracy.status]).toEqual([
      'not_evaluated',
      'not_evaluated',
      'not_evaluated'
    ]);
  });

  test('rows filed under the wrong family are rejected', () => {
    expect(() => unionLedger(new Map([['append', format]]), c, 'untargeted', TRANSITIONS)).toThrow(
      /condition format, given as family append/
    );
  });
});

describe('protected transitions', () => {
  const cleanRows = [
    clean('A', 'limitation', 'limitation'),
    clean('B', 'gap', 'gap'),
    clean('C', 'limitation', 'limitation'),
    clean('D', 'limitation', 'result'), // clean protected confusion, not gated
    clean('E', 'gap', null)
  ];
  const c = byId(cleanRows);
  const get = (id: string) => c.get(id) as EvidenceRow;
  const families = new Map<NonDestructiveFamily, EvidenceRow[]>([
    [
      'format',
      [
        familyRow('format', get('A'), { prediction: 'result' }),
        familyRow('format', get('B'), {}),
        familyRow('format', get('C'), { prediction: 'method' }),
        familyRow('format', get('D'), { prediction: 'result' }),
        familyRow('format', get('E'), { prediction: 'result' })
      ]
    ],
    [
      'dictionary',
      [
        familyRow('dictionary', get('A'), { prediction: 'implication' }),
        familyRow('dictionary', get('B'), { prediction: 'result' }),
        familyRow('dictionary', get('C'), { changed: false }),
        familyRow('dictionary', get('D'), {}),
        familyRow('dictionary', get('E'), {})
      ]
    ]
  ]);

  test('each id once across families; per pair and per family counts; clean confusions apart', () => {
    const p = protectedTransitions(families, c, TRANSITIONS);
    expect(p.protected_transitions).toEqual({ value: 2, numerator: 2, denominator: 3, status: 'ok', reason: null });
    expect(p.ids).toEqual(['A', 'B']);
    expect(p.by_transition).toEqual([
      { from: 'limitation', to: 'result', count: 1 },
      { from: 'gap', to: 'result', count: 1 },
      { from: 'limitation', to: 'implication', count: 1 }
    ]);
    expect(p.by_family).toEqual([
      { family: 'format', count: 1 },
      { family: 'dictionary', count: 2 }
    ]);
    expect(p.clean_confusions).toMatchObject({ value: 1, denominator: 5, status: 'ok' });
    expect(p.clean_confusion_ids).toEqual(['D']);
    expect(p.clean_by_transition.map((t) => t.count)).toEqual([1, 0, 0]);
  });

  test('not applicable without declared transitions or without families; not evaluated when nothing was tested', () => {
    expect(protectedTransitions(families, c, []).protected_transitions.status).toBe('not_applicable');
    expect(protectedTransitions(families, c, []).clean_confusions.status).toBe('not_applicable');
    expect(protectedTransitions(new Map(), c, TRANSITIONS).protected_transitions.status).toBe('not_applicable');
    const untested = new Map<NonDestructiveFamily, EvidenceRow[]>([
      ['format', cleanRows.map((r) => familyRow('format', r, { changed: false }))]
    ]);
    expect(protectedTransitions(untested, c, TRANSITIONS).protected_transitions).toMatchObject({
      value: null,
      status: 'not_evaluated'
    });
  });
});

describe('golden: ledger counted in Python on the synthetic evidence', () => {
  const objective = golden.objective as Objective;
  const transitions = golden.transitions as ProtectedTransition[];
  const scoped = (model: string, condition: string, split: string | null) =>
    fixture.filter((r) => r.model === model && r.condition === condition && (split === null || r.split === split));
  const cleanOf = (model: string) => byId(scoped(model, 'clean', null));

  test.each((golden.ledger as any[]).map((e) => [e.model, e.family, e.scope, e] as const))(
    'family %s · %s · %s',
    (model, family, _scope, e) => {
      const l = familyLedger(scoped(model, family, e.split), cleanOf(model), objective, transitions);
      expect([
        l.rows,
        l.in_scope.value,
        l.eligible.value,
        l.tested.value,
        l.successes.value,
        l.robust.value,
        l.uncovered.value
      ]).toEqual([e.rows, e.in_scope, e.eligible, e.tested, e.successes, e.robust, e.uncovered]);
      expect(l.uncovered_by_reason).toEqual(e.uncovered_by_reason);
      expect([l.attack_success.value, l.eligible_coverage.value, l.robust_accuracy.value]).toEqual([
        e.attack_success,
        e.eligible_coverage,
        e.robust_accuracy
      ]);
    }
  );

  test.each((golden.union as any[]).map((e) => [e.model, e.scope, e] as const))('union %s · %s', (model, _scope, e) => {
    const families = new Map<NonDestructiveFamily, EvidenceRow[]>(
      (e.families as NonDestructiveFamily[]).map((f) => [f, scoped(model, f, e.split)])
    );
    const u = unionLedger(families, cleanOf(model), objective, transitions);
    expect([
      u.in_scope.value,
      u.eligible.value,
      u.tested.value,
      u.successes.value,
      u.untested.value,
      u.robust.value
    ]).toEqual([e.in_scope, e.eligible, e.tested, e.successes, e.untested, e.robust]);
    expect(u.success_ids).toEqual(e.success_ids);
    expect([u.union_success.value, u.union_coverage.value, u.union_robust_accuracy.value]).toEqual([
      e.union_success,
      e.union_coverage,
      e.union_robust_accuracy
    ]);
  });

  test.each((golden.protected as any[]).map((e) => [e.model, e.scope, e] as const))(
    'protected %s · %s',
    (model, _scope, e) => {
      const families = new Map<NonDestructiveFamily, EvidenceRow[]>(
        (golden.union[0].families as NonDestructiveFamily[]).map((f) => [f, scoped(model, f, e.split)])
      );
      const p = protectedTransitions(families, byId(scoped(model, 'clean', e.split)), transitions);
      expect([p.protected_transitions.value, p.protected_transitions.denominator]).toEqual([e.count, e.tested]);
      expect(p.ids).toEqual(e.ids);
      expect(p.by_transition).toEqual(e.by_transition);
      expect(p.by_family).toEqual(e.by_family);
      expect([p.clean_confusions.value, p.clean_confusions.denominator]).toEqual([e.clean_confusions, e.clean_rows]);
      expect(p.clean_confusion_ids).toEqual(e.clean_confusion_ids);
      expect(p.clean_by_transition).toEqual(e.clean_by_transition);
    }
  );

  test('the fixture exercises every uncovered reason and a union robust row excluded as missing', () => {
    const all = (golden.ledger as any[]).filter((e) => e.scope === 'all');
    for (const reason of ['unchanged', 'no_dictionary', 'invalid', 'missing'])
      expect(all.some((e) => e.uncovered_by_reason[reason] > 0)).toBe(true);
    expect((golden.protected as any[]).some((e) => e.count > 0)).toBe(true);
    expect((golden.union as any[]).some((e) => e.robust < e.tested - e.successes)).toBe(true);
  });
});
