/**
 * Evaluate every (example × model × condition) and stream one evidence row each (SPEC §7),
 * in the order split (config) → id (code points) → model (config) → condition. Examples go in
 * chunks: their candidates are built, each model scores the chunk's inputs it has not seen
 * (score-store.ts), the rows are handed to the sink, and the chunk is forgotten — so memory
 * holds one chunk plus one result per distinct input, whatever the number of rows.
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import { evidenceRow } from '../evidence/build-row.js';
import type { EvidenceRow } from '../evidence/row.js';
import type { Model } from '../models/model.js';
import { shardOf, type ShardSpec } from '../shard/select.js';
import { sha256Hex } from '../util/hash.js';
import type { Candidate, CandidateSource } from './candidate.js';
import type { ModelCounters } from './counters.js';
import { ScoreStore } from './score-store.js';

export type RowSink = (row: EvidenceRow) => void;

export interface EvaluateOptions {
  shard?: ShardSpec | null;
  /** Most examples per chunk (default CHUNK_EXAMPLES). */
  chunkExamples?: number;
  /** Most text characters per chunk (default CHUNK_CHARS); a longer single example is a chunk of its own. */
  chunkChars?: number;
  /** Called after each chunk's rows were handed on (the writer's backpressure). */
  drain?: () => Promise<void>;
  /** Rows done so far and the rows expected in all. */
  progress?: (rows: number, total: number) => void;
}

/** Most examples per chunk. */
export const CHUNK_EXAMPLES = 2048;
/**
 * Most text characters per chunk: long texts (e-mails, documents) fill a chunk long before 2,048
 * examples do, which bounds the memory a chunk's candidates take and gives the perturbation
 * thread chunks to build ahead.
 */
export const CHUNK_CHARS = 250_000;

function inputChars(e: Example): number {
  return e.input.kind === 'text' ? e.input.text.length : 0;
}

/** Where each chunk ends: at most `maxExamples` examples and, unless one example alone exceeds it, `maxChars` characters. */
export function chunkEnds(examples: readonly Example[], maxExamples = CHUNK_EXAMPLES, maxChars = CHUNK_CHARS): number[] {
  const ends: number[] = [];
  let start = 0;
  let chars = 0;
  examples.forEach((e, i) => {
    const c = inputChars(e);
    if (i > start && (i - start >= maxExamples || chars + c > maxChars)) {
      ends.push(i);
      start = i;
      chars = 0;
    }
    chars += c;
  });
  if (examples.length > start) ends.push(examples.length);
  return ends;
}

/** The examples this run evaluates, in evidence order (all, or one shard's). */
export function examplesOf(dataset: Dataset, shard: ShardSpec | null | undefined): Example[] {
  const all = dataset.splits.flatMap((s) => s.examples);
  return shard ? all.filter((e) => shardOf(e.split, e.id, shard.count) === shard.index) : all;
}

function renderText(policy: Plan['output']['text'], text: string | null, digest: string | null): string | null {
  if (text === null || policy === 'none') return null;
  return policy === 'hash' ? (digest ?? sha256Hex(text)) : text;
}

/** The rows of one example for one model, handed to the sink in condition order. */
function emitRows(plan: Plan, example: Example, model: Model, m: number, list: readonly Candidate[], store: ScoreStore, sink: RowSink): void {
  const tm = plan.threatModel;
  const text = example.input.kind === 'text' ? example.input.text : null;
  const clean = list[0] as Candidate;
  const cleanResult = store.get(m, clean);
  const renderedText = renderText(plan.output.text, text, clean.digest);
  for (const candidate of list) {
    const row = evidenceRow({
      example,
      model: model.name,
      labels: model.labels,
      condition: candidate.condition,
      clean: cleanResult,
      result: candidate === clean ? cleanResult : store.get(m, candidate),
      candidate: candidate === clean ? null : candidate,
      masked: candidate.masked,
      objective: tm.objective,
      transitions: tm.protectedTransitions,
      text: renderedText,
      perturbedText: renderText(plan.output.text, candidate.perturbedText, candidate.digest),
      inputSha256: candidate.digest
    });
    sink(candidate.tabular ? { ...row, features: candidate.tabular.features, perturbed_features: candidate.tabular.perturbed, exact: candidate.tabular.exact } : row);
  }
}

export async function evaluate(plan: Plan, dataset: Dataset, models: readonly Model[], source: CandidateSource, sink: RowSink, options: EvaluateOptions = {}): Promise<ModelCounters[]> {
  const examples = examplesOf(dataset, options.shard);
  const ends = chunkEnds(examples, options.chunkExamples, options.chunkChars);
  const store = new ScoreStore(models);
  const counters: ModelCounters[] = models.map((m) => ({ model: m.name, predictions: 0, distinctInputs: 0, modelCalls: 0 }));
  const total = examples.length * models.length * source.conditions.length;
  let done = 0;
  try {
    for (let c = 0, start = 0; c < ends.length; start = ends[c] as number, c++) {
      const end = ends[c] as number;
      const part = examples.slice(start, end);
      await source.prepare?.(part);
      const lists: Candidate[][][] = models.map((_, m) => part.map((e) => source.candidates(e, m)));
      await store.score(
        models,
        lists.map((l, m) => store.todo(m, l.flat())),
        counters
      );
      part.forEach((example, e) => {
        models.forEach((model, m) => {
          const list = (lists[m] as Candidate[][])[e] as Candidate[];
          emitRows(plan, example, model, m, list, store, sink);
          (counters[m] as ModelCounters).predictions += list.length;
        });
      });
      source.release?.();
      store.endChunk();
      done += part.length * models.length * source.conditions.length;
      if (options.drain) await options.drain();
      options.progress?.(done, total);
    }
  } finally {
    await source.close?.();
  }
  return counters.map((c, m) => ({ ...c, ...(source.counters?.(m) ?? {}) }));
}
