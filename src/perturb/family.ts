/**
 * The contract every perturbation family (docs/definitions.md#conditions) fulfils. A family turns one text into one
 * candidate, deterministically from (seed, family, example id, position), and checks the
 * candidate against its own validity rule (plus `max_char_edit_ratio` where it applies).
 */
import type { PerturbInput } from './input.js';
import type { SearchEdit } from './search/edits.js';
import type { TextExact } from './exact/runner.js';
import type { AdaptiveSearch } from './search/runner.js';

export interface PerturbOutcome {
  /** The candidate; equal to the input text when the family changed nothing. */
  text: string;
  /** False when the family could not act at all on this row (e.g. no dictionary for its language). */
  attempted: boolean;
  /** Why the family could not act; null when attempted. */
  notAttemptedReason: 'no_dictionary' | null;
  /** Whether the candidate satisfies the family's validity rule (true for an unchanged text). */
  valid: boolean;
  /** Why the candidate is invalid; null when valid. */
  invalidReason: string | null;
  /** The word edits made, for a family whose rows record them (`typo`); absent otherwise. */
  edits?: SearchEdit[];
}

export interface FamilyRunner {
  /** The family's name (its descriptor's). */
  family: string;
  /** False only for `truncate`, which can change the true class (docs/definitions.md#conditions). */
  labelPreserving: boolean;
  /** Human-readable validity rule, recorded in the manifest. */
  validityRule: string;
  /** Parameters as recorded in the manifest. */
  parameters: Record<string, unknown>;
  perturb(input: PerturbInput): PerturbOutcome;
  /** Set for the adaptive search: the evaluator runs it per model instead of calling `perturb`. */
  search?: AdaptiveSearch;
  /** Set for text `exact`: the evaluator enumerates each row's edit space per model instead of calling `perturb`. */
  exact?: TextExact;
}
