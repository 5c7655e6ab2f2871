/**
 * Text `exact`'s rows (docs/search.md#exact): once a chunk's clean texts are scored, each eligible example's edit space
 * is enumerated for each model (src/perturb/exact/solve.ts). Rows of several examples go to the model in shared calls
 * (one pipelined batch for an external model). The candidate joins the example's list at exact's place among the
 * conditions.
 */
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Condition } from '../evidence/condition.js';
import type { Model, ScoreResult } from '../models/model.js';
import { decisionParts } from '../perturb/exact/closed-form.js';
import { EXACT_TEXT } from '../perturb/exact/descriptor.js';
import type { TextExact } from '../perturb/exact/runner.js';
import type { ModelCounters } from '../run/facts.js';
import type { Candidate } from './candidate.js';
import { addPerModelRows, endedRow, rowCall, rowsInLanes, unmovedRow } from './per-model-rows.js';
import type { ScoreStore } from './score-store.js';
import { scorer, searchable } from './search.js';
import { StepBatcher } from './step-batcher.js';

/** Rows enumerated side by side for a model answering elsewhere (their calls are shared); one at a time in process. */
const ROWS_AT_ONCE_REMOTE = 16;

/** The exact row of an example exact does not run on (not eligible): the clean answer, nothing spent. */
function notEnumerated(example: Example, clean: Candidate, cleanResult: ScoreResult): Candidate {
  return {
    ...unmovedRow(EXACT_TEXT.name, example, clean, cleanResult),
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
  const outcome = await exact.run({
    ...rowCall(plan, example, model, cleanResult, score),
    parts: decisionParts(model),
    model: model.name
  });
  counters.predictions += outcome.queries;
  counters.exactQueries = (counters.exactQueries ?? 0) + outcome.queries;
  return {
    ...endedRow(EXACT_TEXT.name, example, clean, outcome, outcome.uncovered),
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
  const batcher = new StepBatcher(scorer(model, counters));
  const inProcess = Number.isFinite(model.batchSize ?? 512);
  return rowsInLanes(examples.length, inProcess ? 1 : ROWS_AT_ONCE_REMOTE, (e) => {
    const example = examples[e] as Example;
    const cleanResult = cleanResults[e] as ScoreResult;
    return !searchable(plan, example, model, cleanResult)
      ? notEnumerated(example, clean[e] as Candidate, cleanResult)
      : enumerated(plan, example, model, clean[e] as Candidate, cleanResult, exact, counters, batcher.ask);
  });
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
  await addPerModelRows(EXACT_TEXT.name, models, lists, conditions, store, (m, model, clean, cleanResults) =>
    exactCandidates(plan, part, model, clean, cleanResults, exact, counters[m] as ModelCounters)
  );
}
