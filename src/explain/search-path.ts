/**
 * The adaptive search's path for one text and each model (docs/search.md,
 * docs/explain-and-release.md). The search is the run's own: the run's function for a search row
 * (evaluate/search.ts `searchCandidates`, for this one example) with the run's search object and seed, so the text it
 * ends on, its edits and its queries equal that row's evidence. Explain only listens: every batch
 * of candidate texts the search asks the model about is recorded as it passes, and the path is
 * read off those answers — the objective margin of the clean text, step 1's ranking of the words
 * by the lowest margin one of their single edits reached, the edits kept with the margin after
 * each and the queries spent by then, and how it ended.
 *
 * Step 1's texts are matched to their edits through the same edit space the search builds
 * (perturb/search/edits.ts, from the same seed, id, language, operators and dictionary).
 */
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Candidate } from '../evaluate/candidate.js';
import { searchCandidates, tooLongToSearch } from '../evaluate/search.js';
import { successPolicy } from '../evidence/attack-success.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import { dictionaryFor } from '../perturb/dictionary-file.js';
import { applySearchEdits, editSpace, editSetViolation, singleEdits, wordLimit } from '../perturb/search/edits.js';
import type { PlacedEdit } from '../perturb/search/edits.js';
import { isSuccess, objectiveMargin, type SearchObjective } from '../perturb/search/objective.js';
import type { AdaptiveSearch } from '../perturb/search/runner.js';
import type { ModelCounters } from '../run/facts.js';
import { searchDictionary } from '../perturb/search/descriptor.js';

/** Step 1's words kept in an explanation (the text output shows fewer). */
const RANKING_KEPT = 50;

/** One word of step 1's ranking: the single edit that reached the lowest margin there. */
interface RankedWord {
  word: number;
  op: string;
  from: string;
  to: string;
  margin: number;
}

/** An edit the search kept, in the order it kept them. */
interface KeptEdit {
  op: string;
  word: number;
  from: string;
  to: string;
  /** The objective margin of the text with this edit and the ones before it (null for a label-only answer). */
  margin: number | null;
  /** Queries spent when the text with this edit was answered. */
  queries: number | null;
}

type SearchOutcome = 'success' | 'budget_spent' | 'no_success' | 'no_edit' | 'not_searched' | 'error';

export interface SearchPath {
  model: string;
  /** The label the search moves away from, and where it came from. */
  gold: string | null;
  /** Why the search did not run (not_searched), or the model's error (error); null otherwise. */
  reason: string | null;
  /** Objective margin of the clean text (null without scores). */
  clean_margin: number | null;
  /** Editable words (with at least one valid single edit). */
  editable_words: number;
  /** Most words a candidate may change (max_words_changed of the text's words, at least 1). */
  word_limit: number;
  /** Step 1's ranking, lowest margin first (score-based search only; at most RANKING_KEPT words). */
  ranking: RankedWord[];
  ranked_words: number;
  /** Queries step 1 spent (score-based), or null. */
  step1_queries: number | null;
  kept: KeptEdit[];
  /** True when no edit lowered the margin and the row shows the single edit that came closest. */
  closest_only: boolean;
  queries: number;
  budget: number;
  outcome: SearchOutcome;
  /** The query count at which the first success was answered (null without one). */
  success_at: number | null;
  /** What the row holds: the text the search ended on, its edits, the reading. */
  perturbed_text: string;
  edits: Array<{ op: string; word: number; from: string; to: string }>;
  input_sha256: string;
  status: 'ok' | 'error' | 'timeout';
  prediction: string | null;
  margin: number | null;
}

export interface SearchExplanation {
  knowledge: 'scores' | 'labels';
  budget: number;
  operators: string[];
  max_words_changed: number;
  objective: 'untargeted' | 'targeted';
  /** threat_model.against_policy: a success must also be accepted by the model's review policy. */
  against_policy: boolean;
  /**
   * `data_row` when the gold label is the data row's (same id, text and language); else each model's clean prediction.
   */
  gold_from: 'data_row' | 'clean_prediction';
  paths: SearchPath[];
}

interface Batch {
  texts: string[];
  results: ScoreResult[];
}

/** The search object the run uses, with every batch it asks the model about recorded on its way. */
function listening(search: AdaptiveSearch, batches: Batch[]): AdaptiveSearch {
  return {
    settings: search.settings,
    run: (call) =>
      search.run({
        ...call,
        score: async (texts) => {
          const results = await call.score(texts);
          batches.push({ texts: [...texts], results });
          return results;
        }
      })
  };
}

/** Why the run would not search this row (its eligibility), in words. */
function notSearchedReason(plan: Plan, gold: string, clean: ScoreResult, labels: readonly string[]): string {
  if (clean.status !== 'ok') return `the clean reading is missing (${clean.status})`;
  if (plan.threatModel.objective === 'targeted' && !plan.threatModel.protectedTransitions.some((t) => t.from === gold))
    return 'no protected transition starts at this label (targeted objective)';
  const prediction = decisionOf(labels, clean)?.prediction ?? null;
  return prediction === gold
    ? 'not eligible'
    : `the clean prediction is already wrong (${prediction ?? 'missing'}), so the row is not eligible`;
}

/** The text's valid single edits by the text each makes, its editable words and its word limit. */
interface Singles {
  byText: Map<string, PlacedEdit>;
  /**
   * Valid single edits (the search's step 1 asks all of them when the budget holds them, else at most half the budget).
   */
  count: number;
  editable: number;
  limit: number;
}

interface PathInput {
  plan: Plan;
  example: Example;
  model: Model;
  clean: Candidate;
  cleanResult: ScoreResult;
  search: AdaptiveSearch;
  singles: Singles;
  /** The label to move away from; null when there is none (the clean reading is missing). */
  gold: string | null;
}

/** Every single edit of the text by the text it makes (the same space the search builds; the same for every model). */
function singlesByText(plan: Plan, example: Example, search: AdaptiveSearch): Singles {
  const params = plan.threatModel.attacks.search;
  const text = example.input.kind === 'text' ? example.input.text : '';
  const loaded = params ? searchDictionary(params) : null;
  const space = editSpace(text, {
    seed: plan.statistics.seed,
    id: example.id,
    language: example.language,
    operators: search.settings.operators,
    dictionary: loaded ? dictionaryFor(loaded, example.language) : undefined
  });
  const limit = wordLimit(space.words, search.settings.maxWordsChanged);
  const ratio = plan.threatModel.constraints.maxCharEditRatio;
  // A text too long to search has no path to explain (and its single edits would be many).
  if (tooLongToSearch(text, search.settings.maxTextChars)) return { byText: new Map(), count: 0, editable: 0, limit };
  const byText = new Map<string, PlacedEdit>();
  let editable = 0;
  let count = 0;
  for (const edits of singleEdits(space)) {
    const valid = edits.filter((e) => editSetViolation(text, [e], limit, ratio) === null);
    if (valid.length > 0) editable++;
    count += valid.length;
    for (const e of valid) byText.set(applySearchEdits(text, [e]), e);
  }
  return { byText, count, editable, limit };
}

async function searchPath(input: PathInput): Promise<SearchPath> {
  const { plan, model, clean, cleanResult, search } = input;
  const original = input.example.input.kind === 'text' ? input.example.input.text : '';
  const budget = search.settings.queries;
  const { byText, editable, limit } = input.singles;
  const base = {
    model: model.name,
    gold: input.gold,
    budget,
    word_limit: limit,
    editable_words: editable,
    ranking: [],
    ranked_words: 0,
    step1_queries: null,
    kept: [],
    closest_only: false,
    success_at: null
  };
  const counters: ModelCounters = { model: model.name, predictions: 0, distinctInputs: 0, modelCalls: 0 };
  const reading = (result: ScoreResult) => {
    const d = decisionOf(model.labels, result);
    return { status: result.status, prediction: d?.prediction ?? null, margin: d?.margin ?? null };
  };
  if (input.gold === null) {
    return {
      ...base,
      reason: notSearchedReason(plan, '', cleanResult, model.labels),
      clean_margin: null,
      queries: 0,
      outcome: 'not_searched',
      perturbed_text: original,
      edits: [],
      input_sha256: clean.digest,
      ...reading(cleanResult)
    };
  }
  const gold = input.gold;
  const objective: SearchObjective = {
    labels: model.labels,
    gold,
    objective: plan.threatModel.objective,
    transitions: plan.threatModel.protectedTransitions,
    policy: successPolicy(plan, model.name)
  };
  const margin = (result: ScoreResult | undefined): number | null =>
    result?.status === 'ok' && result.scores !== null ? objectiveMargin(objective, result.scores) : null;
  const batches: Batch[] = [];
  const [candidate] = (await searchCandidates(
    plan,
    [{ ...input.example, label: gold }],
    model,
    [clean],
    [cleanResult],
    listening(search, batches),
    counters
  )) as [Candidate];
  const row = candidate.search as NonNullable<Candidate['search']>;
  const shared = {
    ...base,
    clean_margin: margin(cleanResult),
    queries: row.queries,
    perturbed_text: candidate.perturbedText ?? original,
    edits: row.edits,
    input_sha256: candidate.digest,
    ...reading(row.result)
  };
  if (candidate.notAttemptedReason === 'text_too_long') {
    const limit = search.settings.maxTextChars;
    const reason = `the text is longer than search.max_text_chars (${limit} characters) (uncovered: text_too_long)`;
    return { ...shared, reason, outcome: 'not_searched' };
  }
  if (!candidate.attempted) return { ...shared, reason: 'no word of this text has a valid edit', outcome: 'no_edit' };
  if (row.queries === 0)
    return { ...shared, reason: notSearchedReason(plan, gold, cleanResult, model.labels), outcome: 'not_searched' };

  // Every answer in the order it came, with the queries spent once its batch was answered.
  const answers = new Map<string, { result: ScoreResult; queries: number }>();
  let spent = 0;
  let successAt: number | null = null;
  for (const b of batches) {
    spent += b.texts.length;
    b.texts.forEach((t, i) => {
      const result = b.results[i] as ScoreResult;
      answers.set(t, { result, queries: spent });
      // The search learns of a success when the batch holding it comes back.
      if (successAt === null && result.status === 'ok' && isSuccess(objective, result)) successAt = spent;
    });
  }
  const outcomeOf = (): SearchOutcome =>
    row.result.status !== 'ok'
      ? 'error'
      : isSuccess(objective, row.result)
        ? 'success'
        : row.queries >= budget
          ? 'budget_spent'
          : 'no_success';
  const outcome = outcomeOf();
  const reason = outcome === 'error' && row.result.status !== 'ok' ? row.result.error : null;

  // Step 1 (score-based): the first batch holds the single edits; per word, the lowest margin reached.
  const ranking: RankedWord[] = [];
  let step1: number | null = null;
  // A budget of 1 below the single edits leaves step 1 nothing (half of 1 is 0): the first batch is then step 2's.
  const step1Asks = input.singles.count <= budget || Math.floor(budget / 2) > 0;
  if (search.settings.knowledge === 'scores' && !step1Asks) step1 = 0;
  else if (search.settings.knowledge === 'scores' && batches.length > 0) {
    const first = batches[0] as Batch;
    step1 = first.texts.length;
    const best = new Map<number, RankedWord>();
    first.texts.forEach((t, i) => {
      const e = byText.get(t);
      const m = margin(first.results[i]);
      if (e === undefined || m === null) return;
      const known = best.get(e.word);
      if (known === undefined || m < known.margin)
        best.set(e.word, { word: e.word, op: e.op, from: e.from, to: e.to, margin: m });
    });
    ranking.push(...[...best.values()].sort((a, b) => a.margin - b.margin || a.word - b.word));
  }

  // The kept edits, in the order step 2 walked them (its ranking, the unranked words after in text order).
  const rankOf = new Map(ranking.map((r, i) => [r.word, i]));
  const order = (word: number) => rankOf.get(word) ?? ranking.length + word;
  const walked = [...row.edits].sort((a, b) => order(a.word) - order(b.word));
  const placed = walked.map((e) => [...byText.values()].find((p) => p.word === e.word && p.to === e.to));
  const kept: KeptEdit[] = [];
  if (placed.every((p) => p !== undefined)) {
    walked.forEach((e, k) => {
      const answer = answers.get(applySearchEdits(original, placed.slice(0, k + 1) as PlacedEdit[]));
      kept.push({
        op: e.op,
        word: e.word,
        from: e.from,
        to: e.to,
        margin: answer ? margin(answer.result) : null,
        queries: answer?.queries ?? null
      });
    });
  }
  const cleanMargin = margin(cleanResult);
  // A score-based search that lowered nothing ends on the single edit that came closest: nothing was kept.
  const closest =
    search.settings.knowledge === 'scores' &&
    kept.length === 1 &&
    cleanMargin !== null &&
    kept[0]?.margin !== null &&
    (kept[0]?.margin as number) >= cleanMargin;
  return {
    ...shared,
    reason,
    ranking: ranking.slice(0, RANKING_KEPT),
    ranked_words: ranking.length,
    step1_queries: step1,
    kept: closest ? [] : kept,
    closest_only: closest,
    outcome,
    success_at: successAt
  };
}

/** The search's path for every model, or null when the config has no search. */
export async function explainSearch(input: {
  plan: Plan;
  example: Example;
  models: readonly Model[];
  clean: Candidate;
  cleanResults: readonly ScoreResult[];
  search: AdaptiveSearch | undefined;
  /** The data row's gold label when the explained text is that row (same id, text and language). */
  dataGold: string | null;
}): Promise<SearchExplanation | null> {
  const { search } = input;
  if (search === undefined) return null;
  const paths: SearchPath[] = [];
  const singles = singlesByText(input.plan, input.example, search);
  for (const [m, model] of input.models.entries()) {
    const cleanResult = input.cleanResults[m] as ScoreResult;
    const gold = input.dataGold ?? decisionOf(model.labels, cleanResult)?.prediction ?? null;
    paths.push(
      await searchPath({
        plan: input.plan,
        example: input.example,
        model,
        clean: input.clean,
        cleanResult,
        search,
        singles,
        gold
      })
    );
  }
  return {
    knowledge: search.settings.knowledge,
    budget: search.settings.queries,
    operators: [...search.settings.operators],
    max_words_changed: search.settings.maxWordsChanged,
    objective: input.plan.threatModel.objective,
    against_policy: input.plan.threatModel.againstPolicy,
    gold_from: input.dataGold !== null ? 'data_row' : 'clean_prediction',
    paths
  };
}
