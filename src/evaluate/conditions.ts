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

/**
 * The text task's candidates, computed once per example and shared by every model: on a second
 * thread, a chunk ahead, when the process started one (perturb-thread.ts), else in place.
 */
export function textCandidates(runners: readonly FamilyRunner[], thread: PerturbationThread | null = null): CandidateSource {
  const cache = new Map<Example, Candidate[]>();
  let ahead: { examples: readonly Example[]; lists: Promise<Candidate[][]> } | null = null;
  return {
    conditions: conditionsFor(runners),
    async prepare(examples, next) {
      if (thread) {
        const lists = ahead !== null && ahead.examples[0] === examples[0] && ahead.examples.length === examples.length ? ahead.lists : thread.request(examples);
        ahead = next.length > 0 ? { examples: next, lists: thread.request(next) } : null;
        (await lists).forEach((list, i) => cache.set(examples[i] as Example, list));
      }
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
