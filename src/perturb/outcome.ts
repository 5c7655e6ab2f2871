/** Pieces every family runner shares: its options and how an outcome is assembled. */
import type { PerturbOutcome } from './family.js';

/** Run-wide settings a family needs: the statistics seed and the threat model's edit bound. */
export interface FamilyOptions {
  seed: number;
  /** `constraints.max_char_edit_ratio`; null when not set. */
  maxCharEditRatio: number | null;
}

/** The row a family acts on, as far as its random choices are concerned. */
export interface RowContext {
  seed: number;
  id: string;
  language: string;
}

/**
 * An attempted outcome: an unchanged candidate is valid without a check; otherwise
 * `check` (the family's validity rule) decides and its reason is kept.
 */
export function checkedOutcome(original: string, candidate: string, check: () => string | null): PerturbOutcome {
  const reason = candidate === original ? null : check();
  return { text: candidate, attempted: true, notAttemptedReason: null, valid: reason === null, invalidReason: reason };
}

/** Splice non-overlapping edits (UTF-16 ranges) into `text`. */
export function applyEdits(text: string, edits: Array<{ start: number; end: number; replacement: string }>): string {
  if (edits.length === 0) return text;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.start) + edit.replacement;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** A rule text with the edit-ratio bound appended when one is set. */
export function withRatio(rule: string, max: number | null): string {
  return max === null ? rule : `${rule}; and Levenshtein distance ÷ original length (code points) ≤ ${max}`;
}
