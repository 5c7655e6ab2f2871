/**
 * L2-regularised logistic regression on numeric features (docs/definitions.md#tabular), equal to a fully
 * converged scikit-learn `LogisticRegression(C)`:
 *   binary (2 labels):  minimise ½‖w‖² + C·Σᵢ log(1 + exp(−yᵢ(w·xᵢ + b))), yᵢ = +1 iff the row's
 *                       label is labels[1] (sklearn's classes_[1]), b unpenalised;
 *   multinomial (> 2):  minimise ½‖W‖²_F + C·Σᵢ −log softmax(W xᵢ + b)[yᵢ], b unpenalised.
 * The multinomial intercepts are only defined up to a common constant; like sklearn (which
 * starts at 0 and never leaves Σₖ bₖ = 0) the reported solution is centred: Σₖ bₖ = 0.
 *
 * Solver: Newton with the exact Hessian, a Cholesky solve and an Armijo line search (./newton.ts).
 * Training rows are put into a canonical order (by feature vector, then label) first, so the
 * fit — and the digest — depends on the multiset of rows and not on file order.
 * Cost per Newton step: O(n·(d+1)²·m(m+1)/2) for the Hessian, O(n·(d+1)·m) per line-search trial.
 */
import type { Example, ExampleInput } from '../data/example.js';
import { DataError } from '../errors.js';
import type { AffineLogits, AffineParameters, Differentiable } from '../tabular/contract.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { decide, type Model, type ModelDescription, type ScoreResult } from './model.js';
import { maxOf } from '../util/numbers.js';
import { quoted, visiblePath } from '../util/visible.js';
import { LOGISTIC_TOL, NotConverged, solveLogistic } from './newton.js';

interface LogisticParameters {
  /** Labels in code-point order; binary: labels[1] is the positive class. */
  labels: string[];
  /** Feature names, in the order of coef's columns and of input vectors. */
  features: string[];
  C: number;
  /** m × d, m = 1 for binary (sklearn's coef_ shape), K for multinomial. */
  coef: number[][];
  /** m intercepts; centred (sum 0) for multinomial. */
  intercept: number[];
  /** Newton steps taken by the fit. */
  iterations: number;
}

function compareRows(X: Float64Array, D: number, y: Int32Array, a: number, b: number): number {
  for (let j = 0; j < D - 1; j++) {
    const u = X[a * D + j] as number;
    const v = X[b * D + j] as number;
    if (u !== v) return u < v ? -1 : 1;
  }
  return (y[a] as number) - (y[b] as number);
}

/** The logits' affine form, made once per model and frozen (exact reads it for every row). */
function affineOf(params: LogisticParameters): AffineParameters {
  const frozen = (xs: readonly number[]): readonly number[] => Object.freeze([...xs]);
  if (params.coef.length === 1) {
    const w = params.coef[0] as number[];
    return Object.freeze({
      weights: Object.freeze([frozen(w.map(() => 0)), frozen(w)]),
      intercepts: frozen([0, params.intercept[0] as number])
    });
  }
  return Object.freeze({ weights: Object.freeze(params.coef.map(frozen)), intercepts: frozen(params.intercept) });
}

export class LogisticRegressionModel implements Model, Differentiable, AffineLogits {
  readonly labels: readonly string[];
  readonly features: readonly string[];
  private readonly coef: Float64Array[];
  private readonly intercept: Float64Array;
  private readonly labelIndex: Map<string, number>;
  private readonly digest: string;
  private readonly affine: AffineParameters;

  constructor(
    readonly name: string,
    private readonly params: LogisticParameters
  ) {
    const K = params.labels.length;
    const m = K === 2 ? 1 : K;
    if (K < 2) throw new Error('logistic regression needs at least two labels');
    if (
      params.coef.length !== m ||
      params.intercept.length !== m ||
      params.coef.some((row) => row.length !== params.features.length)
    ) {
      throw new Error('logistic regression: coef/intercept do not match the labels and features');
    }
    this.labels = params.labels;
    this.features = params.features;
    this.coef = params.coef.map((row) => Float64Array.from(row));
    this.intercept = Float64Array.from(params.intercept);
    this.labelIndex = new Map(params.labels.map((l, i) => [l, i]));
    this.affine = affineOf(params);
    this.digest = sha256Hex(
      stableJson({
        kind: 'logistic-regression',
        C: params.C,
        labels: params.labels,
        features: params.features,
        coef: params.coef,
        intercept: params.intercept
      })
    );
  }

  /**
   * Fit on `train` (feature inputs; values read by name in `features` order). Throws a plain
   * Error on invalid training data or a label without training rows (no finite optimum), and a
   * DataError naming the model and the training file when the solver does not converge.
   */
  static fit(
    name: string,
    train: readonly Example[],
    labels: readonly string[],
    features: readonly string[],
    C = 1
  ): LogisticRegressionModel {
    if (labels.length < 2) throw new Error('logistic regression needs at least two labels');
    if (new Set(labels).size !== labels.length) throw new Error('logistic regression: duplicate labels');
    if (new Set(features).size !== features.length) throw new Error('logistic regression: duplicate feature names');
    if (!(C > 0) || !Number.isFinite(C))
      throw new Error(`logistic regression: C must be a positive finite number, got ${C}`);
    if (train.length === 0) throw new Error('logistic regression: no training rows');
    const K = labels.length;
    const d = features.length;
    const D = d + 1;
    const n = train.length;
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    const rawX = new Float64Array(n * D);
    const rawY = new Int32Array(n);
    const counts = new Array<number>(K).fill(0);
    train.forEach((e, i) => {
      const k = labelIndex.get(e.label);
      if (k === undefined)
        throw new Error(
          `logistic regression: training row ${e.id} has label ${JSON.stringify(e.label)}, not one of the ` +
            `model's labels`
        );
      rawY[i] = k;
      counts[k] = (counts[k] as number) + 1;
      const x = featureVector(e.input, features);
      if (typeof x === 'string') throw new Error(`logistic regression: training row ${e.id}: ${x}`);
      rawX.set(x, i * D);
      rawX[i * D + d] = 1;
    });
    const empty = labels.filter((_, k) => counts[k] === 0);
    if (empty.length > 0)
      throw new Error(
        `logistic regression: no training rows for label(s) ${empty.map((l) => JSON.stringify(l)).join(', ')}`
      );

    // Canonical row order: the fit is a function of the multiset of rows.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareRows(rawX, D, rawY, a, b));
    const X = new Float64Array(n * D);
    const y = new Int32Array(n);
    order.forEach((src, dst) => {
      X.set(rawX.subarray(src * D, src * D + D), dst * D);
      y[dst] = rawY[src] as number;
    });

    const m = K === 2 ? 1 : K;
    let solved: { theta: Float64Array; iterations: number };
    try {
      solved = solveLogistic({ n, D, m, K, C, X, y });
    } catch (error) {
      if (!(error instanceof NotConverged)) throw error;
      // No values from the data: only the step count and what to do.
      throw new DataError(
        `${visiblePath((train[0] as Example).file)}: model ${quoted(name)}: logistic regression did not converge ` +
          `in ${error.iterations} Newton steps` +
          `${error.reason === null ? '' : ` (${error.reason})`}; the training features are too badly scaled for ` +
          `it (typically a column whose values lie far from 0 ` +
          'compared with their spread, or values of extreme magnitude). The config has no feature-scaling option ' +
          'for this model: centre and rescale the features ' +
          'in the data files (for example, standardise each column to mean 0 and standard deviation 1) and ' +
          'restate threat_model.constraints (linf_eps, bounds) in the new units'
      );
    }
    const { theta, iterations } = solved;
    const coef: number[][] = [];
    const intercept: number[] = [];
    for (let r = 0; r < m; r++) {
      coef.push(Array.from(theta.subarray(r * D, r * D + d)));
      intercept.push(theta[r * D + d] as number);
    }
    return new LogisticRegressionModel(name, {
      labels: [...labels],
      features: [...features],
      C,
      coef,
      intercept,
      iterations
    });
  }

  /** The trained parameters (copies). */
  parameters(): LogisticParameters {
    return {
      ...this.params,
      labels: [...this.params.labels],
      features: [...this.params.features],
      coef: this.params.coef.map((row) => [...row]),
      intercept: [...this.params.intercept]
    };
  }

  describe(): ModelDescription {
    return {
      name: this.name,
      kind: 'logistic-regression',
      params: {
        C: this.params.C,
        solver: 'newton',
        tol: LOGISTIC_TOL,
        iterations: this.params.iterations,
        coef: this.params.coef.map((row) => [...row]),
        intercept: [...this.params.intercept]
      },
      digest: this.digest,
      probabilities: true
    };
  }

  /** predict_proba for a vector in `features` order: binary [1 − p, p], multinomial softmax. */
  probabilities(x: readonly number[]): number[] {
    this.checkVector(x);
    // Plain loops: this runs once per scored row, mostly before the optimiser has seen it.
    const z: number[] = [];
    for (let r = 0; r < this.coef.length; r++) {
      const w = this.coef[r] as Float64Array;
      let s = 0;
      for (let j = 0; j < w.length; j++) s += (w[j] as number) * (x[j] as number);
      z.push(s + (this.intercept[r] as number));
    }
    if (z.length === 1) {
      // sklearn: expit(decision), then [1 − p, p].
      const p = 1 / (1 + Math.exp(-(z[0] as number)));
      return [1 - p, p];
    }
    const max = maxOf(z);
    let sum = 0;
    for (let k = 0; k < z.length; k++) {
      const e = Math.exp((z[k] as number) - max);
      z[k] = e;
      sum += e;
    }
    for (let k = 0; k < z.length; k++) z[k] = (z[k] as number) / sum;
    return z;
  }

  /**
   * The logits as affine maps, one per label: multinomial zₖ = Wₖ·x + bₖ; binary z₀ = 0 and
   * z₁ = w·x + b (the decision function), which predict the same label as the probabilities.
   */
  affineLogits(): AffineParameters {
    return this.affine;
  }

  /** ∂ cross-entropy(x, label) / ∂x. */
  inputGradient(x: readonly number[], label: string): number[] {
    const c = this.labelIndex.get(label);
    if (c === undefined) throw new Error(`logistic regression: unknown label ${JSON.stringify(label)}`);
    const p = this.probabilities(x);
    const grad = new Array<number>(this.features.length).fill(0);
    if (this.coef.length === 1) {
      const r = (p[1] as number) - (c === 1 ? 1 : 0);
      const w = this.coef[0] as Float64Array;
      for (let j = 0; j < grad.length; j++) grad[j] = r * (w[j] as number);
      return grad;
    }
    this.coef.forEach((w, k) => {
      const r = (p[k] as number) - (k === c ? 1 : 0);
      for (let j = 0; j < grad.length; j++) grad[j] = (grad[j] as number) + r * (w[j] as number);
    });
    return grad;
  }

  predict(x: readonly number[]): string {
    return decide(this.labels, this.probabilities(x)).prediction;
  }

  /** The input's feature vector in `features` order, or why it cannot be scored. */
  vector(input: ExampleInput): number[] | string {
    return featureVector(input, this.features);
  }

  async score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    return inputs.map((input) => {
      const x = featureVector(input, this.features);
      return typeof x === 'string'
        ? { status: 'error' as const, error: x }
        : { status: 'ok' as const, scores: this.probabilities(x) };
    });
  }

  async close(): Promise<void> {}

  private checkVector(x: readonly number[]): void {
    if (x.length !== this.features.length)
      throw new Error(`logistic regression: expected ${this.features.length} feature values, got ${x.length}`);
    for (let j = 0; j < x.length; j++) {
      if (typeof x[j] !== 'number' || !Number.isFinite(x[j]))
        throw new Error(`logistic regression: feature ${JSON.stringify(this.features[j])} is not a finite number`);
    }
  }
}

function featureVector(input: ExampleInput, features: readonly string[]): number[] | string {
  if (input.kind !== 'features') return 'logistic regression scores numeric feature inputs only';
  const x: number[] = [];
  for (const f of features) {
    if (!Object.hasOwn(input.values, f)) return `missing feature ${JSON.stringify(f)}`;
    const v = input.values[f];
    if (typeof v !== 'number' || !Number.isFinite(v))
      return `feature ${JSON.stringify(f)} is not a finite number: ${String(v)}`;
    x.push(v);
  }
  return x;
}
