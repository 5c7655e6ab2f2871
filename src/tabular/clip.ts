import type { FeatureSpace } from './contract.js';
import { VALIDITY_TOLERANCE } from './validity.js';

/** Projection onto one feature's inclusive bounds (either may be ±Infinity). */
export function clip(value: number, lower: number, upper: number): number {
  return Math.min(upper, Math.max(lower, value));
}

/**
 * `moved` (xᵢ plus a step of at most eps, computed in floating point), pulled back toward xᵢ one
 * representable number at a time while it lies further from xᵢ than the validity rule allows
 * (eps + 1e-6, validity.ts). Near 1e10 and beyond the spacing of doubles passes 1e-6, so
 * xᵢ + eps can round to a point the rule rejects (docs/tabular.md, first section); below that
 * the first test always passes and the value is returned as it is.
 */
export function withinBudget(x: number, moved: number, eps: number): number {
  const limit = eps + VALIDITY_TOLERANCE;
  // A non-finite value (a NaN gradient) is left for the validity rule to reject and report.
  if (!Number.isFinite(moved) || !Number.isFinite(x)) return moved;
  let v = moved;
  for (let n = 0; !(Math.abs(v - x) <= limit); n++) {
    if (n >= 64) return x;
    v = towards(v, x);
  }
  return v;
}

/**
 * Feature i moved by `step` (|step| ≤ eps), kept within the budget and inside the feature's
 * bounds: how noise, fgm and the ends of each interval move a feature.
 */
export function moved(x: readonly number[], space: FeatureSpace, i: number, step: number): number {
  const xi = x[i] as number;
  return clip(withinBudget(xi, xi + step, space.eps), space.lower[i] ?? -Infinity, space.upper[i] ?? Infinity);
}

/** Every feature's interval in F(x), as two arrays (F(x) is their product). */
export interface Intervals {
  lo: number[];
  hi: number[];
}

/**
 * Every feature's interval in F(x): [lo, hi] within eps of xᵢ and inside its bounds, a point
 * where the feature is not editable. Computed once per row: pgd projects onto it at every step,
 * exact reads each end once per rival and again for its rounding bound, square and boundary draw
 * their vertices from it.
 */
export function intervals(x: readonly number[], space: FeatureSpace): Intervals {
  const lo: number[] = [];
  const hi: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const editable = space.editable[i] === true;
    lo.push(editable ? moved(x, space, i, -space.eps) : (x[i] as number));
    hi.push(editable ? moved(x, space, i, space.eps) : (x[i] as number));
  }
  return { lo, hi };
}

const bits = new BigInt64Array(1);
const float = new Float64Array(bits.buffer);

/** The double next to `v` in the direction of `target` (v ≠ target, both finite). */
function towards(v: number, target: number): number {
  if (v === 0) return target > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  float[0] = v;
  // Doubles of one sign are ordered like their bit patterns: a step up in magnitude adds one.
  bits[0] = (bits[0] as bigint) + (v > 0 === target > v ? 1n : -1n);
  return float[0] as number;
}
