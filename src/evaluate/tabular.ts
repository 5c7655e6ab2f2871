/**
 * Tabular evaluation (SPEC §13): for every (example × model) the clean row, the `noise`
 * corruption baseline (every row, model-independent) and one-step `fgm` (eligible rows only,
 * following that model's own gradient), each candidate validated and each distinct vector
 * scored once per model. Rows stream in the same order as text evidence.
 */
import type { Condition } from '../config/families.js';
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import { evidenceRow } from '../evidence/build-row.js';
import type { Model, ScoreResult } from '../models/model.js';
import type { AttackCounters, Differentiable, FeatureSpace, TabularCandidate } from '../tabular/contract.js';
import { fgmCandidate, fgmIsExact } from '../tabular/fgm.js';
import { noiseCandidate } from '../tabular/noise.js';
import type { ModelCounters, RowSink } from './evaluate.js';
import { scoreDistinct } from './score-cache.js';

export interface TabularCounters extends ModelCounters {
  gradientEvaluations: number;
  predictionEvaluations: number;
}

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

export async function evaluateTabular(plan: Plan, dataset: Dataset, models: readonly Model[], sink: RowSink): Promise<TabularCounters[]> {
  const space = featureSpace(plan);
  const conditions = tabularConditions(plan);
  const tm = plan.threatModel;
  const examples = dataset.splits.flatMap((s) => s.examples);
  const clean = new Map(examples.map((e) => [e, vector(e, space.names)]));
  const noise = new Map<Example, TabularCandidate>();
  if (conditions.includes('noise')) for (const e of examples) noise.set(e, noiseCandidate(e.id, clean.get(e) as number[], space, plan.statistics.seed));

  const all: TabularCounters[] = [];
  const perModel: Array<{ fgm: Map<Example, TabularCandidate>; cache: Map<string, ScoreResult> }> = [];
  for (const model of models) {
    const attack: AttackCounters = { gradientEvaluations: 0, predictionEvaluations: 0 };
    const fgm = new Map<Example, TabularCandidate>();
    if (conditions.includes('fgm')) {
      if (!isDifferentiable(model)) throw new Error(`model ${model.name} exposes no gradient for fgm`);
      for (const e of examples) fgm.set(e, fgmCandidate(clean.get(e) as number[], e.label, model, space, attack));
    }
    const inputs = examples.flatMap((e) => [clean.get(e), noise.get(e)?.values, fgm.get(e)?.values].filter((x): x is number[] => x !== undefined));
    const { cache, counters } = await scoreDistinct(model, inputs.map((x) => ({ kind: 'features' as const, values: asRecord(space.names, x) })));
    perModel.push({ fgm, cache });
    all.push({ model: model.name, predictions: 0, ...counters, ...attack });
  }

  const exact = fgmIsExact(dataset.labels.length, models.every((m) => m.describe().kind === 'logistic-regression'));
  for (const example of examples) {
    const x = clean.get(example) as number[];
    for (const [m, model] of models.entries()) {
      const { fgm, cache } = perModel[m] as (typeof perModel)[number];
      const score = (v: readonly number[]) => cache.get(JSON.stringify(asRecord(space.names, v))) as ScoreResult;
      const cleanResult = score(x);
      for (const condition of conditions) {
        const candidate = condition === 'noise' ? noise.get(example) : condition === 'fgm' ? fgm.get(example) : undefined;
        const values = candidate?.values ?? x;
        const changed = candidate !== undefined && values.some((v, i) => v !== x[i]);
        (all[m] as TabularCounters).predictions++;
        const row = evidenceRow({
          example,
          model: model.name,
          labels: model.labels,
          condition,
          clean: cleanResult,
          result: score(values),
          candidate: candidate
            ? { attempted: candidate.attempted, changed, valid: candidate.attempted ? candidate.valid : null, invalidReason: candidate.attempted ? candidate.invalidReason : null }
            : null,
          // FGM is the attack; noise is a corruption baseline without ledger masks.
          masked: condition === 'fgm',
          objective: tm.objective,
          transitions: tm.protectedTransitions,
          text: null,
          perturbedText: null
        });
        await sink({ ...row, features: asRecord(space.names, x), perturbed_features: candidate ? asRecord(space.names, values) : null, exact: condition === 'fgm' ? exact : null });
      }
    }
  }
  return all;
}
