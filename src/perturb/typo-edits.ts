/**
 * The four keyboard slips of the `typo` family and the search's typo operators (docs/families.md#typo): swap two
 * adjacent letters, delete a letter, insert a neighbouring key after a letter, or replace a letter by a neighbouring
 * key. The first and last letters of a word never change. Each (word, operator) has exactly one edit, drawn from
 * (seed, 'typo', id, word index, operator), so the family, the search and any other attack are offered the same one.
 */
import { decide } from './decision.js';
import type { Word } from './words.js';

export const TYPO_OPERATORS = ['typo_swap', 'typo_delete', 'typo_insert', 'typo_substitute'] as const;
export type TypoOperator = (typeof TYPO_OPERATORS)[number];

/** The stream every typo draw comes from, whichever attack asks. */
const STREAM = 'typo';

/** US QWERTY letter rows; each row sits half a key to the right of the row above it. */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * The keys touching each letter key, in reading order (rows top to bottom, left to right): the two above (same and
 * next column), the two beside, the two below (previous and same column).
 */
export const NEIGHBOURS: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  ROWS.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const above = ROWS[r - 1] ?? '';
      const below = ROWS[r + 1] ?? '';
      out[row[c] as string] = [above[c], above[c + 1], row[c - 1], row[c + 1], below[c - 1], below[c]]
        .filter((k): k is string => k !== undefined)
        .join('');
    }
  });
  return out;
})();

/** One drawn slip: the word after it and the code-point position p of the letter it acts on. */
interface TypoEdit {
  op: TypoOperator;
  to: string;
  at: number;
}

/** The neighbour keys of a letter, in its case ('' for anything but a-z and A-Z). */
function keysOf(letter: string): string {
  const keys = NEIGHBOURS[letter];
  if (keys !== undefined) return keys;
  const lower = letter.toLowerCase();
  return lower === letter ? '' : (NEIGHBOURS[lower] ?? '').toUpperCase();
}

/**
 * The code points of a word that typo edits may touch: null unless it is an unprotected word of at least 4 letters
 * made of letters only (an attached combining mark would be split from its letter). A word without surrogate pairs
 * is its own list of code points.
 */
export function typoLetters(word: Readonly<Word>): ArrayLike<string> | null {
  // A word is letters and the marks attached to them: as many letters as code points means no mark.
  if (word.protection !== null || word.letters < 4 || word.letters !== word.cpLength) return null;
  return word.cpLength === word.text.length ? word.text : [...word.text];
}

/**
 * The i-th (position, key) choice an operator has on a word's letters, in position then key order, or with i = -1
 * how many there are. Counting and picking walk the same order, so nothing is listed.
 */
function choice(op: TypoOperator, chars: ArrayLike<string>, i: number): { count: number; p: number; key: string } {
  const n = chars.length;
  let count = 0;
  if (op === 'typo_swap' || op === 'typo_delete') {
    for (let p = 1; p <= n - (op === 'typo_swap' ? 3 : 2); p++) {
      if (op === 'typo_swap' && chars[p] === chars[p + 1]) continue;
      if (count++ === i) return { count, p, key: '' };
    }
    return { count, p: -1, key: '' };
  }
  for (let p = op === 'typo_insert' ? 0 : 1; p <= n - 2; p++) {
    const keys = keysOf(chars[p] as string);
    if (i >= count && i < count + keys.length) return { count, p, key: keys[i - count] as string };
    count += keys.length;
  }
  return { count, p: -1, key: '' };
}

/** The word with the slip at (p, key) made. */
function applied(op: TypoOperator, chars: ArrayLike<string>, p: number, key: string): string {
  const c = Array.from(chars);
  if (op === 'typo_swap') [c[p], c[p + 1]] = [c[p + 1] as string, c[p] as string];
  else if (op === 'typo_delete') c.splice(p, 1);
  else if (op === 'typo_insert') c.splice(p + 1, 0, key);
  else c[p] = key;
  return c.join('');
}

/** Whether the word offers the operator at all (no draw, and no list of its choices, needed to know). */
export function offersTypo(op: TypoOperator, chars: ArrayLike<string>): boolean {
  const n = chars.length;
  if (op === 'typo_delete') return n >= 3;
  if (op === 'typo_swap') {
    for (let p = 1; p <= n - 3; p++) if (chars[p] !== chars[p + 1]) return true;
    return false;
  }
  for (let p = op === 'typo_insert' ? 0 : 1; p <= n - 2; p++) if (keysOf(chars[p] as string) !== '') return true;
  return false;
}

/** The word's one slip of this operator for the row, or null when it offers none. */
export function typoEdit(
  op: TypoOperator,
  word: Readonly<Word>,
  chars: ArrayLike<string>,
  seed: number,
  id: string
): TypoEdit | null {
  const count = choice(op, chars, -1).count;
  if (count === 0) return null;
  const { p, key } = choice(op, chars, Math.floor(decide(seed, STREAM, id, `${word.index}:${op}`) * count));
  return { op, to: applied(op, chars, p, key), at: p };
}

/** Levenshtein distance of a slip: a swap of two different letters is 2, the others 1. */
export function typoCost(op: TypoOperator): number {
  return op === 'typo_swap' ? 2 : 1;
}

/** Which word a fixed-family row edits and which of the word's operators: the family's own draws. */
export function typoFamilyDraw(seed: number, id: string, wordIndex: number, what: 'word' | 'operator'): number {
  return decide(seed, STREAM, id, what === 'word' ? wordIndex : `${wordIndex}:operator`);
}
