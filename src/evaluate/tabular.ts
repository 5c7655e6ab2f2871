/**
 * Tabular candidates: for every (example × model) the clean row, then one candidate
 * per configured tabular attack in registry order (`noise`, the corruption baseline, is the same
 * for every model; `fgm` follows each model's own gradient), each candidate validated.
 */
import type { Condition, Family } from '../config/families.js';
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { successPolicy } from '../evidence/attack-success.js';
import type { Model } from '../models/model.js';
import type { TabularAttackDescriptor } from '../perturb/descriptor.js';
import { configuredTabular } from '../perturb/registry.js';
import type { AttackCounters, Differentiable, FeatureSpace, TabularCandidate } from '../tabular/contract.js';
import { inputDigest, type Candidate, type CandidateSource } from './candidate.js';

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

export function tabularConditions(plan: Plan): Condition[] {
  return ['clean', ...configured(plan).map((d) => d.name as Family)];
}

function vector(example: Example, names: readonly string[]): number[] {
  if (example.input.kind !== 'features') throw new Error(`example ${example.id} has no features`);
  const values = example.input.values;
  return names.map((n) => values[n] as number);
}

function asRecord(names: readonly string[], x: readonly number[]): Record<string, number> {
  return Object.fromEntries(names.map((n, i) => [n, x[i] as number]));
}

function isDifferentiable(model: Model): model is Model & Differentiable {
  return typeof (model as Partial<Differentiable>).inputGradient === 'function' && typeof (model as Partial<Differentiable>).predict === 'function';
}

export function tabularCandidates(plan: Plan, models: readonly Model[], labels: readonly string[]): CandidateSource {
  const space = featureSpace(plan);
  const attacks = configured(plan);
  const conditions = tabularConditions(plan);
  const seed = plan.statistics.seed;
  const counters: AttackCounters[] = models.map(() => ({ gradientEvaluations: 0, predictionEvaluations: 0 }));
  for (const attack of attacks) {
    if (attack.needsGradients) for (const model of models) if (!isDifferentiable(model)) throw new Error(`model ${model.name} exposes no gradient for ${attack.name}`);
  }
  const exact = attacks.map((attack) => attack.exact?.(labels.length, models) ?? null);
  // Per-row work fields appear only when an attack reports them, so older configs keep their evidence.
  const reportsWork = attacks.some((attack) => attack.reportsWork === true);
  const tm = plan.threatModel;
  const paramsOf = (attack: TabularAttackDescriptor): unknown => (tm.attacks as Record<string, unknown>)[attack.name];
  const targetsOf = (gold: string): readonly string[] | null =>
    tm.objective === 'targeted' ? tm.protectedTransitions.filter((t) => t.from === gold).map((t) => t.to) : null;
  /** Per example: its vector, its clean candidate and the candidates of attacks that do not depend on the model (null where they do). */
  const shared = new Map<Example, { x: number[]; clean: Candidate; fixed: Array<Candidate | null>; features: Record<string, number> }>();

  const candidate = (k: number, x: number[], features: Record<string, number>, c: TabularCandidate): Candidate => {
    const attack = attacks[k] as TabularAttackDescriptor;
    const perturbed = asRecord(space.names, c.values);
    const input = { kind: 'features' as const, values: perturbed };
    return {
      condition: attack.name as Family,
      input,
      digest: inputDigest(input),
      perturbedText: null,
      attempted: c.attempted,
      changed: c.values.some((v, i) => v !== x[i]),
      valid: c.attempted ? c.valid : null,
      invalidReason: c.attempted ? c.invalidReason : null,
      // Attacks carry ledger masks; a corruption baseline (noise) does not.
      masked: attack.attack,
      tabular: { features, perturbed, exact: exact[k] ?? null, ...(reportsWork ? { work: c.work ?? null } : {}) }
    };
  };
  const row = (example: Example, x: number[], modelIndex: number | null) => ({
    id: example.id,
    label: example.label,
    x,
    space,
    seed,
    model: modelIndex === null ? null : (models[modelIndex] as Model),
    counters: modelIndex === null ? { gradientEvaluations: 0, predictionEvaluations: 0 } : (counters[modelIndex] as AttackCounters),
    targets: targetsOf(example.label),
    policy: modelIndex === null ? null : successPolicy(plan, (models[modelIndex] as Model).name)
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
          condition: 'clean', input, digest: inputDigest(input), perturbedText: null, attempted: true, changed: false, valid: null, invalidReason: null, masked: false,
          tabular: { features, perturbed: null, exact: null, ...(reportsWork ? { work: null } : {}) }
        };
        const fixed = attacks.map((attack, k) => (attack.perModel ? null : candidate(k, x, features, attack.candidate(row(example, x, null), paramsOf(attack)))));
        base = { x, features, clean, fixed };
        shared.set(example, base);
      }
      const { x, features, fixed } = base;
      return [base.clean, ...attacks.map((attack, k) => fixed[k] ?? candidate(k, x, features, attack.candidate(row(example, x, modelIndex), paramsOf(attack))))];
    },
    counters: (modelIndex) => ({ ...(counters[modelIndex] as AttackCounters) }),
    release() {
      shared.clear();
    }
  };
}
