/**
 * Every check of docs/definitions.md#gate and docs/definitions.md#comparison, read from metrics.json and
 * comparison.json figures (never recomputed here): data checks, per-model checks, per model × non-destructive family,
 * the union across families, protected transitions, missing rows, and the comparison with a baseline. The
 * gate passes only if no judged check fails and none is not evaluated (unless allowed); not
 * applicable never blocks; nothing offsets anything. Failing and not-evaluated checks carry the
 * rows behind them (docs/definitions.md#drill-down).
 */
import type { FamilyGateKey } from '../config/defaults.js';
import type { AttackFamily } from '../config/families.js';
import { RELEASE_FIELDS, type GatePlan, type Threshold } from '../config/plan.js';
import type { Comparison } from '../compare/comparison.js';
import type { DrillResult } from '../drill/collect.js';
import {
  ALL,
  CHALLENGE_SPLIT,
  findAccuracy,
  REFERENCE_SPLIT,
  type Metrics,
  type ModelMetrics
} from '../metrics/metrics.js';
import { notApplicable, notEvaluated, type Figure } from '../metrics/figure.js';
import { gapFraction } from '../metrics/gap.js';
import { fraction } from '../util/fraction.js';
import {
  changeCounts,
  COMPARISON_CHECKS,
  isFailing,
  judgeChange,
  type BaselineChecks,
  type ChangeKind
} from './change.js';
import { decideCheck, ratioOf, type Check, type CheckExamples, type CheckSpec } from './check.js';

export const CHECKS_SCHEMA_VERSION = 2;

export interface GateResult {
  schema_version: number;
  verdict: 'pass' | 'fail';
  allow_not_evaluated: boolean;
  counts: Record<'pass' | 'fail' | 'not_evaluated' | 'not_applicable', number>;
  /** Ids of the checks that block the gate. */
  failing: string[];
  checks: Check[];
  /** `gate.block_on`, present when it is `new` or when the checks were judged against a baseline (docs/gate.md). */
  block_on?: 'all' | 'new';
  /** With a baseline's checks: how many checks of each change. */
  changes?: Record<ChangeKind, number>;
}

/** What the gate reads besides metrics.json. */
interface GateInputs {
  /** The rows behind each check id (drill/collect.ts and the comparison). */
  drill?: DrillResult;
  /** The comparison with a baseline, or null with the reason there is none. */
  comparison?: Comparison | null;
  noBaselineReason?: string;
  /** False when no comparison can exist for this run (an action run on push): gate.require_baseline does not apply. */
  baselineExpected?: boolean;
  /** The baseline's checks.json, to judge what changed (null or absent: no baseline). */
  baselineChecks?: BaselineChecks | null;
}

/** The threshold for a family: `gate.families.<family>.<key>`, else the built-in family default, else `gate.<key>`. */
function familyThreshold(gate: GatePlan, family: string, key: FamilyGateKey): Threshold {
  return gate.families[family]?.[key] ?? gate.thresholds[key];
}

const NOT_CONFIGURED = (family: string) =>
  notApplicable(`the ${family} family is not configured in threat_model.attacks`);
const NO_FAMILY = 'no attack family is configured';

function familyChecks(
  m: ModelMetrics,
  families: readonly AttackFamily[],
  gate: GatePlan,
  judged: boolean
): CheckSpec[] {
  const specs: CheckSpec[] = [];
  for (const family of families) {
    const robust = m.robustness.find((r) => r.condition === family && r.scope === ALL);
    const ledger = m.ledger.find((l) => l.family === family && l.scope === ALL);
    const base = { subject: m.model, qualifier: family, scope: ALL, judged };
    const delta = robust?.accuracy_delta_pp;
    // Deterioration is the negated delta: a drop of 5 pp is +5.
    const drop: Figure | undefined =
      delta &&
      (delta.status === 'ok'
        ? { ...delta, value: -(delta.value as number), numerator: -(delta.numerator as number) }
        : delta);
    specs.push(
      {
        ...base,
        check: 'changed_examples',
        key: 'min_changed_examples',
        direction: 'min',
        threshold: familyThreshold(gate, family, 'min_changed_examples'),
        figure: robust?.valid_changed ?? NOT_CONFIGURED(family)
      },
      {
        ...base,
        check: 'flip_rate',
        key: 'max_flip_rate',
        direction: 'max',
        threshold: familyThreshold(gate, family, 'max_flip_rate'),
        figure: robust?.changed_flip_rate ?? NOT_CONFIGURED(family),
        exact: robust && ratioOf(robust.changed_flip_rate)
      },
      {
        ...base,
        check: 'accuracy_drop',
        key: 'max_accuracy_drop_pp',
        direction: 'max',
        threshold: familyThreshold(gate, family, 'max_accuracy_drop_pp'),
        figure: drop ?? NOT_CONFIGURED(family),
        exact:
          drop && drop.status === 'ok' ? fraction(100 * (drop.numerator as number), drop.denominator as number) : null
      },
      {
        ...base,
        check: 'eligible_coverage',
        key: 'min_eligible_coverage',
        direction: 'min',
        threshold: familyThreshold(gate, family, 'min_eligible_coverage'),
        figure: ledger?.eligible_coverage ?? NOT_CONFIGURED(family),
        exact: ledger && ratioOf(ledger.eligible_coverage)
      },
      {
        ...base,
        check: 'attack_success',
        key: 'max_attack_success',
        direction: 'max',
        threshold: familyThreshold(gate, family, 'max_attack_success'),
        figure: ledger?.attack_success ?? NOT_CONFIGURED(family),
        exact: ledger && ratioOf(ledger.attack_success)
      }
    );
  }
  const union = m.union.find((u) => u.scope === ALL);
  const noFamily = notApplicable(NO_FAMILY);
  const t = gate.thresholds;
  specs.push(
    {
      subject: m.model,
      qualifier: 'union',
      scope: ALL,
      judged,
      check: 'eligible_coverage',
      key: 'min_eligible_coverage',
      direction: 'min',
      threshold: t.min_eligible_coverage,
      figure: union?.union_coverage ?? noFamily,
      exact: union && ratioOf(union.union_coverage)
    },
    {
      subject: m.model,
      qualifier: 'union',
      scope: ALL,
      judged,
      check: 'attack_success',
      key: 'max_attack_success',
      direction: 'max',
      threshold: t.max_attack_success,
      figure: union?.union_success ?? noFamily,
      exact: union && ratioOf(union.union_success)
    }
  );
  const protectedFigure = m.protected_transitions.find((p) => p.scope === ALL)?.protected_transitions ?? noFamily;
  specs.push({
    subject: m.model,
    scope: ALL,
    judged,
    check: 'protected_transitions',
    key: 'max_protected_transitions',
    direction: 'max',
    threshold: t.max_protected_transitions,
    figure: protectedFigure,
    exact: protectedFigure.status === 'ok' ? fraction(protectedFigure.numerator as number, 1) : null
  });
  return specs;
}

/**
 * `attack_strength/<model>/<attack>` (docs/tabular.md), only for the attacks `gate.min_attack_strength`
 * names, in evidence order: the attack's successes over exact's on the rows both tested. Not
 * evaluated when exact found no failure there (nothing to find).
 */
function strengthChecks(m: ModelMetrics, gate: GatePlan, judged: boolean): CheckSpec[] {
  const wanted = gate.minAttackStrength ?? {};
  const specs: CheckSpec[] = [];
  for (const s of m.attack_strength ?? []) {
    const threshold = wanted[s.attack];
    if (threshold === undefined) continue;
    specs.push({
      check: 'attack_strength',
      key: 'min_attack_strength',
      subject: m.model,
      qualifier: s.attack,
      scope: ALL,
      direction: 'min',
      threshold,
      figure: s.strength,
      exact: ratioOf(s.strength),
      judged
    });
  }
  return specs;
}

/** `certified_share/<model>` (docs/search.md#exact), only when `gate.min_certified_share` is set: certified/decided */
function certifiedShareChecks(m: ModelMetrics, gate: GatePlan, judged: boolean): CheckSpec[] {
  const threshold = gate.minCertifiedShare;
  const certified = m.exact_certificate?.certified;
  if (threshold === undefined || certified === undefined) return [];
  return [
    {
      check: 'certified_share',
      key: 'min_certified_share',
      subject: m.model,
      scope: ALL,
      direction: 'min',
      threshold,
      figure: certified,
      exact: ratioOf(certified),
      judged
    }
  ];
}

/**
 * Comparison checks (docs/definitions.md#comparison): regression per model × condition and new protected transitions
 * per model.
 */
function comparisonChecks(metrics: Metrics, gate: GatePlan, inputs: GateInputs): CheckSpec[] {
  const specs: CheckSpec[] = [];
  const comparison = inputs.comparison ?? null;
  const absent = (reason: string): Figure =>
    gate.requireBaseline && inputs.baselineExpected !== false
      ? notEvaluated(`${reason} (gate.require_baseline is true)`, null)
      : notApplicable(reason);
  for (const m of metrics.models) {
    const judged = gate.models.includes(m.model);
    const compared = comparison?.models.find((x) => x.model === m.model);
    const missing =
      comparison === null
        ? absent(inputs.noBaselineReason ?? 'no baseline to compare with')
        : compared === undefined
          ? notApplicable('the baseline has no model of this name')
          : null;
    for (const condition of metrics.conditions_evaluated) {
      const cell = compared?.cells.find((c) => c.condition === condition && c.scope === ALL);
      // An attack that cannot reach the model (docs/tabular.md#not-applicable) has nothing to regress.
      const unreachable = m.ledger.find((l) => l.family === condition && l.scope === ALL)?.eligible;
      let figure: Figure;
      if (unreachable?.status === 'not_applicable') figure = unreachable;
      else if (missing) figure = missing;
      else if (!cell || cell.pairs === 0)
        figure = notEvaluated('no paired rows (every row changed its input or is missing on one side)', 0);
      else {
        // Regression is the negated Δ: 2 pp worse is +2, compared with max_regression_pp.
        const worse = (cell.broken.value as number) - (cell.fixed.value as number);
        figure = {
          value: (100 * worse) / cell.pairs,
          numerator: worse,
          denominator: cell.pairs,
          status: 'ok',
          reason: null
        };
      }
      specs.push({
        check: 'regression',
        key: 'max_regression_pp',
        subject: m.model,
        qualifier: condition,
        scope: ALL,
        direction: 'max',
        threshold: familyThreshold(gate, condition, 'max_regression_pp'),
        figure,
        exact:
          figure.status === 'ok' ? fraction(100 * (figure.numerator as number), figure.denominator as number) : null,
        judged
      });
    }
    const moved = missing ?? (compared as NonNullable<typeof compared>).new_protected_transitions;
    specs.push({
      check: 'new_protected_transitions',
      key: 'max_new_protected_transitions',
      subject: m.model,
      scope: ALL,
      direction: 'max',
      threshold: gate.thresholds.max_new_protected_transitions,
      figure: moved,
      exact: moved.status === 'ok' ? fraction(moved.numerator as number, 1) : null,
      judged
    });
  }
  return specs;
}

/**
 * `release_record/data` (docs/explain-and-release.md#release-checklist): with
 * `gate.require_release_record: true` the config's `release:` block must declare every field;
 * the figure is the number of fields declared. Not applicable when not required. Read from the manifest's record, so
 * merge and verify agree.
 */
function releaseRecordCheck(gate: GatePlan): Check {
  const r = gate.releaseRecord ?? {
    required: false,
    line: 1,
    isDefault: true,
    missing: [...RELEASE_FIELDS],
    declared: false
  };
  const total = RELEASE_FIELDS.length;
  const declared = total - r.missing.length;
  const reason = !r.required
    ? 'gate.require_release_record is false'
    : !r.declared
      ? 'the config has no release: block'
      : r.missing.length > 0
        ? `not declared: ${r.missing.map((f) => `release.${f}`).join(', ')}`
        : null;
  return {
    id: 'release_record/data',
    check: 'release_record',
    subject: 'data',
    qualifier: null,
    scope: 'manifest',
    value: r.required ? declared : null,
    numerator: r.required ? declared : null,
    denominator: r.required ? total : null,
    direction: 'min',
    threshold: total,
    config_key: 'gate.require_release_record',
    config_line: r.line,
    threshold_is_default: r.isDefault,
    status: !r.required ? 'not_applicable' : declared === total ? 'pass' : 'fail',
    judged: true,
    reason
  };
}

function examplesOf(check: Check, metrics: Metrics, drill: DrillResult | undefined): CheckExamples {
  if (check.check === 'length_psi') {
    const counts = metrics.data.length_histogram.counts;
    return {
      count: null,
      shown: [],
      histogram: {
        edges: metrics.data.length_histogram.edges,
        reference: { split: REFERENCE_SPLIT, counts: counts[REFERENCE_SPLIT] ?? [] },
        comparison: { split: CHALLENGE_SPLIT, counts: counts[CHALLENGE_SPLIT] ?? [] }
      }
    };
  }
  // A release record is a declaration, not a property of any evaluated row.
  if (check.check === 'release_record') return { count: null, shown: [] };
  const d = drill?.get(check.id);
  return { count: d?.count ?? 0, shown: (d?.refs ?? []).map((r) => r.ref) };
}

export function evaluateGate(metrics: Metrics, gate: GatePlan, inputs: GateInputs = {}): GateResult {
  const t = gate.thresholds;
  const specs: CheckSpec[] = [];
  const d = metrics.data;
  specs.push({
    check: 'challenge_examples',
    key: 'min_challenge_examples',
    subject: 'data',
    scope: CHALLENGE_SPLIT,
    direction: 'min',
    threshold: t.min_challenge_examples,
    figure: d.challenge_examples
  });
  for (const lang of d.language_examples) {
    specs.push({
      check: 'language_examples',
      key: 'min_language_examples',
      subject: 'data',
      qualifier: lang.language,
      scope: lang.scope,
      direction: 'min',
      threshold: t.min_language_examples,
      figure: lang.figure
    });
  }
  specs.push({
    check: 'length_psi',
    key: 'max_length_psi',
    subject: 'data',
    scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`,
    direction: 'max',
    threshold: t.max_length_psi,
    figure: d.length_psi
  });

  const hasChallenge = d.challenge_examples.status !== 'not_applicable';
  for (const m of metrics.models) {
    const judged = gate.models.includes(m.model);
    const challenge = findAccuracy(m, CHALLENGE_SPLIT) ?? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`);
    specs.push({
      check: 'challenge_accuracy',
      key: 'min_challenge_accuracy',
      subject: m.model,
      scope: CHALLENGE_SPLIT,
      direction: 'min',
      threshold: t.min_challenge_accuracy,
      figure: challenge,
      exact: ratioOf(challenge),
      judged
    });
    specs.push({
      check: 'generalization_gap',
      key: 'max_generalization_gap_pp',
      subject: m.model,
      scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`,
      direction: 'max',
      threshold: t.max_generalization_gap_pp,
      figure: m.generalization_gap_pp,
      exact: gapFraction(findAccuracy(m, REFERENCE_SPLIT), findAccuracy(m, CHALLENGE_SPLIT)),
      judged
    });
    for (const lang of d.language_examples) {
      const language = lang.language as string;
      const figure =
        lang.figure.status === 'not_applicable' || !hasChallenge
          ? lang.figure
          : (findAccuracy(m, CHALLENGE_SPLIT, language) ?? notApplicable('no such slice'));
      specs.push({
        check: 'language_accuracy',
        key: 'min_language_accuracy',
        subject: m.model,
        qualifier: language,
        scope: lang.scope,
        direction: 'min',
        threshold: t.min_language_accuracy,
        figure,
        exact: ratioOf(figure),
        judged
      });
    }
    specs.push(...familyChecks(m, metrics.attack_families, gate, judged));
    specs.push(...strengthChecks(m, gate, judged));
    specs.push(...certifiedShareChecks(m, gate, judged));
    specs.push({
      check: 'missing_rows',
      key: 'max_missing_rows',
      subject: m.model,
      scope: ALL,
      direction: 'max',
      threshold: t.max_missing_rows,
      figure: m.missing_rows,
      judged
    });
  }
  specs.push(...comparisonChecks(metrics, gate, inputs));

  const decided = [...specs.map(decideCheck), releaseRecordCheck(gate)].map((c) =>
    c.status === 'fail' || c.status === 'not_evaluated' ? { ...c, examples: examplesOf(c, metrics, inputs.drill) } : c
  );
  const base = inputs.baselineChecks ?? null;
  const checks = base
    ? decided.map((c) => ({
        ...c,
        ...judgeChange(c, base.checks.get(c.id), gate.allowNotEvaluated, base.allowNotEvaluated)
      }))
    : decided;
  return gateResult(checks, gate, base !== null);
}

/**
 * Counts, blocking checks and verdict of decided checks. A judged failing check blocks; with
 * `block_on: new` and checks judged against a baseline, a `known` failure does not (the
 * comparison checks always do).
 */
export function gateResult(
  checks: Check[],
  gate: Pick<GatePlan, 'allowNotEvaluated' | 'blockOn'>,
  judgedAgainstBaseline: boolean
): GateResult {
  const counts = { pass: 0, fail: 0, not_evaluated: 0, not_applicable: 0 };
  for (const c of checks) counts[c.status]++;
  const onlyNew = gate.blockOn === 'new' && judgedAgainstBaseline;
  const blocks = (c: Check) =>
    c.judged &&
    isFailing(c, gate.allowNotEvaluated) &&
    (!onlyNew || COMPARISON_CHECKS.has(c.check) || c.change !== 'known');
  const blocking = checks.filter(blocks);
  return {
    schema_version: CHECKS_SCHEMA_VERSION,
    verdict: blocking.length === 0 ? 'pass' : 'fail',
    allow_not_evaluated: gate.allowNotEvaluated,
    counts,
    failing: blocking.map((c) => c.id),
    checks,
    ...(gate.blockOn === 'new' || judgedAgainstBaseline ? { block_on: gate.blockOn ?? 'all' } : {}),
    ...(judgedAgainstBaseline ? { changes: changeCounts(checks) } : {})
  };
}
