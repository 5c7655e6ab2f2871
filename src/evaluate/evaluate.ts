/**
 * Evaluate every (example × model × condition) and stream one evidence row each (SPEC §7),
 * in the order split (config) → id (code points) → model (config) → condition (§6).
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import type { EvidenceRow } from '../evidence/row.js';
import type { Model, ScoreResult } from '../models/model.js';
import { inputKey } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { evidenceRow } from '../evidence/build-row.js';
import type { FamilyRunner } from '../perturb/family.js';
import { candidatesFor, type Candidate } from './conditions.js';
import { scoreDistinct } from './score-cache.js';

export interface ModelCounters {
  model: string;
  predictions: number;
  distinctInputs: number;
  modelCalls: number;
}

export type RowSink = (row: EvidenceRow) => Promise<void>;

function renderText(policy: Plan['output']['text'], text: string | null): string | null {
  if (text === null || policy === 'none') return null;
  return policy === 'hash' ? sha256Hex(text) : text;
}

function exampleText(example: Example): string | null {
  return example.input.kind === 'text' ? example.input.text : null;
}

export async function evaluate(
  plan: Plan,
  dataset: Dataset,
  models: readonly Model[],
  runners: readonly FamilyRunner[],
  sink: RowSink
): Promise<ModelCounters[]> {
  const examples = dataset.splits.flatMap((s) => s.examples);
  const candidates = new Map<Example, Candidate[]>(examples.map((e) => [e, candidatesFor(e, runners)]));
  const tm = plan.threatModel;

  const caches: Array<Map<string, ScoreResult>> = [];
  const counters: ModelCounters[] = [];
  for (const model of models) {
    const inputs = [...candidates.values()].flatMap((list) => list.map((c) => c.input));
    const { cache, counters: c } = await scoreDistinct(model, inputs);
    caches.push(cache);
    counters.push({ model: model.name, predictions: 0, ...c });
  }

  for (const example of examples) {
    const list = candidates.get(example) as Candidate[];
    for (const [m, model] of models.entries()) {
      const cache = caches[m] as Map<string, ScoreResult>;
      const clean = cache.get(inputKey(example.input)) as ScoreResult;
      for (const candidate of list) {
        const result = cache.get(inputKey(candidate.input)) as ScoreResult;
        (counters[m] as ModelCounters).predictions++;
        await sink(
          evidenceRow({
            example,
            model: model.name,
            labels: model.labels,
            condition: candidate.condition,
            clean,
            result,
            candidate: candidate.condition === 'clean' ? null : candidate,
            // Ledger masks exist only for label-preserving perturbations (null on clean and truncate).
            masked: candidate.condition !== 'clean' && candidate.labelPreserving,
            objective: tm.objective,
            transitions: tm.protectedTransitions,
            text: renderText(plan.output.text, exampleText(example)),
            perturbedText: renderText(plan.output.text, candidate.perturbedText)
          })
        );
      }
    }
  }
  return counters;
}
