/**
 * The search's rows (docs/search.md): once a chunk's clean texts are scored, each eligible
 * example is searched for each model, which the search queries step by step (a step's candidates
 * in one call: one pipelined batch for an external model, fixed batches for a built-in one). The
 * candidate it ends on joins the example's list at the search's place among the conditions.
 */
import type { Condition } from '../config/families.js';
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import { successPolicy } from '../evidence/attack-success.js';
import { recordedEdits } from '../perturb/search/edits.js';
import type { AdaptiveSearch } from '../perturb/search/runner.js';
import { inputDigest, type Candidate } from './candidate.js';
import type { ModelCounters } from '../run/facts.js';
import type { ScoreStore } from './score-store.js';

const DEFAULT_BATCH = 512;

/** Scores texts with one model: one call for a model that pipelines everything, else its batch size per call. */
function scorer(model: Model, counters: ModelCounters) {
  return async (texts: readonly string[]): Promise<ScoreResult[]> => {
    const size = model.batchSize ?? DEFAULT_BATCH;
    const step = Number.isFinite(size) && size > 0 ? size : Math.max(texts.length, 1);
    const out: ScoreResult[] = [];
    for (let i = 0; i < texts.length; i += step) {
      const part = texts.slice(i, i + step).map((text) => ({ kind: 'text' as const, text }));
      out.push(...(await model.score(part)));
      counters.modelCalls++;
    }
    return out;
  };
}

/** Whether the search runs on this row: the clean row is ok, in scope and correct (the ledger's eligible). */
function searchable(plan: Plan, example: Example, model: Model, clean: ScoreResult): boolean {
  const tm = plan.threatModel;
  if (clean.status !== 'ok') return false;
  if (tm.objective === 'targeted' && !tm.protectedTransitions.some((t) => t.from === example.label)) return false;
  return decisionOf(model.labels, clean)?.prediction === example.label;
}

export async function searchCandidate(plan: Plan, example: Example, model: Model, clean: Candidate, cleanResult: ScoreResult, search: AdaptiveSearch, counters: ModelCounters): Promise<Candidate> {
  const original = example.input.kind === 'text' ? example.input.text : '';
  const base = { condition: 'search' as const, masked: true, invalidReason: null };
  if (!searchable(plan, example, model, cleanResult)) {
    // Nothing to search: the row keeps the clean answer and is not tested (it is not eligible).
    return { ...base, input: example.input, digest: clean.digest, perturbedText: original, attempted: true, changed: false, valid: true, search: { result: cleanResult, queries: 0, edits: [] } };
  }
  const tm = plan.threatModel;
  const outcome = await search.run({
    input: { id: example.id, text: original, language: example.language },
    model: model.name,
    labels: model.labels,
    gold: example.label,
    objective: tm.objective,
    transitions: tm.protectedTransitions,
    policy: successPolicy(plan, model.name),
    clean: cleanResult,
    score: scorer(model, counters)
  });
  counters.predictions += outcome.queries;
  const changed = outcome.text !== original;
  const input = changed ? { kind: 'text' as const, text: outcome.text } : example.input;
  return {
    ...base,
    input,
    digest: changed ? inputDigest(input) : clean.digest,
    perturbedText: outcome.text,
    attempted: outcome.attempted,
    ...(outcome.attempted ? {} : { notAttemptedReason: 'no_edit' as const }),
    changed,
    valid: outcome.attempted ? true : null,
    search: { result: outcome.result, queries: outcome.queries, edits: recordedEdits(outcome.edits) }
  };
}

/** Adds each example's search candidate to every model's list, in the conditions' order. */
export async function addSearchCandidates(
  plan: Plan,
  part: readonly Example[],
  models: readonly Model[],
  lists: Candidate[][][],
  search: AdaptiveSearch,
  conditions: readonly Condition[],
  store: ScoreStore,
  counters: readonly ModelCounters[]
): Promise<void> {
  const at = conditions.indexOf('search');
  for (const [m, model] of models.entries()) {
    const perExample = lists[m] as Candidate[][];
    for (const [e, example] of part.entries()) {
      const list = perExample[e] as Candidate[];
      const clean = list[0] as Candidate;
      const candidate = await searchCandidate(plan, example, model, clean, store.get(m, clean), search, counters[m] as ModelCounters);
      const copy = [...list];
      copy.splice(at, 0, candidate);
      perExample[e] = copy;
    }
  }
}
