/**
 * What the search aims at: the objective margin it lowers (score-based) and the success test
 * it stops on, both as in the ledger (src/evidence/ledger.ts).
 */
import type { ProtectedTransition } from '../../config/plan.js';
import { decisionOf, type ScoreResult } from '../../models/model.js';

export interface SearchObjective {
  labels: readonly string[];
  gold: string;
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
}

/** Whether an answer is a success: untargeted, the prediction is not gold; targeted, (gold → prediction) is protected. */
export function isSuccess(o: SearchObjective, result: ScoreResult): boolean {
  const d = decisionOf(o.labels, result);
  if (d === null) return false;
  if (o.objective === 'untargeted') return d.prediction !== o.gold;
  return o.transitions.some((t) => t.from === o.gold && t.to === d.prediction);
}

/**
 * Untargeted: score(gold) − the best other score. Targeted: the smallest score(gold) − score(t)
 * over the protected targets t of gold. Lower is closer to a success.
 */
export function objectiveMargin(o: SearchObjective, scores: readonly number[]): number {
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
