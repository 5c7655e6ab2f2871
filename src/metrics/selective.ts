/**
 * Selective prediction: the risk–coverage curve and its area (docs/definitions.md#metrics), for one model's
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
 * The stored curve keeps at most MAX_CURVE_POINTS points (see `keptK`); AURC uses every k.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { measure, notEvaluated, type Figure } from './figure.js';
import { GrowableFloat64 } from '../util/numbers.js';

/** One ranked item: its margin (null when missing) and whether its prediction is right. */
export interface ScoredOutcome {
  margin: number | null;
  correct: boolean;
}

interface RiskCoveragePoint {
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
  /** Points at the k kept by `keptK` (every k up to MAX_CURVE_POINTS rows). */
  curve: RiskCoveragePoint[];
}

/** Most points stored per curve; AURC is always exact over every k. */
const MAX_CURVE_POINTS = 256;

/** The k values a stored curve keeps: every k when N ≤ MAX_CURVE_POINTS, else k = ⌈i·N/256⌉ for i = 1..256. */
function keptK(n: number): (k: number) => boolean {
  if (n <= MAX_CURVE_POINTS) return () => true;
  let next = 1;
  let target = Math.ceil(n / MAX_CURVE_POINTS);
  return (k) => {
    if (k !== target) return false;
    next++;
    target = Math.ceil((next * n) / MAX_CURVE_POINTS);
    return true;
  };
}

/** Collects one cell's margins: correct and wrong rows apart, so each sorts as a plain typed array. */
export class RiskCoverageAccumulator {
  private readonly right = new GrowableFloat64();
  private readonly wrong = new GrowableFloat64();
  private missing = 0;

  /** A row with no margin (missing, or a label-only model) is added with margin null. */
  add(margin: number | null, correct: boolean): void {
    if (margin === null) this.missing++;
    else if (correct) this.right.push(margin);
    else this.wrong.push(margin);
  }

  finish(): RiskCoverage {
    const right = this.right.sorted();
    const wrong = this.wrong.sorted();
    const n = right.length + wrong.length + this.missing;
    const keep = keptK(n);
    const curve: RiskCoveragePoint[] = [];
    let position = 0;
    let errorsBefore = 0;
    let riskSum = 0;
    const block = (size: number, errors: number) => {
      for (let j = 1; j <= size; j++) {
        const k = position + j;
        const risk = (errorsBefore + (j * errors) / size) / k;
        riskSum += risk;
        if (keep(k)) curve.push({ k, coverage: k / n, risk });
      }
      position += size;
      errorsBefore += errors;
    };
    // Highest margins first: walk both sorted arrays from their ends; equal margins form one block.
    let i = right.length - 1;
    let w = wrong.length - 1;
    while (i >= 0 || w >= 0) {
      const top = Math.max(i >= 0 ? (right[i] as number) : -Infinity, w >= 0 ? (wrong[w] as number) : -Infinity);
      let size = 0;
      let errors = 0;
      while (i >= 0 && right[i] === top) {
        size++;
        i--;
      }
      while (w >= 0 && wrong[w] === top) {
        size++;
        errors++;
        w--;
      }
      if (size === 0) throw new Error(`risk-coverage: a margin that is not a finite number (${top})`);
      block(size, errors);
    }
    if (this.missing > 0) block(this.missing, this.missing);
    return {
      n,
      errors: errorsBefore,
      missing: this.missing,
      aurc: n === 0 ? notEvaluated('no rows in this scope') : measure(riskSum / n, n),
      curve
    };
  }
}

/** The margin and correctness a clean row is ranked with (no margin when the row is missing). */
export function selectiveOutcome(row: EvidenceRow): ScoredOutcome {
  const margin = row.status === 'ok' ? row.clean_margin : null;
  return { margin, correct: margin !== null && isCorrect(row) };
}
