/**
 * `exact` on a tree ensemble (docs/tabular.md#exact-on-trees): the worst case over F(x) found by visiting every cell
 * the ensemble's thresholds cut F(x) into. A sum of trees is constant wherever no feature crosses a threshold of
 * its own, so one point per cell of the product of per-feature pieces shows every decision the model can take in
 * F(x); the model's own arithmetic (forest.ts) is evaluated at each point, so no rounding stands between the
 * verdict and the model.
 *
 * The points of a feature are the ends of its interval and every threshold inside it: XGBoost sends a value left
 * when float32(value) < t, so the piece [t, next threshold) holds t itself and the piece below the lowest threshold
 * inside holds the lower end; LightGBM sends it left when value ≤ t, so the piece (previous threshold, t] holds t and
 * the piece above the highest threshold holds the upper end. A LightGBM node that reads |value| ≤ 1e-35 as missing
 * adds a point inside that band and one on each side of it.
 *
 *   success    some point is a success for the run's objective and review policy; the candidate is the success
 *              where gold's margin (its score minus the best other) is lowest, the first such in visiting order.
 *   certified  no point is a success: no point of F(x) moves the row, for this model and this threat model only.
 *   tie        without a success, gold's lowest margin is exactly 0 (argmax's first-label rule kept gold): never
 *              certified.
 *   undecided  more points than MAX_POINTS: nothing is claimed (certified and tie null); the row keeps x.
 */
import { isAttackSuccess, type ReviewPolicy } from '../evidence/attack-success.js';
import { margins, scoresOf } from '../models/trees/forest.js';
import { decide } from '../models/model.js';
import { intervals } from './clip.js';
import type { FeatureSpace, TreeView } from './contract.js';

/** The most points one row may visit; a row with more is undecided. */
const MAX_POINTS = 1_000_000;

/** LightGBM's band of values a node of missing type Zero reads as missing. */
const ZERO_BAND = 1e-35;

interface TreeExactOutcome {
  candidate: number[];
  /** null when undecided. */
  certified: boolean | null;
  tie: boolean | null;
  /** Points visited (the product of the per-feature point counts), or the count that was over the limit. */
  points: number;
}

/** The scores of a row point in label order, by the model's own arithmetic. */
function treeScores(view: TreeView, point: readonly number[]): number[] {
  const x = view.featureAt.map((i) => point[i] as number);
  const scores = scoresOf(view.forest, margins(view.forest, x));
  return view.classOf.map((k) => scores[k] as number);
}

/** Per row feature: the model's thresholds on it, and whether a node reads a band around zero as missing. */
function thresholdsByFeature(view: TreeView, width: number): { cuts: number[][]; zeroBand: boolean[] } {
  const cuts: number[][] = Array.from({ length: width }, () => []);
  const zeroBand = new Array<boolean>(width).fill(false);
  for (const tree of view.forest.trees)
    for (let n = 0; n < tree.feature.length; n++) {
      const f = tree.feature[n] as number;
      if (f < 0) continue;
      const i = view.featureAt[f] as number;
      (cuts[i] as number[]).push(tree.threshold[n] as number);
      if (tree.missing[n] === 1) zeroBand[i] = true;
    }
  return { cuts, zeroBand };
}

/** One point per piece of [lo, hi] the thresholds cut (docs above), sorted, without repeats. */
function piecePoints(lo: number, hi: number, cuts: readonly number[], zeroBand: boolean): number[] {
  const points = new Set<number>([lo, hi]);
  for (const t of cuts) if (t >= lo && t <= hi) points.add(t);
  // The band's inside (0), and the nearest doubles outside it on each side.
  if (zeroBand) for (const p of [-ABOVE_BAND, 0, ABOVE_BAND]) points.add(Math.min(hi, Math.max(lo, p)));
  return [...points].sort((a, b) => a - b);
}

/** The double just above the band (positive and normal, so its bit pattern plus one). */
function aboveBand(): number {
  const value = new Float64Array([ZERO_BAND]);
  const bits = new BigInt64Array(value.buffer);
  bits[0] = (bits[0] as bigint) + 1n;
  return value[0] as number;
}
const ABOVE_BAND = aboveBand();

/** gold's score minus the best other label's. */
function goldMargin(scores: readonly number[], gold: number): number {
  let other = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== gold && (scores[k] as number) > other) other = scores[k] as number;
  return (scores[gold] as number) - other;
}

export function treeExact(
  x: readonly number[],
  gold: string,
  targets: readonly string[] | null,
  view: TreeView,
  space: FeatureSpace,
  policy: ReviewPolicy | null,
  maxPoints = MAX_POINTS
): TreeExactOutcome {
  const ends = intervals(x, space);
  const { cuts, zeroBand } = thresholdsByFeature(view, x.length);
  // Features that move and that some tree reads; the others keep their value.
  const moving: number[] = [];
  const options: number[][] = [];
  let count = 1;
  for (let i = 0; i < x.length; i++) {
    const lo = ends.lo[i] as number;
    const hi = ends.hi[i] as number;
    if (lo === hi || (cuts[i] as number[]).length === 0) continue;
    const points = piecePoints(lo, hi, cuts[i] as number[], zeroBand[i] as boolean);
    if (points.length < 2) continue;
    moving.push(i);
    options.push(points);
    count *= points.length;
  }
  if (count > maxPoints) return { candidate: [...x], certified: null, tie: null, points: count };
  const g = view.labels.indexOf(gold);
  const rule = {
    objective: targets === null ? ('untargeted' as const) : ('targeted' as const),
    transitions: (targets ?? []).map((to) => ({ from: gold, to })),
    policy
  };
  const point = [...x];
  const digits = new Array<number>(moving.length).fill(0);
  let best: number[] | null = null;
  let bestMargin = Infinity;
  let bestSuccess = false;
  for (let visited = 0; visited < count; visited++) {
    for (let d = 0; d < moving.length; d++)
      point[moving[d] as number] = (options[d] as number[])[digits[d] as number] as number;
    const scores = treeScores(view, point);
    const success = isAttackSuccess(rule, view.labels, gold, scores);
    const margin = goldMargin(scores, g);
    if ((success && !bestSuccess) || (success === bestSuccess && margin < bestMargin)) {
      best = [...point];
      bestMargin = margin;
      bestSuccess = success;
    }
    // The next point: a mixed-radix counter over the moving features.
    for (let d = 0; d < moving.length; d++) {
      digits[d] = (digits[d] as number) + 1;
      if ((digits[d] as number) < (options[d] as number[]).length) break;
      digits[d] = 0;
    }
  }
  const candidate = best ?? [...x];
  const tie = !bestSuccess && bestMargin === 0;
  return { candidate, certified: !bestSuccess && !tie, tie, points: count };
}

/** The row's predicted label by the model's own arithmetic (decide's first-label rule on ties). */
export function treePrediction(view: TreeView, point: readonly number[]): string {
  return decide(view.labels, treeScores(view, point)).prediction;
}
