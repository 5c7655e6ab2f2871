/**
 * What each condition feeds a model for one example: the clean text, or one family's
 * candidate with its changed/valid flags (SPEC §6).
 */
import type { Condition } from '../config/families.js';
import type { Example, ExampleInput } from '../data/example.js';
import type { FamilyRunner } from '../perturb/family.js';

export interface Candidate {
  condition: Condition;
  input: ExampleInput;
  /** The perturbed text (null for clean, or when the input is not text). */
  perturbedText: string | null;
  /** False when the family could not act on this row (no dictionary for its language). */
  attempted: boolean;
  changed: boolean;
  valid: boolean | null;
  invalidReason: string | null;
  labelPreserving: boolean;
}

export function cleanCandidate(example: Example): Candidate {
  return { condition: 'clean', input: example.input, perturbedText: null, attempted: true, changed: false, valid: null, invalidReason: null, labelPreserving: true };
}

/** Conditions evaluated for a set of family runners, in SPEC §6 order. */
export function conditionsFor(runners: readonly FamilyRunner[]): Condition[] {
  return ['clean', ...runners.map((r) => r.family)];
}

export function candidatesFor(example: Example, runners: readonly FamilyRunner[]): Candidate[] {
  const list = [cleanCandidate(example)];
  if (example.input.kind !== 'text') return list;
  const original = example.input.text;
  for (const runner of runners) {
    const outcome = runner.perturb({ id: example.id, text: original, language: example.language });
    const changed = outcome.text !== original;
    list.push({
      condition: runner.family,
      input: changed ? { kind: 'text', text: outcome.text } : example.input,
      perturbedText: outcome.text,
      attempted: outcome.attempted,
      changed,
      // No candidate exists when the family could not act: valid is then null, as on clean rows.
      valid: outcome.attempted ? outcome.valid : null,
      invalidReason: outcome.attempted ? outcome.invalidReason : null,
      labelPreserving: runner.labelPreserving
    });
  }
  return list;
}
