import type { Check } from '../../src/gate/check.js';
import { bySeverity, overshoot } from '../../src/gate/severity.js';

function check(
  id: string,
  direction: 'min' | 'max',
  value: number | null,
  threshold: number,
  status: Check['status'] = 'fail'
): Check {
  return {
    id,
    check: id,
    subject: 'm',
    qualifier: null,
    scope: 'all',
    value,
    numerator: null,
    denominator: 10,
    direction,
    threshold,
    config_key: 'gate.x',
    config_line: 1,
    threshold_is_default: true,
    status,
    judged: true,
    reason: null
  };
}

test('overshoot is relative to the threshold; a zero ceiling breached is infinite', () => {
  expect(overshoot(check('a', 'max', 0.3, 0.2))).toBeCloseTo(0.5, 12);
  expect(overshoot(check('b', 'min', 0.5, 0.75))).toBeCloseTo(1 / 3, 12);
  expect(overshoot(check('c', 'max', 2, 0))).toBe(Infinity);
  expect(overshoot(check('d', 'max', null, 0.2, 'not_evaluated'))).toBe(0);
});

test('failures first, then relative overshoot, then absolute distance, then id', () => {
  const ordered = bySeverity([
    check('not-evaluated', 'min', null, 0.5, 'not_evaluated'),
    check('small', 'max', 0.21, 0.2),
    check('zero-ceiling-1', 'max', 1, 0),
    check('big', 'max', 15, 0.5),
    check('zero-ceiling-4', 'max', 4, 0),
    check('b-tie', 'max', 0.3, 0.2),
    check('a-tie', 'max', 0.3, 0.2)
  ]).map((c) => c.id);
  expect(ordered).toEqual(['zero-ceiling-4', 'zero-ceiling-1', 'big', 'a-tie', 'b-tie', 'small', 'not-evaluated']);
});
