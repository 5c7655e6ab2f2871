/**
 * The one success rule every attack family shares, text and tabular (docs/definitions.md#ledger,
 * docs/search.md#against-the-policy). A candidate's answer is wrong under the objective when
 * (untargeted) its prediction is not the gold label or (targeted) gold → prediction is a declared
 * protected transition. With `threat_model.against_policy: true` it must also be a decision the
 * model's review policy (`selective.abstain_below`) accepts: its value — the top score (`on:
 * probability`) or the margin top − second (`on: margin`) — at or above the threshold. A model
 * without a policy accepts every decision; so does every model when `against_policy` is false.
 */
import { decide } from '../models/model.js';

/** A declared protected transition (`threat_model.protected_transitions`): gold `from` predicted as `to`. */
export interface ProtectedTransition {
  from: string;
  to: string;
}

/** A model's review policy as `selective.abstain_below` declares it. */
export interface ReviewPolicy {
  on: 'probability' | 'margin';
  threshold: number;
}

/**
 * The policy a success must get past for `model`, or null when every decision counts (against_policy off, or no policy
 * for that model).
 */
export function successPolicy(
  plan: { threatModel: { againstPolicy: boolean }; selective: { abstainBelow: Record<string, ReviewPolicy> } },
  model: string
): ReviewPolicy | null {
  if (!plan.threatModel.againstPolicy) return null;
  return plan.selective.abstainBelow[model] ?? null;
}

/** The value a policy compares with its threshold: the top score or the decision margin. */
export function policyValue(policy: ReviewPolicy, scores: readonly number[]): number {
  // As decide() does: the first highest score, then the best of the others.
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  const top = scores[best] as number;
  if (policy.on === 'probability') return top;
  let second = -Infinity;
  for (let i = 0; i < scores.length; i++)
    if (i !== best && (scores[i] as number) > second) second = scores[i] as number;
  return top - second;
}

/**
 * Whether the policy accepts the decision these scores make (equal to the threshold is accepted).
 * Null when a policy applies but there are no scores to judge it by (a label-only answer).
 */
export function policyAccepts(policy: ReviewPolicy | null, scores: readonly number[] | null): boolean | null {
  if (policy === null) return true;
  if (scores === null) return null;
  return policyValue(policy, scores) >= policy.threshold;
}

/** Whether a prediction is wrong under the objective. */
export function wrongUnderObjective(
  objective: 'untargeted' | 'targeted',
  transitions: readonly ProtectedTransition[],
  gold: string,
  prediction: string | null
): boolean {
  if (prediction === null) return false;
  if (objective === 'untargeted') return prediction !== gold;
  return transitions.some((t) => t.from === gold && t.to === prediction);
}

interface SuccessRule {
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  /** successPolicy(plan, model). */
  policy: ReviewPolicy | null;
}

/**
 * Whether a model's answer (scores in label order; null for a label-only answer; `label` for a
 * label-only answer or a repeated model's majority) is an attack
 * success under the rule. A label-only answer is never a success when a policy applies: there is
 * nothing to judge acceptance by (the evaluator reports such a row as missing).
 */
export function isAttackSuccess(
  rule: SuccessRule,
  labels: readonly string[],
  gold: string,
  scores: readonly number[] | null,
  label?: string
): boolean {
  // A label given beside scores is a repeated model's majority (src/models/repeat.ts): it is the prediction.
  const prediction = label ?? (scores === null ? null : decide(labels, scores).prediction);
  return (
    wrongUnderObjective(rule.objective, rule.transitions, gold, prediction) &&
    policyAccepts(rule.policy, scores) === true
  );
}
