/**
 * The gate checks this release can evaluate from the clean condition (SPEC §9 rows 1–6 and
 * missing rows). Perturbation checks join when the families do; the summary lists which
 * checks were not run so that nothing reads as tested when it was not.
 */
import type { GatePlan } from '../config/plan.js';
import { CHALLENGE_SPLIT, findAccuracy, REFERENCE_SPLIT, type Metrics } from '../metrics/build.js';
import { notApplicable, type Figure } from '../metrics/figure.js';
import { fraction, type Fraction } from '../util/fraction.js';
import { decideCheck, ratioOf, type Check } from './check.js';

export const CHECKS_SCHEMA_VERSION = 1;

/** Checks of SPEC §9 that need perturbed conditions, not run until those conditions exist. */
export const CHECKS_NOT_RUN = ['changed_examples', 'flip_rate', 'accuracy_drop', 'eligible_coverage', 'attack_success', 'protected_transitions'] as const;

export interface GateResult {
  schema_version: number;
  verdict: 'pass' | 'fail';
  allow_not_evaluated: boolean;
  counts: Record<'pass' | 'fail' | 'not_evaluated' | 'not_applicable', number>;
  failing: string[];
  checks_not_run: readonly string[];
  checks: Check[];
}

/** Generalization gap in pp = 100 × (reference accuracy − challenge accuracy), exactly. */
function gapFigure(reference: Figure | undefined, challenge: Figure | undefined): { figure: Figure; exact: Fraction | null } {
  if (!reference || !challenge) return { figure: notApplicable(`needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`), exact: null };
  const r = ratioOf(reference);
  const c = ratioOf(challenge);
  if (!r || !c) return { figure: { value: null, numerator: null, denominator: null, status: 'not_evaluated', reason: 'an accuracy was not evaluated' }, exact: null };
  const exact = fraction(100n * (r.num * c.den - c.num * r.den), r.den * c.den);
  return {
    figure: { value: 100 * ((reference.value as number) - (challenge.value as number)), numerator: null, denominator: challenge.denominator, status: 'ok', reason: null },
    exact
  };
}

export function evaluateGate(metrics: Metrics, gate: GatePlan): GateResult {
  const t = gate.thresholds;
  const checks: Check[] = [];
  const d = metrics.data;
  checks.push(decideCheck({ check: 'challenge_examples', key: 'min_challenge_examples', subject: 'data', scope: CHALLENGE_SPLIT, direction: 'min', threshold: t.min_challenge_examples, figure: d.challenge_examples }));
  for (const lang of d.language_examples) {
    checks.push(decideCheck({ check: 'language_examples', key: 'min_language_examples', subject: 'data', qualifier: lang.language, scope: lang.scope, direction: 'min', threshold: t.min_language_examples, figure: lang.figure }));
  }
  checks.push(decideCheck({ check: 'length_psi', key: 'max_length_psi', subject: 'data', scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`, direction: 'max', threshold: t.max_length_psi, figure: d.length_psi }));

  const hasChallenge = d.challenge_examples.status !== 'not_applicable';
  for (const m of metrics.models) {
    const judged = gate.models.includes(m.model);
    const challenge = findAccuracy(m, CHALLENGE_SPLIT);
    const reference = findAccuracy(m, REFERENCE_SPLIT);
    const challengeFigure = challenge ?? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`);
    checks.push(decideCheck({ check: 'challenge_accuracy', key: 'min_challenge_accuracy', subject: m.model, scope: CHALLENGE_SPLIT, direction: 'min', threshold: t.min_challenge_accuracy, figure: challengeFigure, exact: ratioOf(challengeFigure), judged }));
    const gap = gapFigure(reference, challenge);
    checks.push(decideCheck({ check: 'generalization_gap', key: 'max_generalization_gap_pp', subject: m.model, scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`, direction: 'max', threshold: t.max_generalization_gap_pp, figure: gap.figure, exact: gap.exact, judged }));
    for (const lang of d.language_examples) {
      const language = lang.language as string;
      const figure =
        lang.figure.status === 'not_applicable' || !hasChallenge
          ? lang.figure
          : (findAccuracy(m, CHALLENGE_SPLIT, language) ?? notApplicable('no such slice'));
      checks.push(decideCheck({ check: 'language_accuracy', key: 'min_language_accuracy', subject: m.model, qualifier: language, scope: lang.scope, direction: 'min', threshold: t.min_language_accuracy, figure, exact: ratioOf(figure), judged }));
    }
    checks.push(decideCheck({ check: 'missing_rows', key: 'max_missing_rows', subject: m.model, scope: 'all', direction: 'max', threshold: t.max_missing_rows, figure: m.missing_rows, judged }));
  }

  const counts = { pass: 0, fail: 0, not_evaluated: 0, not_applicable: 0 };
  for (const c of checks) counts[c.status]++;
  const blocking = checks.filter((c) => c.judged && (c.status === 'fail' || (c.status === 'not_evaluated' && !gate.allowNotEvaluated)));
  return {
    schema_version: CHECKS_SCHEMA_VERSION,
    verdict: blocking.length === 0 ? 'pass' : 'fail',
    allow_not_evaluated: gate.allowNotEvaluated,
    counts,
    failing: blocking.map((c) => c.id),
    checks_not_run: CHECKS_NOT_RUN,
    checks
  };
}
