/**
 * `exact` for text by enumeration (docs/search.md#exact): one row and one model, every valid candidate of the declared
 * edit space asked of the model, level by level (fewest edited words first). The first level holding a success gives
 * the row's minimal edit list (fewest words, then the lowest objective margin, then enumeration order) and the rest is
 * not asked; a row with no success anywhere is certified, or a tie when its closest candidate's margin is zero within
 * rounding. A space larger than `maxCandidates` is undecided and asks nothing, unless a closed form (closed-form.ts)
 * rules out the levels below a success: the levels listed, not the whole space, must then fit `maxCandidates`.
 */
import type { ScoreResult } from '../../models/model.js';
import { applySearchEdits, editSetViolation, type EditSpace, type PlacedEdit } from '../search/edits.js';
import { isSuccess, objectiveMargin, type SearchObjective } from '../search/objective.js';
import type { ScoreTexts } from '../search/queries.js';
import type { WeightedDecision } from '../../models/model.js';
import { decisionBound, type DecisionBound } from './closed-form.js';
import { spaceSize, validSetsAt } from './enumerate.js';

interface ExactTextTask extends SearchObjective {
  space: EditSpace;
  /** Most words a candidate may change. */
  limit: number;
  maxCharEditRatio: number | null;
  maxCandidates: number;
  clean: ScoreResult;
  score: ScoreTexts;
  /** The model's decision as linear parts (one, or a hybrid's mixture), when it has them (closed-form.ts). */
  parts?: readonly WeightedDecision[] | undefined;
}

export interface ExactTextOutcome {
  /** `no_edit`: the space is empty; `edit_space`: larger than maxCandidates (undecided); null: decided. */
  uncovered: 'no_edit' | 'edit_space' | null;
  /** Valid candidates of the space (a lower bound when `candidatesBound`). */
  candidates: number;
  candidatesBound: boolean;
  /** The success with the fewest edited words, else the candidate that came closest (none when undecided). */
  edits: PlacedEdit[];
  text: string;
  /** The model's answer on `text`. */
  result: ScoreResult;
  queries: number;
  /** No candidate succeeds and none ties (null unless decided). */
  certified: boolean | null;
  tie: boolean | null;
  /** Certified by the closed form (closed-form.ts) rather than by asking the model. */
  closedForm: boolean;
}

/** Most candidate texts sent to the model in one call. */
const BATCH = 4096;
/** §20's tie rule: a margin within this share of (1 + the largest |score| involved) of zero. */
const TIE = 1e-9;

/** The single edits of each editable word (words whose draws offer none left out). */
function wordEdits(space: EditSpace): PlacedEdit[][] {
  const out: PlacedEdit[][] = [];
  for (let i = 0; i < space.size; i++) {
    const edits = space.editsAt(i);
    if (edits.length > 0) out.push(edits);
  }
  return out;
}

function maxAbs(scores: readonly number[]): number {
  let m = 0;
  for (const s of scores) m = Math.max(m, Math.abs(s));
  return m;
}

function isTie(margin: number, scores: readonly number[]): boolean {
  return Math.abs(margin) <= TIE * (1 + maxAbs(scores));
}

export async function solveExactText(task: ExactTextTask): Promise<ExactTextOutcome> {
  const original = task.space.text;
  const edits = wordEdits(task.space);
  const size = spaceSize(task.space, edits, task.limit, task.maxCharEditRatio, task.maxCandidates);
  const untouched = {
    text: original,
    edits: [],
    result: task.clean,
    queries: 0,
    certified: null,
    tie: null,
    closedForm: false
  };
  if (size.count === 0) return { ...untouched, uncovered: 'no_edit', candidates: 0, candidatesBound: false };
  // The closed form decides without asking about the space (no size limit) when no candidate can reach a wrong
  // decision; the nearest valid single edit is asked once, so the row shows the model's own answer on a candidate.
  const bound = task.parts === undefined ? null : decisionBound(task, edits, task.parts);
  if (bound?.row) {
    const single = nearest(
      bound,
      edits.flat().map((e) => [e]),
      task
    );
    if (single !== null) return certifiedByBound(task, single, size);
  }
  // Without a closed form, a space over max_candidates is undecided at once. With one, levels it rules out are not
  // listed, so the levels up to the first success may fit max_candidates even when the whole space does not.
  if (size.bound && bound === null)
    return { ...untouched, uncovered: 'edit_space', candidates: size.count, candidatesBound: true };
  const answers = new Map<string, ScoreResult>();
  let listed = 0;
  let closest: { edits: PlacedEdit[]; text: string; margin: number; scores: readonly number[] } | null = null;
  // With a bound, only the sets it cannot rule out are asked; when it rules out every set, the nearest is shown.
  let unasked: { set: PlacedEdit[]; reach: number } | null = null;
  for (let level = 1; level <= Math.min(task.limit, edits.length); level++) {
    if (bound?.ruledOutAt(level)) continue;
    const all = validSetsAt(task.space, edits, level, task.limit, task.maxCharEditRatio, task.maxCandidates - listed);
    if (all === null)
      return {
        ...untouched,
        uncovered: 'edit_space',
        candidates: size.count,
        candidatesBound: true,
        queries: answers.size
      };
    listed += all.length;
    let sets = all;
    if (bound !== null) {
      sets = [];
      for (const set of all) {
        const reach = bound.reach(set);
        if (!bound.ruledOut(reach, set.length)) sets.push(set);
        else if (answers.size === 0 && (unasked === null || reach > unasked.reach)) unasked = { set, reach };
      }
    }
    const texts = sets.map((set) => applySearchEdits(original, set));
    const fresh = [...new Set(texts.filter((t) => !answers.has(t)))];
    for (let i = 0; i < fresh.length; i += BATCH) {
      const part = fresh.slice(i, i + BATCH);
      const results = await task.score(part);
      part.forEach((t, k) => answers.set(t, results[k] as ScoreResult));
    }
    let best: { set: PlacedEdit[]; text: string; margin: number; scores: readonly number[] | null } | null = null;
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k] as string;
      const result = answers.get(text) as ScoreResult;
      const set = sets[k] as PlacedEdit[];
      if (result.status !== 'ok') {
        const error = `exact stopped after ${answers.size} queries: ${result.error}`;
        return {
          ...untouched,
          uncovered: null,
          candidates: size.count,
          candidatesBound: size.bound,
          edits: set,
          text,
          result: { status: result.status, error },
          queries: answers.size,
          closedForm: false
        };
      }
      const margin = result.scores === null ? Infinity : objectiveMargin(task, result.scores);
      if (isSuccess(task, result)) {
        if (best === null || margin < best.margin) best = { set, text, margin, scores: result.scores };
        continue;
      }
      if (result.scores !== null && (closest === null || margin < closest.margin))
        closest = { edits: set, text, margin, scores: result.scores };
    }
    if (best !== null)
      return {
        uncovered: null,
        candidates: size.count,
        candidatesBound: size.bound,
        edits: best.set,
        text: best.text,
        result: answers.get(best.text) as ScoreResult,
        queries: answers.size,
        certified: false,
        tie: best.scores !== null && isTie(best.margin, best.scores),
        closedForm: false
      };
  }
  // Nothing asked: the closed form ruled out every set (whole levels, or set by set); the nearest one is shown.
  if (answers.size === 0 && bound !== null) {
    const shown =
      unasked?.set ??
      nearest(
        bound,
        edits.flat().map((e) => [e]),
        task
      );
    if (shown !== null) return certifiedByBound(task, shown, size);
  }
  const tie = closest !== null && isTie(closest.margin, closest.scores);
  const shown = closest ?? { edits: [], text: original };
  return {
    uncovered: null,
    candidates: size.count,
    candidatesBound: size.bound,
    edits: shown.edits,
    text: shown.text,
    result: closest === null ? task.clean : (answers.get(closest.text) as ScoreResult),
    queries: answers.size,
    certified: !tie,
    tie,
    closedForm: false
  };
}

/** The valid set among `sets` whose best rival comes nearest, by the bound. */
function nearest(
  bound: DecisionBound,
  sets: readonly PlacedEdit[][],
  task: { space: EditSpace; limit: number; maxCharEditRatio: number | null }
): PlacedEdit[] | null {
  let shown: { set: PlacedEdit[]; reach: number } | null = null;
  for (const set of sets) {
    const reach = bound.reach(set);
    if (shown !== null && reach <= shown.reach) continue;
    if (editSetViolation(task.space.text, set, task.limit, task.maxCharEditRatio) === null) shown = { set, reach };
  }
  return shown?.set ?? null;
}

/** A row the closed form certified: `shown` is asked once, and a model that gets it wrong stops the run. */
async function certifiedByBound(
  task: ExactTextTask,
  shown: PlacedEdit[],
  size: { count: number; bound: boolean }
): Promise<ExactTextOutcome> {
  const text = applySearchEdits(task.space.text, shown);
  const [result] = await task.score([text]);
  if (result?.status === 'ok' && isSuccess(task, result))
    throw new Error(
      `inconsistent evidence: exact's closed form certified a row whose candidate ${JSON.stringify(text)} the ` +
        'model gets wrong'
    );
  return {
    uncovered: null,
    candidates: size.count,
    candidatesBound: size.bound,
    edits: shown,
    text,
    result: result as ScoreResult,
    queries: 1,
    certified: result?.status === 'ok' ? true : null,
    tie: result?.status === 'ok' ? false : null,
    closedForm: true
  };
}
