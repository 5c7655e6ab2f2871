/**
 * Jensen–Shannon divergence between two categorical distributions given as counts (docs/definitions.md#metrics,
 * shift: language and gold-label distributions, controlled → challenge).
 *   P, Q = the counts normalised over the union of categories (a category absent on one
 *          side has probability 0 there);  M = (P + Q) / 2
 *   JSD = ½ Σ P·log₂(P/M) + ½ Σ Q·log₂(Q/M), with 0·log 0 = 0; it lies in [0, 1]
 * This is the divergence itself: the square of scipy's `jensenshannon(p, q, base=2)`, which
 * returns the distance. Not evaluated when either side has no observations. The figure's
 * numerator is null and its denominator is the comparison side's total (as for PSI).
 */
import { compareCodePoints } from '../util/strings.js';
import { measure, notEvaluated, type Figure } from './figure.js';

type CategoryCounts = ReadonlyMap<string, number>;

function total(counts: CategoryCounts): number {
  let sum = 0;
  for (const [category, c] of counts) {
    if (!(c >= 0) || !Number.isFinite(c))
      throw new Error(`count of "${category}" must be a finite number ≥ 0, got ${c}`);
    sum += c;
  }
  return sum;
}

export function jensenShannonDivergence(reference: CategoryCounts, comparison: CategoryCounts): Figure {
  const pTotal = total(reference);
  const qTotal = total(comparison);
  if (pTotal === 0 || qTotal === 0) return notEvaluated('a side has no observations', Math.min(pTotal, qTotal));
  // Summed in code-point order of the categories, so the result does not depend on map order.
  const categories = [...new Set([...reference.keys(), ...comparison.keys()])].sort(compareCodePoints);
  let sum = 0;
  for (const category of categories) {
    const p = (reference.get(category) ?? 0) / pTotal;
    const q = (comparison.get(category) ?? 0) / qTotal;
    const m = (p + q) / 2;
    if (p > 0) sum += p * Math.log(p / m);
    if (q > 0) sum += q * Math.log(q / m);
  }
  const value = Math.min(1, Math.max(0, sum / (2 * Math.LN2)));
  return measure(value, qTotal);
}
