/**
 * Word edits that the fixed families (dictionary.ts, format.ts, transpose.ts) and the search's
 * operators (search/edits.ts) share: a module of their own, so that the search does not import the
 * families' descriptors (docs/development.md#layers).
 */

const ANY_LETTER = /\p{L}/u;

/** Upper-case the first code point. */
function capitalise(word: string): string {
  const first = String.fromCodePoint(word.codePointAt(0) as number);
  return first.toUpperCase() + word.slice(first.length);
}

/** The replacement in the case of `word`, or null when the word's case is mixed. */
export function keepCase(word: string, replacement: string): string | null {
  if (word === word.toLowerCase()) return replacement;
  const chars = [...word];
  const letters = chars.filter((c) => ANY_LETTER.test(c)).length;
  if (letters >= 2 && word === word.toUpperCase()) return replacement.toUpperCase();
  const first = chars[0] as string;
  const rest = chars.slice(1).join('');
  if (first !== first.toLowerCase() && rest === rest.toLowerCase()) return capitalise(replacement);
  return null;
}

const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;

/**
 * Indices i (in code points) where characters i and i+1 of a word may be swapped;
 * `lettersOnly` skips the letter and mark tests for a word known to have no marks.
 */
export function swapPositions(chars: ArrayLike<string>, lettersOnly = false): number[] {
  const out: number[] = [];
  for (let i = 1; i + 1 <= chars.length - 2; i++) {
    const a = chars[i] as string;
    const b = chars[i + 1] as string;
    const letters = lettersOnly || (LETTER.test(a) && LETTER.test(b) && !MARK.test(chars[i + 2] as string));
    if (a !== b && letters) out.push(i);
  }
  return out;
}

/** `mapped` when it is a safe case flip of `ch` (one code point, same lower case), else `ch`. */
function safeFlip(ch: string, mapped: string): string {
  if (mapped === ch) return ch;
  const first = mapped.codePointAt(0);
  if (first === undefined || String.fromCodePoint(first) !== mapped) return ch;
  return mapped.toLowerCase() === ch.toLowerCase() ? mapped : ch;
}

const upper = (ch: string): string => safeFlip(ch, ch.toUpperCase());
const lower = (ch: string): string => safeFlip(ch, ch.toLowerCase());

function splitFirst(word: string): [string, string] {
  const first = String.fromCodePoint(word.codePointAt(0) as number);
  return [first, word.slice(first.length)];
}

/** Every character upper-cased where that is a safe flip. */
function allUpper(word: string): string {
  let out = '';
  for (const ch of word) out += upper(ch);
  return out;
}

export interface CaseChoice {
  /** The usual change: lower → Title, Title → lower, UPPER → Title. */
  usual: string;
  /** For lower-case words: the whole word in upper case (computed only when drawn). */
  rare: (() => string) | null;
}

/** How a word's case may change; null for mixed case or when nothing can flip. */
export function caseChoice(word: string): CaseChoice | null {
  const [first, rest] = splitFirst(word);
  if (word === word.toLowerCase()) {
    const title = upper(first) + rest;
    if (title !== word) return { usual: title, rare: () => allUpper(word) };
    const shouted = allUpper(word);
    return shouted === word ? null : { usual: shouted, rare: null };
  }
  if (rest === rest.toLowerCase()) {
    const lowered = lower(first) + rest;
    return lowered === word ? null : { usual: lowered, rare: null };
  }
  if (word === word.toUpperCase()) {
    let titled = first;
    for (const ch of rest) titled += lower(ch);
    return titled === word ? null : { usual: titled, rare: null };
  }
  return null;
}
