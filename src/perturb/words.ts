/**
 * Shared text scanning for the perturbation families.
 *
 * A word is a maximal run of Unicode letters, together with any combining marks that
 * follow a letter inside the run (so a decomposed "ã" stays one word). A chunk is a
 * maximal run of non-whitespace characters.
 *
 * Protected text is never edited by any family:
 * - negator words of the row's language (en: not, never, no; es: no, nunca, ni;
 *   pt: não, nunca, nem), compared case-insensitively after NFC normalisation; a
 *   language without its own list protects the union of the three lists;
 * - every chunk that contains a digit (numbers such as "12%", "n=240", "2017"), and
 *   every chunk that looks like a URL (contains "://" or starts with "www.", ignoring
 *   opening punctuation and case). These chunks are untouchable as a whole, including
 *   their punctuation, and every word inside them is protected.
 *
 * Portuguese "no" ("in the") is deliberately not a Portuguese negator.
 */

import { CharClass, codePointAt } from '../util/char-class.js';

export const NEGATORS: Readonly<Record<string, readonly string[]>> = {
  en: ['not', 'never', 'no'],
  es: ['no', 'nunca', 'ni'],
  pt: ['não', 'nunca', 'nem']
};

const ALL_NEGATORS: ReadonlySet<string> = new Set(Object.values(NEGATORS).flat());
const NEGATOR_SETS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(NEGATORS).map(([language, list]) => [language, new Set(list)])
);

/** The negator set protecting a row of `language` (exact code, then its primary subtag, else the union). */
export function negatorsFor(language: string): ReadonlySet<string> {
  const exact = NEGATOR_SETS.get(language);
  if (exact) return exact;
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return NEGATOR_SETS.get(primary) ?? ALL_NEGATORS;
}

/** The comparison form of a word: NFC, lower case. */
export function foldWord(word: string): string {
  // ASCII text is its own NFC form; most words are ASCII, and normalising is not free.
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x80) return word.normalize('NFC').toLowerCase();
  return word.toLowerCase();
}

/** True when `word` is a negator in any language's list. */
export function isNegatorInAnyLanguage(word: string): boolean {
  return ALL_NEGATORS.has(foldWord(word));
}

const NUMBER = new CharClass('\\p{N}');
/** What the case-insensitive expression skips before "www." (U+0345, say, folds to a letter and is not skipped). */
const BEFORE_WWW = new CharClass('[^\\p{L}\\p{N}]', 'iu');

/**
 * True when a whitespace-delimited chunk holds a number or a URL and so must not change at all:
 * /\p{N}/u matches, it holds "://", or /^[^\p{L}\p{N}]*www\./iu matches (a test holds this
 * walk to those expressions).
 */
export function isProtectedChunk(chunk: string): boolean {
  let lead = -1;
  for (let i = 0; i < chunk.length;) {
    const cp = codePointAt(chunk, i);
    if (NUMBER.has(cp)) return true;
    if (lead < 0 && !BEFORE_WWW.has(cp)) lead = i;
    i += cp > 0xffff ? 2 : 1;
  }
  if (chunk.includes('://')) return true;
  // "www." after the opening run of characters that are neither letters nor numbers, in any case.
  const at = lead < 0 ? chunk.length : lead;
  return at + 4 <= chunk.length && chunk.slice(at, at + 4).toLowerCase() === 'www.';
}

type ProtectionReason = 'negator' | 'number-or-url';

export interface Word {
  /** Position among all words of the text, protected ones included. */
  index: number;
  text: string;
  /** UTF-16 offsets, end exclusive. */
  start: number;
  end: number;
  /** Offset of the first character in code points. */
  cpStart: number;
  /** Length in code points (letters and attached marks). */
  cpLength: number;
  /** Number of letters (combining marks not counted). */
  letters: number;
  protection: ProtectionReason | null;
}

export interface Chunk {
  text: string;
  /** UTF-16 offsets, end exclusive. */
  start: number;
  end: number;
  protected: boolean;
}

interface Scan {
  readonly words: readonly Readonly<Word>[];
  readonly chunks: readonly Readonly<Chunk>[];
}

/** No negator is longer than this in UTF-16 units, even decomposed ("não" → 4). */
const MAX_NEGATOR_UNITS = 8;
/**
 * Every negator starts with "n", and only "n" and "N" fold to a word starting with "n" (no other
 * character's NFC or lower case begins with it; a test checks every code point), so a word that
 * starts otherwise is not folded to be compared.
 */
const NEGATORS_START_WITH_N = [...ALL_NEGATORS].every((w) => w.startsWith('n'));

/** JavaScript's \s (what /\S+/u cuts chunks on); all of it is in the BMP. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const LETTER = new CharClass('\\p{L}');
const MARK = new CharClass('\\p{M}');

// The last few scans: a family scans the original to build its candidate and again to check it.
const recent: Array<{ text: string; language: string; scan: Scan }> = [];
const RECENT = 4;

/**
 * Split `text` into chunks and words and mark what is protected (see the module comment).
 * The result is shared between callers (the last few are remembered): do not modify it.
 */
export function scanText(text: string, language: string): Scan {
  for (const entry of recent) if (entry.text === text && entry.language === language) return entry.scan;
  const scan = freshScan(text, language);
  recent.unshift({ text, language, scan });
  if (recent.length > RECENT) recent.pop();
  return scan;
}

/** Chunks: maximal runs of non-whitespace (/\S+/u). */
function chunksOf(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    if (i > start) {
      const chunk = text.slice(start, i);
      chunks.push({ text: chunk, start, end: i, protected: isProtectedChunk(chunk) });
    }
  }
  return chunks;
}

/**
 * Words are the matches of /\p{L}[\p{L}\p{M}]*\/gu, found in one walk over the code points that
 * also counts code-point offsets and letters; chunks those of /\S+/gu (a test holds both to the
 * expressions).
 */
function freshScan(text: string, language: string): Scan {
  const chunks = chunksOf(text);
  const negators = negatorsFor(language);
  const words: Word[] = [];
  const n = text.length;
  let chunkIndex = 0;
  let cp = 0;
  let i = 0;
  while (i < n) {
    let point = codePointAt(text, i);
    if (!LETTER.has(point)) {
      i += point > 0xffff ? 2 : 1;
      cp++;
      continue;
    }
    const start = i;
    const cpStart = cp;
    let letters = 0;
    // The run: a letter, then letters and marks.
    for (;;) {
      const letter = LETTER.has(point);
      if (!letter && !MARK.has(point)) break;
      if (letter) letters++;
      i += point > 0xffff ? 2 : 1;
      cp++;
      if (i >= n) break;
      point = codePointAt(text, i);
    }
    const end = i;
    const word = text.slice(start, end);
    while (chunkIndex < chunks.length && (chunks[chunkIndex] as Chunk).end <= start) chunkIndex++;
    const chunk = chunks[chunkIndex];
    const inProtectedChunk = chunk !== undefined && chunk.start <= start && chunk.protected;
    const first = text.charCodeAt(start);
    const mayBeNegator =
      word.length <= MAX_NEGATOR_UNITS && (!NEGATORS_START_WITH_N || first === 0x6e || first === 0x4e);
    const protection: ProtectionReason | null = inProtectedChunk
      ? 'number-or-url'
      : mayBeNegator && negators.has(foldWord(word))
        ? 'negator'
        : null;
    words.push({ index: words.length, text: word, start, end, cpStart, cpLength: cp - cpStart, letters, protection });
  }
  return { words, chunks };
}
