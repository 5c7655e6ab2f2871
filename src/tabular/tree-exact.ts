/**
 * `exact` on a tree ensemble (docs/tabular.md#exact-on-trees): the worst case over F(x), exactly, by a branch and
 * bound over the cells the ensemble's thresholds cut F(x) into. A sum of trees is constant wherever no feature
 * crosses a threshold of its own, so one point per piece of each feature's interval shows every decision the model
 * can take in F(x): the ends of the interval and every threshold inside it (XGBoost sends a value left when
 * float32(value) < t, so the piece [t, next) holds t; LightGBM when value ≤ t, so (previous, t] holds t; a LightGBM
 * node that reads |value| ≤ 1e-35 as missing adds a point inside that band and one on each side of it).
 *
 * The search fixes one feature at a time. For the box of points still free it bounds each output's sum from above
 * and below by the largest and smallest leaf every tree can still reach, and skips the box when even those bounds
 * (loosened by the rounding of the library's own sums) leave no success possible. A point with every feature fixed
 * is scored with the model's own arithmetic (forest.ts) and judged by the run's success rule, so no bound ever
 * decides a verdict: it only skips boxes that hold no success.
 *
 *   success    a point is a success; the candidate is the first the search reaches (most promising boxes first).
 *   certified  every box holds no success: no point of F(x) moves the row, for this model and this threat model only.
 *   tie        no success, and a visited point leaves the objective margin exactly 0 (argmax's first-label rule
 *              kept gold): never certified.
 *   undecided  the search would open more than MAX_BOXES boxes, or runs past time_limit_ms: nothing is claimed
 *              (certified and tie null); the row keeps x.
 */
import { isAttackSuccess, type ReviewPolicy } from '../evidence/attack-success.js';
import { goesLeft, margins, MISSING_ZERO, scoresOf, ZERO_THRESHOLD } from '../models/trees/forest.js';
import { decide } from '../models/model.js';
import { objectiveMargin } from '../perturb/search/objective.js';
import { intervals } from './clip.js';
import type { FeatureSpace, TreeView } from './contract.js';

/** The most boxes one row's search may open; a row that needs more is undecided. */
const MAX_BOXES = 1_000_000;

/** Trees walked between two readings of the clock for time_limit_ms (a few milliseconds of work). */
const CLOCK_EVERY = 1 << 20;

interface TreeExactOutcome {
  candidate: number[];
  /** null when undecided. */
  certified: boolean | null;
  tie: boolean | null;
  /** Boxes the search opened (over the limit when undecided). */
  boxes: number;
}

/** The scores of a row point in label order, by the model's own arithmetic. */
function treeScores(view: TreeView, point: readonly number[]): number[] {
  const x = view.featureAt.map((i) => point[i] as number);
  const scores = scoresOf(view.forest, margins(view.forest, x));
  return view.classOf.map((k) => scores[k] as number);
}

/** What the model's nodes on one row feature split it by. */
interface FeatureCuts {
  /** Thresholds of its numerical splits. */
  cuts: number[];
  /** A node reads a band around zero as missing (LightGBM's missing type Zero). */
  zeroBand: boolean;
  /** A node splits it by category: every whole number of its interval is a piece of its own. */
  categorical: boolean;
}

function cutsByFeature(view: TreeView, width: number): FeatureCuts[] {
  const out: FeatureCuts[] = Array.from({ length: width }, () => ({ cuts: [], zeroBand: false, categorical: false }));
  for (const tree of view.forest.trees)
    for (let n = 0; n < tree.feature.length; n++) {
      const f = tree.feature[n] as number;
      if (f < 0) continue;
      const c = out[view.featureAt[f] as number] as FeatureCuts;
      if (tree.categories[n] != null) c.categorical = true;
      else c.cuts.push(tree.threshold[n] as number);
      if (tree.missing[n] === MISSING_ZERO) c.zeroBand = true;
    }
  return out;
}

/** A category split's pieces: more whole numbers in one interval than this, and the row is left undecided. */
const MAX_CATEGORIES = 4096;

/**
 * One point per piece of [lo, hi] the splits cut (docs above), sorted, without repeats; null when a categorical
 * feature's interval holds more than MAX_CATEGORIES whole numbers.
 */
function piecePoints(lo: number, hi: number, c: FeatureCuts, float32: boolean): number[] | null {
  const points = new Set<number>([lo, hi]);
  for (const t of c.cuts) if (t >= lo && t <= hi) points.add(t);
  // LightGBM's pieces end at a threshold (value ≤ t goes left), so the next one starts just above it; the zero band
  // [−z, z] adds its inside and the first double on each side. (XGBoost's pieces start at a threshold: t holds them.)
  if (!float32) for (const t of c.cuts) if (t >= lo && t < hi) points.add(nextUp(t));
  if (c.zeroBand)
    for (const p of [-nextUp(ZERO_THRESHOLD), -ZERO_THRESHOLD, 0, ZERO_THRESHOLD, nextUp(ZERO_THRESHOLD)])
      points.add(Math.min(hi, Math.max(lo, p)));
  // A category is the value's truncation: the whole number k stands for [k, k + 1) (and lo for the part below it).
  if (c.categorical) {
    const first = Math.ceil(lo);
    if (Math.floor(hi) - first + 1 > MAX_CATEGORIES) return null;
    for (let k = first; k <= hi; k++) points.add(k);
  }
  return [...points].sort((a, b) => a - b);
}

/** The next double above v (v finite): the first point of a piece that is open at v. */
function nextUp(v: number): number {
  if (v === 0) return Number.MIN_VALUE;
  const value = new Float64Array([v]);
  const bits = new BigInt64Array(value.buffer);
  bits[0] = (bits[0] as bigint) + (v > 0 ? 1n : -1n);
  return value[0] as number;
}

/**
 * What one row's search keeps: the moving features, their points and where each sits in the row, and what the bound
 * that prunes a box (`promise`) reads.
 */
interface Search {
  view: TreeView;
  moving: number[];
  options: number[][];
  /** position[i]: the depth at which row feature i is fixed (−1: it never moves). */
  position: Int32Array;
  /** Per output: the largest and the smallest sum of reachable leaves over the current box (base included). */
  upper: Float64Array;
  lower: Float64Array;
  /** The classes gold can lose to (untargeted: every other; targeted: the targets'). */
  rivals: number[];
  goldClass: number;
  targeted: boolean;
  /** How far rounding can move a sum of leaves (XGBoost sums in float32). */
  slack: number;
  /** Trees walked so far (by the bound and by scoring): what paces the clock. */
  walked: number;
}

/** The reachable leaves' largest and smallest values per output, with the features at depth ≥ `depth` free. */
function bound(s: Search, point: readonly number[], depth: number): void {
  const { forest, featureAt } = s.view;
  s.walked += forest.trees.length;
  s.upper.set(forest.base);
  s.lower.set(forest.base);
  const stack: number[] = [];
  for (const tree of forest.trees) {
    let hi = -Infinity;
    let lo = Infinity;
    stack.push(0);
    while (stack.length > 0) {
      const node = stack.pop() as number;
      const f = tree.feature[node] as number;
      if (f < 0) {
        const v = tree.value[node] as number;
        if (v > hi) hi = v;
        if (v < lo) lo = v;
        continue;
      }
      const i = featureAt[f] as number;
      const d = s.position[i] as number;
      if (d < 0 || d < depth) {
        const left = goesLeft(tree, node, point[i] as number, forest.float32);
        stack.push(left ? (tree.left[node] as number) : (tree.right[node] as number));
        continue;
      }
      // Free: a side is reachable when some point of the feature goes there. A numerical split is monotone, so its
      // ends tell; a band or a category set may send any point either way, so every point is asked.
      const points = s.options[d] as number[];
      let left = false;
      let right = false;
      if (tree.missing[node] === MISSING_ZERO || tree.categories[node] != null)
        for (const v of points) {
          if (goesLeft(tree, node, v, forest.float32)) left = true;
          else right = true;
          if (left && right) break;
        }
      else {
        left = goesLeft(tree, node, points[0] as number, forest.float32);
        right = !goesLeft(tree, node, points[points.length - 1] as number, forest.float32);
      }
      if (left) stack.push(tree.left[node] as number);
      if (right) stack.push(tree.right[node] as number);
    }
    s.upper[tree.output] = (s.upper[tree.output] as number) + hi;
    s.lower[tree.output] = (s.lower[tree.output] as number) + lo;
  }
}

/**
 * Whether some point of the box may be a success (a necessary condition, loosened by the rounding slack), and how
 * promising it is (the largest bound on a rival's lead). One margin (sigmoid): class 1 wins when it is above 0.
 */
function promise(s: Search): number {
  const { upper, lower } = s;
  if (s.view.forest.link === 'sigmoid') return s.goldClass === 1 ? -(lower[0] as number) : (upper[0] as number);
  let best = -Infinity;
  for (const r of s.rivals) {
    // Untargeted: r must overtake gold; targeted: r must overtake every other class.
    let lead = Infinity;
    for (let k = 0; k < upper.length; k++) {
      if (k === r || (!s.targeted && k !== s.goldClass)) continue;
      const v = (upper[r] as number) - (lower[k] as number);
      if (v < lead) lead = v;
    }
    if (lead > best) best = lead;
  }
  return best;
}

export function treeExact(
  x: readonly number[],
  gold: string,
  targets: readonly string[] | null,
  view: TreeView,
  space: FeatureSpace,
  policy: ReviewPolicy | null,
  maxBoxes = MAX_BOXES,
  timeLimitMs = Infinity
): TreeExactOutcome {
  // The clock is read once every CLOCK_EVERY trees walked: a row that ends sooner never reads it, so its verdict
  // cannot vary with the machine.
  const deadline = Number.isFinite(timeLimitMs) ? performance.now() + timeLimitMs : Infinity;
  const ends = intervals(x, space);
  const cuts = cutsByFeature(view, x.length);
  const position = new Int32Array(x.length).fill(-1);
  const found: Array<{ i: number; points: number[] }> = [];
  for (let i = 0; i < x.length; i++) {
    const lo = ends.lo[i] as number;
    const hi = ends.hi[i] as number;
    const c = cuts[i] as FeatureCuts;
    if (lo === hi || (c.cuts.length === 0 && !c.categorical)) continue;
    const points = piecePoints(lo, hi, c, view.forest.float32);
    if (points === null) return { candidate: [...x], certified: null, tie: null, boxes: 0 };
    if (points.length >= 2) found.push({ i, points });
  }
  // Features with the most pieces first: the bound tightens fastest where the choice is widest.
  found.sort((a, b) => b.points.length - a.points.length || a.i - b.i);
  found.forEach((m, d) => (position[m.i] = d));
  const g = view.labels.indexOf(gold);
  const goldClass = view.classOf[g] as number;
  const outputs = view.forest.base.length;
  const classes = view.forest.link === 'sigmoid' ? 2 : outputs;
  const targetClasses = targets === null ? null : targets.map((t) => view.classOf[view.labels.indexOf(t)] as number);
  // Targeted, and gold is protected towards nothing: no point can be a success.
  if (targetClasses !== null && targetClasses.length === 0)
    return { candidate: [...x], certified: true, tie: false, boxes: 0 };
  let scale = 0;
  for (const b of view.forest.base) scale += Math.abs(b);
  for (const tree of view.forest.trees) {
    let m = 0;
    for (const v of tree.value) if (Math.abs(v) > m) m = Math.abs(v);
    scale += m;
  }
  const s: Search = {
    view,
    moving: found.map((m) => m.i),
    options: found.map((m) => m.points),
    position,
    upper: new Float64Array(outputs),
    lower: new Float64Array(outputs),
    rivals: targetClasses ?? Array.from({ length: classes }, (_, k) => k).filter((k) => k !== goldClass),
    goldClass,
    targeted: targetClasses !== null && outputs > 1,
    walked: 0,
    // Each addition rounds by at most one unit in the last place of the running sum (float32: 2⁻²⁴; double: 2⁻⁵³),
    // taken four times over per tree. Beside it, an absolute floor: margins this close make the library's own
    // probabilities equal (float32's logistic is 0.5 for |margin| below about 2⁻²²), and the first label then wins.
    slack: view.forest.float32
      ? 4 * (view.forest.trees.length + 1) * 2 ** -24 * scale + 2 ** -20
      : 4 * (view.forest.trees.length + 1) * 2 ** -53 * scale + 2 ** -48
  };
  const rule = {
    objective: targets === null ? ('untargeted' as const) : ('targeted' as const),
    transitions: (targets ?? []).map((to) => ({ from: gold, to })),
    policy
  };
  // The search's own objective margin (lower is closer to a success): the lowest visited is the candidate shown.
  const objective = { ...rule, labels: view.labels, gold };
  const point = [...x];
  let boxes = 0;
  let clockAt = CLOCK_EVERY;
  let success: number[] | null = null;
  let tie = false;
  let lowest: number[] | null = null;
  let lowestMargin = Infinity;
  const visit = (depth: number): boolean => {
    if (++boxes > maxBoxes) return false;
    if (s.walked >= clockAt) {
      clockAt = s.walked + CLOCK_EVERY;
      if (performance.now() > deadline) return false;
    }
    if (depth === s.moving.length) {
      const scores = treeScores(view, point);
      if (isAttackSuccess(rule, view.labels, gold, scores)) {
        success = [...point];
        return true;
      }
      const margin = objectiveMargin(objective, scores);
      if (margin === 0) tie = true;
      if (margin < lowestMargin) {
        lowestMargin = margin;
        lowest = [...point];
      }
      return true;
    }
    const i = s.moving[depth] as number;
    const points = s.options[depth] as number[];
    // Each child's promise, then the most promising first; a child whose bound rules out success is skipped.
    const children: Array<{ v: number; p: number }> = [];
    for (const v of points) {
      point[i] = v;
      bound(s, point, depth + 1);
      const p = promise(s);
      if (p >= -s.slack) children.push({ v, p });
    }
    children.sort((a, b) => b.p - a.p);
    for (const c of children) {
      point[i] = c.v;
      if (!visit(depth + 1)) return false;
      if (success !== null) return true;
    }
    point[i] = x[i] as number;
    return true;
  };
  bound(s, point, 0);
  const decided = promise(s) < -s.slack ? true : visit(0);
  if (!decided) return { candidate: [...x], certified: null, tie: null, boxes };
  if (success !== null) return { candidate: success, certified: false, tie: false, boxes };
  return { candidate: lowest ?? closest(s, x), certified: !tie, tie, boxes };
}

/**
 * The point of F(x) the bound finds most promising, one feature at a time: the candidate a certified row reports
 * when the bound ruled out every box before any point was scored (a point of F(x), as exact's other rows are).
 */
function closest(s: Search, x: readonly number[]): number[] {
  const point = [...x];
  s.moving.forEach((i, depth) => {
    let best = x[i] as number;
    let bestPromise = -Infinity;
    for (const v of s.options[depth] as number[]) {
      point[i] = v;
      bound(s, point, depth + 1);
      const p = promise(s);
      if (p > bestPromise) {
        bestPromise = p;
        best = v;
      }
    }
    point[i] = best;
  });
  return point;
}

/** The row's predicted label by the model's own arithmetic (decide's first-label rule on ties). */
export function treePrediction(view: TreeView, point: readonly number[]): string {
  return decide(view.labels, treeScores(view, point)).prediction;
}
