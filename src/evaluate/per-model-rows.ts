/**
 * The pieces the per-model text attacks share (the search, evaluate/search.ts; exact, evaluate/exact-text.ts): the call
 * each gets for one row, the row of an example it does not run on, the row it ends on, and how a model's rows join each
 * example's candidate list at the attack's place among the conditions.
 */
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { successPolicy } from '../evidence/attack-success.js';
import type { Condition } from '../evidence/condition.js';
import type { Model, ScoreResult } from '../models/model.js';
import { recordedEdits, type PlacedEdit } from '../perturb/search/edits.js';
import { inputDigest, type Candidate } from './candidate.js';
import type { ScoreStore } from './score-store.js';

/** What a per-model attack is told about one row: the text, the labels, the objective and how to ask the model. */
export function rowCall(
  plan: Plan,
  example: Example,
  model: Model,
  cleanResult: ScoreResult,
  score: (texts: readonly string[]) => Promise<ScoreResult[]>
) {
  const tm = plan.threatModel;
  return {
    input: {
      id: example.id,
      text: example.input.kind === 'text' ? example.input.text : '',
      language: example.language
    },
    labels: model.labels,
    gold: example.label,
    objective: tm.objective,
    transitions: tm.protectedTransitions,
    policy: successPolicy(plan, model.name),
    clean: cleanResult,
    score
  };
}

/** The row of an example the attack does not run on: it keeps the clean answer and spends nothing. */
export function unmovedRow(condition: string, example: Example, clean: Candidate, cleanResult: ScoreResult): Candidate {
  return {
    condition: condition as Candidate['condition'],
    masked: true,
    invalidReason: null,
    input: example.input,
    digest: clean.digest,
    perturbedText: example.input.kind === 'text' ? example.input.text : '',
    attempted: true,
    changed: false,
    valid: true,
    search: { result: cleanResult, queries: 0, edits: [] }
  };
}

/** The row an attack ends on: its text and answer, the queries it spent and its edits; not attempted with `reason`. */
export function endedRow(
  condition: string,
  example: Example,
  clean: Candidate,
  outcome: { text: string; result: ScoreResult; queries: number; edits: readonly PlacedEdit[] },
  reason: Candidate['notAttemptedReason'] | null
): Candidate {
  const original = example.input.kind === 'text' ? example.input.text : '';
  const changed = outcome.text !== original;
  const input = changed ? { kind: 'text' as const, text: outcome.text } : example.input;
  return {
    condition: condition as Candidate['condition'],
    masked: true,
    invalidReason: null,
    input,
    digest: changed ? inputDigest(input) : clean.digest,
    perturbedText: outcome.text,
    attempted: reason === null,
    ...(reason === null ? {} : { notAttemptedReason: reason }),
    changed,
    valid: reason === null ? true : null,
    search: { result: outcome.result, queries: outcome.queries, edits: recordedEdits(outcome.edits) }
  };
}

/**
 * Adds each example's row of a per-model attack to every model's list at the attack's place among the conditions;
 * `rows` makes one model's rows (one per example, in order) from the examples' clean candidates and answers.
 */
export async function addPerModelRows(
  name: string,
  models: readonly Model[],
  lists: Candidate[][][],
  conditions: readonly Condition[],
  store: ScoreStore,
  rows: (m: number, model: Model, clean: Candidate[], cleanResults: ScoreResult[]) => Promise<Candidate[]>,
  wallMs?: Record<string, number>
): Promise<void> {
  const at = conditions.indexOf(name as Condition);
  for (const [m, model] of models.entries()) {
    const started = performance.now();
    const perExample = lists[m] as Candidate[][];
    const clean = perExample.map((list) => list[0] as Candidate);
    const found = await rows(
      m,
      model,
      clean,
      clean.map((c) => store.get(m, c))
    );
    perExample.forEach((list, e) => {
      const copy = [...list];
      copy.splice(at, 0, found[e] as Candidate);
      perExample[e] = copy;
    });
    if (wallMs) wallMs[model.name] = (wallMs[model.name] ?? 0) + (performance.now() - started);
  }
}

/**
 * One row per example (`row(e)` for e = 0 … count − 1), `lanes` of them under way at once: rows side by side send their
 * steps to the model in shared calls, and each row sees only its own answers.
 */
export async function rowsInLanes<T>(count: number, lanes: number, row: (e: number) => Promise<T> | T): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const e = next++;
      // A row settled at once (not searched) is kept without a turn, so lanes share calls as before.
      const r = row(e);
      out[e] = r instanceof Promise ? await r : r;
    }
  };
  await Promise.all(Array.from({ length: Math.min(count, lanes) }, lane));
  return out;
}
