/**
 * What the search aims at: the objective margin it lowers (score-based) and the success test
 * it stops on, the ledger's own rule (src/evidence/attack-success.ts).
 */
import { isAttackSuccess, type ReviewPolicy, type ProtectedTransition } from '../../evidence/attack-success.js';
import type { ScoreResult } from '../../models/model.js';

export interface SearchObjective {
  labels: readonly string[];
  gold: string;
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  /**
   * With threat_model.against_policy: the model's review policy a success must get past (null or absent: every decision
   * counts).
   */
  policy?: ReviewPolicy | null;
}

/** Whether an answer is a success: wrong under the objective and, under a policy, accepted by it. */
export function isSuccess(o: SearchObjective, result: ScoreResult): boolean {
  if (result.status !== 'ok') return false;
  return isAttackSuccess(
    { objective: o.objective, transitions: o.transitions, policy: o.policy ?? null },
    o.labels,
    o.gold,
    result.scores,
    result.label
  );
}

/**
 * Without a policy — untargeted: score(gold) − the best other score; targeted: the smallest
 * score(gold) − score(t) over the protected targets t of gold. With one, policyMargin. Lower is
 * closer to a success.
 */
export function objectiveMargin(o: SearchObjective, scores: readonly number[]): number {
  const policy = o.policy ?? null;
  if (policy !== null) return policyMargin(o, policy, scores);
  const g = o.labels.indexOf(o.gold);
  const gold = scores[g] as number;
  let best = Infinity;
  if (o.objective === 'untargeted') {
    for (let i = 0; i < scores.length; i++) if (i !== g) best = Math.min(best, gold - (scores[i] as number));
    return best;
  }
  for (const t of o.transitions) {
    if (t.from !== o.gold) continue;
    const k = o.labels.indexOf(t.to);
    if (k >= 0) best = Math.min(best, gold - (scores[k] as number));
  }
  return best;
}

/**
 * The labels a wrong decision may name: every other label (untargeted) or gold's protected targets (targeted), as label
 * indices.
 */
function wrongLabels(o: SearchObjective): number[] {
  if (o.objective === 'untargeted') return o.labels.map((_, i) => i).filter((i) => o.labels[i] !== o.gold);
  return o.transitions
    .filter((t) => t.from === o.gold)
    .map((t) => o.labels.indexOf(t.to))
    .filter((k) => k >= 0);
}

/**
 * The margin to a confident wrong decision (docs/search.md#against-the-policy): the smallest,
 * over the labels j a wrong decision may name, of
 *   c_j = max(r_j − s_j, τ − v_j),   r_j = the best score of the labels other than j,
 * where v_j is the value the policy would see if j were the decision: s_j (`on: probability`) or
 * s_j − r_j (`on: margin`), and τ its threshold. c_j < 0 exactly when j beats every other label
 * strictly and the policy accepts it with room to spare, so a negative margin is a confident
 * wrong decision; a confident wrong decision has c ≤ 0 (0 only on an exact tie or exactly at the
 * threshold, which the success test settles).
 */
export function policyMargin(o: SearchObjective, policy: ReviewPolicy, scores: readonly number[]): number {
  let best = Infinity;
  for (const j of wrongLabels(o)) {
    let rival = -Infinity;
    for (let k = 0; k < scores.length; k++) if (k !== j && (scores[k] as number) > rival) rival = scores[k] as number;
    const s = scores[j] as number;
    const value = policy.on === 'probability' ? s : s - rival;
    best = Math.min(best, Math.max(rival - s, policy.threshold - value));
  }
  return best;
}
