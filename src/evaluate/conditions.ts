/**
 * Text candidates (SPEC §6): the clean text, then one candidate per configured family, each with
 * its changed/valid flags. They depend only on (seed, family, id, text), so every model gets the
 * same list.
 */
import { isAttackFamily, type Condition } from '../config/families.js';
import type { Example } from '../data/example.js';
import type { FamilyRunner } from '../perturb/family.js';
import { inputDigest, type Candidate, type CandidateSource } from './candidate.js';
import type { PerturbationThread } from './perturb-thread.js';

export function cleanCandidate(example: Example): Candidate {
  return { condition: 'clean', input: example.input, digest: inputDigest(example.input), perturbedText: null, attempted: true, changed: false, valid: null, invalidReason: null, masked: false };
}

/** Conditions evaluated for a set of family runners, in SPEC §6 order. */
export function conditionsFor(runners: readonly FamilyRunner[]): Condition[] {
  return ['clean', ...runners.map((r) => r.family)];
}

export function candidatesFor(example: Example, runners: readonly FamilyRunner[]): Candidate[] {
  const clean = cleanCandidate(example);
  const list = [clean];
  if (example.input.kind !== 'text') return list;
  const original = example.input.text;
  for (const runner of runners) {
    const outcome = runner.perturb({ id: example.id, text: original, language: example.language });
    const changed = outcome.text !== original;
    const input = changed ? { kind: 'text' as const, text: outcome.text } : example.input;
    list.push({
      condition: runner.family,
      input,
      digest: changed ? inputDigest(input) : clean.digest,
      perturbedText: outcome.text,
      attempted: outcome.attempted,
      changed,
      // No candidate exists when the family could not act: valid is then null, as on clean rows.
      valid: outcome.attempted ? outcome.valid : null,
      invalidReason: outcome.attempted ? outcome.invalidReason : null,
      // Ledger masks exist only for label-preserving perturbations (null on clean and truncate).
      masked: runner.labelPreserving && isAttackFamily(runner.family)
    });
  }
  return list;
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
 * scored, starting at once with the first chunksAtStart(chunks), which it builds while the models train.
 */
export function textCandidates(runners: readonly FamilyRunner[], chunks: readonly (readonly Example[])[], thread: PerturbationThread | null = null): CandidateSource {
  const cache = new Map<Example, Candidate[]>();
  const pending = new Map<number, Promise<Candidate[][]>>();
  let requested = 0;
  const requestUpTo = (end: number) => {
    for (; thread && requested < Math.min(end, chunks.length); requested++) pending.set(requested, thread.request(chunks[requested] as readonly Example[]));
  };
  requestUpTo(chunksAtStart(chunks));
  return {
    conditions: conditionsFor(runners),
    async prepare(c) {
      if (!thread) return;
      requestUpTo(c + 1 + CHUNKS_AHEAD);
      const lists = await (pending.get(c) as Promise<Candidate[][]>);
      pending.delete(c);
      const chunk = chunks[c] as readonly Example[];
      lists.forEach((list, i) => cache.set(chunk[i] as Example, list));
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
    },
    async close() {
      await thread?.close();
    }
  };
}
