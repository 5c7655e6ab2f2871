/** What a pull request changed, check by check (docs/gate.md): the five kinds, exact comparison, thresholds that moved, and block_on. */
import { judgeChange, exactValue, type BaselineCheck } from '../../src/gate/change.js';
import type { Check, CheckStatus, Direction } from '../../src/gate/check.js';
import { gateResult } from '../../src/gate/checks.js';
import { knownFailureAnnotations } from '../../src/action/annotations.js';
import { changeSentence } from '../../src/report/summary-changes.js';
import { compareFractions, type Fraction } from '../../src/util/fraction.js';

function check(over: Partial<Check> & { status: CheckStatus }): Check {
  return {
    id: over.id ?? 'challenge_accuracy/m',
    check: over.check ?? 'challenge_accuracy',
    subject: 'm',
    qualifier: null,
    scope: 'challenge',
    value: null,
    numerator: null,
    denominator: null,
    direction: 'min',
    threshold: 0.75,
    config_key: 'gate.min_challenge_accuracy',
    config_line: 3,
    threshold_is_default: true,
    judged: true,
    reason: null,
    ...over
  };
}

function base(c: Check, over: Partial<BaselineCheck> = {}): BaselineCheck {
  return {
    id: c.id,
    check: c.check,
    status: c.status,
    value: c.value,
    numerator: c.numerator,
    denominator: c.denominator,
    direction: c.direction,
    threshold: c.threshold,
    ...over
  };
}

const rate = (status: CheckStatus, num: number, den: number, direction: Direction = 'min', threshold = 0.75): Check =>
  check({ status, value: num / den, numerator: num, denominator: den, direction, threshold });

describe('the five kinds of change', () => {
  test.each<[string, string, Check, Check | undefined]>([
    ['fails now, passed before', 'new_failure', rate('fail', 1, 2), rate('pass', 4, 5)],
    ['fails now, absent before', 'new_failure', rate('fail', 1, 2), undefined],
    ['passes now, absent before', 'unchanged', rate('pass', 4, 5), undefined],
    ['passes in both', 'unchanged', rate('pass', 4, 5), rate('pass', 9, 10)],
    ['failed before, passes now', 'fixed', rate('pass', 4, 5), rate('fail', 1, 2)],
    ['fails in both, the same value', 'known', rate('fail', 1, 2), rate('fail', 1, 2)],
    ['fails in both, nearer the floor now', 'known', rate('fail', 2, 3), rate('fail', 1, 2)],
    ['fails in both, further below the floor now', 'worse', rate('fail', 1, 3), rate('fail', 1, 2)]
  ])('%s → %s', (_what, expected, head, before) => {
    expect(judgeChange(head, before && base(before), false, false).change).toBe(expected);
    expect(judgeChange(head, before && base(before), false, false).baseline_status).toBe(before?.status ?? 'absent');
  });

  test('a ceiling: larger is worse, smaller is not', () => {
    const at = (n: number) =>
      check({
        id: 'flip_rate/m/format',
        check: 'flip_rate',
        status: 'fail',
        value: n / 10,
        numerator: n,
        denominator: 10,
        direction: 'max',
        threshold: 0.2
      });
    expect(judgeChange(at(5), base(at(4)), false, false).change).toBe('worse');
    expect(judgeChange(at(4), base(at(5)), false, false).change).toBe('known');
  });

  test('counts are compared exactly, as fractions: 1/3 and 2/6 are the same value', () => {
    const a = rate('fail', 1, 3);
    const b = rate('fail', 2, 6);
    expect(judgeChange(a, base(b), false, false).change).toBe('known');
    expect(judgeChange(b, base(a), false, false).change).toBe('known');
    // Percentage points of counts: the value is 100 × numerator / denominator.
    const pp = (num: number, den: number) =>
      check({
        id: 'accuracy_drop/m/format',
        check: 'accuracy_drop',
        status: 'fail',
        value: (100 * num) / den,
        numerator: num,
        denominator: den,
        direction: 'max',
        threshold: 5
      });
    expect(exactValue(pp(1, 3))).toEqual({ num: 100n, den: 3n });
    expect(compareFractions(exactValue(pp(1, 3)) as Fraction, exactValue(pp(2, 6)) as Fraction)).toBe(0);
    // A count: the value is the numerator.
    expect(
      exactValue(check({ check: 'missing_rows', status: 'fail', value: 4, numerator: 4, denominator: 184 }))
    ).toEqual({ num: 4n, den: 1n });
    // A kind this build does not name: the value is recognised as a ratio of its counts, else compared as a number.
    expect(
      exactValue(check({ check: 'some_rate', status: 'fail', value: 2 / 7, numerator: 2, denominator: 7 }))
    ).toEqual({ num: 2n, den: 7n });
    expect(
      exactValue(check({ check: 'some_pp', status: 'fail', value: 200 / 7, numerator: 2, denominator: 7 }))
    ).toEqual({ num: 200n, den: 7n });
    expect(
      exactValue(check({ check: 'some_score', status: 'fail', value: 0.123, numerator: 2, denominator: 7 }))
    ).toBeNull();
    expect(judgeChange(pp(2, 6), base(pp(1, 3)), false, false).change).toBe('known');
    expect(judgeChange(pp(3, 6), base(pp(1, 3)), false, false).change).toBe('worse');
  });

  test('a figure without counts (PSI) is compared by its value', () => {
    const psi = (v: number) =>
      check({
        id: 'length_psi/data',
        check: 'length_psi',
        status: 'fail',
        value: v,
        numerator: null,
        denominator: 54,
        direction: 'max',
        threshold: 0.5
      });
    expect(judgeChange(psi(15.5), base(psi(15.4)), false, false).change).toBe('worse');
    expect(judgeChange(psi(15.4), base(psi(15.4)), false, false).change).toBe('known');
  });

  test('a blocking not-evaluated check counts as failing, an allowed one as passing, not applicable as passing', () => {
    const ne = check({ status: 'not_evaluated' });
    const na = check({ status: 'not_applicable' });
    expect(judgeChange(ne, base(rate('pass', 4, 5)), false, false).change).toBe('new_failure');
    expect(judgeChange(ne, base(rate('pass', 4, 5)), true, false).change).toBe('unchanged');
    expect(judgeChange(ne, base(ne), false, false).change).toBe('known');
    // Not evaluated in one run and failing in the other: known, never worse (there is no value to compare).
    expect(judgeChange(rate('fail', 1, 3), base(ne), false, false).change).toBe('known');
    expect(judgeChange(rate('fail', 1, 3), base(ne), false, true).change).toBe('new_failure');
    expect(judgeChange(rate('fail', 1, 3), base(na), false, false)).toEqual({
      baseline_status: 'not_applicable',
      change: 'new_failure'
    });
    expect(judgeChange(na, base(rate('fail', 1, 3)), false, false).change).toBe('fixed');
  });

  test('a changed threshold: compared by status alone, never worse, and the note says so', () => {
    const head = rate('fail', 1, 3, 'min', 0.8);
    const before = base(rate('fail', 1, 2, 'min', 0.75));
    expect(judgeChange(head, before, false, false)).toEqual({
      baseline_status: 'fail',
      change: 'known',
      change_note: 'threshold changed from ≥ 0.75 to ≥ 0.8: compared by status alone'
    });
    expect(judgeChange(rate('pass', 4, 5, 'min', 0.8), before, false, false)).toMatchObject({
      change: 'fixed',
      change_note: expect.stringContaining('by status alone')
    });
    expect(judgeChange(head, base(rate('pass', 4, 5, 'min', 0.7)), false, false).change).toBe('new_failure');
  });
});

describe('block_on', () => {
  const checks: Check[] = [
    { ...check({ id: 'a', status: 'fail' }), change: 'known', baseline_status: 'fail' },
    { ...check({ id: 'b', status: 'fail' }), change: 'worse', baseline_status: 'fail' },
    { ...check({ id: 'c', status: 'fail' }), change: 'new_failure', baseline_status: 'pass' },
    {
      ...check({ id: 'regression/m/clean', check: 'regression', status: 'fail' }),
      change: 'known',
      baseline_status: 'fail'
    },
    { ...check({ id: 'd', status: 'pass' }), change: 'fixed', baseline_status: 'fail' },
    { ...check({ id: 'e', status: 'fail', judged: false }), change: 'new_failure', baseline_status: 'pass' }
  ];

  test('all: every judged failing check blocks, known or not', () => {
    const r = gateResult(checks, { allowNotEvaluated: false, blockOn: 'all' }, true);
    expect(r.failing).toEqual(['a', 'b', 'c', 'regression/m/clean']);
    expect(r.block_on).toBe('all');
    expect(r.changes).toEqual({ new_failure: 2, worse: 1, known: 2, fixed: 1, unchanged: 0 });
  });

  test('new: known failures do not block; new, worse and comparison checks do', () => {
    const r = gateResult(checks, { allowNotEvaluated: false, blockOn: 'new' }, true);
    expect(r.failing).toEqual(['b', 'c', 'regression/m/clean']);
    expect(r.verdict).toBe('fail');
    expect(
      gateResult(
        checks.filter((c) => c.id === 'a' || c.id === 'd'),
        { allowNotEvaluated: false, blockOn: 'new' },
        true
      ).verdict
    ).toBe('pass');
  });

  test('new without a baseline behaves as all and records block_on; all without one adds no field', () => {
    const plain = checks.map((c) => {
      const copy = { ...c };
      delete copy.change;
      delete copy.baseline_status;
      return copy;
    });
    const r = gateResult(plain, { allowNotEvaluated: false, blockOn: 'new' }, false);
    expect(r.failing).toEqual(['a', 'b', 'c', 'regression/m/clean']);
    expect(r.block_on).toBe('new');
    expect(r.changes).toBeUndefined();
    expect(Object.keys(gateResult(plain, { allowNotEvaluated: false, blockOn: 'all' }, false)).sort()).toEqual([
      'allow_not_evaluated',
      'checks',
      'counts',
      'failing',
      'schema_version',
      'verdict'
    ]);
  });

  test('known failures that do not block are warning annotations on their config line; blocking ones are not among them', () => {
    const r = gateResult(checks, { allowNotEvaluated: false, blockOn: 'new' }, true);
    const { annotations, omitted } = knownFailureAnnotations(r.checks, r.failing, '.github/evidence-gate.yml');
    expect(annotations.map((a) => a.message.split(':')[0])).toEqual(['a']);
    expect(annotations[0]).toMatchObject({
      file: '.github/evidence-gate.yml',
      startLine: 3,
      title: 'Evidence Gate: known challenge accuracy failure'
    });
    expect(annotations[0]?.message).toContain('does not block (gate.block_on: new)');
    expect(omitted).toBe(0);
    expect(
      knownFailureAnnotations(
        gateResult(checks, { allowNotEvaluated: false, blockOn: 'all' }, true).checks,
        r.checks.map((c) => c.id),
        'x'
      ).annotations
    ).toEqual([]);
  });
});

describe('the sentence of what changed', () => {
  const counts = (new_failure: number, worse: number, fixed: number, known: number) => ({
    changes: { new_failure, worse, fixed, known, unchanged: 9 }
  });
  test.each([
    [counts(3, 2, 1, 23), '3 checks newly failing, 2 worse, 1 fixed; 23 failing on the base branch as well'],
    [counts(1, 0, 0, 0), '1 check newly failing'],
    [counts(0, 0, 0, 20), 'no check newly failing, worse or fixed; 20 failing on the base branch as well'],
    [counts(0, 0, 2, 0), '2 fixed']
  ])('%j', (gate, sentence) => expect(changeSentence(gate)).toBe(sentence));
  test('none without a baseline', () => expect(changeSentence({})).toBeNull());
});
