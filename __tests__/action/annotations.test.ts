/** Annotations print a check's value and threshold as the terminal and summary.md do (report/format.ts). */
import { checkAnnotations } from '../../src/action/annotations.js';
import type { Check } from '../../src/gate/check.js';
import { checkThresholdText, checkValueText } from '../../src/report/format.js';

function check(over: Partial<Check> & Pick<Check, 'id' | 'check' | 'value' | 'threshold'>): Check {
  return {
    subject: 'tfidf-word',
    qualifier: null,
    scope: 'all',
    numerator: null,
    denominator: 153,
    direction: 'max',
    config_key: 'gate.max_accuracy_drop_pp',
    config_line: 1,
    threshold_is_default: true,
    status: 'fail',
    judged: true,
    reason: null,
    ...over
  };
}

const DROP = check({
  id: 'accuracy_drop/tfidf-word/search',
  check: 'accuracy_drop',
  value: 21.568627450980394,
  threshold: 5
});
const PSI = check({
  id: 'length_psi/data',
  check: 'length_psi',
  value: 15.437123,
  threshold: 0.5,
  config_key: 'gate.max_length_psi',
  denominator: 54
});
const RATE = check({
  id: 'flip_rate/hybrid/format',
  check: 'flip_rate',
  value: 0.25,
  numerator: 10,
  denominator: 40,
  threshold: 0.2
});

test('a percentage-point value reads "21.57 pp, required ≤ 5 pp", not the raw number', () => {
  const [a] = checkAnnotations([DROP], 'evidence-gate.yml', true).annotations;
  expect(a?.message).toBe(
    'accuracy_drop/tfidf-word/search: 21.57 pp, required ≤ 5 pp (gate.max_accuracy_drop_pp, default; n=153)'
  );
});

test('every annotation uses the very words of the terminal table for value and threshold', () => {
  const { annotations } = checkAnnotations([DROP, PSI, RATE], 'evidence-gate.yml', false);
  expect(annotations).toHaveLength(3);
  for (const c of [DROP, PSI, RATE]) {
    const a = annotations.find((x) => x.message.startsWith(`${c.id}:`));
    expect(a?.message).toContain(`: ${checkValueText(c)}, required ${checkThresholdText(c)} (`);
  }
  expect(annotations.find((x) => x.message.startsWith('length_psi'))?.message).toContain('15.437, required ≤ 0.5');
});
