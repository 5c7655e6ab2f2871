/**
 * A tree ensemble read from XGBoost's JSON or LightGBM's text model (docs/models.md#tree-ensembles), in flat arrays,
 * and its prediction as each library computes it: the path a row takes through a tree (the split rule and the
 * missing-value rule of its format) and the sum of the leaves it reaches, per output.
 *
 *   XGBoost   a value goes left when value < threshold, both as float32; NaN goes to the node's default side; the
 *             margin starts at the base margin and adds each tree's leaf in float32, tree by tree, as its CPU
 *             predictor does.
 *   LightGBM  a value goes left when value ≤ threshold, in doubles; NaN is read as 0 unless the node's missing type
 *             is NaN, and a missing value (NaN for type NaN, |value| ≤ 1e-35 for type Zero) goes to the default
 *             side; leaves add up in doubles (the first tree holds the starting score).
 *   Categorical splits test the value's truncated category against the node's set (categoryGoesLeft).
 */

/** How a node treats a missing value: LightGBM's missing type (0 none, 1 zero, 2 NaN); XGBoost's nodes are all NaN. */
export const MISSING_ZERO = 1;
export const MISSING_NAN = 2;

/** LightGBM's zero threshold (kZeroThreshold, the float 1e-35f): a value this close to 0 is "zero" for type Zero. */
export const ZERO_THRESHOLD = Math.fround(1e-35);

export interface Tree {
  /** Per node: the feature it tests (the model's own feature index), or -1 for a leaf. */
  readonly feature: Int32Array;
  /** Per node: the split threshold (XGBoost's already rounded to float32). */
  readonly threshold: Float64Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  /** Per node: 1 when a missing value goes left. */
  readonly defaultLeft: Uint8Array;
  /** Per node: the missing type, 0 (none), MISSING_ZERO or MISSING_NAN. */
  readonly missing: Uint8Array;
  /** Per node: the leaf's value (0 for a split). */
  readonly value: Float64Array;
  /**
   * Per node: the categories of a categorical split (null for a numerical one). XGBoost sends the categories in the
   * set right, LightGBM sends them left.
   */
  readonly categories: ReadonlyArray<ReadonlySet<number> | null>;
  /** The output (class) this tree adds to. */
  readonly output: number;
}

/** How margins become the scores the model reports. */
export type Link = 'sigmoid' | 'softmax';

export interface Forest {
  readonly format: 'xgboost' | 'lightgbm';
  /** The library version the file records (XGBoost's `version`, LightGBM's `version=`). */
  readonly version: string;
  /** The objective as the file names it. */
  readonly objective: string;
  readonly trees: readonly Tree[];
  /** Margins per row: 1 for a binary model, one per class otherwise. */
  readonly outputs: number;
  /** The starting margin of each output. */
  readonly base: readonly number[];
  readonly link: Link;
  /** LightGBM's `sigmoid:` parameter of a binary objective (the margin is scaled by it); 1 for XGBoost. */
  readonly sigmoidScale: number;
  /** The feature names the file records, or null when it records none (features are then taken by position). */
  readonly featureNames: readonly string[] | null;
  readonly featureCount: number;
  /** XGBoost: comparisons and sums in float32; LightGBM: doubles. */
  readonly float32: boolean;
}

/** Whether a node sends the value left, by its format's rule (the module comment). */
export function goesLeft(tree: Tree, node: number, value: number, float32: boolean): boolean {
  const set = tree.categories[node];
  if (set != null) return categoryGoesLeft(tree, node, set, value, float32);
  let v = value;
  if (float32) {
    // NaN stays NaN under fround.
    v = Math.fround(v);
    return v !== v ? tree.defaultLeft[node] === 1 : v < (tree.threshold[node] as number);
  }
  const type = tree.missing[node] as number;
  if (v !== v && type !== MISSING_NAN) v = 0;
  if ((type === MISSING_NAN && v !== v) || (type === MISSING_ZERO && Math.abs(v) <= ZERO_THRESHOLD))
    return tree.defaultLeft[node] === 1;
  return v <= (tree.threshold[node] as number);
}

/**
 * A categorical split. XGBoost: NaN to the default side; a value below 0 or from 2^24 up is no category and goes
 * left; otherwise its truncated category goes right when it is in the set. LightGBM: NaN and a value whose truncation
 * is below 0 go right; a category in the set goes left.
 */
function categoryGoesLeft(
  tree: Tree,
  node: number,
  set: ReadonlySet<number>,
  value: number,
  float32: boolean
): boolean {
  if (float32) {
    const v = Math.fround(value);
    if (v !== v) return tree.defaultLeft[node] === 1;
    if (v < 0 || v >= CATEGORY_LIMIT) return true;
    return !set.has(Math.trunc(v));
  }
  if (value !== value) return false;
  const c = Math.trunc(value);
  return c >= 0 && set.has(c);
}

/** XGBoost reads a category from a float32: from 2^24 up, integers are no longer exact. */
const CATEGORY_LIMIT = 2 ** 24;

/** The leaf a row (in the model's feature order) reaches in a tree. */
function leafOf(tree: Tree, x: ArrayLike<number>, float32: boolean): number {
  let node = 0;
  const { feature, left, right } = tree;
  for (let f = feature[0] as number; f >= 0; f = feature[node] as number)
    node = goesLeft(tree, node, x[f] as number, float32) ? (left[node] as number) : (right[node] as number);
  return node;
}

/** The margins of a row in the model's feature order, as the library sums them. */
export function margins(forest: Forest, x: ArrayLike<number>): number[] {
  const out = forest.base.slice();
  const f32 = forest.float32;
  for (const tree of forest.trees) {
    const leaf = tree.value[leafOf(tree, x, f32)] as number;
    const k = tree.output;
    out[k] = f32 ? Math.fround((out[k] as number) + leaf) : (out[k] as number) + leaf;
  }
  return out;
}

/**
 * The scores of the margins in label order, as the library's classifier wrapper gives them: binary [1 − p, p] with
 * p the logistic of the margin, else the softmax over classes. XGBoost in float32 as its objective computes them
 * (the logistic as 1.0f / (expf(min(−x, 88.7f)) + 1.0f), the softmax's sum in double), LightGBM in doubles. Their
 * argmax (ties to the first class) is the wrapper's predicted class.
 */
export function scoresOf(forest: Forest, m: readonly number[]): number[] {
  if (forest.float32) return float32Scores(forest, m);
  if (forest.link === 'sigmoid') {
    const p = 1 / (1 + Math.exp(-forest.sigmoidScale * (m[0] as number)));
    return [1 - p, p];
  }
  let top = -Infinity;
  for (const v of m) if (v > top) top = v;
  const e = m.map((v) => Math.exp(v - top));
  let sum = 0;
  for (const v of e) sum += v;
  return e.map((v) => v / sum);
}

function float32Scores(forest: Forest, m: readonly number[]): number[] {
  const r = Math.fround;
  if (forest.link === 'sigmoid') {
    const p = r(1 / r(r(Math.exp(Math.min(-(m[0] as number), r(88.7)))) + 1));
    return [r(1 - p), p];
  }
  let top = -Infinity;
  for (const v of m) if (v > top) top = v;
  const e = m.map((v) => r(Math.exp(r(v - top))));
  let sum = 0;
  for (const v of e) sum += v;
  const total = r(sum);
  return e.map((v) => r(v / total));
}

/** Trees and leaves, for the manifest. */
export function forestSize(forest: Forest): { trees: number; leaves: number } {
  let leaves = 0;
  for (const tree of forest.trees) for (const f of tree.feature) if (f < 0) leaves++;
  return { trees: forest.trees.length, leaves };
}
