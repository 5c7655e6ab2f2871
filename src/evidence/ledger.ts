/**
 * The ledger masks of one evidence row (docs/definitions.md#ledger), under the declared objective. Masks are
 * null on `clean` and on the destructive `truncate` rows. For the non-destructive families:
 *   in scope  — the clean row is `ok` (targeted: and gold is a declared `from` label)
 *   eligible  — in scope and the clean prediction is the gold label
 *   tested    — eligible, changed, valid and the perturbed row is `ok`
 *   success   — tested and wrong under the objective (untargeted: prediction ≠ gold;
 *               targeted: (gold, prediction) is a declared protected transition) and, with
 *               threat_model.against_policy, accepted by the model's review policy
 *               (attack-success.ts, the rule every family shares)
 *   uncovered — eligible but not tested, with the first reason that applies:
 *               no_dictionary (the family could not act on the row's language), or
 *               no_edit (the search found no valid edit to make),
 *               text_too_long (the text is longer than search.max_text_chars: not searched),
 *               unchanged (attempted, same bytes), invalid, missing.
 * An uncovered row is never counted robust.
 */
import { wrongUnderObjective, type ProtectedTransition } from './attack-success.js';
import type { NotAttemptedReason, UncoveredReason } from './row.js';

export interface MaskInput {
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  gold: string;
  cleanOk: boolean;
  cleanPrediction: string | null;
  attempted: boolean;
  /** Why a family that did not act could not (default no_dictionary; the search's no_edit or text_too_long). */
  notAttemptedReason?: NotAttemptedReason;
  changed: boolean;
  valid: boolean;
  rowOk: boolean;
  prediction: string | null;
  /** Whether the review policy accepts the row's decision (policyAccepts); absent: every decision counts. */
  accepted?: boolean;
}

interface Masks {
  in_scope: boolean;
  eligible: boolean;
  tested: boolean;
  success: boolean;
  uncovered: boolean;
  uncovered_reason: UncoveredReason | null;
}

export function isProtected(transitions: readonly ProtectedTransition[], from: string, to: string | null): boolean {
  return to !== null && transitions.some((t) => t.from === from && t.to === to);
}

export function ledgerMasks(m: MaskInput): Masks {
  const inScope = m.cleanOk && (m.objective === 'untargeted' || m.transitions.some((t) => t.from === m.gold));
  const eligible = inScope && m.cleanPrediction === m.gold;
  const tested = eligible && m.attempted && m.changed && m.valid && m.rowOk;
  const wrong = wrongUnderObjective(m.objective, m.transitions, m.gold, m.prediction);
  const success = tested && wrong && m.accepted !== false;
  const uncovered = eligible && !tested;
  let reason: UncoveredReason | null = null;
  if (uncovered) {
    if (!m.attempted) reason = m.notAttemptedReason ?? 'no_dictionary';
    else if (!m.changed) reason = 'unchanged';
    else if (!m.valid) reason = 'invalid';
    else reason = 'missing';
  }
  return { in_scope: inScope, eligible, tested, success, uncovered, uncovered_reason: reason };
}
