/**
 * What each condition feeds a model for one example. This release evaluates `clean` only;
 * perturbation families (SPEC §6) plug in here as further producers of candidates.
 */
import type { Condition } from '../config/families.js';
import type { Example, ExampleInput } from '../data/example.js';

export interface Candidate {
  condition: Condition;
  input: ExampleInput;
  /** The perturbed text (null for clean, or when the input is not text). */
  perturbedText: string | null;
  changed: boolean;
  valid: boolean | null;
  invalidReason: string | null;
}

export function cleanCandidate(example: Example): Candidate {
  return { condition: 'clean', input: example.input, perturbedText: null, changed: false, valid: null, invalidReason: null };
}

/** Conditions evaluated by this release, in SPEC §6 order. */
export function evaluatedConditions(): Condition[] {
  return ['clean'];
}

export function candidatesFor(example: Example, conditions: readonly Condition[]): Candidate[] {
  return conditions.map((condition) => {
    if (condition === 'clean') return cleanCandidate(example);
    throw new Error(`condition ${condition} has no producer in this release`);
  });
}
