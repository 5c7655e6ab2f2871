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

const LETTER = /^\p{L}$/u;

/** The neighbour keys of a letter, in its case ('' for anything but a-z and A-Z). */
function keysOf(letter: string): string {
  const lower = letter.toLowerCase();
  const keys = NEIGHBOURS[lower] ?? '';
  return letter === lower ? keys : keys.toUpperCase();
}

/**
 * The code points of a word that typo edits may touch: null unless it is an unprotected word of at least 4 letters
 * made of letters only (an attached combining mark would be split from its letter).
 */
export function typoLetters(word: Readonly<Word>): string[] | null {
  if (word.protection !== null || word.letters < 4 || word.letters !== word.cpLength) return null;
  const chars = [...word.text];
  return chars.every((c) => LETTER.test(c)) ? chars : null;
}

/** The (position, key) choices an operator has on a word's letters, in position then key order. */
function choices(op: TypoOperator, chars: readonly string[]): Array<[number, string]> {
  const n = chars.length;
  const out: Array<[number, string]> = [];
  if (op === 'typo_swap') {
    for (let p = 1; p <= n - 3; p++) if (chars[p] !== chars[p + 1]) out.push([p, '']);
  } else if (op === 'typo_delete') {
    for (let p = 1; p <= n - 2; p++) out.push([p, '']);
  } else {
    const from = op === 'typo_insert' ? 0 : 1;
    for (let p = from; p <= n - 2; p++) for (const k of keysOf(chars[p] as string)) out.push([p, k]);
  }
  return out;
}

/** The word with the slip at (p, key) made. */
function applied(op: TypoOperator, chars: readonly string[], p: number, key: string): string {
  const c = [...chars];
  if (op === 'typo_swap') [c[p], c[p + 1]] = [c[p + 1] as string, c[p] as string];
  else if (op === 'typo_delete') c.splice(p, 1);
  else if (op === 'typo_insert') c.splice(p + 1, 0, key);
  else c[p] = key;
  return c.join('');
}

/** Whether the word offers the operator at all (no draw needed to know). */
export function offersTypo(op: TypoOperator, chars: readonly string[]): boolean {
  return choices(op, chars).length > 0;
}

/** The word's one slip of this operator for the row, or null when it offers none. */
export function typoEdit(
  op: TypoOperator,
  word: Readonly<Word>,
  chars: readonly string[],
  seed: number,
  id: string
): TypoEdit | null {
  const options = choices(op, chars);
  if (options.length === 0) return null;
  const [p, key] = options[Math.floor(decide(seed, STREAM, id, `${word.index}:${op}`) * options.length)] as [
    number,
    string
  ];
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
