/**
 * Selective prediction: the risk–coverage curve and its area (SPEC §8), for one model's
 * clean rows in one scope. Margins are not comparable across models.
 *
 * Rows are ranked by clean margin, highest first; missing rows (status not `ok`, or no
 * margin) come last as one final block, all counted as errors. With N rows:
 *   risk(k) = errors among the first k / k,   coverage(k) = k / N,   k = 1..N
 *   AURC = (1/N) · Σ_k risk(k)
 * Rows with exactly equal margins form a tie block whose internal order is arbitrary; the
 * curve uses the expectation over all orders of each block, which spreads the block's errors
 * evenly over its positions: at the j-th position of a block of size s holding e errors, the
 * error count is (errors before the block) + j·e/s. This is the exact average of the curve
 * (and of AURC) over every permutation within the tie blocks.
 * AURC is not evaluated when N = 0; its numerator is null (an area, not a count ratio).
 */
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { measure, notEvaluated, type Figure } from './figure.js';

/** One ranked item: its margin (null when missing) and whether its prediction is right. */
export interface ScoredOutcome {
  margin: number | null;
  correct: boolean;
}

export interface RiskCoveragePoint {
  k: number;
  coverage: number;
  risk: number;
}

export interface RiskCoverage {
  /** N: every row of the scope, missing ones included. */
  n: number;
  errors: number;
  missing: number;
  aurc: Figure;
  /** One point per k = 1..N. */
  curve: RiskCoveragePoint[];
}

export function riskCoverageOf(items: readonly ScoredOutcome[]): RiskCoverage {
  const n = items.length;
  const ranked = items.filter((i): i is ScoredOutcome & { margin: number } => i.margin !== null).sort((a, b) => b.margin - a.margin);
  const missing = n - ranked.length;

  // Tie blocks as (size, errors), in rank order; the missing rows are the last block.
  const blocks: Array<{ size: number; errors: number }> = [];
  let previous: number | null = null;
  for (const item of ranked) {
    if (previous === null || item.margin !== previous) blocks.push({ size: 0, errors: 0 });
    const block = blocks[blocks.length - 1] as { size: number; errors: number };
    block.size++;
    if (!item.correct) block.errors++;
    previous = item.margin;
  }
  if (missing > 0) blocks.push({ size: missing, errors: missing });

  const curve: RiskCoveragePoint[] = [];
  let position = 0;
  let errorsBefore = 0;
  let riskSum = 0;
  for (const { size, errors } of blocks) {
    for (let j = 1; j <= size; j++) {
      const k = position + j;
      const risk = (errorsBefore + (j * errors) / size) / k;
      riskSum += risk;
      curve.push({ k, coverage: k / n, risk });
    }
    position += size;
    errorsBefore += errors;
  }
  return {
    n,
    errors: errorsBefore,
    missing,
    aurc: n === 0 ? notEvaluated('no rows in this scope') : measure(riskSum / n, n),
    curve
  };
}

/** The curve of one model's clean rows in a scope, ranked by `clean_margin`. */
export function riskCoverage(rows: readonly EvidenceRow[]): RiskCoverage {
  return riskCoverageOf(
    rows.map((row) => {
      const margin = row.status === 'ok' ? row.clean_margin : null;
      return { margin, correct: margin !== null && isCorrect(row) };
    })
  );
}
