/**
 * Scores each distinct input once per model for the whole run: inputs are keyed by their
 * SHA-256, so the store holds one digest and one result per distinct input (never the texts),
 * and a text repeated across examples, conditions or chunks is scored once.
 */
import type { ExampleInput } from '../data/example.js';
import type { Model, ScoreResult } from '../models/model.js';
import type { ModelCounters } from './counters.js';

const DEFAULT_BATCH = 512;

export class ScoreStore {
  private readonly slots = new Map<string, number>();
  private readonly results: Array<Array<ScoreResult | undefined>>;

  constructor(models: number) {
    this.results = Array.from({ length: models }, () => []);
  }

  private slot(digest: string): number {
    let s = this.slots.get(digest);
    if (s === undefined) {
      s = this.slots.size;
      this.slots.set(digest, s);
    }
    return s;
  }

  /** Scores, in batches, the inputs this model has not scored yet; counts distinct inputs and calls. */
  async score(modelIndex: number, model: Model, inputs: Iterable<{ digest: string; input: ExampleInput }>, counters: ModelCounters): Promise<void> {
    const results = this.results[modelIndex] as Array<ScoreResult | undefined>;
    const todo: Array<{ slot: number; input: ExampleInput }> = [];
    const queued = new Set<number>();
    for (const { digest, input } of inputs) {
      const s = this.slot(digest);
      if (results[s] !== undefined || queued.has(s)) continue;
      queued.add(s);
      todo.push({ slot: s, input });
    }
    const size = model.batchSize ?? DEFAULT_BATCH;
    const step = Number.isFinite(size) && size > 0 ? size : Math.max(todo.length, 1);
    for (let start = 0; start < todo.length; start += step) {
      const batch = todo.slice(start, start + step);
      const scored = await model.score(batch.map((t) => t.input));
      counters.modelCalls++;
      if (scored.length !== batch.length) throw new Error(`model ${model.name} returned ${scored.length} results for ${batch.length} inputs`);
      batch.forEach((t, i) => {
        results[t.slot] = checked(scored[i] as ScoreResult, model.labels.length);
      });
    }
    counters.distinctInputs += todo.length;
  }

  get(modelIndex: number, digest: string): ScoreResult {
    const s = this.slots.get(digest);
    const r = s === undefined ? undefined : this.results[modelIndex]?.[s];
    if (r === undefined) throw new Error(`no score for input ${digest} (model ${modelIndex})`);
    return r;
  }
}

/** A score vector of the wrong width or with a non-finite value is a missing row, not a crash. */
function checked(result: ScoreResult, width: number): ScoreResult {
  if (result.status !== 'ok' || result.scores === null) return result;
  if (result.scores.length !== width) return { status: 'error', error: `expected ${width} scores, found ${result.scores.length}` };
  if (result.scores.some((s) => !Number.isFinite(s))) return { status: 'error', error: 'non-finite score' };
  return result;
}
