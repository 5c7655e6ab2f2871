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

/**
 * Compares model A with model B on the same rows (normally: the clean rows of the challenge
 * split). Rows are paired by id; both sides must hold exactly the same ids, each once, or
 * an Error is thrown.
 */
export function pairedComparison(
  a: readonly EvidenceRow[],
  b: readonly EvidenceRow[],
  options: BootstrapOptions
): PairedComparison {
  const bRows = new Map<string, EvidenceRow>();
  for (const row of b) {
    if (bRows.has(row.id)) throw new Error(`paired comparison: id "${row.id}" appears twice for model ${row.model}`);
    bRows.set(row.id, row);
  }
  if (a.length !== b.length)
    throw new Error(`paired comparison: ${a.length} rows against ${b.length} — the ids must match`);
  const seen = new Set<string>();
  const counts = { plus: 0, minus: 0, zero: 0 };
  for (const rowA of a) {
    if (seen.has(rowA.id)) throw new Error(`paired comparison: id "${rowA.id}" appears twice for model ${rowA.model}`);
    seen.add(rowA.id);
    const rowB = bRows.get(rowA.id);
    if (rowB === undefined) throw new Error(`paired comparison: id "${rowA.id}" has no row for the second model`);
    addPair(counts, rowA, rowB);
  }
  return pairedComparisonOf(counts, options);
}
