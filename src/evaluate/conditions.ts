/**
 * Text candidates (docs/definitions.md#conditions): the clean text, then one candidate per configured family, each with
 * its changed/valid flags. They depend only on (seed, family, id, text), so every model gets the
 * same list.
 */
import { isAttackFamily } from '../config/families.js';
import type { Condition, Family } from '../evidence/condition.js';
import type { Example } from '../data/example.js';
import type { FamilyRunner } from '../perturb/family.js';
import type { Featurizer } from '../text/features.js';
import { unpackRows, type PackedRows } from '../text/packed-rows.js';
import { inputDigest, type Candidate, type CandidateSource } from './candidate.js';
import type { PerturbationThread } from './perturb-thread.js';

function cleanCandidate(example: Example): Candidate {
  return {
    condition: 'clean',
    input: example.input,
    digest: inputDigest(example.input),
    perturbedText: null,
    attempted: true,
    changed: false,
    valid: null,
    invalidReason: null,
    masked: false
  };
}

/** Conditions evaluated for a set of family runners, in their order (the registry's). */
export function conditionsFor(runners: readonly FamilyRunner[]): Condition[] {
  return ['clean', ...runners.map((r) => r.family as Family)];
}

export function candidatesFor(example: Example, runners: readonly FamilyRunner[]): Candidate[] {
  const clean = cleanCandidate(example);
  const list = [clean];
  if (example.input.kind !== 'text') return list;
  const original = example.input.text;
  for (const runner of runners) {
    // The adaptive search and exact have no fixed candidate: the evaluator adds their rows per model.
    if (runner.search || runner.exact) continue;
    const outcome = runner.perturb({ id: example.id, text: original, language: example.language });
    const changed = outcome.text !== original;
    const input = changed ? { kind: 'text' as const, text: outcome.text } : example.input;
    list.push({
      condition: runner.family as Family,
      input,
      digest: changed ? inputDigest(input) : clean.digest,
      perturbedText: outcome.text,
      attempted: outcome.attempted,
      changed,
      // No candidate exists when the family could not act: valid is then null, as on clean rows.
      valid: outcome.attempted ? outcome.valid : null,
      invalidReason: outcome.attempted ? outcome.invalidReason : null,
      // Ledger masks exist only for label-preserving perturbations (null on clean and truncate).
      masked: runner.labelPreserving && isAttackFamily(runner.family),
      ...(outcome.edits ? { edits: outcome.edits } : {})
    });
  }
  return list;
}

/** The distinct texts a chunk's candidate lists feed the models, in order of first appearance. */
export function chunkTexts(lists: readonly (readonly Pick<Candidate, 'input'>[])[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const c of list) if (c.input.kind === 'text') seen.add(c.input.text);
  return [...seen];
}

/**
 * Chunks whose feature rows are asked of the thread ahead of the one being scored (rows are large: one chunk ahead is
 * enough).
 */
const ROWS_AHEAD = 1;

/**
 * Texts longer than this on average keep their featurization on the main thread: building their
 * candidates already keeps the thread busier than the main thread, so it would rarely get ahead
 * enough to featurize, and a second copy of the featurizers would only cost memory.
 */
export const ROWS_MEAN_CHARS = 2000;
/**
 * Nor are featurizers shared whose vocabularies hold more features in all: the thread's copy would cost as much memory
 * as the main thread's.
 */
export const ROWS_MAX_FEATURES = 1_000_000;

/**
 * The featurizers whose rows the thread is asked for: all of them, or none when the texts are long or the vocabularies
 * large.
 */
export function featurizersToShare<F extends Pick<Featurizer, 'vocabulary'>>(
  chunks: readonly (readonly Example[])[],
  featurizers: readonly F[]
): readonly F[] {
  const features = featurizers.reduce((n, f) => n + f.vocabulary.length, 0);
  return meanChars(chunks) <= ROWS_MEAN_CHARS && features <= ROWS_MAX_FEATURES ? featurizers : [];
}

function meanChars(chunks: readonly (readonly Example[])[]): number {
  let chars = 0;
  let examples = 0;
  for (const chunk of chunks) {
    examples += chunk.length;
    for (const e of chunk) if (e.input.kind === 'text') chars += e.input.text.length;
  }
  return examples === 0 ? 0 : chars / examples;
}

/** Chunks whose candidates the thread may build ahead of the one being scored. */
export const CHUNKS_AHEAD = 8;
/**
 * Chunks the thread may build before scoring starts: the models train meanwhile (seconds on long
 * texts), and a thread limited to CHUNKS_AHEAD would sit idle for most of it. Only as many as hold
 * AHEAD_AT_START_EXAMPLES examples, so that runs of short texts (full chunks of many small
 * candidates, and short training) keep the memory of CHUNKS_AHEAD chunks.
 */
export const CHUNKS_AHEAD_AT_START = 32;
export const AHEAD_AT_START_EXAMPLES = 16_384;

/** How many of `chunks` to request before scoring starts (at least CHUNKS_AHEAD). */
export function chunksAtStart(chunks: readonly (readonly Example[])[]): number {
  let examples = 0;
  let n = 0;
  while (n < Math.min(chunks.length, CHUNKS_AHEAD_AT_START)) {
    examples += (chunks[n] as readonly Example[]).length;
    if (n >= CHUNKS_AHEAD && examples > AHEAD_AT_START_EXAMPLES) break;
    n++;
  }
  return Math.max(n, Math.min(chunks.length, CHUNKS_AHEAD));
}

/**
 * The text task's candidates, computed once per example and shared by every model: on a second
 * thread when the process started one (perturb-thread.ts), else in place. The thread works
 * through `chunks` (the evaluation's, in order) up to CHUNKS_AHEAD chunks ahead of the one being
 * scored, starting at once with the first chunksAtStart(chunks), which it builds while the models
 * train. While it is ahead, it also featurizes each chunk's texts for the featurizers given to
 * `shareFeaturizers`, which are then handed the rows instead of computing them.
 */
export function textCandidates(
  runners: readonly FamilyRunner[],
  chunks: readonly (readonly Example[])[],
  thread: PerturbationThread | null = null
): CandidateSource {
  const cache = new Map<Example, Candidate[]>();
  const pending = new Map<number, Promise<Candidate[][]>>();
  let featurizers: readonly Featurizer[] = [];
  /** The rows provided for the chunk being scored, handed back to the thread once it is done. */
  const provided: PackedRows[][] = [];
  let requested = 0;
  let rowsRequested = 0;
  const requestUpTo = (end: number) => {
    for (; thread && requested < Math.min(end, chunks.length); requested++)
      pending.set(requested, thread.request(chunks[requested] as readonly Example[]));
  };
  requestUpTo(chunksAtStart(chunks));
  const search = runners.find((r) => r.search)?.search;
  const exact = runners.find((r) => r.exact)?.exact;
  return {
    conditions: conditionsFor(runners),
    ...(search ? { search } : {}),
    ...(exact ? { exact } : {}),
    shareFeaturizers(shared) {
      if (!thread) return;
      featurizers = featurizersToShare(chunks, shared);
      thread.shareFeaturizers(featurizers);
    },
    async prepare(c) {
      if (!thread) return;
      requestUpTo(c + 1 + CHUNKS_AHEAD);
      if (featurizers.length > 0)
        for (; rowsRequested < Math.min(c + 1 + ROWS_AHEAD, requested); rowsRequested++) thread.askRows(rowsRequested);
      const lists = await (pending.get(c) as Promise<Candidate[][]>);
      pending.delete(c);
      const chunk = chunks[c] as readonly Example[];
      lists.forEach((list, i) => cache.set(chunk[i] as Example, list));
      if (featurizers.length === 0) return;
      // One turn of the event loop, so that rows the thread has sent are received (the lists may
      // have been ready with no turn in between); rows not there yet are built here.
      await new Promise((resolve) => setImmediate(resolve));
      const packed = thread.takeRows(c);
      if (packed === null) return;
      provided.push(packed);
      const texts = chunkTexts(lists);
      featurizers.forEach((f, k) => f.provide(texts, unpackRows(packed[k] as PackedRows)));
    },
    candidates(example) {
      let list = cache.get(example);
      if (list === undefined) {
        list = candidatesFor(example, runners);
        cache.set(example, list);
      }
      return list;
    },
    release() {
      cache.clear();
      for (const f of featurizers) f.forgetProvided();
      // Nothing holds a provided row past its chunk: the scorers keep scores, not rows.
      for (const packed of provided.splice(0)) thread?.recycle(packed);
    },
    async close() {
      await thread?.close();
    }
  };
}
