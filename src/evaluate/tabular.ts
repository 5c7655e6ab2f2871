/**
 * Tabular candidates (SPEC §13): for every (example × model) the clean row, the `noise`
 * corruption baseline (every row, model-independent) and one-step `fgm` (eligible rows only,
 * following that model's own gradient), each candidate validated.
 */
import type { Condition } from '../config/families.js';
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Model } from '../models/model.js';
import type { AttackCounters, Differentiable, FeatureSpace, TabularCandidate } from '../tabular/contract.js';
import { fgmCandidate, fgmIsExact } from '../tabular/fgm.js';
import { noiseCandidate } from '../tabular/noise.js';
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

export function tabularConditions(plan: Plan): Condition[] {
  const a = plan.threatModel.attacks;
  return ['clean', ...(a.noise ? (['noise'] as const) : []), ...(a.fgm ? (['fgm'] as const) : [])];
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
  const conditions = tabularConditions(plan);
  const seed = plan.statistics.seed;
  const attack: AttackCounters[] = models.map(() => ({ gradientEvaluations: 0, predictionEvaluations: 0 }));
  if (conditions.includes('fgm')) {
    for (const model of models) if (!isDifferentiable(model)) throw new Error(`model ${model.name} exposes no gradient for fgm`);
  }
  const exact = fgmIsExact(labels.length, models.every((m) => m.describe().kind === 'logistic-regression'));
  const shared = new Map<Example, { x: number[]; clean: Candidate; noise: Candidate | null; features: Record<string, number> }>();

  const candidate = (condition: Condition, x: number[], features: Record<string, number>, c: TabularCandidate): Candidate => {
    const perturbed = asRecord(space.names, c.values);
    const input = { kind: 'features' as const, values: perturbed };
    return {
      condition,
      input,
      digest: inputDigest(input),
      perturbedText: null,
      attempted: c.attempted,
      changed: c.values.some((v, i) => v !== x[i]),
      valid: c.attempted ? c.valid : null,
      invalidReason: c.attempted ? c.invalidReason : null,
      // FGM is the attack; noise is a corruption baseline without ledger masks.
      masked: condition === 'fgm',
      tabular: { features, perturbed, exact: condition === 'fgm' ? exact : null }
    };
  };

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
          tabular: { features, perturbed: null, exact: null }
        };
        const noise = conditions.includes('noise') ? candidate('noise', x, features, noiseCandidate(example.id, x, space, seed)) : null;
        base = { x, features, clean, noise };
        shared.set(example, base);
      }
      const list = [base.clean];
      if (base.noise) list.push(base.noise);
      if (conditions.includes('fgm')) {
        const model = models[modelIndex] as Model & Differentiable;
        list.push(candidate('fgm', base.x, base.features, fgmCandidate(base.x, example.label, model, space, attack[modelIndex] as AttackCounters)));
      }
      return list;
    },
    counters: (modelIndex) => ({ ...(attack[modelIndex] as AttackCounters) }),
    release() {
      shared.clear();
    }
  };
}
