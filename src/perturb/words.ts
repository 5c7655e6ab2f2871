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

const ASCII_LETTERS = /^[A-Za-z]*$/;

/** The comparison form of a word: NFC, lower case. */
export function foldWord(word: string): string {
  return (ASCII_LETTERS.test(word) ? word : word.normalize('NFC')).toLowerCase();
}

/** True when `word` is a negator of the given language's list. */
export function isNegator(word: string, language: string): boolean {
  return negatorsFor(language).has(foldWord(word));
}

/** True when `word` is a negator in any language's list. */
export function isNegatorInAnyLanguage(word: string): boolean {
  return ALL_NEGATORS.has(foldWord(word));
}

const HAS_NUMBER = /\p{N}/u;
const STARTS_WWW = /^[^\p{L}\p{N}]*www\./iu;

/** True when a whitespace-delimited chunk holds a number or a URL and so must not change at all. */
export function isProtectedChunk(chunk: string): boolean {
  return HAS_NUMBER.test(chunk) || chunk.includes('://') || STARTS_WWW.test(chunk);
}

export type ProtectionReason = 'negator' | 'number-or-url';

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

export interface Scan {
  readonly words: readonly Readonly<Word>[];
  readonly chunks: readonly Readonly<Chunk>[];
}

const WORD = /\p{L}[\p{L}\p{M}]*/gu;
const CHUNK = /\S+/gu;
const HAS_MARK = /\p{M}/u;
const SURROGATE = /[\uD800-\uDFFF]/;
const MARKS = /\p{M}/gu;
/** No negator is longer than this in UTF-16 units, even decomposed ("não" → 4). */
const MAX_NEGATOR_UNITS = 8;

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

function freshScan(text: string, language: string): Scan {
  const chunks: Chunk[] = [];
  for (const m of text.matchAll(CHUNK)) {
    chunks.push({ text: m[0], start: m.index, end: m.index + m[0].length, protected: isProtectedChunk(m[0]) });
  }
  const negators = negatorsFor(language);
  const words: Word[] = [];
  // Without surrogate pairs, code-point offsets equal UTF-16 offsets.
  const astral = SURROGATE.test(text);
  let chunkIndex = 0;
  let cpOffset = 0;
  let unitOffset = 0;
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    cpOffset += astral ? countCodePoints(text, unitOffset, start) : start - unitOffset;
    unitOffset = start;
    while (chunkIndex < chunks.length && (chunks[chunkIndex] as Chunk).end <= start) chunkIndex++;
    const chunk = chunks[chunkIndex];
    const inProtectedChunk = chunk !== undefined && chunk.start <= start && chunk.protected;
    const cpLength = astral ? countCodePoints(text, start, end) : end - start;
    const letters = HAS_MARK.test(m[0]) ? cpLength - (m[0].match(MARKS) as RegExpMatchArray).length : cpLength;
    const protection: ProtectionReason | null = inProtectedChunk
      ? 'number-or-url'
      : m[0].length <= MAX_NEGATOR_UNITS && negators.has(foldWord(m[0]))
        ? 'negator'
        : null;
    words.push({ index: words.length, text: m[0], start, end, cpStart: cpOffset, cpLength, letters, protection });
  }
  return { words, chunks };
}

/** Code points in text[from, to) (UTF-16 offsets). */
function countCodePoints(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
