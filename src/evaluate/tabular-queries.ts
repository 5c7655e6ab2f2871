/**
 * Runs black-box tabular attacks (`square`, `boundary`; docs/tabular.md) against one model, every
 * row in lockstep: each step asks every running row for its next point and scores all of them
 * in one call (an external model pipelines the batch; a built-in one takes it in fixed batches).
 * Memory holds one point per running row and the step's batch, never a row's query history.
 *
 * A failed answer (error, timeout) ends that row only: its candidate is the point that failed
 * and its answer the failure, so the evidence row is `error` with the model's reason and the
 * other rows go on.
 */
import type { ExampleInput } from '../data/example.js';
import type { Model, ScoreResult } from '../models/model.js';
import type { ModelCounters } from '../run/facts.js';
import type { OkResult, QueryAttack } from '../tabular/query-attack.js';

const DEFAULT_BATCH = 512;

interface QueryOutcome {
  values: number[];
  /** The model's answer to `values`; null when nothing was queried (the clean answer stands). */
  answer: ScoreResult | null;
  queries: number;
}

function features(names: readonly string[], x: readonly number[]): ExampleInput {
  const values: Record<string, number> = {};
  for (let i = 0; i < names.length; i++) values[names[i] as string] = x[i] as number;
  return { kind: 'features', values };
}

async function scoreAll(model: Model, inputs: ExampleInput[], counters: ModelCounters): Promise<ScoreResult[]> {
  const size = model.batchSize ?? DEFAULT_BATCH;
  const step = Number.isFinite(size) && size > 0 ? size : Math.max(inputs.length, 1);
  if (step >= inputs.length) {
    counters.modelCalls++;
    return model.score(inputs);
  }
  const out: ScoreResult[] = [];
  for (let i = 0; i < inputs.length; i += step) {
    out.push(...(await model.score(inputs.slice(i, i + step))));
    counters.modelCalls++;
  }
  return out;
}

/** Drives `attacks` (null: the row is not attacked) to the end; one outcome per attack (null for null). */
export async function runQueryAttacks(
  model: Model,
  names: readonly string[],
  attacks: ReadonlyArray<QueryAttack | null>,
  counters: ModelCounters
): Promise<Array<QueryOutcome | null>> {
  const outcomes: Array<QueryOutcome | null> = attacks.map(() => null);
  const failed: Array<QueryOutcome | null> = attacks.map(() => null);
  const spent: number[] = attacks.map(() => 0);
  let running: number[] = attacks.flatMap((a, k) => (a === null ? [] : [k]));
  while (running.length > 0) {
    const asked: number[] = [];
    const points: number[][] = [];
    for (const k of running) {
      const point = (attacks[k] as QueryAttack).next();
      if (point === null) continue;
      asked.push(k);
      points.push(point);
    }
    if (asked.length === 0) break;
    const results = await scoreAll(
      model,
      points.map((p) => features(names, p)),
      counters
    );
    counters.predictions += asked.length;
    const still: number[] = [];
    asked.forEach((k, j) => {
      spent[k] = (spent[k] as number) + 1;
      const result = results[j] ?? { status: 'error' as const, error: 'the model returned fewer results than inputs' };
      const reason = result.status === 'ok' ? (attacks[k] as QueryAttack).observe(result as OkResult) : null;
      if (result.status !== 'ok' || reason !== null) {
        failed[k] = {
          values: points[j] as number[],
          answer: reason === null ? result : { status: 'error', error: reason },
          queries: spent[k] as number
        };
        return;
      }
      still.push(k);
    });
    running = still;
  }
  attacks.forEach((a, k) => {
    if (a === null) return;
    outcomes[k] = failed[k] ?? a.outcome();
  });
  return outcomes;
}
