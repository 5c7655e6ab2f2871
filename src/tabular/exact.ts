/**
 * `exact`: the worst case of a model whose logits are affine in x (the built-in logistic
 * regression, any number of labels), over the feasible set F(x) of docs/tabular.md.
 *
 * For a rival label j the gap gⱼ(x′) = zⱼ(x′) − z_gold(x′) is affine, and F(x) is a product of
 * intervals (one per editable feature, a point elsewhere), so its maximum Mⱼ is the sum of
 * independent per-feature maxima, each at the end of the feature's interval that the gap's
 * coefficient points to (a zero coefficient keeps xᵢ). No search, no sampling: the answer covers
 * every point of F(x), not only the points tried.
 *
 *   rivals   untargeted: every label but gold; targeted: the protected targets of gold.
 *   success  some Mⱼ > 0, or Mⱼ = 0 with j before gold in label order (argmax ties go to the
 *            first label). The candidate is the maximiser of the first such j with the largest
 *            Mⱼ; without a success it is the maximiser of the first j with the largest Mⱼ.
 *   tie      the largest Mⱼ is within max(1e-9·(1 + max |zₖ(x)|), the rounding bound of a gap
 *            over F(x)) of zero: rounding decides, so the row is never certified and its success
 *            is what the model predicts at the candidate.
 *   certified  attacked, not a tie, and no success: no point of F(x) moves the row. This holds
 *            for this model and this threat model's set only.
 *
 * Targeted with more than two labels, beating gold is not enough: a target succeeds only where it
 * beats every other label. Its Mⱼ is then max over F(x) of min over k ≠ j of (zⱼ − zₖ), a small
 * linear program (max-min-lp.ts), and the candidate is that program's maximiser; with two labels
 * the two definitions agree. Without this, a third label could win at the single-gap maximiser
 * while another point of F(x) makes the target win, and exact would miss a failure that exists.
 *
 * Under threat_model.against_policy a success must also be a decision the model's review policy
 * accepts. Binary: the rival's probability is σ(M), so the accepted wrong decisions are the
 * points where M ≥ L = logit(p*), p* the probability the policy needs (its threshold on
 * probability; (1 + threshold)/2 on the margin |2p − 1|), and the maximiser of M is the point of
 * F(x) most likely to pass. The success is the shared rule at that point; the row is a tie when M
 * lies within the tolerance of max(L, 0); certified then means no accepted wrong decision in F(x).
 * More than two labels: the accepted region is no longer one half-space per rival, so the
 * maximiser is only an attack candidate (judged like any other), with no certificate and no
 * exactness (docs/tabular.md).
 */
import { closed } from '../config/schema-parts.js';
import { configError } from '../config/validate.js';
import { isAttackSuccess, type ReviewPolicy } from '../evidence/attack-success.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { intervals, type Intervals } from './clip.js';
import { hasTrees, type AffineLogits, type FeatureSpace, type HasTrees, type TabularCandidate } from './contract.js';
import { treeExact, treePrediction } from './tree-exact.js';
import { maxMin } from './max-min-lp.js';
import { validateCandidate } from './validity.js';

/** Relative tolerance of a zero gap: |M| ≤ TIE_TOLERANCE·(1 + max |logit| at x). */
export const TIE_TOLERANCE = 1e-9;

const EXACT_METHOD =
  'for each rival label the largest logit gap over F(x) = box ∩ L∞ ball ∩ editable features, feature by feature ' +
  "at the end of its interval; targeted with more than two labels, each protected target's largest margin over " +
  'every other label at once (a linear program); success iff a gap > 0 (or = 0 with the rival first in label ' +
  'order); no success and no tie = certified';

interface ExactOutcome {
  /** Label index of the chosen rival (null when there is no rival). */
  rival: number | null;
  /** Mⱼ per label index (null for gold and for labels that are not rivals). */
  gaps: Array<number | null>;
  /** The maximiser of the chosen rival's gap (x itself when there is no rival). */
  candidate: number[];
  success: boolean;
  tie: boolean;
}

/*
 * The per-row arithmetic below is written as plain loops: exact runs once per row of a run, and a
 * short run spends more time optimising map/reduce callbacks than running them.
 */

/** zₖ(x) = bₖ + Σᵢ wₖᵢ·xᵢ, summed in feature order. */
function logit(w: readonly number[], b: number, x: readonly number[]): number {
  let s = b;
  for (let i = 0; i < w.length; i++) s += (w[i] as number) * (x[i] as number);
  return s;
}

/** The largest |zₖ(x)| over the labels (−∞ without labels). */
function largestLogit(
  weights: readonly (readonly number[])[],
  intercepts: readonly number[],
  x: readonly number[]
): number {
  let best = -Infinity;
  for (let k = 0; k < weights.length; k++) {
    const a = Math.abs(logit(weights[k] as readonly number[], intercepts[k] as number, x));
    if (a > best) best = a;
  }
  return best;
}

/**
 * The maximiser of c·x′ over F(x) (`ends`: its intervals, a point where a feature is not editable): each feature at the
 * end its coefficient points to.
 */
function maximiser(x: readonly number[], c: readonly number[], ends: Intervals): number[] {
  const point: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const ci = c[i] as number;
    point.push(ci === 0 ? (x[i] as number) : ci > 0 ? (ends.hi[i] as number) : (ends.lo[i] as number));
  }
  return point;
}

/**
 * How far rounding can move a logit gap evaluated anywhere in F(x): a sum of d + 1 products
 * carries at most about (d + 1)·2⁻⁵³ of the sum of their magnitudes, and a gap is the difference
 * of two such sums. Taken twice over for safety. On features of ordinary size this is far below
 * the tie tolerance; on large cancelling features (timestamps, identifiers) it is what makes a gap
 * of 1e-8 a tie instead of a certificate that the model's own arithmetic then contradicts.
 */
function roundingBound(
  weights: readonly (readonly number[])[],
  intercepts: readonly number[],
  ends: Intervals
): number {
  const reach: number[] = [];
  for (let i = 0; i < ends.lo.length; i++)
    reach.push(Math.max(Math.abs(ends.lo[i] as number), Math.abs(ends.hi[i] as number)));
  let largest = 0;
  for (let k = 0; k < weights.length; k++) {
    const w = weights[k] as readonly number[];
    let s = Math.abs(intercepts[k] as number);
    for (let i = 0; i < w.length; i++) s += Math.abs(w[i] as number) * (reach[i] as number);
    if (s > largest) largest = s;
  }
  return 4 * (ends.lo.length + 2) * Number.EPSILON * 0.5 * largest;
}

/** A target's best point: the largest margin over every other label at once, and whether the target wins there. */
interface TargetBest {
  point: number[];
  /** min over k ≠ target of (z_target − zₖ) at `point`. */
  margin: number;
  /** The target is the first largest logit at `point` (predictions break ties towards the first label). */
  wins: boolean;
}

/**
 * Targeted, more than two labels: a target must beat every other label, not only gold, so its
 * best point maximises the smallest of its margins over F(x), a linear program (max-min-lp.ts).
 * Features where every margin is flat keep xᵢ, as the single-gap maximiser does.
 */
function beatAll(
  x: readonly number[],
  target: number,
  weights: readonly (readonly number[])[],
  intercepts: readonly number[],
  ends: Intervals
): TargetBest {
  const wt = weights[target] as readonly number[];
  const others: number[] = [];
  for (let k = 0; k < weights.length; k++) if (k !== target) others.push(k);
  // Features that can move and change some margin start at their lower end; the others are fixed.
  const point = [...x];
  const free: Array<{ i: number; lo: number; hi: number }> = [];
  for (let i = 0; i < x.length; i++) {
    if (others.every((k) => (weights[k] as readonly number[])[i] === wt[i])) continue;
    const lo = ends.lo[i] as number;
    const hi = ends.hi[i] as number;
    point[i] = lo;
    if (lo !== hi) free.push({ i, lo, hi });
  }
  if (free.length > 0) {
    const zt = logit(wt, intercepts[target] as number, point);
    const coefficients = others.map((k) =>
      free.map(({ i }) => (wt[i] as number) - ((weights[k] as readonly number[])[i] as number))
    );
    const constants = others.map((k) => zt - logit(weights[k] as readonly number[], intercepts[k] as number, point));
    const { y, atUpper } = maxMin({ coefficients, constants, widths: free.map(({ lo, hi }) => hi - lo) });
    free.forEach(({ i, lo, hi }, v) => {
      point[i] = atUpper[v] === true ? hi : Math.min(hi, lo + (y[v] as number));
    });
  }
  const zt = logit(wt, intercepts[target] as number, point);
  let margin = Infinity;
  let wins = true;
  for (const k of others) {
    const gap = zt - logit(weights[k] as readonly number[], intercepts[k] as number, point);
    if (gap < margin) margin = gap;
    if (gap < 0 || (gap === 0 && k < target)) wins = false;
  }
  return { point, margin, wins };
}

/** The gap's coefficients wⱼ − w_gold. */
function difference(wj: readonly number[], wg: readonly number[]): number[] {
  const c: number[] = [];
  for (let i = 0; i < wj.length; i++) c.push((wj[i] as number) - (wg[i] as number));
  return c;
}

/**
 * The smallest logit gap M toward the wrong label of a binary logistic regression whose decision
 * the policy accepts: logit(p*), with p* = threshold (on probability) or (1 + threshold)/2 (on
 * the margin |p₁ − p₀| = 2p − 1). −∞ when every wrong decision passes, +∞ when none can.
 */
export function acceptedGap(policy: ReviewPolicy): number {
  const p = policy.on === 'probability' ? policy.threshold : (1 + policy.threshold) / 2;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return Math.log(p / (1 - p));
}

/**
 * The exact search for one row: gold and rivals are label indices (rivals in label order).
 * `targeted` with more than two labels: a rival is a target that must beat every other label
 * (beatAll); otherwise its gap to gold alone decides, feature by feature.
 */
export function exactSearch(
  x: readonly number[],
  gold: number,
  rivals: readonly number[],
  model: AffineLogits,
  space: FeatureSpace,
  boundary = 0,
  targeted = false
): ExactOutcome {
  const { weights, intercepts } = model.affineLogits();
  const joint = targeted && weights.length > 2;
  const ends = intervals(x, space);
  const gaps: Array<number | null> = [];
  for (let k = 0; k < weights.length; k++) gaps.push(null);
  const wg = weights[gold] as readonly number[];
  const bg = intercepts[gold] as number;
  // The first successful rival with the largest gap; without any success, the first largest gap.
  let rival: number | null = null;
  let bestGap = 0;
  let bestPoint: number[] = [];
  let bestSuccess = false;
  let largest = -Infinity;
  for (let r = 0; r < rivals.length; r++) {
    const j = rivals[r] as number;
    const wj = weights[j] as readonly number[];
    let point: number[];
    let m: number;
    let success: boolean;
    if (joint) {
      const best = beatAll(x, j, weights, intercepts, ends);
      point = best.point;
      m = best.margin;
      success = best.wins;
    } else {
      point = maximiser(x, difference(wj, wg), ends);
      m = logit(wj, intercepts[j] as number, point) - logit(wg, bg, point);
      success = m > 0 || (m === 0 && j < gold);
    }
    gaps[j] = m;
    if (m > largest) largest = m;
    if (rival === null || (success && !bestSuccess) || (success === bestSuccess && m > bestGap)) {
      rival = j;
      bestGap = m;
      bestPoint = point;
      bestSuccess = success;
    }
  }
  if (rival === null) return { rival: null, gaps, candidate: [...x], success: false, tie: false };
  const scale = 1 + largestLogit(weights, intercepts, x);
  // A boundary of ±∞ (every or no wrong decision accepted) is never within rounding of a gap.
  const tolerance = Math.max(TIE_TOLERANCE * (scale + Math.abs(boundary)), roundingBound(weights, intercepts, ends));
  const tie = Number.isFinite(boundary) ? Math.abs(largest - boundary) <= tolerance : false;
  return { rival, gaps, candidate: bestPoint, success: bestSuccess, tie };
}

/** What `exact` is given for one row. */
interface ExactRow {
  x: readonly number[];
  gold: string;
  /** Targeted objective: the protected targets of gold (possibly none); untargeted: null. */
  targets: readonly string[] | null;
  model: AffineLogits & { predict(x: readonly number[]): string; probabilities?(x: readonly number[]): number[] };
  space: FeatureSpace;
  /** The review policy a success must get past (threat_model.against_policy); null or absent: none. */
  policy?: ReviewPolicy | null;
}

/** The rivals of gold (label indices, in label order): every other label, or only the protected targets. */
function rivalsOf(labels: readonly string[], gold: number, targets: readonly string[] | null): number[] {
  const rivals: number[] = [];
  for (let k = 0; k < labels.length; k++)
    if (k !== gold && (targets === null || targets.includes(labels[k] as string))) rivals.push(k);
  return rivals;
}

/** A candidate of `exact` with its validity and certificate (exact asks the model nothing, so no queries). */
function outcomeRow(
  x: readonly number[],
  values: number[],
  attempted: boolean,
  space: FeatureSpace,
  certified: boolean | null,
  tie: boolean | null
): TabularCandidate {
  const reason = validateCandidate(x, values, space);
  return {
    values,
    attempted,
    valid: reason === null,
    invalidReason: reason,
    work: { queries: 0, gradientEvaluations: 0, certified, tie }
  };
}

/** The `exact` candidate for one row, with its certificate. Rows the model gets wrong are not attacked. */
export function exactCandidate(row: ExactRow): TabularCandidate {
  const { x, gold, targets, model, space } = row;
  const labels = model.labels;
  const g = labels.indexOf(gold);
  if (g < 0 || model.predict(x) !== gold) return outcomeRow(x, [...x], false, space, null, null);
  const rivals = rivalsOf(labels, g, targets);
  const policy = row.policy ?? null;
  if (policy === null) {
    const outcome = exactSearch(x, g, rivals, model, space, 0, targets !== null);
    return outcomeRow(x, outcome.candidate, true, space, !outcome.tie && !outcome.success, outcome.tie);
  }
  // Under a review policy: exact for two labels only (see above); otherwise an attack candidate without a certificate.
  if (labels.length !== 2)
    return outcomeRow(
      x,
      exactSearch(x, g, rivals, model, space, 0, targets !== null).candidate,
      true,
      space,
      null,
      null
    );
  if (typeof model.probabilities !== 'function')
    throw new Error("exact under against_policy needs the model's probabilities");
  const need = acceptedGap(policy);
  const outcome = exactSearch(x, g, rivals, model, space, Math.max(need, 0), targets !== null);
  const transitions = (targets ?? []).map((to) => ({ from: gold, to }));
  const accepted = isAttackSuccess(
    { objective: targets === null ? 'untargeted' : 'targeted', transitions, policy },
    labels,
    gold,
    model.probabilities(outcome.candidate)
  );
  return outcomeRow(x, outcome.candidate, true, space, !outcome.tie && !accepted, outcome.tie);
}

/** exact's parameters on a tabular task: how long one (row, tree model) may search before it is undecided. */
interface TabularExactParams {
  timeLimitMs: number;
}

/** Per (row, model), as docs/tabular.md#exact-on-trees sets it; the logistic regression never comes near it. */
const DEFAULT_TIME_LIMIT_MS = 2000;

const TREE_METHOD =
  'a tree ensemble: a branch and bound over the cells the thresholds of its trees cut F(x) into (per feature the ' +
  "ends of its interval and every threshold inside it), boxes skipped when the reachable leaves' bounds rule out a " +
  "success, every verdict from the model's own scores at a point; no success = certified; more than 1,000,000 " +
  'boxes or time_limit_ms = undecided';

/** exact on a tree ensemble: branch and bound over F(x)'s cells (tree-exact.ts); misclassified rows are skipped. */
function treeCandidate(
  x: readonly number[],
  gold: string,
  targets: readonly string[] | null,
  model: HasTrees,
  space: FeatureSpace,
  policy: ReviewPolicy | null,
  timeLimitMs: number
): TabularCandidate {
  const view = model.treeView(space.names);
  if (treePrediction(view, x) !== gold) return outcomeRow(x, [...x], false, space, null, null);
  const outcome = treeExact(x, gold, targets, view, space, policy, undefined, timeLimitMs);
  return outcomeRow(x, outcome.candidate, true, space, outcome.certified, outcome.tie);
}

function isAffine(model: unknown): model is AffineLogits & { predict(x: readonly number[]): string } {
  const m = model as Partial<AffineLogits> & { predict?: unknown };
  return typeof m.affineLogits === 'function' && typeof m.predict === 'function';
}

/** `threat_model.attacks.exact: {}`: the exact worst case of the built-in logistic regression. */
export const EXACT = tabularAttack({
  name: 'exact',
  task: 'tabular',
  schema: closed({ time_limit_ms: { type: 'integer', minimum: 1, maximum: 3_600_000 } }),
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'exact',
  needsGradients: true,
  readsTrees: true,
  reads: 'logits as an affine function of the features',
  perModel: true,
  reportsWork: true,
  method: { search: EXACT_METHOD, trees: TREE_METHOD },
  // The config schema shares exact's keys with the text task (src/perturb/exact/descriptor.ts): only time_limit_ms
  // applies here.
  read: (raw, context): TabularExactParams => {
    const key = Object.keys(raw).find((k) => k !== 'time_limit_ms');
    if (key !== undefined)
      throw configError(
        context.source,
        [...context.at, key],
        `exact on a tabular task solves the feature-space worst case and takes only time_limit_ms; found ${key}`
      );
    return { timeLimitMs: (raw as { time_limit_ms?: number }).time_limit_ms ?? DEFAULT_TIME_LIMIT_MS };
  },
  settings: (params) => ({ time_limit_ms: params.timeLimitMs }),
  candidate: (row, params) => {
    if (hasTrees(row.model))
      return treeCandidate(row.x, row.label, row.targets, row.model, row.space, row.policy, params.timeLimitMs);
    if (!isAffine(row.model)) throw new Error(`model ${row.model?.name ?? '(none)'} has no affine logits for exact`);
    return exactCandidate({
      x: row.x,
      gold: row.label,
      targets: row.targets,
      model: row.model,
      space: row.space,
      policy: row.policy
    });
  },
  // Trees: every cell is judged by the model's own scores, under any objective and review policy.
  exact: (labelCount, model, againstPolicy) => hasTrees(model) || !againstPolicy || labelCount === 2
});
