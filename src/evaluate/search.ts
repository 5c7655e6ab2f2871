/**
 * The search's rows (docs/search.md): once a chunk's clean texts are scored, each eligible
 * example is searched for each model, which the search queries step by step; the steps of the
 * rows searched side by side go to the model together (one pipelined batch for an external
 * model, fixed batches for a built-in one). The candidate it ends on joins the example's list at
 * the search's place among the conditions.
 */
import type { Condition } from '../evidence/condition.js';
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import type { AdaptiveSearch } from '../perturb/search/runner.js';
import type { Candidate } from './candidate.js';
import { addPerModelRows, endedRow, rowCall, rowsInLanes, unmovedRow } from './per-model-rows.js';
import type { ModelCounters } from '../run/facts.js';
import type { ScoreStore } from './score-store.js';
import { codePointLength } from '../util/strings.js';
import { StepBatcher } from './step-batcher.js';
import { SEARCH_NAME } from '../perturb/search/descriptor.js';

const DEFAULT_BATCH = 512;

/** Scores texts with one model: one call for a model that pipelines everything, else its batch size per call. */
export function scorer(model: Model, counters: ModelCounters) {
  return async (texts: readonly string[]): Promise<ScoreResult[]> => {
    const size = model.batchSize ?? DEFAULT_BATCH;
    const step = Number.isFinite(size) && size > 0 ? size : Math.max(texts.length, 1);
    const out: ScoreResult[] = [];
    for (let i = 0; i < texts.length; i += step) {
      const part = texts.slice(i, i + step).map((text) => ({ kind: 'text' as const, text }));
      out.push(...(await model.score(part, { once: true })));
      counters.modelCalls++;
    }
    return out;
  };
}

/** Whether the search runs on this row: the clean row is ok, in scope and correct (the ledger's eligible). */
export function searchable(plan: Plan, example: Example, model: Model, clean: ScoreResult): boolean {
  const tm = plan.threatModel;
  if (clean.status !== 'ok') return false;
  if (tm.objective === 'targeted' && !tm.protectedTransitions.some((t) => t.from === example.label)) return false;
  return decisionOf(model.labels, clean)?.prediction === example.label;
}

/** The search row of an example the search does not run on: not eligible, so not tested. */
function notSearched(example: Example, clean: Candidate, cleanResult: ScoreResult): Candidate {
  return unmovedRow(SEARCH_NAME, example, clean, cleanResult);
}

/** Whether a text is longer than search.max_text_chars code points (its UTF-16 length bounds them). */
export function tooLongToSearch(text: string, maxTextChars: number): boolean {
  return text.length > maxTextChars && codePointLength(text) > maxTextChars;
}

/**
 * The search row of an eligible example whose text is too long to search: it keeps the clean answer,
 * spends nothing and is uncovered (text_too_long), so the row stays in the denominators.
 */
function tooLong(example: Example, clean: Candidate, cleanResult: ScoreResult): Candidate {
  const row = notSearched(example, clean, cleanResult);
  return { ...row, attempted: false, notAttemptedReason: 'text_too_long', valid: null };
}

/** The search row of an example the search runs on (searchable). */
async function searchedCandidate(
  plan: Plan,
  example: Example,
  model: Model,
  clean: Candidate,
  cleanResult: ScoreResult,
  search: AdaptiveSearch,
  counters: ModelCounters,
  score: (texts: readonly string[]) => Promise<ScoreResult[]>
): Promise<Candidate> {
  const outcome = await search.run({ ...rowCall(plan, example, model, cleanResult, score), model: model.name });
  counters.predictions += outcome.queries;
  counters.searchQueries = (counters.searchQueries ?? 0) + outcome.queries;
  return endedRow(SEARCH_NAME, example, clean, outcome, outcome.attempted ? null : 'no_edit');
}

/** Most rows one model searches at a time (their steps share model calls: step-batcher.ts). */
export const SEARCH_ROWS_AT_ONCE = 512;
/**
 * The same for a model scored in this process (a built-in one): sharing its calls saves little,
 * and with fewer rows in flight the search's candidates and answers die young instead of
 * surviving garbage collections (docs/search.md#speed).
 */
export const SEARCH_ROWS_AT_ONCE_IN_PROCESS = 32;
/**
 * About how many answers the query ledgers of the rows searched at once may hold together (each row's at most its
 * budget).
 */
const SEARCH_LEDGER_ANSWERS = 262_144;
/** About how many characters of candidate text those ledgers may hold together (each answer keeps its text). */
const SEARCH_LEDGER_CHARS = 32 * 1024 * 1024;

/**
 * Rows searched at once under a budget, for texts of at most `longest` characters: as many as
 * SEARCH_ROWS_AT_ONCE, fewer when the budget or the texts are large, so that memory stays bounded
 * whatever the number of rows or queries.
 */
export function rowsAtOnce(budget: number, longest: number, inProcess = false): number {
  return Math.max(
    1,
    Math.min(
      inProcess ? SEARCH_ROWS_AT_ONCE_IN_PROCESS : SEARCH_ROWS_AT_ONCE,
      Math.floor(SEARCH_LEDGER_ANSWERS / budget),
      Math.floor(SEARCH_LEDGER_CHARS / (budget * Math.max(1, longest)))
    )
  );
}

/**
 * One model's search candidates for `examples` (one per example, in order), given their clean
 * candidates and answers. Up to rowsAtOnce(budget, longest text) rows are searched side by side, their steps
 * going to the model in shared calls; each row's search sees only its own answers, so the
 * results are those of one row at a time.
 */
export async function searchCandidates(
  plan: Plan,
  examples: readonly Example[],
  model: Model,
  clean: readonly Candidate[],
  cleanResults: readonly ScoreResult[],
  search: AdaptiveSearch,
  counters: ModelCounters
): Promise<Candidate[]> {
  const batcher = new StepBatcher(scorer(model, counters));
  // Texts too long to search hold no ledger.
  const searched = (e: Example): number => {
    const text = e.input.kind === 'text' ? e.input.text : '';
    return tooLongToSearch(text, search.settings.maxTextChars) ? 0 : text.length;
  };
  const longest = examples.reduce((n, e) => Math.max(n, searched(e)), 0);
  const lanes = rowsAtOnce(search.settings.queries, longest, Number.isFinite(model.batchSize ?? DEFAULT_BATCH));
  return rowsInLanes(examples.length, lanes, (e) => {
    const example = examples[e] as Example;
    const cleanResult = cleanResults[e] as ScoreResult;
    const text = example.input.kind === 'text' ? example.input.text : '';
    if (!searchable(plan, example, model, cleanResult)) return notSearched(example, clean[e] as Candidate, cleanResult);
    if (tooLongToSearch(text, search.settings.maxTextChars))
      return tooLong(example, clean[e] as Candidate, cleanResult);
    return searchedCandidate(plan, example, model, clean[e] as Candidate, cleanResult, search, counters, batcher.ask);
  });
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
  counters: readonly ModelCounters[],
  wallMs?: Record<string, number>
): Promise<void> {
  await addPerModelRows(
    SEARCH_NAME,
    models,
    lists,
    conditions,
    store,
    (m, model, clean, cleanResults) =>
      searchCandidates(plan, part, model, clean, cleanResults, search, counters[m] as ModelCounters),
    wallMs
  );
}
