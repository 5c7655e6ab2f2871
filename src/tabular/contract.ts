/**
 * The tabular threat model (docs/definitions.md#tabular) as the attacks see it: numeric feature vectors in the
 * config's feature order, raw units, an L∞ budget `eps`, per-feature bounds and the set of
 * editable features. A white-box model exposes its input gradient.
 */
import type { Forest } from '../models/trees/forest.js';

export interface FeatureSpace {
  /** Feature names, in config order; vectors are indexed the same way. */
  names: readonly string[];
  /** editable[i]: whether feature i may change. */
  editable: readonly boolean[];
  /** Inclusive bounds per feature; -Infinity / Infinity when unbounded. */
  lower: readonly number[];
  upper: readonly number[];
  /** L∞ budget in raw feature units (> 0). */
  eps: number;
}

/** What FGM needs from a model: the gradient of its cross-entropy loss with respect to the input. */
export interface Differentiable {
  /** ∂ loss(x, label) / ∂x, one entry per feature. */
  inputGradient(x: readonly number[], label: string): number[];
  /** The model's predicted label for x (argmax of its probabilities, ties to the first label). */
  predict(x: readonly number[]): string;
  /** Its scores for x in label order (what a review policy judges under threat_model.against_policy). */
  probabilities?(x: readonly number[]): number[];
}

/** A candidate and its validity (every candidate is checked; invalid ones are kept and flagged). */
export interface TabularCandidate {
  values: number[];
  /** False when the attack did not act on the row (FGM on an initially wrong row). */
  attempted: boolean;
  valid: boolean;
  invalidReason: string | null;
  /** Work and certification facts of this row; absent for attacks that do not report them per row. */
  work?: RowWork;
}

/** Work done inside attack generation, for the manifest and the summary. */
export interface AttackCounters {
  gradientEvaluations: number;
  predictionEvaluations: number;
}

/** What `exact` reads from a tree ensemble (tree-exact.ts): its trees, where its features are, how classes map. */
export interface TreeView {
  readonly forest: Forest;
  /** featureAt[j]: the index in the row (FeatureSpace.names) of the model's feature j. */
  readonly featureAt: readonly number[];
  /** classOf[i]: the model's class that scores label i. */
  readonly classOf: readonly number[];
  readonly labels: readonly string[];
}

/** A model that hands exact its trees, given the row's feature names. */
export interface HasTrees {
  treeView(names: readonly string[]): TreeView;
}

export function hasTrees(model: unknown): model is HasTrees {
  return typeof (model as Partial<HasTrees>).treeView === 'function';
}

/**
 * What `exact` needs from a model: its logits are affine in x. One row per label, in label
 * order: zₖ(x) = weights[k]·x + intercepts[k]. A binary logistic regression is written with a
 * zero row for its first label, so that z₁ − z₀ is its decision function. exact asks once per
 * row, so a model hands out the same read-only arrays each time rather than a copy.
 */
export interface AffineLogits {
  readonly labels: readonly string[];
  affineLogits(): AffineParameters;
}

/** Whether a model's logits are affine in x (the built-in logistic regression's are). */
export function hasAffineLogits(model: unknown): model is AffineLogits {
  return typeof (model as Partial<AffineLogits>).affineLogits === 'function';
}

export interface AffineParameters {
  readonly weights: readonly (readonly number[])[];
  readonly intercepts: readonly number[];
}

/** Per-row work and certification facts that the evidence row carries (docs/tabular.md). */
export interface RowWork {
  /** Model predictions (or score calls) made while generating this row's candidate. */
  queries: number;
  /** Input-gradient evaluations made while generating this row's candidate. */
  gradientEvaluations: number;
  /** `exact` only: no point of F(x) moves the row (null for other attacks and for rows not attacked). */
  certified: boolean | null;
  /** `exact` only: the largest reachable gap is zero within the tie tolerance. */
  tie: boolean | null;
}
