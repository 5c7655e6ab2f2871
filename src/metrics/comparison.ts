/**
 * Paired model comparison (docs/definitions.md#metrics): on the same examples, the per-id difference
 * correct_A − correct_B (each 1/0, a missing row is incorrect), its mean in percentage
 * points and a count-based bootstrap interval of that mean (+1: A right and B wrong,
 * −1: the reverse, 0: both right or both wrong).
 */
import type { EvidenceRow } from '../evidence/row.js';
import { intervalFigure, type BootstrapOptions, type IntervalFigure, type OutcomeCounts } from './bootstrap.js';
import { isCorrect } from './classification.js';
import { notEvaluated, type Figure } from './figure.js';

/**
 * A percentage-point figure from integer counts: value = 100 × numerator / denominator,
 * numerator and denominator kept. `not_evaluated` (with `reason`) when the denominator is 0.
 */
export function percentagePoints(numerator: number, denominator: number, reason: string): Figure {
  if (denominator === 0) return { ...notEvaluated(reason, 0), numerator };
  return { value: (100 * numerator) / denominator, numerator, denominator, status: 'ok', reason: null };
}

export interface PairedComparison {
  /** Mean of correct_A − correct_B in pp: numerator Σ difference, denominator n. */
  difference_pp: Figure;
  /** Bootstrap percentile interval of that mean, in pp. */
  interval_pp: IntervalFigure;
}

/** Adds one id's pair of rows to the counts. */
export function addPair(counts: OutcomeCounts, a: EvidenceRow, b: EvidenceRow): void {
  const d = (isCorrect(a) ? 1 : 0) - (isCorrect(b) ? 1 : 0);
  if (d > 0) counts.plus++;
  else if (d < 0) counts.minus++;
  else counts.zero++;
}

/** difference_pp = 100 × (plus − minus) / n and its interval; n = 0 → both `not_evaluated`. */
export function pairedComparisonOf(counts: OutcomeCounts, options: BootstrapOptions): PairedComparison {
  const reason = 'no paired rows';
  const n = counts.plus + counts.minus + counts.zero;
  return {
    difference_pp: percentagePoints(counts.plus - counts.minus, n, reason),
    interval_pp: intervalFigure(counts, options, 100, reason)
  };
}
