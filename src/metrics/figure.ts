/**
 * Every reported figure carries its counts (docs/definitions.md#metrics): `{value, numerator, denominator,
 * status, reason}`. A zero denominator is `not_evaluated`, never 0%.
 */
export type FigureStatus = 'ok' | 'not_evaluated' | 'not_applicable';

export interface Figure {
  value: number | null;
  numerator: number | null;
  denominator: number | null;
  status: FigureStatus;
  reason: string | null;
}

/** numerator / denominator; `not_evaluated` with `reason` when the denominator is 0. */
export function rate(numerator: number, denominator: number, reason = 'zero denominator'): Figure {
  if (denominator === 0) return { value: null, numerator, denominator, status: 'not_evaluated', reason };
  return { value: numerator / denominator, numerator, denominator, status: 'ok', reason: null };
}

/** A plain count: the denominator is the population it was counted in. */
export function count(n: number, population: number): Figure {
  return { value: n, numerator: n, denominator: population, status: 'ok', reason: null };
}

/** A figure that is not a ratio of counts (e.g. PSI); numerator/denominator are null. */
export function measure(value: number, denominator: number | null = null): Figure {
  return { value, numerator: null, denominator, status: 'ok', reason: null };
}

export function notApplicable(reason: string): Figure {
  return { value: null, numerator: null, denominator: null, status: 'not_applicable', reason };
}

export function notEvaluated(reason: string, denominator: number | null = 0): Figure {
  return { value: null, numerator: null, denominator, status: 'not_evaluated', reason };
}
