/**
 * Reliability of a probability model (docs/definitions.md#metrics): expected calibration error over 8
 * equal-width bins of the top-class probability, for one model's clean rows in one scope.
 *   p = the highest score of the row;  bin = min(⌊8p⌋, 7)  (clamped at 0 from below)
 *   per bin: n_b, mean p_b, accuracy_b = correct_b / n_b
 *   ECE = Σ_b (n_b / N) · |mean p_b − accuracy_b|, an empty bin contributing 0
 * A missing row (status not `ok`, no scores) has no probability, so it cannot sit in a bin:
 * it is reported in `missing` and left out of N and of every bin (it still counts as
 * incorrect in accuracy, which is computed elsewhere over all rows). An empty bin reports
 * n = 0 with null mean and accuracy. ECE is not evaluated when N = 0; its numerator is null.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { count, measure, notEvaluated, type Figure } from './figure.js';
import { maxOf } from '../util/numbers.js';

const RELIABILITY_BINS = 8;

interface ReliabilityBin {
  bin: number;
  /** The bin is [lower, upper), the last one [7/8, 1]. */
  lower: number;
  upper: number;
  n: number;
  correct: number;
  mean_probability: number | null;
  accuracy: number | null;
}

export interface Reliability {
  /** Denominator N = rows with probabilities. */
  ece: Figure;
  /** Rows without probabilities, out of all rows given. */
  missing: Figure;
  bins: ReliabilityBin[];
}

export function reliabilityBin(p: number): number {
  return Math.max(0, Math.min(Math.floor(RELIABILITY_BINS * p), RELIABILITY_BINS - 1));
}

/** The top-class probability of a row, or null when the row is missing. */
export function topProbability(row: EvidenceRow): number | null {
  if (row.status !== 'ok' || row.scores === null || row.scores.length === 0) return null;
  return maxOf(row.scores);
}

/** The running sums of one cell: per bin the size, the probability sum (in row order) and the correct count. */
export interface ReliabilityCounts {
  sums: number[];
  sizes: number[];
  correct: number[];
  missing: number;
  rows: number;
}

export function emptyReliability(): ReliabilityCounts {
  return {
    sums: new Array<number>(RELIABILITY_BINS).fill(0),
    sizes: new Array<number>(RELIABILITY_BINS).fill(0),
    correct: new Array<number>(RELIABILITY_BINS).fill(0),
    missing: 0,
    rows: 0
  };
}

export function addReliabilityRow(c: ReliabilityCounts, row: EvidenceRow): void {
  c.rows++;
  const p = topProbability(row);
  if (p === null) {
    c.missing++;
    return;
  }
  const b = reliabilityBin(p);
  c.sums[b] = (c.sums[b] as number) + p;
  c.sizes[b] = (c.sizes[b] as number) + 1;
  if (isCorrect(row)) c.correct[b] = (c.correct[b] as number) + 1;
}

export function reliabilityOf(c: ReliabilityCounts): Reliability {
  const n = c.rows - c.missing;
  let ece = 0;
  const bins = c.sizes.map((size, b): ReliabilityBin => {
    const lower = b / RELIABILITY_BINS;
    const upper = (b + 1) / RELIABILITY_BINS;
    if (size === 0) return { bin: b, lower, upper, n: 0, correct: 0, mean_probability: null, accuracy: null };
    const mean = (c.sums[b] as number) / size;
    const acc = (c.correct[b] as number) / size;
    ece += (size / n) * Math.abs(mean - acc);
    return { bin: b, lower, upper, n: size, correct: c.correct[b] as number, mean_probability: mean, accuracy: acc };
  });
  return {
    ece: n === 0 ? notEvaluated('no rows with probabilities in this scope') : measure(ece, n),
    missing: count(c.missing, c.rows),
    bins
  };
}
