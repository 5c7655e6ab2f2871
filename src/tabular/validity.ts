/**
 * Validity of one tabular candidate (docs/definitions.md#tabular): the same number of values as the original,
 * every value finite, inside its feature's bounds, within the L∞ budget (plus a fixed
 * numerical tolerance) of the original, and features that are not editable unchanged.
 *
 * The checks run in that order, each over every feature before the next check starts, and
 * the first failure is the reason. Bounds are inclusive and exact (clipping lands exactly on
 * them); only the budget has a tolerance, because `x + eps − x` is not always `eps` in
 * floating point. "Unchanged" is exact equality (`===`, so 0 and −0 are the same value).
 */
import type { FeatureSpace } from './contract.js';

/** Absolute slack on the per-feature budget: |Δ| ≤ eps + VALIDITY_TOLERANCE. */
export const VALIDITY_TOLERANCE = 1e-6;

/** The rule as it is recorded in the manifest. */
export const VALIDITY_RULE =
  'every value finite, inside its feature bounds (inclusive), |candidate − original| ≤ eps + 1e-6 per feature, ' +
  'and features that are not editable unchanged';

/** Null when `candidate` satisfies the rule for `original` in `space`, otherwise the first reason. */
export function validateCandidate(
  original: readonly number[],
  candidate: readonly number[],
  space: FeatureSpace
): string | null {
  const n = space.names.length;
  if (candidate.length !== original.length || original.length !== n) {
    return (
      `the candidate has ${candidate.length} values and the original ${original.length}; the feature space has ` +
      `${n} features`
    );
  }

  for (let i = 0; i < n; i++) {
    const v = candidate[i] as number;
    if (!Number.isFinite(v)) return `feature ${featureName(space, i)} is not finite (${String(v)})`;
  }
  for (let i = 0; i < n; i++) {
    const v = original[i] as number;
    if (!Number.isFinite(v))
      return `the original value of feature ${featureName(space, i)} is not finite (${String(v)})`;
  }
  for (let i = 0; i < n; i++) {
    const v = candidate[i] as number;
    const lo = space.lower[i] ?? -Infinity;
    const hi = space.upper[i] ?? Infinity;
    if (!(v >= lo && v <= hi))
      return `feature ${featureName(space, i)} = ${String(v)} is outside [${String(lo)}, ${String(hi)}]`;
  }
  const limit = space.eps + VALIDITY_TOLERANCE;
  for (let i = 0; i < n; i++) {
    const moved = Math.abs((candidate[i] as number) - (original[i] as number));
    if (!(moved <= limit))
      return `feature ${featureName(space, i)} moved ${formatDelta(moved, limit)}, more than eps ${String(space.eps)}`;
  }
  for (let i = 0; i < n; i++) {
    if (space.editable[i] !== true && candidate[i] !== original[i])
      return `feature ${featureName(space, i)} is not editable but changed`;
  }
  return null;
}

/** Feature i's name, for a reason (a module function: a closure per call would cost every valid row). */
function featureName(space: FeatureSpace, i: number): string {
  return space.names[i] ?? `#${i}`;
}

/**
 * A difference of two floats, readable: 12 significant digits (0.07, not 0.06999999999999995),
 * unless that rounding would make an over-budget move look within budget.
 */
function formatDelta(moved: number, limit: number): string {
  const short = Number(moved.toPrecision(12));
  return short > limit ? String(short) : String(moved);
}
