/**
 * The solver of the L2-regularised logistic regression in `./logistic.ts` (the model and its objective
 * are described there; docs/definitions.md#tabular), kept apart from the model that scores rows.
 *
 * Newton's method on all (d+1)·m parameters (m = 1 for binary, K for multinomial)
 * with the exact Hessian, a Cholesky solve and a backtracking (Armijo) line search, from 0.
 *  - Multinomial: the Hessian is singular along the intercept-sum direction u (softmax is
 *    shift invariant). A fixed ridge λ·uuᵀ (λ = 1 + C·n) is added on that direction only.
 *    The gradient is always orthogonal to u (Σₖ ∂/∂bₖ = C·Σᵢ Σₖ (pᵢₖ − tᵢₖ) = 0) and u is an
 *    eigenvector of H + λuuᵀ, so the step is unchanged on the complement and has no component
 *    on u: the ridge only makes the system definite. Intercepts are re-centred after each step
 *    to wash out rounding.
 *  - If a Cholesky pivot is not positive (only possible when every pᵢ(1 − pᵢ) underflows), a
 *    diagonal jitter 1e-12·max diag, growing ×100, is added for that step only.
 *  - Converged when every gradient coordinate q (feature or intercept column j) satisfies
 *    |g_q| ≤ 1e-12 · max(1, |θ_q|, C·Σᵢ|xᵢⱼ|) — the scale of the terms the gradient sums, so the
 *    test is invariant to feature units. At most 200 Newton steps. A fit that stops short (step
 *    limit, a line search without progress, a Newton system that stays indefinite) is a
 *    DataError: it only happens on badly scaled features (values far from 0 compared with their
 *    spread, or so large that their squares overflow).
 *  - Line search: Armijo (c = 1e-4) on the objective, halving from the full step. Near the
 *    optimum the predicted decrease ½ΔᵀHΔ falls below the rounding noise of the objective (a sum
 *    of n terms); once ΔᵀHΔ < 1e-11·|f| a step is accepted instead when it reduces the scaled
 *    gradient (the step is then tiny in the Hessian norm, so this is safe).
 * Cost per Newton step: O(n·(d+1)²·m(m+1)/2) for the Hessian, O(n·(d+1)·m) per line-search trial.
 */

export const LOGISTIC_TOL = 1e-12;
const LOGISTIC_MAX_ITERATIONS = 200;
/** Predicted decrease, relative to the objective, below which objective comparisons are rounding noise. */
const NOISE_REGIME = 1e-11;

/** The problem as the model hands it over: rows in canonical order, intercept column last. */
interface LogisticProblem {
  n: number;
  /** Columns per row: d features + 1 for the intercept. */
  D: number;
  /** Linear score rows: 1 (binary) or K. */
  m: number;
  K: number;
  C: number;
  /** n × D, row-major, last column 1. */
  X: Float64Array;
  /** Label index per row. */
  y: Int32Array;
}

interface Evaluation {
  f: number;
  g: Float64Array;
  /** Binary: p(labels[1]) per row; multinomial: n × K probabilities. */
  p: Float64Array;
}

function softplus(u: number): number {
  return u > 0 ? u + Math.log1p(Math.exp(-u)) : Math.log1p(Math.exp(u));
}

function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

function evaluate(pr: LogisticProblem, theta: Float64Array): Evaluation {
  const { n, D, m, K, C, X, y } = pr;
  const d = D - 1;
  const g = new Float64Array(m * D);
  let loss = 0;
  let p: Float64Array;
  if (m === 1) {
    p = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const o = i * D;
      let z = 0;
      for (let j = 0; j < D; j++) z += (X[o + j] as number) * (theta[j] as number);
      const positive = y[i] === 1;
      loss += softplus(positive ? -z : z);
      const pi = sigmoid(z);
      p[i] = pi;
      const r = pi - (positive ? 1 : 0);
      for (let j = 0; j < D; j++) g[j] = (g[j] as number) + r * (X[o + j] as number);
    }
  } else {
    p = new Float64Array(n * K);
    const z = new Float64Array(K);
    for (let i = 0; i < n; i++) {
      const o = i * D;
      let max = -Infinity;
      for (let k = 0; k < K; k++) {
        let s = 0;
        const t = k * D;
        for (let j = 0; j < D; j++) s += (X[o + j] as number) * (theta[t + j] as number);
        z[k] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let k = 0; k < K; k++) sum += Math.exp((z[k] as number) - max);
      const lse = max + Math.log(sum);
      const yi = y[i] as number;
      loss += lse - (z[yi] as number);
      for (let k = 0; k < K; k++) {
        const pk = Math.exp((z[k] as number) - lse);
        p[i * K + k] = pk;
        const r = pk - (k === yi ? 1 : 0);
        const t = k * D;
        for (let j = 0; j < D; j++) g[t + j] = (g[t + j] as number) + r * (X[o + j] as number);
      }
    }
  }
  let penalty = 0;
  for (let r = 0; r < m; r++) {
    for (let j = 0; j < d; j++) {
      const q = r * D + j;
      const w = theta[q] as number;
      penalty += w * w;
      g[q] = C * (g[q] as number) + w;
    }
    g[r * D + d] = C * (g[r * D + d] as number);
  }
  return { f: C * loss + 0.5 * penalty, g, p };
}

/** Full symmetric Hessian (P × P, P = m·D) at the evaluation's probabilities. */
function hessian(pr: LogisticProblem, ev: Evaluation): Float64Array {
  const { n, D, m, K, C, X } = pr;
  const d = D - 1;
  const P = m * D;
  const H = new Float64Array(P * P);
  // Blocks (k, l), k ≤ l: C·Σᵢ wᵢₖₗ xᵢxᵢᵀ, upper triangles of each block accumulated first.
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k < m; k++) for (let l = k; l < m; l++) pairs.push([k, l]);
  const blocks = pairs.map(() => new Float64Array(D * D));
  // Rows are taken four at a time (padding rows get weight 0) so that each pass over a block
  // does four multiply-adds per load and store: the Hessian dominates the cost for large n.
  const weight = (i: number, k: number, l: number): number => {
    if (m === 1) {
      const pi = ev.p[i] as number;
      return pi * (1 - pi);
    }
    const pk = ev.p[i * K + k] as number;
    return pk * ((k === l ? 1 : 0) - (ev.p[i * K + l] as number));
  };
  for (let i0 = 0; i0 < n; i0 += 4) {
    const i1 = Math.min(i0 + 1, n - 1);
    const i2 = Math.min(i0 + 2, n - 1);
    const i3 = Math.min(i0 + 3, n - 1);
    const o0 = i0 * D;
    const o1 = i1 * D;
    const o2 = i2 * D;
    const o3 = i3 * D;
    for (let q = 0; q < pairs.length; q++) {
      const [k, l] = pairs[q] as [number, number];
      const w0 = weight(i0, k, l);
      const w1 = i0 + 1 < n ? weight(i1, k, l) : 0;
      const w2 = i0 + 2 < n ? weight(i2, k, l) : 0;
      const w3 = i0 + 3 < n ? weight(i3, k, l) : 0;
      const B = blocks[q] as Float64Array;
      for (let a = 0; a < D; a++) {
        const a0 = w0 * (X[o0 + a] as number);
        const a1 = w1 * (X[o1 + a] as number);
        const a2 = w2 * (X[o2 + a] as number);
        const a3 = w3 * (X[o3 + a] as number);
        const row = a * D;
        for (let b = a; b < D; b++) {
          B[row + b] =
            (B[row + b] as number) +
            a0 * (X[o0 + b] as number) +
            a1 * (X[o1 + b] as number) +
            a2 * (X[o2 + b] as number) +
            a3 * (X[o3 + b] as number);
        }
      }
    }
  }
  pairs.forEach(([k, l], q) => {
    const B = blocks[q] as Float64Array;
    for (let a = 0; a < D; a++) {
      for (let b = a; b < D; b++) {
        const v = C * (B[a * D + b] as number);
        const r1 = k * D + a;
        const c1 = l * D + b;
        const r2 = k * D + b;
        const c2 = l * D + a;
        H[r1 * P + c1] = v;
        H[c1 * P + r1] = v;
        H[r2 * P + c2] = v;
        H[c2 * P + r2] = v;
      }
    }
  });
  for (let r = 0; r < m; r++) {
    for (let j = 0; j < d; j++) {
      const q = (r * D + j) * P + r * D + j;
      H[q] = (H[q] as number) + 1;
    }
  }
  if (m > 1) {
    const lambda = 1 + C * n;
    for (let k = 0; k < m; k++) {
      for (let l = 0; l < m; l++) {
        const q = (k * D + d) * P + l * D + d;
        H[q] = (H[q] as number) + lambda;
      }
    }
  }
  return H;
}

/** Solve H x = rhs by Cholesky (H symmetric positive definite); null when a pivot is not positive. */
function choleskySolve(H: Float64Array, rhs: Float64Array, P: number, jitter: number): Float64Array | null {
  const L = new Float64Array(P * P);
  for (let i = 0; i < P; i++) {
    for (let j = 0; j <= i; j++) {
      let s = (H[i * P + j] as number) + (i === j ? jitter : 0);
      for (let k = 0; k < j; k++) s -= (L[i * P + k] as number) * (L[j * P + k] as number);
      if (i === j) {
        if (!(s > 0) || !Number.isFinite(s)) return null;
        L[i * P + i] = Math.sqrt(s);
      } else {
        L[i * P + j] = s / (L[j * P + j] as number);
      }
    }
  }
  const x = Float64Array.from(rhs);
  for (let i = 0; i < P; i++) {
    let s = x[i] as number;
    for (let k = 0; k < i; k++) s -= (L[i * P + k] as number) * (x[k] as number);
    x[i] = s / (L[i * P + i] as number);
  }
  for (let i = P - 1; i >= 0; i--) {
    let s = x[i] as number;
    for (let k = i + 1; k < P; k++) s -= (L[k * P + i] as number) * (x[k] as number);
    x[i] = s / (L[i * P + i] as number);
  }
  return x;
}

/** The solver stopped short of the optimum; the model's `fit` turns this into a DataError naming the model. */
export class NotConverged extends Error {
  constructor(
    readonly iterations: number,
    readonly reason: string | null
  ) {
    super(`logistic regression did not converge in ${iterations} Newton steps${reason === null ? '' : ` (${reason})`}`);
  }
}

function newtonDirection(H: Float64Array, g: Float64Array, P: number): Float64Array | null {
  let maxDiag = 0;
  for (let i = 0; i < P; i++) maxDiag = Math.max(maxDiag, Math.abs(H[i * P + i] as number));
  let jitter = 0;
  for (let attempt = 0; attempt < 12; attempt++) {
    const x = choleskySolve(H, g, P, jitter);
    if (x !== null) {
      for (let i = 0; i < P; i++) x[i] = -(x[i] as number);
      return x;
    }
    jitter = jitter === 0 ? 1e-12 * Math.max(maxDiag, 1) : jitter * 100;
  }
  return null;
}

function centreIntercepts(pr: LogisticProblem, theta: Float64Array): void {
  if (pr.m === 1) return;
  const d = pr.D - 1;
  let mean = 0;
  for (let k = 0; k < pr.m; k++) mean += theta[k * pr.D + d] as number;
  mean /= pr.m;
  for (let k = 0; k < pr.m; k++) theta[k * pr.D + d] = (theta[k * pr.D + d] as number) - mean;
}

/** max_q |g_q| / limit_q; converged when ≤ 1. */
function scaledGradient(pr: LogisticProblem, theta: Float64Array, g: Float64Array, columnScale: Float64Array): number {
  let worst = 0;
  for (let r = 0; r < pr.m; r++) {
    for (let j = 0; j < pr.D; j++) {
      const q = r * pr.D + j;
      const limit = LOGISTIC_TOL * Math.max(1, Math.abs(theta[q] as number), columnScale[j] as number);
      worst = Math.max(worst, Math.abs(g[q] as number) / limit);
    }
  }
  return worst;
}

export function solveLogistic(pr: LogisticProblem): { theta: Float64Array; iterations: number } {
  const P = pr.m * pr.D;
  const columnScale = new Float64Array(pr.D);
  for (let i = 0; i < pr.n; i++) {
    for (let j = 0; j < pr.D; j++) columnScale[j] = (columnScale[j] as number) + Math.abs(pr.X[i * pr.D + j] as number);
  }
  for (let j = 0; j < pr.D; j++) columnScale[j] = pr.C * (columnScale[j] as number);

  let theta: Float64Array = new Float64Array(P);
  let ev = evaluate(pr, theta);
  let iterations = 0;
  for (;;) {
    const scaled = scaledGradient(pr, theta, ev.g, columnScale);
    if (scaled <= 1) return { theta, iterations };
    if (iterations >= LOGISTIC_MAX_ITERATIONS) {
      throw new NotConverged(iterations, null);
    }
    const step = newtonDirection(hessian(pr, ev), ev.g, P);
    if (step === null) throw new NotConverged(iterations, 'the Newton system is not positive definite');
    let slope = 0;
    for (let q = 0; q < P; q++) slope += (ev.g[q] as number) * (step[q] as number);
    let accepted: { theta: Float64Array; ev: Evaluation } | null = null;
    // −slope = ΔᵀHΔ, twice the predicted decrease. Once that is below the objective's own
    // rounding noise (a sum of n terms), comparing objectives is meaningless: the step is then
    // judged by the scaled gradient instead, which Newton's step drives to zero.
    const inNoise = -slope < NOISE_REGIME * Math.max(1, Math.abs(ev.f));
    if (slope < 0) {
      for (let alpha = 1; alpha >= 1e-12; alpha /= 2) {
        const trial = new Float64Array(P);
        for (let q = 0; q < P; q++) trial[q] = (theta[q] as number) + alpha * (step[q] as number);
        centreIntercepts(pr, trial);
        const tev = evaluate(pr, trial);
        if (!Number.isFinite(tev.f)) continue;
        const improves = inNoise
          ? scaledGradient(pr, trial, tev.g, columnScale) < scaled
          : tev.f <= ev.f + 1e-4 * alpha * slope;
        if (improves) {
          accepted = { theta: trial, ev: tev };
          break;
        }
      }
    }
    if (accepted === null) {
      throw new NotConverged(iterations, 'no step along the Newton direction made progress');
    }
    theta = accepted.theta;
    ev = accepted.ev;
    iterations++;
  }
}
