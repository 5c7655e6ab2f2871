/**
 * Scores each distinct input once per model for the whole run. Inputs are keyed by their
 * SHA-256 and results are kept compactly (score vectors in one growing Float64Array per model,
 * failures and label-only answers aside), so the store holds no texts and few objects however
 * long the run. Result objects are handed out per chunk: rows of one chunk that share an input
 * share its result object.
 */
import type { ExampleInput } from '../data/example.js';
import type { Model, ScoreResult } from '../models/model.js';
import { grown } from '../util/grown.js';
import type { ModelCounters } from '../run/facts.js';

const DEFAULT_BATCH = 512;
/**
 * Built-in models score a chunk's inputs in rounds of this many, each round by every model in
 * turn, so a text featurized by the first model is still in the shared memo for the others.
 */
const ROUND = 4096;

const UNSCORED = 0;
const OK = 1;
const LABEL = 2;
const FAILED = 3;

/** One model's results by slot. */
class Results {
  status = new Uint8Array(1024);
  scores: Float64Array;
  /** Label-only answers, a repeated model's answers and failures, by slot. */
  readonly other = new Map<number, ScoreResult>();

  constructor(readonly width: number) {
    this.scores = new Float64Array(1024 * width);
  }

  ensure(slot: number): void {
    if (slot < this.status.length) return;
    const size = Math.max(slot + 1, 2 * this.status.length);
    const status = new Uint8Array(size);
    status.set(this.status);
    this.status = status;
    const scores = new Float64Array(size * this.width);
    scores.set(this.scores);
    this.scores = scores;
  }

  has(slot: number): boolean {
    return slot < this.status.length && this.status[slot] !== UNSCORED;
  }

  set(slot: number, r: ScoreResult): void {
    this.ensure(slot);
    // A repeated model's result (majority label, agreement) is kept whole, with the label-only ones.
    if (r.status === 'ok' && r.scores !== null && r.label === undefined) {
      this.scores.set(r.scores, slot * this.width);
      this.status[slot] = OK;
    } else {
      this.other.set(slot, r);
      this.status[slot] = r.status === 'ok' ? LABEL : FAILED;
    }
  }

  get(slot: number): ScoreResult | undefined {
    const s = slot < this.status.length ? this.status[slot] : UNSCORED;
    if (s === UNSCORED) return undefined;
    if (s !== OK) return this.other.get(slot);
    // A plain loop: a subarray view per result cost more than the copy itself.
    const scores = new Array<number>(this.width);
    for (let i = 0, at = slot * this.width; i < this.width; i++) scores[i] = this.scores[at + i] as number;
    return { status: 'ok', scores };
  }
}

/** An input with its digest; the store notes its slot on it. */
interface Keyed {
  digest: string;
  input: ExampleInput;
  slot?: number;
}

interface Todo {
  slot: number;
  input: ExampleInput;
}

export class ScoreStore {
  private readonly slots = new Map<string, number>();
  private readonly results: Results[];
  /** queuedIn[slot] === the todo() call that queued it: one typed array instead of a Set per call. */
  private queuedIn = new Int32Array(1024);
  private calls = 0;
  /** This chunk's result objects, so that rows sharing an input share one object. */
  private chunk: Array<Map<number, ScoreResult>>;

  constructor(models: readonly Model[]) {
    this.results = models.map((m) => new Results(m.labels.length));
    this.chunk = models.map(() => new Map());
  }

  private slot(digest: string): number {
    let s = this.slots.get(digest);
    if (s === undefined) {
      s = this.slots.size;
      this.slots.set(digest, s);
    }
    return s;
  }

  /** The inputs a model has not scored yet, each once. Each input remembers its slot. */
  todo(modelIndex: number, inputs: Iterable<Keyed>): Todo[] {
    const results = this.results[modelIndex] as Results;
    const todo: Todo[] = [];
    const call = ++this.calls;
    for (const keyed of inputs) {
      const s = (keyed.slot ??= this.slot(keyed.digest));
      if (results.has(s)) continue;
      if (s >= this.queuedIn.length) this.queuedIn = grown(this.queuedIn, s + 1);
      if (this.queuedIn[s] === call) continue;
      this.queuedIn[s] = call;
      todo.push({ slot: s, input: keyed.input });
    }
    return todo;
  }

  /**
   * Scores every model's todo: an external model (one call takes everything and pipelines it) gets
   * all of its inputs at once; built-in models go round by round (ROUND inputs, every model in
   * turn), in batches of their own size. Counts distinct inputs and calls.
   */
  async score(models: readonly Model[], todos: readonly Todo[][], counters: readonly ModelCounters[]): Promise<void> {
    const longest = todos.reduce((n, t) => Math.max(n, t.length), 0);
    for (let start = 0; start < longest; start += ROUND) {
      for (const [m, model] of models.entries()) {
        const todo = todos[m] as Todo[];
        const size = model.batchSize ?? DEFAULT_BATCH;
        const whole = !(Number.isFinite(size) && size > 0);
        if (whole && start > 0) continue;
        const part = whole ? todo : todo.slice(start, start + ROUND);
        const step = whole ? Math.max(part.length, 1) : size;
        for (let i = 0; i < part.length; i += step) {
          const batch = part.slice(i, i + step);
          const scored = await model.score(batch.map((t) => t.input));
          (counters[m] as ModelCounters).modelCalls++;
          if (scored.length !== batch.length)
            throw new Error(`model ${model.name} returned ${scored.length} results for ${batch.length} inputs`);
          const results = this.results[m] as Results;
          batch.forEach((t, k) => results.set(t.slot, checked(scored[k] as ScoreResult, model.labels.length)));
        }
      }
    }
    todos.forEach((t, m) => ((counters[m] as ModelCounters).distinctInputs += t.length));
  }

  get(modelIndex: number, keyed: Keyed): ScoreResult {
    const s = (keyed.slot ??= this.slots.get(keyed.digest));
    const digest = keyed.digest;
    const cache = this.chunk[modelIndex] as Map<number, ScoreResult>;
    let r = s === undefined ? undefined : cache.get(s);
    if (r === undefined && s !== undefined) {
      r = this.results[modelIndex]?.get(s);
      if (r !== undefined) cache.set(s, r);
    }
    if (r === undefined) throw new Error(`no score for input ${digest} (model ${modelIndex})`);
    return r;
  }

  /** Forgets this chunk's result objects (the compact results stay). */
  endChunk(): void {
    this.chunk = this.chunk.map(() => new Map());
  }
}

/** A score vector of the wrong width or with a non-finite value is a missing row, not a crash. */
function checked(result: ScoreResult, width: number): ScoreResult {
  if (result.status !== 'ok' || result.scores === null) return result;
  if (result.scores.length !== width)
    return { status: 'error', error: `expected ${width} scores, found ${result.scores.length}` };
  if (result.scores.some((s) => !Number.isFinite(s))) return { status: 'error', error: 'non-finite score' };
  return result;
}
