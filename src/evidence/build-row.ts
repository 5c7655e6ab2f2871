/**
 * One evidence row from what a condition did and what the model answered: decisions, scores,
 * flags and, for attack families, the ledger masks. Shared by the text and tabular paths so the
 * ledger fields (docs/definitions.md#ledger) are filled one way.
 */
import type { Condition } from './condition.js';
import type { Example } from '../data/example.js';
import { decisionOf, type ScoreResult } from '../models/model.js';
import { policyAccepts, type ReviewPolicy, type ProtectedTransition } from './attack-success.js';
import { ledgerMasks } from './ledger.js';
import type { EvidenceRow, NotAttemptedReason } from './row.js';

interface RowFacts {
  example: Example;
  model: string;
  labels: readonly string[];
  condition: Condition;
  clean: ScoreResult;
  result: ScoreResult;
  /** What the condition produced (null on clean rows). */
  candidate: {
    attempted: boolean;
    notAttemptedReason?: NotAttemptedReason;
    changed: boolean;
    valid: boolean | null;
    invalidReason: string | null;
  } | null;
  /** True for attack families: the row carries ledger masks. */
  masked: boolean;
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  text: string | null;
  perturbedText: string | null;
  /** SHA-256 of the input the model scored (see evaluate/inputs.ts). */
  inputSha256: string;
  /** The review policy a success must get past (successPolicy: null or absent when every decision counts). */
  policy?: ReviewPolicy | null;
}

/** What a label-only answer becomes when a policy must judge it: a missing row, with the reason. */
export const LABEL_ONLY_UNDER_POLICY =
  'threat_model.against_policy needs scores to apply the review policy (selective.abstain_below), and the model ' +
  'answered with a label only';

export function evidenceRow(facts: RowFacts): EvidenceRow {
  const policy = facts.policy ?? null;
  const f: RowFacts =
    policy !== null &&
    facts.masked &&
    facts.candidate !== null &&
    facts.result.status === 'ok' &&
    facts.result.scores === null
      ? { ...facts, result: { status: 'error', error: LABEL_ONLY_UNDER_POLICY } }
      : facts;
  const cleanDecision = decisionOf(f.labels, f.clean);
  const decision = decisionOf(f.labels, f.result);
  const c = f.candidate;
  const masks =
    f.masked && c
      ? ledgerMasks({
          objective: f.objective,
          transitions: f.transitions,
          gold: f.example.label,
          cleanOk: f.clean.status === 'ok',
          cleanPrediction: cleanDecision?.prediction ?? null,
          attempted: c.attempted,
          ...(c.notAttemptedReason ? { notAttemptedReason: c.notAttemptedReason } : {}),
          changed: c.changed,
          valid: c.valid === true,
          rowOk: f.result.status === 'ok',
          prediction: decision?.prediction ?? null,
          ...(policy !== null && f.result.status === 'ok'
            ? { accepted: policyAccepts(policy, f.result.scores) === true }
            : {})
        })
      : null;
  return {
    id: f.example.id,
    split: f.example.split,
    model: f.model,
    condition: f.condition,
    language: f.example.language,
    domain: f.example.domain,
    text: f.text,
    perturbed_text: f.perturbedText,
    label: f.example.label,
    clean_prediction: cleanDecision?.prediction ?? null,
    prediction: decision?.prediction ?? null,
    scores: f.result.status === 'ok' ? f.result.scores : null,
    margin: decision?.margin ?? null,
    clean_margin: cleanDecision?.margin ?? null,
    changed: c?.changed ?? false,
    valid: c?.valid ?? null,
    invalid_reason: c?.invalidReason ?? null,
    eligible: masks?.eligible ?? null,
    tested: masks?.tested ?? null,
    success: masks?.success ?? null,
    uncovered: masks?.uncovered ?? null,
    uncovered_reason: masks?.uncovered_reason ?? null,
    status: f.result.status,
    error: f.result.status === 'ok' ? null : f.result.error,
    input_sha256: f.inputSha256
  };
}
