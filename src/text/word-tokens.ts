/**
 * Word tokens exactly as scikit-learn's default `token_pattern` `(?u)\b\w\w+\b` after
 * `lowercase=True`: maximal runs of two or more Unicode word characters. Python's `\w`
 * is letters, digits/numerics and underscore; JavaScript's `\w` is ASCII-only, hence the
 * explicit property classes. Combining marks (Mn/Mc) are not word characters in Python
 * either, so a decomposed accent splits a token there too.
 */
import { RunScanner } from './runs.js';

/** Finds the runs of /[\p{L}\p{N}_]{2,}/gu (runs.ts). */
const SCANNER = new RunScanner('[\\p{L}\\p{N}_]', 2);

export function wordTokens(text: string): string[] {
  return SCANNER.runs(text.toLowerCase());
}
