/**
 * What a pull request changed, check by check (docs/gate.md, "New failures apart from known
 * ones"): each check of the head run is judged against the check of the same id in the baseline's
 * checks.json. A blocking not-evaluated check counts as failing, a not-applicable one as passing.
 * `worse` means failing in both runs with the value further past the same threshold now; values
 * built from counts are compared exactly, as fractions. When the threshold differs between the
 * runs the check is compared by its status alone, and says so.
 */
import { compareFractions, fraction, type Fraction } from '../util/fraction.js';
import type { ChangeKind, Check, CheckStatus, Direction } from './check.js';

export type { ChangeKind };

const CHANGE_KINDS: readonly ChangeKind[] = ['new_failure', 'worse', 'known', 'fixed', 'unchanged'];

/** What the judgement reads of a baseline check: the fields checks.json has always carried. */
export interface BaselineCheck {
  id: string;
  check: string;
  status: CheckStatus;
  value: number | null;
  numerator: number | null;
  denominator: number | null;
  direction: Direction;
  threshold: number;
}

/** The baseline's checks.json, as far as the judgement needs it. */
export interface BaselineChecks {
  allowNotEvaluated: boolean;
  checks: ReadonlyMap<string, BaselineCheck>;
}

interface CheckChange {
  baseline_status: CheckStatus | 'absent';
  change: ChangeKind;
  /** Set when the threshold differs between the runs (then the change is by status alone). */
  change_note?: string;
}

/** The comparison checks of docs/gate.md: with `block_on: new` they block whatever the baseline said. */
export const COMPARISON_CHECKS: ReadonlySet<string> = new Set(['regression', 'new_protected_transitions']);

/** Checks whose value is 100 × numerator / denominator (percentage points of counts). */
const PP_OF_COUNTS: ReadonlySet<string> = new Set(['accuracy_drop', 'regression']);
/** Checks whose value is numerator / denominator. */
const RATES: ReadonlySet<string> = new Set([
  'challenge_accuracy',
  'language_accuracy',
  'flip_rate',
  'eligible_coverage',
  'attack_success'
]);

type Judged = Pick<BaselineCheck, 'check' | 'status' | 'value' | 'numerator' | 'denominator'>;

/** Failing for this judgement: `fail`, or `not_evaluated` where that blocks. */
export function isFailing(c: Pick<Check, 'status'>, allowNotEvaluated: boolean): boolean {
  return c.status === 'fail' || (c.status === 'not_evaluated' && !allowNotEvaluated);
}

/** The exact value of a check built from counts (a rate, pp of counts, or a count), else null. */
export function exactValue(c: Judged): Fraction | null {
  const { value, numerator: num, denominator: den } = c;
  if (value === null || num === null || !Number.isInteger(num)) return null;
  if (den !== null && Number.isInteger(den) && den > 0) {
    if (PP_OF_COUNTS.has(c.check)) return fraction(100 * num, den);
    if (RATES.has(c.check)) return fraction(num, den);
  }
  // A plain count: the value is the numerator itself.
  if (value === num) return fraction(num, 1);
  // A check kind not named above whose value is still a ratio of its counts.
  if (den !== null && Number.isInteger(den) && den > 0) {
    if (value === num / den) return fraction(num, den);
    if (value === (100 * num) / den) return fraction(100 * num, den);
  }
  return null;
}

/** Sign of head − base in the direction that is worse (+1: head further past the threshold). */
function worseSign(head: Judged, base: Judged, direction: Direction): number {
  if (head.value === null || base.value === null) return 0;
  const a = exactValue(head);
  const b = exactValue(base);
  const sign = a && b ? compareFractions(a, b) : Math.sign(head.value - base.value);
  return direction === 'max' ? sign : -sign;
}

function numberText(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/** The change of one check against the baseline's check of the same id (undefined: absent there). */
export function judgeChange(
  head: Check,
  base: BaselineCheck | undefined,
  allowNotEvaluated: boolean,
  baseAllowNotEvaluated: boolean
): CheckChange {
  const failsNow = isFailing(head, allowNotEvaluated);
  if (base === undefined) return { baseline_status: 'absent', change: failsNow ? 'new_failure' : 'unchanged' };
  const failedBefore = isFailing(base, baseAllowNotEvaluated);
  const out: CheckChange = { baseline_status: base.status, change: 'unchanged' };
  const thresholdChanged = base.threshold !== head.threshold || base.direction !== head.direction;
  if (thresholdChanged) {
    out.change_note =
      `threshold changed from ${base.direction === 'min' ? '≥' : '≤'} ${numberText(base.threshold)} to ` +
      `${head.direction === 'min' ? '≥' : '≤'} ${numberText(head.threshold)}: compared by status alone`;
  }
  if (failsNow && !failedBefore) out.change = 'new_failure';
  else if (!failsNow && failedBefore) out.change = 'fixed';
  else if (!failsNow) out.change = 'unchanged';
  else
    out.change =
      !thresholdChanged && head.status === 'fail' && base.status === 'fail' && worseSign(head, base, head.direction) > 0
        ? 'worse'
        : 'known';
  return out;
}

/** Counts of each change, in CHANGE_KINDS order. */
export function changeCounts(checks: ReadonlyArray<{ change?: ChangeKind }>): Record<ChangeKind, number> {
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of checks) if (c.change) counts[c.change]++;
  return counts;
}
