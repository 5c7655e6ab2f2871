/**
 * Evaluate every (example × model × condition) and stream one evidence row each (SPEC §7),
 * in the order split (config) → id (code points) → model (config) → condition (§6).
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import type { EvidenceRow } from '../evidence/row.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import { inputKey } from '../data/example.js';
import { sha256Hex } from '../util/hash.js';
import { ledgerMasks } from '../evidence/ledger.js';
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
      const cleanDecision = decisionOf(model.labels, clean);
      for (const candidate of list) {
        const result = cache.get(inputKey(candidate.input)) as ScoreResult;
        const decision = decisionOf(model.labels, result);
        (counters[m] as ModelCounters).predictions++;
        // Ledger masks exist only for label-preserving perturbations (null on clean and truncate).
        const masks =
          candidate.condition === 'clean' || !candidate.labelPreserving
            ? null
            : ledgerMasks({
                objective: tm.objective,
                transitions: tm.protectedTransitions,
                gold: example.label,
                cleanOk: clean.status === 'ok',
                cleanPrediction: cleanDecision?.prediction ?? null,
                attempted: candidate.attempted,
                changed: candidate.changed,
                valid: candidate.valid === true,
                rowOk: result.status === 'ok',
                prediction: decision?.prediction ?? null
              });
        await sink({
          id: example.id,
          split: example.split,
          model: model.name,
          condition: candidate.condition,
          language: example.language,
          domain: example.domain,
          text: renderText(plan.output.text, exampleText(example)),
          perturbed_text: renderText(plan.output.text, candidate.perturbedText),
          label: example.label,
          clean_prediction: cleanDecision?.prediction ?? null,
          prediction: decision?.prediction ?? null,
          scores: result.status === 'ok' ? result.scores : null,
          margin: decision?.margin ?? null,
          clean_margin: cleanDecision?.margin ?? null,
          changed: candidate.changed,
          valid: candidate.valid,
          invalid_reason: candidate.invalidReason,
          eligible: masks?.eligible ?? null,
          tested: masks?.tested ?? null,
          success: masks?.success ?? null,
          uncovered: masks?.uncovered ?? null,
          uncovered_reason: masks?.uncovered_reason ?? null,
          status: result.status,
          error: result.status === 'ok' ? null : result.error
        });
      }
    }
  }
  return counters;
}
