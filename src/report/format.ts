/** Number formatting shared by the summary and the terminal output. */
import type { Check } from '../gate/check.js';
import type { Figure } from '../metrics/figure.js';

export function percent(value: number, digits = 1): string {
  return `${(100 * value).toFixed(digits)}%`;
}

function statusText(figure: Figure): string | null {
  if (figure.status === 'not_applicable') return 'n/a';
  if (figure.status === 'not_evaluated' || figure.value === null) return `not evaluated (n=${figure.denominator ?? 0})`;
  return null;
}

/** "77.8% (42/54)", or the status when the figure has no value. */
export function rateText(figure: Figure): string {
  return statusText(figure) ?? `${percent(figure.value as number)} (${figure.numerator}/${figure.denominator})`;
}

/** A count's value alone ("42"); "n/a" where the figure does not apply, "—" where it has no value. */
export function countValueText(figure: Figure): string {
  if (figure.status === 'not_applicable') return 'n/a';
  return figure.value === null ? '—' : String(figure.value);
}

/** "42/54" for a count within its population. */
export function countText(figure: Figure): string {
  return statusText(figure) ?? `${figure.value}/${figure.denominator}`;
}

/** "−3.7 pp" for a percentage-point figure. */
export function ppText(figure: Figure): string {
  return statusText(figure) ?? `${(figure.value as number) >= 0 ? '+' : ''}${(figure.value as number).toFixed(1)} pp`;
}

export function fixed(value: number | null, digits = 3): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** Checks whose figure is a rate of counts, shown as a percentage with its counts. */
function isRateCheck(c: Check): boolean {
  return /(accuracy|flip_rate|coverage|attack_success)$/.test(c.check);
}

const PP_CHECKS = new Set(['generalization_gap', 'accuracy_drop', 'regression']);

/** How many rows stand behind a check: a count, "histogram" for a shift, or "—" where no row applies. */
export function rowsBehindText(c: Check): string {
  if (c.examples?.histogram) return 'histogram';
  const count = c.examples?.count;
  return count === null || count === undefined ? '—' : String(count);
}

/** A check's value for a report: "50.0% (27/54)", "48.46 pp", "15.437", or its status. */
export function checkValueText(c: Check): string {
  if (c.value === null) return c.status === 'not_applicable' ? 'not applicable' : 'not evaluated';
  if (isRateCheck(c)) return `${percent(c.value)} (${c.numerator}/${c.denominator})`;
  if (PP_CHECKS.has(c.check)) return `${c.value.toFixed(2)} pp`;
  if (c.check === 'length_psi') return fixed(c.value, 3);
  if (c.check === 'release_record') return `${c.numerator} of ${c.denominator} fields declared`;
  return String(c.value);
}

/** A check's threshold with its direction: "≥ 75%", "≤ 22 pp". */
export function checkThresholdText(c: Check): string {
  const op = c.direction === 'min' ? '≥' : '≤';
  if (isRateCheck(c)) return `${op} ${percent(c.threshold, 0)}`;
  if (c.check === 'release_record') return `all ${c.threshold} fields`;
  return `${op} ${c.threshold}${PP_CHECKS.has(c.check) ? ' pp' : ''}`;
}
