/**
 * The adaptive search for one (example, model), under a hard query budget (docs/search.md).
 *
 * Score-based (greedy in word-importance order): step 1 scores each editable word's single
 * edits and ranks the words by the lowest objective margin reached (ties: text order, then
 * operator order); when that would take more than the budget, single edits are scored word by word
 * in a seeded order for at most floor(budget / 2) queries (the last word possibly in part: ranked by
 * the edits answered, its others offered in step 2) and the other words follow in text order.
 * Step 2 walks the ranking and keeps an edit when it lowers the current text's margin, until a
 * success, the word limit or the budget.
 *
 * Label-only: seeded random edit sets grown one edit at a time up to the word limit, each a
 * query, until the label moves as the objective requires or the budget is spent; then edits not
 * needed are dropped one at a time while it stays moved (each check a query).
 *
 * Every random choice is decide(seed, 'search', id, `${model}:${step}:…`), so a row's search
 * depends on nothing but its own text and model.
 */
import type { ScoreResult } from '../../models/model.js';
import { decide } from '../decision.js';
import { allowedOn, applySearchEdits, editSetViolation, type EditSpace, type PlacedEdit } from './edits.js';
import { isSuccess, objectiveMargin, type SearchObjective } from './objective.js';
import { QueryLedger, SearchFailure, type ScoreTexts } from './queries.js';

export interface SearchTask extends SearchObjective {
  seed: number;
  id: string;
  model: string;
  knowledge: 'scores' | 'labels';
  budget: number;
  space: EditSpace;
  /** Most words a candidate may change. */
  limit: number;
  maxCharEditRatio: number | null;
  clean: ScoreResult;
  score: ScoreTexts;
}

export interface SearchOutcome {
  /** False when no valid single edit exists (the row is uncovered: `no_edit`). */
  attempted: boolean;
  text: string;
  edits: PlacedEdit[];
  /** The model's answer on `text` (a failure when the search stopped on one). */
  result: ScoreResult;
  queries: number;
}

/**
 * The single edits valid on their own, by editable word (in text order); a word with none is not
 * editable. Which words, and how many edits each, is known at once; a word's edits are made when
 * the search reaches it, and their texts each time they are asked (a kept text of a long row
 * would hold the whole row).
 */
export class Singles {
  /** The space's index of each word here, and how many valid single edits it has. */
  private readonly at: number[] = [];
  private readonly counts: number[] = [];
  private readonly made = new Map<number, PlacedEdit[]>();

  constructor(
    private readonly space: EditSpace,
    limit: number,
    maxCharEditRatio: number | null
  ) {
    const allowed = maxCharEditRatio === null ? Infinity : allowedOn(space.text, maxCharEditRatio);
    for (let i = 0; i < space.size; i++) {
      let n = space.countAt(i);
      // Within the allowed edits every one of the word's edits is valid; otherwise the exact check decides.
      if (space.costAt(i) > allowed) {
        const ok = (e: PlacedEdit): boolean => editSetViolation(space.text, [e], limit, maxCharEditRatio) === null;
        const valid = space.editsAt(i).filter(ok);
        n = valid.length;
        if (n > 0) this.made.set(this.at.length, valid);
      }
      if (n === 0) continue;
      this.at.push(i);
      this.counts.push(n);
    }
  }

  get length(): number {
    return this.at.length;
  }

  /** How many single edits word p offers. */
  count(p: number): number {
    return this.counts[p] as number;
  }

  /** Word p's single edits in operator order (the same objects on every call). */
  edits(p: number): PlacedEdit[] {
    let edits = this.made.get(p);
    if (edits === undefined) {
      edits = this.space.editsAt(this.at[p] as number);
      this.made.set(p, edits);
    }
    return edits;
  }
}

export async function runSearch(task: SearchTask): Promise<SearchOutcome> {
  const original = task.space.text;
  const positions = new Singles(task.space, task.limit, task.maxCharEditRatio);
  if (positions.length === 0) return { attempted: false, text: original, edits: [], result: task.clean, queries: 0 };
  const ledger = new QueryLedger(task.budget, task.score, original, task.clean);
  let outcome: { edits: PlacedEdit[] } | null = null;
  try {
    outcome =
      task.knowledge === 'scores' ? await greedy(task, positions, ledger) : await labelOnly(task, positions, ledger);
  } catch (error) {
    if (!(error instanceof SearchFailure)) throw error;
    // The row shows the candidate the model failed on (the clean text when the failure was not on a candidate).
    const text = applySearchEdits(original, error.edits);
    return {
      attempted: true,
      text,
      edits: error.edits,
      result: {
        status: error.result.status,
        error: `search stopped after ${ledger.queries} queries: ${error.message}`
      },
      queries: ledger.queries
    };
  }
  const text = applySearchEdits(original, outcome.edits);
  return {
    attempted: true,
    text,
    edits: outcome.edits,
    result: ledger.answer(text) as ScoreResult,
    queries: ledger.queries
  };
}

function scoresOf(result: ScoreResult | undefined): readonly number[] {
  if (result === undefined || result.status !== 'ok') throw new Error('search: an answer was expected');
  if (result.scores === null)
    throw new SearchFailure({
      status: 'error',
      error: 'the model answered with a label only; a score-based search (knowledge: scores) needs scores'
    });
  return result.scores;
}

interface Ranked {
  /** The word's single edits step 2 offers, in order. */
  edits: PlacedEdit[];
  /** Index of the word in text order among the editable ones. */
  at: number;
  /** Step 1's lowest margin (undefined when the word was not scored in step 1). */
  margin?: number;
}

/** 0 … n − 1 by their draws (ties: index). */
function seededOrder(n: number, draw: (i: number) => number): number[] {
  const draws = Array.from({ length: n }, (_, i) => draw(i));
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => (draws[a] as number) - (draws[b] as number) || a - b);
}

/** Each single edit's text (made when asked: step 2 offers the same texts while it has kept nothing). */
function singleTexts(original: string, edits: readonly PlacedEdit[]): string[] {
  return edits.map((e) => applySearchEdits(original, [e]));
}

async function greedy(task: SearchTask, positions: Singles, ledger: QueryLedger): Promise<{ edits: PlacedEdit[] }> {
  const original = task.space.text;
  let singles = 0;
  for (let i = 0; i < positions.length; i++) singles += positions.count(i);
  // Step 1: the words to score, in the order they are scored, and how many of their single edits (in that order) it
  // asks.
  let scored: number[];
  let asked = singles;
  if (singles <= task.budget) scored = Array.from({ length: positions.length }, (_, i) => i);
  else {
    const order = seededOrder(positions.length, (i) => decide(task.seed, 'search', task.id, `${task.model}:1:${i}`));
    // At most half the budget: words in the seeded order, each word's edits in operator order, cut after `asked` edits
    // (the last word may be partly scored).
    asked = Math.floor(task.budget / 2);
    scored = [];
    let n = 0;
    for (const i of order) {
      if (n >= asked) break;
      scored.push(i);
      n += positions.count(i);
    }
  }
  // One edit and its text per query, in scoring order, cut after `asked` (the edit set of a single edit is made only if
  // the model fails on it).
  const askedEdits: PlacedEdit[] = [];
  for (const i of scored) {
    const edits = positions.edits(i);
    for (let k = 0; k < edits.length && askedEdits.length < asked; k++) askedEdits.push(edits[k] as PlacedEdit);
  }
  const step1 = ledger.askSingles(askedEdits, singleTexts(original, askedEdits));
  const answered = step1.ready ?? (await step1.pending);
  const ranked: Ranked[] = [];
  let j = 0;
  for (const i of scored) {
    // A partly scored word is ranked by the edits answered; step 2 offers its best one, then its unanswered ones in
    // operator order.
    const edits = positions.edits(i);
    let best = -1;
    let low = Infinity;
    const unanswered: number[] = [];
    for (let k = 0; k < edits.length; k++) {
      // Edits past step 1's cut may still share an asked edit's text.
      const e = edits[k] as PlacedEdit;
      const answer = j < answered.length ? answered[j++] : ledger.answer(applySearchEdits(original, [e]));
      if (answer === undefined) {
        unanswered.push(k);
        continue;
      }
      const m = objectiveMargin(task, scoresOf(answer));
      if (best < 0 || m < low) {
        best = k;
        low = m;
      }
    }
    if (best < 0) continue;
    ranked.push({ edits: [best, ...unanswered].map((k) => edits[k] as PlacedEdit), at: i, margin: low });
  }
  ranked.sort((a, b) => (a.margin as number) - (b.margin as number) || a.at - b.at);
  const inRanking = new Set(ranked.map((r) => r.at));
  // The words step 1 did not reach follow in text order; their edits are made when step 2 gets there.
  const rest = function* (): Generator<Ranked> {
    for (let i = 0; i < positions.length; i++) if (!inRanking.has(i)) yield { edits: positions.edits(i), at: i };
  };
  // The single edit that came closest so far (step 1's best; step 2 may answer closer ones while nothing is kept).
  let closest: { edits: PlacedEdit[]; margin: number } | null =
    ranked[0]?.margin !== undefined
      ? { edits: [(ranked[0] as Ranked).edits[0] as PlacedEdit], margin: ranked[0].margin }
      : null;
  // Step 2.
  let current: PlacedEdit[] = [];
  let currentMargin = objectiveMargin(task, scoresOf(task.clean));
  for (const r of (function* (): Generator<Ranked> {
    yield* ranked;
    yield* rest();
  })()) {
    if (current.length >= task.limit) break;
    let options: PlacedEdit[][];
    let texts: string[];
    if (current.length === 0) {
      // Single edits: each was found valid on its own (Singles).
      options = r.edits.map((e) => [e]);
      texts = singleTexts(original, r.edits);
    } else {
      options = r.edits
        .map((e) => [...current, e])
        .filter((set) => editSetViolation(original, set, task.limit, task.maxCharEditRatio) === null);
      if (options.length === 0) continue;
      texts = options.map((set) => applySearchEdits(original, set));
    }
    if (ledger.remaining === 0 && !texts.some((t) => ledger.has(t))) break;
    const step = ledger.ask(options, texts);
    const answers = step.ready ?? (await step.pending);
    let pick = -1;
    let low = currentMargin;
    let picked: ScoreResult | undefined;
    for (let k = 0; k < options.length; k++) {
      const answer = answers[k];
      if (answer === undefined) continue;
      const m = objectiveMargin(task, scoresOf(answer));
      if (current.length === 0 && (closest === null || m < closest.margin))
        closest = { edits: options[k] as PlacedEdit[], margin: m };
      if (m < low) {
        pick = k;
        low = m;
        picked = answer;
      }
    }
    if (pick < 0) continue;
    current = options[pick] as PlacedEdit[];
    currentMargin = low;
    if (isSuccess(task, picked as ScoreResult)) break;
  }
  // A search that kept nothing reports the single edit that came closest: it was tested.
  if (current.length === 0) current = closest?.edits ?? [];
  return { edits: current };
}

async function labelOnly(task: SearchTask, positions: Singles, ledger: QueryLedger): Promise<{ edits: PlacedEdit[] }> {
  const original = task.space.text;
  let found: PlacedEdit[] | null = null;
  let last: PlacedEdit[] | null = null;
  for (let trial = 0; found === null && ledger.remaining > 0; trial++) {
    const step = `${task.model}:${trial}`;
    const order = seededOrder(positions.length, (i) => decide(task.seed, 'search', task.id, `${step}:${i}`));
    const before = ledger.queries;
    let set: PlacedEdit[] = [];
    for (const i of order) {
      if (set.length >= task.limit || ledger.remaining === 0) break;
      const ops = positions.edits(i);
      const op = ops[Math.floor(decide(task.seed, 'search', task.id, `${step}:${i}:op`) * ops.length)] as PlacedEdit;
      const grown = [...set, op];
      if (editSetViolation(original, grown, task.limit, task.maxCharEditRatio) !== null) continue;
      set = grown;
      const asked = ledger.ask([set]);
      // There was room for the query (or the text was answered before), so the answer is there.
      const [answer] = asked.ready ?? (await asked.pending);
      last = set;
      if (isSuccess(task, answer as ScoreResult)) {
        found = set;
        break;
      }
    }
    // A trial that asked nothing new cannot find anything new: every set it grows was answered.
    if (found === null && ledger.queries === before) break;
  }
  if (found === null) return { edits: last ?? [] };
  return { edits: await reduce(task, found, ledger) };
}

/** Drops each edit in turn while the label stays moved (each check a query, within the budget). */
async function reduce(task: SearchTask, kept: PlacedEdit[], ledger: QueryLedger): Promise<PlacedEdit[]> {
  const original = task.space.text;
  let found = kept;
  for (const e of [...kept]) {
    if (found.length === 1) break;
    const without: PlacedEdit[] = found.filter((x) => x !== e);
    const text = applySearchEdits(original, without);
    if (!ledger.has(text) && ledger.remaining === 0) break;
    const asked = ledger.ask([without], [text]);
    const [answer] = asked.ready ?? (await asked.pending);
    if (isSuccess(task, answer as ScoreResult)) found = without;
  }
  return found;
}
