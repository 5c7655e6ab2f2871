/**
 * Tabular candidates: for every (example × model) the clean row, then one candidate
 * per configured tabular attack in registry order (`noise`, the corruption baseline, is the same
 * for every model; `fgm` follows each model's own gradient), each candidate validated.
 */
import type { Condition, Family } from '../evidence/condition.js';
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { successPolicy } from '../evidence/attack-success.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import type { TabularAttackDescriptor } from '../perturb/descriptor.js';
import { configuredTabular } from '../perturb/registry.js';
import {
  hasTrees,
  type AttackCounters,
  type Differentiable,
  type FeatureSpace,
  type TabularCandidate
} from '../tabular/contract.js';
import type { OkResult, QueryAttack } from '../tabular/query-attack.js';
import { validateCandidate } from '../tabular/validity.js';
import { vectorOf } from '../tabular/vector.js';
import type { ModelCounters } from '../run/facts.js';
import { inputDigest, type Candidate, type CandidateSource } from './candidate.js';
import { attacksNotApplicable } from './applicability.js';
import { runQueryAttacks } from './tabular-queries.js';

export function featureSpace(plan: Plan): FeatureSpace {
  const names = plan.data.columns.features;
  const tab = plan.threatModel.tabular;
  const bound = (name: string, side: 0 | 1) => tab?.bounds[name]?.[side] ?? (side === 0 ? -Infinity : Infinity);
  return {
    names,
    editable: names.map((n) => tab?.editable.includes(n) ?? false),
    lower: names.map((n) => bound(n, 0)),
    upper: names.map((n) => bound(n, 1)),
    eps: tab?.eps ?? 0
  };
}

/** The tabular attacks the plan configures, in registry order. */
function configured(plan: Plan): TabularAttackDescriptor[] {
  return configuredTabular(plan.threatModel.attacks);
}

function tabularConditions(plan: Plan): Condition[] {
  return ['clean', ...configured(plan).map((d) => d.name as Family)];
}

/** The example's values in feature order (vectorOf: one array shape in every tier). */
function vector(example: Example, names: readonly string[]): number[] {
  if (example.input.kind !== 'features') throw new Error(`example ${example.id} has no features`);
  const values = example.input.values;
  return vectorOf(names.length, (i) => values[names[i] as string] as number);
}

function asRecord(names: readonly string[], x: readonly number[]): Record<string, number> {
  const record: Record<string, number> = {};
  for (let i = 0; i < names.length; i++) record[names[i] as string] = x[i] as number;
  return record;
}

/** Whether the candidate moved any feature (===: 0 and −0 are the same value). */
function moved(x: readonly number[], values: readonly number[]): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== x[i]) return true;
  return false;
}

function isDifferentiable(model: Model): model is Model & Differentiable {
  return (
    typeof (model as Partial<Differentiable>).inputGradient === 'function' &&
    typeof (model as Partial<Differentiable>).predict === 'function'
  );
}

export function tabularCandidates(plan: Plan, models: readonly Model[], labels: readonly string[]): CandidateSource {
  const space = featureSpace(plan);
  const attacks = configured(plan);
  const conditions = tabularConditions(plan);
  const seed = plan.statistics.seed;
  const counters: AttackCounters[] = models.map(() => ({ gradientEvaluations: 0, predictionEvaluations: 0 }));
  /** Per model, per attack: whether the attack cannot run against it (its rows are uncovered: not_applicable). */
  const inapplicable = plan.models.map((m) => {
    const names = new Set(attacksNotApplicable(attacks, m).map((n) => n.attack));
    return attacks.map((attack) => names.has(attack.name));
  });
  attacks.forEach((attack, k) => {
    if (attack.needsGradients)
      models.forEach((model, m) => {
        if (!inapplicable[m]?.[k] && !isDifferentiable(model) && !(attack.readsTrees === true && hasTrees(model)))
          throw new Error(`model ${model.name} exposes no gradient for ${attack.name}`);
      });
  });
  /** Per model, per attack: whether its candidates are the exact worst case (null: not said). */
  const exact = models.map((model) =>
    attacks.map((attack) => attack.exact?.(labels.length, model, plan.threatModel.againstPolicy) ?? null)
  );
  // Per-row work fields appear only when an attack reports them, so older configs keep their evidence.
  const reportsWork = attacks.some((attack) => attack.reportsWork === true);
  const tm = plan.threatModel;
  const paramsOf = (attack: TabularAttackDescriptor): unknown => (tm.attacks as Record<string, unknown>)[attack.name];
  const targetsOf = (gold: string): readonly string[] | null =>
    tm.objective === 'targeted' ? tm.protectedTransitions.filter((t) => t.from === gold).map((t) => t.to) : null;
  /**
   * Per example: its vector, its clean candidate and the candidates of attacks that do not depend on the model (null
   * where they do).
   */
  const shared = new Map<
    Example,
    { x: number[]; clean: Candidate; fixed: Array<Candidate | null>; features: Record<string, number> }
  >();

  /** Attack k's candidate for model m (null: the same for every model). */
  const candidate = (
    k: number,
    m: number | null,
    x: number[],
    features: Record<string, number>,
    c: TabularCandidate
  ): Candidate => {
    const attack = attacks[k] as TabularAttackDescriptor;
    const perturbed = asRecord(space.names, c.values);
    const input = { kind: 'features' as const, values: perturbed };
    return {
      condition: attack.name as Family,
      input,
      digest: inputDigest(input),
      perturbedText: null,
      attempted: c.attempted,
      changed: moved(x, c.values),
      valid: c.attempted ? c.valid : null,
      invalidReason: c.attempted ? c.invalidReason : null,
      // Attacks carry ledger masks; a corruption baseline (noise) does not.
      masked: attack.attack,
      tabular: {
        features,
        perturbed,
        exact: m === null ? null : (exact[m]?.[k] ?? null),
        ...(reportsWork ? { work: c.work ?? null } : {})
      }
    };
  };
  const row = (example: Example, x: number[], modelIndex: number | null) => ({
    id: example.id,
    label: example.label,
    x,
    space,
    seed,
    model: modelIndex === null ? null : (models[modelIndex] as Model),
    counters:
      modelIndex === null
        ? { gradientEvaluations: 0, predictionEvaluations: 0 }
        : (counters[modelIndex] as AttackCounters),
    targets: targetsOf(example.label),
    policy: modelIndex === null ? null : successPolicy(plan, (models[modelIndex] as Model).name)
  });

  /** The row of an attack that cannot run against the model: the clean values, not attempted. */
  // Nothing was tried, so nothing is claimed about the worst case either (no model: exact null).
  const notApplicable = (k: number, x: number[], features: Record<string, number>): Candidate => ({
    ...candidate(k, null, x, features, {
      values: x,
      attempted: false,
      valid: false,
      invalidReason: null,
      work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
    }),
    notAttemptedReason: 'not_applicable'
  });
  const direct = (attack: TabularAttackDescriptor) => {
    if (attack.candidate === undefined) throw new Error(`tabular attack ${attack.name} has no candidate`);
    return attack.candidate.bind(attack);
  };
  // Black-box attacks, in registry order (so each splices in after the ones before it).
  const queried = attacks.flatMap((attack, k) => (attack.queryAttack ? [k] : []));
  /** The ledger's eligible: the clean answer is ok, in scope under the objective, and correct. */
  const eligible = (example: Example, model: Model, clean: ScoreResult): boolean => {
    if (clean.status !== 'ok') return false;
    if (tm.objective === 'targeted' && !tm.protectedTransitions.some((t) => t.from === example.label)) return false;
    return decisionOf(model.labels, clean)?.prediction === example.label;
  };
  const queryRow = (example: Example, model: Model, clean: OkResult) => ({
    id: example.id,
    model: model.name,
    x: vector(example, space.names),
    space,
    seed,
    objective: {
      labels: model.labels,
      gold: example.label,
      objective: tm.objective,
      transitions: tm.protectedTransitions,
      policy: successPolicy(plan, model.name)
    },
    clean
  });

  return {
    conditions,
    candidates(example, modelIndex) {
      let base = shared.get(example);
      if (base === undefined) {
        const x = vector(example, space.names);
        const features = asRecord(space.names, x);
        const input = { kind: 'features' as const, values: features };
        const clean: Candidate = {
          condition: 'clean',
          input,
          digest: inputDigest(input),
          perturbedText: null,
          attempted: true,
          changed: false,
          valid: null,
          invalidReason: null,
          masked: false,
          tabular: { features, perturbed: null, exact: null, ...(reportsWork ? { work: null } : {}) }
        };
        const fixed = attacks.map((attack, k) =>
          attack.perModel
            ? null
            : candidate(k, null, x, features, direct(attack)(row(example, x, null), paramsOf(attack)))
        );
        base = { x, features, clean, fixed };
        shared.set(example, base);
      }
      const { x, features, fixed } = base;
      // Black-box attacks join later (`queried`), once the clean rows are scored.
      return [
        base.clean,
        ...attacks.flatMap((attack, k) =>
          attack.queryAttack
            ? []
            : inapplicable[modelIndex]?.[k]
              ? [notApplicable(k, x, features)]
              : [
                  fixed[k] ??
                    candidate(k, modelIndex, x, features, direct(attack)(row(example, x, modelIndex), paramsOf(attack)))
                ]
        )
      ];
    },
    ...(queried.length === 0
      ? {}
      : {
          async queried(part, list, cleanOf, modelCounters) {
            for (const [m, model] of models.entries()) {
              for (const k of queried) {
                const attack = attacks[k] as TabularAttackDescriptor;
                const at = conditions.indexOf(attack.name as Family);
                const skipped = inapplicable[m]?.[k] === true;
                const starts: Array<QueryAttack | null> = part.map((example, e) => {
                  const clean = cleanOf(m, (list[m] as Candidate[][])[e]?.[0] as Candidate);
                  return !skipped && eligible(example, model, clean)
                    ? (attack.queryAttack as NonNullable<TabularAttackDescriptor['queryAttack']>)(
                        queryRow(example, model, clean as OkResult),
                        paramsOf(attack)
                      )
                    : null;
                });
                const outcomes = await runQueryAttacks(model, space.names, starts, modelCounters[m] as ModelCounters);
                part.forEach((example, e) => {
                  const perExample = list[m] as Candidate[][];
                  const own = perExample[e] as Candidate[];
                  const clean = own[0] as Candidate;
                  const x = vector(example, space.names);
                  const outcome = outcomes[e] ?? null;
                  const values = outcome?.values ?? x;
                  const queries = outcome?.queries ?? 0;
                  (counters[m] as AttackCounters).predictionEvaluations += queries;
                  const reason = validateCandidate(x, values, space);
                  const features = clean.tabular?.features ?? asRecord(space.names, x);
                  const c = skipped
                    ? notApplicable(k, x, features)
                    : candidate(k, m, x, features, {
                        values,
                        attempted: outcome !== null,
                        valid: reason === null,
                        invalidReason: reason,
                        work: { queries, gradientEvaluations: 0, certified: null, tie: null }
                      });
                  const copy = [...own];
                  copy.splice(at, 0, { ...c, answered: outcome?.answer ?? cleanOf(m, clean) });
                  perExample[e] = copy;
                });
              }
            }
          }
        }),
    counters: (modelIndex) => ({ ...(counters[modelIndex] as AttackCounters) }),
    release() {
      shared.clear();
    }
  };
}
