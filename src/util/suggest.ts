/**
 * "Did you mean …?": the known name nearest a mistyped one, by edit distance, when it is near
 * enough to be a slip rather than another word. Shared by the command line (options, commands)
 * and the config (unknown keys), so both suggest alike.
 */
import { levenshtein } from '../perturb/levenshtein.js';

/** The candidate nearest `word` (case-insensitively), or null when none is within a few edits. */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let distance = Infinity;
  for (const c of candidates) {
    const d = levenshtein(word.toLowerCase(), c);
    if (d < distance) {
      distance = d;
      best = c;
    }
  }
  return best !== null && distance <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}
