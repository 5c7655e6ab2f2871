/** Number formatting shared by the summary and the terminal output. */
import type { Figure } from '../metrics/figure.js';

export function percent(value: number, digits = 1): string {
  return `${(100 * value).toFixed(digits)}%`;
}

/** "77.8% (42/54)", or the status when the figure has no value. */
export function rateText(figure: Figure): string {
  if (figure.status === 'not_applicable') return 'not applicable';
  if (figure.status === 'not_evaluated' || figure.value === null) return `not evaluated (n=${figure.denominator ?? 0})`;
  return `${percent(figure.value)} (${figure.numerator}/${figure.denominator})`;
}

export function fixed(value: number | null, digits = 3): string {
  return value === null ? '—' : value.toFixed(digits);
}
