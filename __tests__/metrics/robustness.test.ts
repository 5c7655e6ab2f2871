/**
 * Per model × condition figures (SPEC §8), on hand-worked rows. Expected counts are written
 * out by hand below each fixture; intervals are checked against the golden bootstrap file
 * (scripts/golden/bootstrap.py) or against properties.
 */
import type { Condition } from '../../src/evidence/condition.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { conditionFigures, DESTRUCTIVE_REASON, type ConditionOptions } from '../../src/metrics/robustness.js';
import { bootstrapGolden as golden, countValues, type CountCase } from './golden-fixtures.js';

const BASE: EvidenceRow = {
  id: '',
  split: 'challenge',
  model: 'm',
  condition: 'clean',
  language: 'en',
  domain: null,
  text: null,
  perturbed_text: null,
  label: 'x',
  clean_prediction: null,
  prediction: null,
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
  status: 'ok',
  error: null,
  input_sha256: ''
};

interface Spec {
  id: string;
  label?: string;
  /** Clean prediction; null = the clean row is missing. */
  clean: string | null;
  /** Transformed prediction; null = the transformed row is missing (status error). */
  pred: string | null;
  changed?: boolean;
  valid?: boolean | null;
}

function build(
  specs: Spec[],
  condition: Condition = 'format',
  model = 'm'
): { rows: EvidenceRow[]; clean: Map<string, EvidenceRow> } {
  const clean = new Map<string, EvidenceRow>();
  const rows: EvidenceRow[] = [];
  for (const s of specs) {
    const label = s.label ?? 'x';
    const missing = (p: string | null) => ({
      status: p === null ? ('error' as const) : ('ok' as const),
      error: p === null ? 'model error' : null
    });
    clean.set(s.id, {
      ...BASE,
      id: s.id,
      model,
      label,
      prediction: s.clean,
      clean_prediction: s.clean,
      ...missing(s.clean)
    });
    const changed = s.changed ?? true;
    rows.push({
      ...BASE,
      id: s.id,
      model,
      condition,
      label,
      prediction: s.pred,
      clean_prediction: s.clean,
      changed,
      valid: s.valid === undefined ? true : s.valid,
      ...missing(s.pred)
    });
  }
  return { rows, clean };
}

const opts = (destructive = false, streamParts = ['delta', 'm', '', 'format', 'all']): ConditionOptions => ({
  destructive,
  iterations: 1000,
  level: 0.95,
  seed: 42,
  streamParts
});

function fig(f: { value: number | null; numerator: number | null; denominator: number | null; status: string }) {
  return [f.value, f.numerator, f.denominator, f.status];
}

describe('conditionFigures — a mixed hand-worked case', () => {
  // label x everywhere. C = changed ∧ valid = b c d e g h (6 rows); f is changed but invalid; a is unchanged.
  const specs: Spec[] = [
    { id: 'a', clean: 'x', pred: 'y', changed: false }, // unchanged: not in C even though the prediction moved
    { id: 'b', clean: 'x', pred: 'x' }, // stays correct        diff 0, no flip
    { id: 'c', clean: 'x', pred: 'y' }, // correct → wrong      diff −1, flip
    { id: 'd', clean: 'y', pred: 'x' }, // wrong → correct      diff +1, flip
    { id: 'e', clean: 'x', pred: null }, // transformed missing: diff −1, flip, incorrect
    { id: 'f', clean: 'x', pred: 'y', valid: false }, // invalid: excluded from C, counted in `invalid`
    { id: 'g', clean: 'y', pred: 'z' }, // wrong → other wrong  diff 0, flip
    { id: 'h', clean: 'y', pred: 'y' } //  stays wrong           diff 0, no flip
  ];
  const { rows, clean } = build(specs);
  const f = conditionFigures(rows, clean, opts());

  test('counts: N = 8, |changed| = 7, |C| = 6, invalid = 1 of 7', () => {
    expect(fig(f.changed)).toEqual([7, 7, 8, 'ok']);
    expect(fig(f.coverage)).toEqual([7 / 8, 7, 8, 'ok']);
    expect(fig(f.valid_changed)).toEqual([6, 6, 8, 'ok']);
    expect(fig(f.invalid)).toEqual([1, 1, 7, 'ok']);
  });

  test('flips = c d e g = 4: flip rate 4/8 over N, changed flip rate 4/6 over C', () => {
    expect(fig(f.flips)).toEqual([4, 4, 6, 'ok']);
    expect(fig(f.flip_rate)).toEqual([0.5, 4, 8, 'ok']);
    expect(fig(f.changed_flip_rate)).toEqual([4 / 6, 4, 6, 'ok']);
  });

  test('accuracies over C: modified 2/6 (b d), matched 3/6 (b c e), delta −1 of 6 = −16.67 pp', () => {
    expect(fig(f.modified_accuracy)).toEqual([2 / 6, 2, 6, 'ok']);
    expect(fig(f.matched_accuracy)).toEqual([3 / 6, 3, 6, 'ok']);
    expect(f.accuracy_delta_pp.numerator).toBe(-1);
    expect(f.accuracy_delta_pp.denominator).toBe(6);
    expect(f.accuracy_delta_pp.status).toBe('ok');
    expect(f.accuracy_delta_pp.value).toBeCloseTo(-100 / 6, 12);
  });

  test('the delta interval resamples the 6 ids of C and lies within [−100, +100] pp around the delta', () => {
    const i = f.delta_interval_pp;
    expect(i.status).toBe('ok');
    expect(i.n).toBe(6);
    expect([i.level, i.iterations]).toEqual([0.95, 1000]);
    expect(i.low as number).toBeGreaterThanOrEqual(-100);
    expect(i.high as number).toBeLessThanOrEqual(100);
    expect(i.low as number).toBeLessThanOrEqual(-100 / 6);
    expect(i.high as number).toBeGreaterThanOrEqual(-100 / 6);
  });

  test('row order does not matter; the same cell always gives the same interval', () => {
    const again = conditionFigures([...rows].reverse(), clean, opts());
    expect(again).toEqual(f);
  });
});

describe('conditionFigures — edge cases', () => {
  test('zero changed rows: flip rate 0/N is ok, everything over C is not_evaluated (never 0)', () => {
    const { rows, clean } = build([
      { id: 'a', clean: 'x', pred: 'x', changed: false },
      { id: 'b', clean: 'y', pred: 'y', changed: false, valid: null },
      { id: 'c', clean: 'x', pred: 'x', changed: false }
    ]);
    const f = conditionFigures(rows, clean, opts());
    expect(fig(f.changed)).toEqual([0, 0, 3, 'ok']);
    expect(fig(f.coverage)).toEqual([0, 0, 3, 'ok']);
    expect(fig(f.valid_changed)).toEqual([0, 0, 3, 'ok']);
    expect(fig(f.flips)).toEqual([0, 0, 0, 'ok']);
    expect(fig(f.flip_rate)).toEqual([0, 0, 3, 'ok']);
    expect(fig(f.invalid)).toEqual([0, 0, 0, 'ok']);
    for (const k of ['changed_flip_rate', 'modified_accuracy', 'matched_accuracy', 'accuracy_delta_pp'] as const) {
      expect(fig(f[k])).toEqual([null, 0, 0, 'not_evaluated']);
      expect(f[k].reason).toBeTruthy();
    }
    expect(f.delta_interval_pp).toMatchObject({ low: null, high: null, n: 0, status: 'not_evaluated' });
  });

  test('an empty scope: every rate is not_evaluated', () => {
    const f = conditionFigures([], new Map(), opts());
    expect(fig(f.changed)).toEqual([0, 0, 0, 'ok']);
    expect(f.coverage.status).toBe('not_evaluated');
    expect(f.flip_rate.status).toBe('not_evaluated');
    expect(f.modified_accuracy.status).toBe('not_evaluated');
  });

  test('all-correct model: no flips, both accuracies 1, delta 0 with interval [0, 0]', () => {
    const { rows, clean } = build([
      { id: 'a', label: 'x', clean: 'x', pred: 'x' },
      { id: 'b', label: 'y', clean: 'y', pred: 'y' },
      { id: 'c', label: 'z', clean: 'z', pred: 'z' }
    ]);
    const f = conditionFigures(rows, clean, opts());
    expect(fig(f.flips)).toEqual([0, 0, 3, 'ok']);
    expect(fig(f.modified_accuracy)).toEqual([1, 3, 3, 'ok']);
    expect(fig(f.matched_accuracy)).toEqual([1, 3, 3, 'ok']);
    expect(fig(f.accuracy_delta_pp)).toEqual([0, 0, 3, 'ok']);
    expect([f.delta_interval_pp.low, f.delta_interval_pp.high]).toEqual([0, 0]);
  });

  test('all-wrong model: accuracies 0 whether or not its wrong answers move', () => {
    const steady = build([
      { id: 'a', clean: 'y', pred: 'y' },
      { id: 'b', clean: 'z', pred: 'z' }
    ]);
    const s = conditionFigures(steady.rows, steady.clean, opts());
    expect(fig(s.flips)).toEqual([0, 0, 2, 'ok']);
    expect(fig(s.modified_accuracy)).toEqual([0, 0, 2, 'ok']);
    expect(fig(s.matched_accuracy)).toEqual([0, 0, 2, 'ok']);
    expect(fig(s.accuracy_delta_pp)).toEqual([0, 0, 2, 'ok']);
    expect([s.delta_interval_pp.low, s.delta_interval_pp.high]).toEqual([0, 0]);
    const moving = build([
      { id: 'a', clean: 'y', pred: 'z' },
      { id: 'b', clean: 'z', pred: 'y' }
    ]);
    const m = conditionFigures(moving.rows, moving.clean, opts());
    expect(fig(m.flips)).toEqual([2, 2, 2, 'ok']);
    expect(fig(m.changed_flip_rate)).toEqual([1, 2, 2, 'ok']);
    expect(fig(m.modified_accuracy)).toEqual([0, 0, 2, 'ok']);
  });

  test('a missing transformed row in C is a flip and incorrect: delta −100 pp, interval [−100, −100]', () => {
    const { rows, clean } = build([{ id: 'a', clean: 'x', pred: null }]);
    rows[0] = { ...(rows[0] as EvidenceRow), status: 'timeout', error: 'timed out' };
    const f = conditionFigures(rows, clean, opts());
    expect(fig(f.flips)).toEqual([1, 1, 1, 'ok']);
    expect(fig(f.flip_rate)).toEqual([1, 1, 1, 'ok']);
    expect(fig(f.modified_accuracy)).toEqual([0, 0, 1, 'ok']);
    expect(fig(f.matched_accuracy)).toEqual([1, 1, 1, 'ok']);
    expect(fig(f.accuracy_delta_pp)).toEqual([-100, -1, 1, 'ok']);
    expect([f.delta_interval_pp.low, f.delta_interval_pp.high]).toEqual([-100, -100]);
  });

  test('a missing clean row: its transformed answer differs from "no answer" (a flip), and the clean side is incorrect', () => {
    const { rows, clean } = build([
      { id: 'a', clean: null, pred: 'x' },
      { id: 'b', clean: null, pred: null }
    ]);
    const f = conditionFigures(rows, clean, opts());
    expect(fig(f.flips)).toEqual([2, 2, 2, 'ok']);
    expect(fig(f.modified_accuracy)).toEqual([0.5, 1, 2, 'ok']);
    expect(fig(f.matched_accuracy)).toEqual([0, 0, 2, 'ok']);
    expect(fig(f.accuracy_delta_pp)).toEqual([50, 1, 2, 'ok']);
  });

  test('invalid changed rows (valid false or null) are excluded from C and counted in invalid', () => {
    const { rows, clean } = build([
      { id: 'a', clean: 'x', pred: 'y', valid: false },
      { id: 'b', clean: 'x', pred: null, valid: false },
      { id: 'c', clean: 'x', pred: 'y', valid: null },
      { id: 'd', clean: 'x', pred: 'x' }
    ]);
    const f = conditionFigures(rows, clean, opts());
    expect(fig(f.changed)).toEqual([4, 4, 4, 'ok']);
    expect(fig(f.invalid)).toEqual([3, 3, 4, 'ok']);
    expect(fig(f.valid_changed)).toEqual([1, 1, 4, 'ok']);
    expect(fig(f.flips)).toEqual([0, 0, 1, 'ok']);
    expect(fig(f.flip_rate)).toEqual([0, 0, 4, 'ok']);
    expect(fig(f.modified_accuracy)).toEqual([1, 1, 1, 'ok']);
  });

  test('truncate (destructive): accuracies, delta and interval not_applicable, flips still counted', () => {
    const { rows, clean } = build(
      [
        { id: 'a', clean: 'x', pred: 'y' },
        { id: 'b', clean: 'x', pred: 'x' },
        { id: 'c', clean: 'x', pred: null },
        { id: 'd', clean: 'x', pred: 'x', changed: false }
      ],
      'truncate'
    );
    const f = conditionFigures(rows, clean, opts(true, ['delta', 'm', '', 'truncate', 'all']));
    expect(fig(f.changed)).toEqual([3, 3, 4, 'ok']);
    expect(fig(f.flips)).toEqual([2, 2, 3, 'ok']);
    expect(fig(f.flip_rate)).toEqual([0.5, 2, 4, 'ok']);
    expect(fig(f.changed_flip_rate)).toEqual([2 / 3, 2, 3, 'ok']);
    for (const k of ['modified_accuracy', 'matched_accuracy', 'accuracy_delta_pp'] as const) {
      expect(f[k]).toEqual({
        value: null,
        numerator: null,
        denominator: null,
        status: 'not_applicable',
        reason: DESTRUCTIVE_REASON
      });
    }
    expect(f.delta_interval_pp).toMatchObject({
      low: null,
      high: null,
      status: 'not_applicable',
      reason: DESTRUCTIVE_REASON
    });
  });

  test('the interval equals the golden count-based bootstrap of the per-id differences, whatever the row order', () => {
    const c = golden.count_bootstrap.find((b) => b.parts.join('|') === 'accuracy_delta|m||format|all') as CountCase;
    // d = +1: clean wrong, transformed right; d = −1: the reverse; d = 0: both right.
    const specs: Spec[] = countValues(c).map(({ id, d }) => ({
      id,
      clean: d === 1 ? 'y' : 'x',
      pred: d === -1 ? 'y' : 'x'
    }));
    const { rows, clean } = build(specs, 'format', 'm');
    const f = conditionFigures([...rows].reverse(), clean, {
      destructive: false,
      iterations: c.iterations,
      level: c.level,
      seed: c.seed,
      streamParts: c.parts
    });
    const n = c.plus + c.minus + c.zero;
    expect(f.delta_interval_pp).toEqual({
      low: c.low * 100,
      high: c.high * 100,
      level: c.level,
      iterations: c.iterations,
      n,
      status: 'ok',
      reason: null
    });
    expect(f.accuracy_delta_pp.numerator).toBe(c.plus - c.minus);
  });

  test('stream independence: computing cell X alone or after cell Y gives identical figures', () => {
    const x = build([
      { id: 'a', clean: 'x', pred: 'y' },
      { id: 'b', clean: 'y', pred: 'x' },
      { id: 'c', clean: 'x', pred: 'x' },
      { id: 'd', clean: 'x', pred: null }
    ]);
    const y = build(
      [
        { id: 'a', clean: 'x', pred: 'x' },
        { id: 'b', clean: 'x', pred: 'y' }
      ],
      'format',
      'other'
    );
    const alone = conditionFigures(x.rows, x.clean, opts(false, ['delta', 'm', '', 'format', 'all']));
    conditionFigures(y.rows, y.clean, opts(false, ['delta', 'other', '', 'format', 'all']));
    expect(conditionFigures(x.rows, x.clean, opts(false, ['delta', 'm', '', 'format', 'all']))).toEqual(alone);
    const otherScope = conditionFigures(x.rows, x.clean, opts(false, ['delta', 'm', '', 'format', 'challenge']));
    expect(otherScope.accuracy_delta_pp).toEqual(alone.accuracy_delta_pp);
  });

  test('integration errors throw: a clean row missing from the map, mixed models, clean rows as input', () => {
    const { rows, clean } = build([
      { id: 'a', clean: 'x', pred: 'x' },
      { id: 'b', clean: 'x', pred: 'x' }
    ]);
    clean.delete('b');
    expect(() => conditionFigures(rows, clean, opts())).toThrow(/no clean row for id "b"/);
    const mixed = build([{ id: 'a', clean: 'x', pred: 'x' }]);
    const other = build([{ id: 'b', clean: 'x', pred: 'x' }], 'format', 'm2');
    expect(() =>
      conditionFigures([...mixed.rows, ...other.rows], new Map([...mixed.clean, ...other.clean]), opts())
    ).toThrow(/mix/);
    expect(() => conditionFigures([...mixed.clean.values()], mixed.clean, opts())).toThrow(/not clean/);
    const wrongModel = build([{ id: 'a', clean: 'x', pred: 'x' }]);
    const foreign = build([{ id: 'a', clean: 'x', pred: 'x' }], 'format', 'm2');
    expect(() => conditionFigures(wrongModel.rows, foreign.clean, opts())).toThrow(/expected m\/clean/);
  });
});
