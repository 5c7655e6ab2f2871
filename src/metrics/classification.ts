/**
 * Clean-condition accuracy (docs/definitions.md#metrics): correct / N over the rows of a scope, where a missing
 * row (status not `ok`) counts as incorrect and stays in N. Not evaluated when N = 0.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { rate, type Figure } from './figure.js';

export function isCorrect(row: EvidenceRow): boolean {
  return row.status === 'ok' && row.prediction === row.label;
}

export function accuracyOf(correct: number, n: number): Figure {
  return rate(correct, n, 'no rows in this scope');
}

/** Missing rows (errors and timeouts) among `total` rows. */
export function missingRowsOf(missing: number, total: number): Figure {
  return { value: missing, numerator: missing, denominator: total, status: 'ok', reason: null };
}
