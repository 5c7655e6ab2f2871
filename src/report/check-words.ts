/**
 * How each check kind is named for a reader (summary, report, terminal), and the cause sentence under the verdict
 * (docs/definitions.md#drill-down).
 */
import type { Check } from '../gate/check.js';
import { bySeverity } from '../gate/severity.js';
import { checkThresholdText, checkValueText } from './format.js';

const CHECK_WORDS: Record<string, string> = {
  challenge_examples: 'challenge examples',
  language_examples: 'examples per language',
  length_psi: 'length shift',
  challenge_accuracy: 'challenge accuracy',
  generalization_gap: 'generalization gap',
  language_accuracy: 'accuracy per language',
  changed_examples: 'changed examples',
  flip_rate: 'flip rate',
  accuracy_drop: 'accuracy drop',
  eligible_coverage: 'eligible coverage',
  attack_success: 'attack success',
  protected_transitions: 'protected transitions',
  attack_strength: 'attack strength against exact',
  certified_share: 'certified share',
  missing_rows: 'missing rows',
  regression: 'regression against the baseline',
  new_protected_transitions: 'new protected transitions',
  release_record: 'release record'
};

export function checkWords(check: string): string {
  return CHECK_WORDS[check] ?? check.replace(/_/g, ' ');
}

/** "(PSI 15.437 > 0.5)", "(4 models)", "(9 checks, 4 models)" for one kind's blocking checks. */
function detail(checks: readonly Check[]): string {
  const first = checks[0] as Check;
  if (checks.length === 1 && first.subject === 'data') {
    const op = first.direction === 'max' ? '>' : '<';
    if (first.check === 'release_record' && first.value !== null) return checkValueText(first);
    return first.value === null
      ? 'not evaluated'
      : `${first.check === 'length_psi' ? 'PSI ' : ''}${checkValueText(first)} ${op} ` +
          `${checkThresholdText(first).replace(/^[≤≥] /, '')}`;
  }
  const models = new Set(checks.filter((c) => c.subject !== 'data').map((c) => c.subject)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (models === checks.length) return plural(models, 'model');
  return models > 0 ? `${plural(checks.length, 'check')}, ${plural(models, 'model')}` : plural(checks.length, 'check');
}

/**
 * One sentence naming the kinds of the blocking checks and how many of each, the most severe
 * kind first, e.g. "length shift (PSI 15.437 > 0.5); challenge accuracy (4 models)". Escaping is
 * the caller's (the words and figures here hold no data values).
 */
export function causeSentence(blocking: readonly Check[]): string {
  const kinds = new Map<string, Check[]>();
  for (const c of bySeverity(blocking)) {
    const key = `${c.status}:${c.check}`;
    kinds.set(key, [...(kinds.get(key) ?? []), c]);
  }
  return [...kinds.entries()]
    .map(
      ([key, checks]) =>
        `${checkWords(checks[0]?.check ?? key)}${key.startsWith('not_evaluated') ? ' not evaluated' : ''} (` +
        `${detail(checks)})`
    )
    .join('; ');
}
