/**
 * Evaluate every (example × model × condition) and stream one evidence row each (docs/definitions.md#ledger),
 * in the order split (config) → id (code points) → model (config) → condition. Examples go in
 * chunks: their candidates are built, each model scores the chunk's inputs it has not seen
 * (score-store.ts), the rows are handed to the sink, and the chunk is forgotten — so memory
 * holds one chunk plus one result per distinct input, whatever the number of rows.
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import { successPolicy } from '../evidence/attack-success.js';
import { evidenceRow } from '../evidence/build-row.js';
import type { EvidenceRow } from '../evidence/row.js';
import type { Model } from '../models/model.js';
import { shardOf, type ShardSpec } from '../shard/select.js';
import { sha256Hex } from '../util/hash.js';
import type { Candidate, CandidateSource } from './candidate.js';
import { checkCertified, withCertificate, withTabularFields } from './certified.js';
import type { ModelCounters } from '../run/facts.js';
import { ScoreStore } from './score-store.js';
import { addExactCandidates } from './exact-text.js';
import { addSearchCandidates } from './search.js';

type RowSink = (row: EvidenceRow) => void;

interface EvaluateOptions {
  /** Called after each chunk's rows were handed on (the writer's backpressure). */
  drain?: () => Promise<void>;
  /** Rows done so far and the rows expected in all. */
  progress?: (rows: number, total: number) => void;
  /** Filled with each model's search wall time in milliseconds, by model name (it cannot repeat: manifest.run). */
  searchWallMs?: Record<string, number>;
}

/** Most examples per chunk. */
const CHUNK_EXAMPLES = 2048;
/**
 * Most text characters per chunk: long texts (e-mails, documents) fill a chunk long before 2,048
 * examples do, which bounds the memory a chunk's candidates take and gives the perturbation
 * thread chunks to build ahead.
 */
const CHUNK_CHARS = 250_000;

function inputChars(e: Example): number {
  return e.input.kind === 'text' ? e.input.text.length : 0;
}

/**
 * The examples this run evaluates (all, or one shard's) in evidence order, cut into chunks of
 * at most `maxExamples` examples and, unless one example alone exceeds it, `maxChars` characters.
 */
export function evaluationChunks(
  dataset: Dataset,
  shard: ShardSpec | null | undefined,
  maxExamples = CHUNK_EXAMPLES,
  maxChars = CHUNK_CHARS
): Example[][] {
  const all = dataset.splits.flatMap((s) => s.examples);
  const examples = shard ? all.filter((e) => shardOf(e.split, e.id, shard.count) === shard.index) : all;
  const chunks: Example[][] = [];
  let chunk: Example[] = [];
  let chars = 0;
  for (const e of examples) {
    const c = inputChars(e);
    if (chunk.length > 0 && (chunk.length >= maxExamples || chars + c > maxChars)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(e);
    chars += c;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function renderText(policy: Plan['output']['text'], text: string | null, digest: string | null): string | null {
  if (text === null || policy === 'none') return null;
  return policy === 'hash' ? (digest ?? sha256Hex(text)) : text;
}

/** The rows of one example for one model, handed to the sink in condition order. */
function emitRows(
  plan: Plan,
  example: Example,
  model: Model,
  m: number,
  list: readonly Candidate[],
  store: ScoreStore,
  sink: RowSink
): void {
  const tm = plan.threatModel;
  const text = example.input.kind === 'text' ? example.input.text : null;
  const clean = list[0] as Candidate;
  const cleanResult = store.get(m, clean);
  const renderedText = renderText(plan.output.text, text, clean.digest);
  const policy = successPolicy(plan, model.name);
  const rows: EvidenceRow[] = [];
  for (const candidate of list) {
    const result =
      candidate === clean ? cleanResult : (candidate.search?.result ?? candidate.answered ?? store.get(m, candidate));
    const row = evidenceRow({
      example,
      model: model.name,
      labels: model.labels,
      condition: candidate.condition,
      clean: cleanResult,
      result,
      candidate: candidate === clean ? null : candidate,
      masked: candidate.masked,
      objective: tm.objective,
      transitions: tm.protectedTransitions,
      text: renderedText,
      perturbedText: renderText(plan.output.text, candidate.perturbedText, candidate.digest),
      inputSha256: candidate.digest,
      policy
    });
    // A repeated model's rows carry the agreement of its answers (docs/models.md#repeated-queries).
    if ((model.repeat ?? 1) > 1) row.agreement = result.status === 'ok' ? (result.agreement ?? null) : null;
    if (candidate.search) {
      const hidden = plan.output.text !== 'full';
      const edits = candidate.search.edits.map((e) => (hidden ? { ...e, from: null, to: null } : e));
      row.queries = candidate.search.queries;
      row.edits = edits;
      if (candidate.certificate) withCertificate(row, candidate.certificate);
      rows.push(row);
      continue;
    }
    if (candidate.edits) {
      const hidden = plan.output.text !== 'full';
      row.edits = candidate.edits.map((e) => (hidden ? { ...e, from: null, to: null } : e));
    }
    rows.push(candidate.tabular ? withTabularFields(row, candidate.tabular) : row);
  }
  checkCertified(rows, plan.task);
  for (const row of rows) sink(row);
}

export async function evaluate(
  plan: Plan,
  chunks: readonly (readonly Example[])[],
  models: readonly Model[],
  source: CandidateSource,
  sink: RowSink,
  options: EvaluateOptions = {}
): Promise<ModelCounters[]> {
  const store = new ScoreStore(models);
  const counters: ModelCounters[] = models.map((m) => ({
    model: m.name,
    predictions: 0,
    distinctInputs: 0,
    modelCalls: 0,
    ...(source.search ? { searchQueries: 0 } : {}),
    ...(source.exact ? { exactQueries: 0 } : {})
  }));
  const rowsPerExample = models.length * source.conditions.length;
  const total = chunks.reduce((n, part) => n + part.length, 0) * rowsPerExample;
  let done = 0;
  // The stage's start: the rate behind the time left is measured from here (src/cli/progress.ts).
  if (total > 0) options.progress?.(0, total);
  try {
    for (let c = 0; c < chunks.length; c++) {
      const part = chunks[c] as readonly Example[];
      await source.prepare?.(c);
      const lists: Candidate[][][] = models.map((_, m) => part.map((e) => source.candidates(e, m)));
      await store.score(
        models,
        lists.map((l, m) => store.todo(m, l.flat())),
        counters
      );
      if (source.queried) await source.queried(part, lists, (mi, c) => store.get(mi, c), counters);
      if (source.search)
        await addSearchCandidates(
          plan,
          part,
          models,
          lists,
          source.search,
          source.conditions,
          store,
          counters,
          options.searchWallMs
        );
      if (source.exact)
        await addExactCandidates(plan, part, models, lists, source.exact, source.conditions, store, counters);
      part.forEach((example, e) => {
        models.forEach((model, m) => {
          const list = (lists[m] as Candidate[][])[e] as Candidate[];
          emitRows(plan, example, model, m, list, store, sink);
          (counters[m] as ModelCounters).predictions += list.length;
        });
      });
      source.release?.();
      store.endChunk();
      done += part.length * rowsPerExample;
      if (options.drain) await options.drain();
      options.progress?.(done, total);
    }
  } finally {
    await source.close?.();
  }
  return counters.map((c, m) => ({ ...c, ...(source.counters?.(m) ?? {}) }));
}
