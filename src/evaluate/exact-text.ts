/**
 * Text `exact`'s rows (docs/search.md#exact): once a chunk's clean texts are scored, each eligible example's edit space
 * is enumerated for each model (src/perturb/exact/solve.ts). Rows of several examples go to the model in shared calls
 * (one pipelined batch for an external model). The candidate joins the example's list at exact's place among the
 * conditions.
 */
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Condition } from '../evidence/condition.js';
import { successPolicy } from '../evidence/attack-success.js';
import type { Model, ScoreResult } from '../models/model.js';
import { EXACT_TEXT } from '../perturb/exact/descriptor.js';
import type { TextExact } from '../perturb/exact/runner.js';
import { recordedEdits } from '../perturb/search/edits.js';
import type { ModelCounters } from '../run/facts.js';
import { inputDigest, type Candidate } from './candidate.js';
import type { ScoreStore } from './score-store.js';
import { scorer, searchable } from './search.js';
import { StepBatcher } from './step-batcher.js';

/** Rows enumerated side by side for a model answering elsewhere (their calls are shared); one at a time in process. */
const ROWS_AT_ONCE_REMOTE = 16;

/** The exact row of an example exact does not run on (not eligible): the clean answer, nothing spent. */
function notEnumerated(example: Example, clean: Candidate, cleanResult: ScoreResult): Candidate {
  return {
    condition: EXACT_TEXT.name,
    masked: true,
    invalidReason: null,
    input: example.input,
    digest: clean.digest,
    perturbedText: example.input.kind === 'text' ? example.input.text : '',
    attempted: true,
    changed: false,
    valid: true,
    search: { result: cleanResult, queries: 0, edits: [] },
    certificate: { certified: null, tie: null, method: 'enumeration', candidates: 0, candidatesBound: false }
  };
}

async function enumerated(
  plan: Plan,
  example: Example,
  model: Model,
  clean: Candidate,
  cleanResult: ScoreResult,
  exact: TextExact,
  counters: ModelCounters,
  score: (texts: readonly string[]) => Promise<ScoreResult[]>
): Promise<Candidate> {
  const original = example.input.kind === 'text' ? example.input.text : '';
  const tm = plan.threatModel;
  const outcome = await exact.run({
    input: { id: example.id, text: original, language: example.language },
    labels: model.labels,
    gold: example.label,
    objective: tm.objective,
    transitions: tm.protectedTransitions,
    policy: successPolicy(plan, model.name),
    clean: cleanResult,
    score,
    ...(model.linear ? { linear: model.linear } : {})
  });
  counters.predictions += outcome.queries;
  counters.exactQueries = (counters.exactQueries ?? 0) + outcome.queries;
  const changed = outcome.text !== original;
  const input = changed ? { kind: 'text' as const, text: outcome.text } : example.input;
  const decided = outcome.uncovered === null;
  return {
    condition: EXACT_TEXT.name,
    masked: true,
    invalidReason: null,
    input,
    digest: changed ? inputDigest(input) : clean.digest,
    perturbedText: outcome.text,
    attempted: decided,
    ...(decided ? {} : { notAttemptedReason: outcome.uncovered as 'no_edit' | 'edit_space' }),
    changed,
    valid: decided ? true : null,
    search: { result: outcome.result, queries: outcome.queries, edits: recordedEdits(outcome.edits) },
    certificate: {
      certified: outcome.certified,
      tie: outcome.tie,
      method: outcome.closedForm ? 'closed_form' : outcome.uncovered === 'edit_space' ? 'undecided' : 'enumeration',
      candidates: outcome.candidates,
      candidatesBound: outcome.candidatesBound
    }
  };
}

/** One model's exact candidates for `examples` (one per example, in order). */
export async function exactCandidates(
  plan: Plan,
  examples: readonly Example[],
  model: Model,
  clean: readonly Candidate[],
  cleanResults: readonly ScoreResult[],
  exact: TextExact,
  counters: ModelCounters
): Promise<Candidate[]> {
  const out: Candidate[] = new Array(examples.length);
  const batcher = new StepBatcher(scorer(model, counters));
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < examples.length) {
      const e = next++;
      const example = examples[e] as Example;
      const cleanResult = cleanResults[e] as ScoreResult;
      out[e] = !searchable(plan, example, model, cleanResult)
        ? notEnumerated(example, clean[e] as Candidate, cleanResult)
        : await enumerated(plan, example, model, clean[e] as Candidate, cleanResult, exact, counters, batcher.ask);
    }
  };
  const inProcess = Number.isFinite(model.batchSize ?? 512);
  const lanes = Math.min(examples.length, inProcess ? 1 : ROWS_AT_ONCE_REMOTE);
  await Promise.all(Array.from({ length: lanes }, lane));
  return out;
}

/** Adds each example's exact candidate to every model's list, in the conditions' order. */
export async function addExactCandidates(
  plan: Plan,
  part: readonly Example[],
  models: readonly Model[],
  lists: Candidate[][][],
  exact: TextExact,
  conditions: readonly Condition[],
  store: ScoreStore,
  counters: readonly ModelCounters[]
): Promise<void> {
  const at = conditions.indexOf(EXACT_TEXT.name);
  for (const [m, model] of models.entries()) {
    const perExample = lists[m] as Candidate[][];
    const clean = perExample.map((list) => list[0] as Candidate);
    const found = await exactCandidates(
      plan,
      part,
      model,
      clean,
      clean.map((c) => store.get(m, c)),
      exact,
      counters[m] as ModelCounters
    );
    perExample.forEach((list, e) => {
      const copy = [...list];
      copy.splice(at, 0, found[e] as Candidate);
      perExample[e] = copy;
    });
  }
}
