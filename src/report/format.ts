/** Number formatting shared by the summary and the terminal output. */
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
