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
 *   tie      the largest Mⱼ is within 1e-9·(1 + max |zₖ(x)|) of zero: rounding decides, so the
 *            row is never certified and its success is what the model predicts at the candidate.
 *   certified  attacked, not a tie, and no success: no point of F(x) moves the row. This holds
 *            for this model and this threat model's set only.
 *
 * Targeted with more than two labels: Mⱼ > 0 means zⱼ beats z_gold at the candidate, but a third
 * label may beat both; the evidence row then records what the model predicts there. The
 * certificate stays sound (no target can win anywhere when every Mⱼ < 0).
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
import { isAttackSuccess, type ReviewPolicy } from '../evidence/attack-success.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { clip } from './clip.js';
import type { AffineLogits, FeatureSpace, TabularCandidate } from './contract.js';
import { maxOf } from '../util/numbers.js';
import { validateCandidate } from './validity.js';

export const EXACT_FAMILY = 'exact';

/** Relative tolerance of a zero gap: |M| ≤ TIE_TOLERANCE·(1 + max |logit| at x). */
export const TIE_TOLERANCE = 1e-9;

export const EXACT_METHOD =
  'for each rival label the largest logit gap over F(x) = box ∩ L∞ ball ∩ editable features, feature by feature at the end of its interval; success iff a gap > 0 (or = 0 with the rival first in label order); no success and no tie = certified';

export interface ExactOutcome {
  /** Label index of the chosen rival (null when there is no rival). */
  rival: number | null;
  /** Mⱼ per label index (null for gold and for labels that are not rivals). */
  gaps: Array<number | null>;
  /** The maximiser of the chosen rival's gap (x itself when there is no rival). */
  candidate: number[];
  success: boolean;
  tie: boolean;
}

function logits(weights: readonly number[][], intercepts: readonly number[], x: readonly number[]): number[] {
  return weights.map((w, k) => w.reduce((s, wi, i) => s + wi * (x[i] as number), intercepts[k] as number));
}

/** The maximiser of c·x′ over F(x): each editable feature at the end its coefficient points to. */
export function maximiser(x: readonly number[], c: readonly number[], space: FeatureSpace): number[] {
  return x.map((xi, i) => {
    const ci = c[i] as number;
    if (space.editable[i] !== true || ci === 0) return xi;
    return clip(xi + (ci > 0 ? space.eps : -space.eps), space.lower[i] ?? -Infinity, space.upper[i] ?? Infinity);
  });
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

/** The exact search for one row: gold and rivals are label indices (rivals in label order). */
export function exactSearch(x: readonly number[], gold: number, rivals: readonly number[], model: AffineLogits, space: FeatureSpace, boundary = 0): ExactOutcome {
  const { weights, intercepts } = model.affineLogits();
  const gaps: Array<number | null> = weights.map(() => null);
  const wg = weights[gold] as number[];
  let best: { j: number; m: number; point: number[]; success: boolean } | null = null;
  for (const j of rivals) {
    const wj = weights[j] as number[];
    const c = wj.map((v, i) => v - (wg[i] as number));
    const point = maximiser(x, c, space);
    const z = logits([wj, wg], [intercepts[j] as number, intercepts[gold] as number], point);
    const m = (z[0] as number) - (z[1] as number);
    gaps[j] = m;
    const success = m > 0 || (m === 0 && j < gold);
    // The first successful rival with the largest gap; without any success, the first largest gap.
    if (best === null || (success && !best.success) || (success === best.success && m > best.m)) best = { j, m, point, success };
  }
  if (best === null) return { rival: null, gaps, candidate: [...x], success: false, tie: false };
  const scale = 1 + maxOf(logits(weights, intercepts, x).map(Math.abs));
  const largest = maxOf(gaps.filter((g): g is number => g !== null));
  // A boundary of ±∞ (every or no wrong decision accepted) is never within rounding of a gap.
  const tie = Number.isFinite(boundary) ? Math.abs(largest - boundary) <= TIE_TOLERANCE * (scale + Math.abs(boundary)) : false;
  return { rival: best.j, gaps, candidate: best.point, success: best.success, tie };
}

/** What `exact` is given for one row. */
export interface ExactRow {
  x: readonly number[];
  gold: string;
  /** Targeted objective: the protected targets of gold (possibly none); untargeted: null. */
  targets: readonly string[] | null;
  model: AffineLogits & { predict(x: readonly number[]): string; probabilities?(x: readonly number[]): number[] };
  space: FeatureSpace;
  /** The review policy a success must get past (threat_model.against_policy); null or absent: none. */
  policy?: ReviewPolicy | null;
}

/** The `exact` candidate for one row, with its certificate. Rows the model gets wrong are not attacked. */
export function exactCandidate(row: ExactRow): TabularCandidate {
  const { x, gold, targets, model, space } = row;
  const labels = model.labels;
  const g = labels.indexOf(gold);
  if (g < 0 || model.predict(x) !== gold) {
    const values = [...x];
    const reason = validateCandidate(x, values, space);
    return { values, attempted: false, valid: reason === null, invalidReason: reason, work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null } };
  }
  const allowed = targets === null ? null : new Set(targets);
  const rivals = labels.flatMap((l, k) => (k !== g && (allowed === null || allowed.has(l)) ? [k] : []));
  const policy = row.policy ?? null;
  const done = (candidate: number[], certified: boolean | null, tie: boolean | null): TabularCandidate => {
    const reason = validateCandidate(x, candidate, space);
    return { values: candidate, attempted: true, valid: reason === null, invalidReason: reason, work: { queries: 0, gradientEvaluations: 0, certified, tie } };
  };
  if (policy === null) {
    const outcome = exactSearch(x, g, rivals, model, space);
    return done(outcome.candidate, !outcome.tie && !outcome.success, outcome.tie);
  }
  // Under a review policy: exact for two labels only (see above); otherwise an attack candidate without a certificate.
  if (labels.length !== 2) return done(exactSearch(x, g, rivals, model, space).candidate, null, null);
  if (typeof model.probabilities !== 'function') throw new Error('exact under against_policy needs the model\'s probabilities');
  const need = acceptedGap(policy);
  const outcome = exactSearch(x, g, rivals, model, space, Math.max(need, 0));
  const transitions = (targets ?? []).map((to) => ({ from: gold, to }));
  const accepted = isAttackSuccess({ objective: targets === null ? 'untargeted' : 'targeted', transitions, policy }, labels, gold, model.probabilities(outcome.candidate));
  return done(outcome.candidate, !outcome.tie && !accepted, outcome.tie);
}

function isAffine(model: unknown): model is AffineLogits & { predict(x: readonly number[]): string } {
  const m = model as Partial<AffineLogits> & { predict?: unknown };
  return typeof m.affineLogits === 'function' && typeof m.predict === 'function';
}

/** `threat_model.attacks.exact: {}`: the exact worst case of the built-in logistic regression. */
export const EXACT = tabularAttack({
  name: 'exact',
  task: 'tabular',
  schema: closed({}),
  attack: true,
  destructive: false,
  optIn: true,
  needsGradients: true,
  perModel: true,
  reportsWork: true,
  method: { search: EXACT_METHOD },
  read: () => ({}),
  candidate: (row) => {
    if (!isAffine(row.model)) throw new Error(`model ${row.model?.name ?? '(none)'} has no affine logits for exact`);
    return exactCandidate({ x: row.x, gold: row.label, targets: row.targets, model: row.model, space: row.space, policy: row.policy });
  },
  exact: (labelCount, _models, againstPolicy) => !againstPolicy || labelCount === 2
});
