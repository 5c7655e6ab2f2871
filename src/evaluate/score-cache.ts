/**
 * Scores each distinct input once per model, in fixed-size batches, whatever the number of
 * examples and conditions that share it.
 */
import { inputKey, type ExampleInput } from '../data/example.js';
import type { Model, ScoreResult } from '../models/model.js';

export interface ScoreCounters {
  distinctInputs: number;
  modelCalls: number;
}

export async function scoreDistinct(model: Model, inputs: Iterable<ExampleInput>, batchSize = model.batchSize ?? 512): Promise<{ cache: Map<string, ScoreResult>; counters: ScoreCounters }> {
  const pending = new Map<string, ExampleInput>();
  for (const input of inputs) {
    const key = inputKey(input);
    if (!pending.has(key)) pending.set(key, input);
  }
  const keys = [...pending.keys()];
  const cache = new Map<string, ScoreResult>();
  let modelCalls = 0;
  const step = Number.isFinite(batchSize) && batchSize > 0 ? batchSize : Math.max(keys.length, 1);
  for (let start = 0; start < keys.length; start += step) {
    const batchKeys = keys.slice(start, start + step);
    const results = await model.score(batchKeys.map((k) => pending.get(k) as ExampleInput));
    modelCalls++;
    if (results.length !== batchKeys.length) {
      throw new Error(`model ${model.name} returned ${results.length} results for ${batchKeys.length} inputs`);
    }
    batchKeys.forEach((k, i) => cache.set(k, checked(results[i] as ScoreResult, model.labels.length)));
  }
  return { cache, counters: { distinctInputs: keys.length, modelCalls } };
}

/** A score vector of the wrong width or with a non-finite value is a missing row, not a crash. */
function checked(result: ScoreResult, width: number): ScoreResult {
  if (result.status !== 'ok' || result.scores === null) return result;
  if (result.scores.length !== width) return { status: 'error', error: `expected ${width} scores, found ${result.scores.length}` };
  if (result.scores.some((s) => !Number.isFinite(s))) return { status: 'error', error: 'non-finite score' };
  return result;
}
