/**
 * The largest value over a box of the smallest of a few affine functions:
 *
 *   maximise  min over k of (eₖ + Σᵢ aₖᵢ·yᵢ)   subject to 0 ≤ yᵢ ≤ wᵢ,
 *
 * solved as the linear program "maximise s subject to s ≤ eₖ + aₖ·y" by a bounded-variable primal
 * simplex with Bland's rule (the smallest improving column enters, ties in the ratio test go to the
 * smallest variable), so it cannot cycle and the same input always gives the same vertex.
 * `exact` uses it for a targeted objective with more than two labels, where a target must beat
 * every other label at once and the per-feature maxima of one gap no longer decide the row
 * (docs/tabular.md#exact). The programs are tiny: one row per other label, one column per
 * editable feature.
 */

export interface MaxMinProblem {
  /** aₖᵢ: one row per affine function, one column per variable. */
  coefficients: ReadonlyArray<ArrayLike<number>>;
  /** eₖ: each function's value at y = 0. */
  constants: ArrayLike<number>;
  /** wᵢ ≥ 0: each variable's upper bound (its lower bound is 0). */
  widths: ArrayLike<number>;
}

interface MaxMinSolution {
  /** The optimal y: non-basic variables exactly at 0 or wᵢ, basic ones clamped into [0, wᵢ]. */
  y: number[];
  /** Which yᵢ sit exactly at their upper bound (the caller then uses the interval's end itself). */
  atUpper: boolean[];
}

/** Iterations at most, far above what Bland's rule needs on programs of this size; more is a bug. */
const MAX_PIVOTS = 10_000;

export function maxMin(problem: MaxMinProblem): MaxMinSolution {
  const { coefficients: a, constants: e, widths: w } = problem;
  const m = a.length;
  const n = w.length;
  if (m === 0) throw new Error('maxMin: no function to maximise');
  // Scale for the tolerances: the largest coefficient or width involved.
  let big = 1;
  for (let k = 0; k < m; k++) for (let i = 0; i < n; i++) big = Math.max(big, Math.abs(a[k]?.[i] as number));
  for (let k = 0; k < m; k++) big = Math.max(big, Math.abs(e[k] as number));
  const tol = 1e-12 * big;

  // Columns: 0 is σ = s − s₀ ≥ 0 (unbounded above), 1..n are y, n+1..n+m the slacks.
  const cols = 1 + n + m;
  const upper = new Float64Array(cols).fill(Infinity);
  for (let i = 0; i < n; i++) upper[1 + i] = w[i] as number;
  let s0 = Infinity;
  for (let k = 0; k < m; k++) s0 = Math.min(s0, e[k] as number);
  // Row k: σ − aₖ·y + slackₖ = eₖ − s₀ (≥ 0), so the slacks form the first feasible basis.
  const t: Float64Array[] = [];
  const basis = new Int32Array(m);
  const value = new Float64Array(cols);
  const isBasic = new Uint8Array(cols);
  for (let k = 0; k < m; k++) {
    const row = new Float64Array(cols);
    row[0] = 1;
    for (let i = 0; i < n; i++) row[1 + i] = -(a[k]?.[i] as number);
    row[1 + n + k] = 1;
    t.push(row);
    basis[k] = 1 + n + k;
    isBasic[1 + n + k] = 1;
    value[1 + n + k] = (e[k] as number) - s0;
  }
  // Reduced costs of maximising σ.
  const d = new Float64Array(cols);
  d[0] = 1;

  for (let pivots = 0; ; pivots++) {
    if (pivots > MAX_PIVOTS) throw new Error('maxMin: the simplex did not terminate');
    let enter = -1;
    let dir = 0;
    for (let j = 0; j < cols; j++) {
      if (isBasic[j] === 1) continue;
      const dj = d[j] as number;
      if (dj > tol && (value[j] as number) < (upper[j] as number)) {
        enter = j;
        dir = 1;
        break;
      }
      if (dj < -tol && (value[j] as number) > 0) {
        enter = j;
        dir = -1;
        break;
      }
    }
    if (enter < 0) break;
    // Moving the entering variable by dir·θ moves basic variable k by −dir·θ·t[k][enter].
    let theta = upper[enter] as number;
    let leave = -1;
    let leaveTo = 0;
    for (let k = 0; k < m; k++) {
      const delta = -dir * ((t[k] as Float64Array)[enter] as number);
      const b = basis[k] as number;
      let limit = Infinity;
      let to = 0;
      if (delta < -tol) {
        limit = Math.max(0, value[b] as number) / -delta;
        to = 0;
      } else if (delta > tol && Number.isFinite(upper[b] as number)) {
        limit = Math.max(0, (upper[b] as number) - (value[b] as number)) / delta;
        to = upper[b] as number;
      } else continue;
      if (limit < theta || (limit === theta && leave >= 0 && b < (basis[leave] as number))) {
        theta = limit;
        leave = k;
        leaveTo = to;
      }
    }
    if (!Number.isFinite(theta))
      throw new Error('maxMin: the program is unbounded (a bug: the box bounds every variable)');
    value[enter] = (value[enter] as number) + dir * theta;
    for (let k = 0; k < m; k++) {
      const b = basis[k] as number;
      value[b] = (value[b] as number) - dir * theta * ((t[k] as Float64Array)[enter] as number);
    }
    if (leave < 0) continue; // the entering variable reached its own other bound: no pivot
    const out = basis[leave] as number;
    value[out] = leaveTo;
    isBasic[out] = 0;
    isBasic[enter] = 1;
    basis[leave] = enter;
    const pr = t[leave] as Float64Array;
    const p = pr[enter] as number;
    for (let j = 0; j < cols; j++) pr[j] = (pr[j] as number) / p;
    for (let k = 0; k < m; k++) {
      if (k === leave) continue;
      const row = t[k] as Float64Array;
      const f = row[enter] as number;
      if (f === 0) continue;
      for (let j = 0; j < cols; j++) row[j] = (row[j] as number) - f * (pr[j] as number);
    }
    const f = d[enter] as number;
    for (let j = 0; j < cols; j++) d[j] = (d[j] as number) - f * (pr[j] as number);
  }

  const y: number[] = [];
  const atUpper: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const wi = w[i] as number;
    const v = Math.min(wi, Math.max(0, value[1 + i] as number));
    y.push(v);
    atUpper.push(v === wi);
  }
  return { y, atUpper };
}
