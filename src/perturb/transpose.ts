/**
 * `transpose` (docs/definitions.md#conditions): swap two adjacent interior letters inside some words.
 *
 * Eligible words: unprotected words of at least 4 letters that have a swappable pair,
 * i.e. code points i, i+1 of the word with 1 ≤ i and i+1 ≤ length−2 (neither the first nor
 * the last character moves), both letters, different from each other, and with no
 * combining mark attached to the second one.
 * k = max(1, round(eligible ÷ words_per_change)), at most the number of eligible words.
 * The k eligible words with the smallest decide(seed, 'transpose', id, wordIndex) change
 * (ties by word index); inside each, the pair is drawn with position `${wordIndex}:swap`
 * among its swappable pairs. One swap per chosen word.
 *
 * Validity (checked on the candidate text alone, independently of how it was made): the
 * same length in code points, every difference is one adjacent swap (a, b) → (b, a) of two
 * different letters interior to an unprotected word of ≥ 4 letters, at most one swap per
 * word, the swaps are exactly the declared ones (when declared), and the edit ratio is
 * within `max_char_edit_ratio` when set.
 */
import { closed } from '../config/schema-parts.js';
import { textFamily } from './descriptor.js';
import type { FamilyRunner } from './family.js';
import { decide } from './decision.js';
import { editRatioViolation } from './levenshtein.js';
import { applyEdits, checkedOutcome, withRatio, type FamilyOptions, type RowContext } from './outcome.js';
import { codePointLength } from '../util/strings.js';
import { swapPositions } from './word-edits.js';
import { scanText, type Word } from './words.js';

const TRANSPOSE_RULE =
  'the edit is exactly the declared swaps of two adjacent, different, interior letters, at most one per ' +
  'unprotected word of at least 4 letters';

const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The code points of `s`, indexable: the string itself when it has no surrogate pairs
 * (then code units are code points), otherwise an array. `cpLength`, when known, spares
 * the test.
 */
function characters(s: string, cpLength?: number): ArrayLike<string> {
  const plain = cpLength === undefined ? !SURROGATE.test(s) : cpLength === s.length;
  return plain ? s : [...s];
}

interface TransposeResult {
  text: string;
  /** Code-point offsets p of the swapped pairs (p, p+1), ascending. */
  swaps: number[];
}

/** The `transpose` candidate for one row and the swaps it declares. */
export function transposeCandidate(text: string, row: RowContext, wordsPerChange: number): TransposeResult {
  const words = scanText(text, row.language).words;
  // Eligible words as positions in `words` with their draws; the swap positions of a chosen
  // word are worked out again, which keeps a long text from holding arrays for every word.
  const eligible: number[] = [];
  const draws: number[] = [];
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as Readonly<Word>;
    if (word.protection !== null || word.letters < 4) continue;
    if (swapPositionsOf(word).length === 0) continue;
    eligible.push(w);
    draws.push(decide(row.seed, 'transpose', row.id, word.index));
  }
  if (eligible.length === 0) return { text, swaps: [] };
  const k = Math.min(eligible.length, Math.max(1, Math.round(eligible.length / wordsPerChange)));
  const order = Array.from(eligible.keys()).sort((a, b) => (draws[a] as number) - (draws[b] as number) || a - b);
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  const swaps: number[] = [];
  for (const e of order.slice(0, k)) {
    const word = words[eligible[e] as number] as Readonly<Word>;
    const chars = characters(word.text, word.cpLength);
    const positions = swapPositionsOf(word, chars);
    const i = positions[
      Math.floor(decide(row.seed, 'transpose', row.id, `${word.index}:swap`) * positions.length)
    ] as number;
    const swapped = Array.from(chars);
    swapped[i] = chars[i + 1] as string;
    swapped[i + 1] = chars[i] as string;
    edits.push({ start: word.start, end: word.end, replacement: swapped.join('') });
    swaps.push(word.cpStart + i);
  }
  swaps.sort((a, b) => a - b);
  return { text: applyEdits(text, edits), swaps };
}

/** The swap positions of a scanned word (a word without combining marks is letters only). */
function swapPositionsOf(word: Readonly<Word>, chars = characters(word.text, word.cpLength)): number[] {
  return swapPositions(chars, word.letters === word.cpLength);
}

/**
 * The code point at UTF-16 index i of s as a string (a lone surrogate on its own, as `[...s]` gives it); '' past the
 * end.
 */
function codePointAt(s: string, i: number): string {
  const cp = s.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** UTF-16 units of code point cp. */
function unitsOf(cp: number): number {
  return cp > 0xffff ? 2 : 1;
}

/** UTF-16 units of the code point whose first unit is at index i. */
function unitsAt(s: string, i: number): number {
  return unitsOf(s.codePointAt(i) as number);
}

/**
 * Null when `candidate` is a valid `transpose` edit of `original`, otherwise why not.
 * `declared` (code-point offsets of the swapped pairs), when given, must match exactly.
 *
 * Both texts are walked code point by code point in place: spreading a long text with astral
 * characters into an array of one-character strings cost the e-mail bench about 50 MB of fresh
 * memory (docs/performance.md#fresh-memory).
 */
export function transposeViolation(
  original: string,
  candidate: string,
  language: string,
  maxCharEditRatio: number | null,
  declared?: readonly number[]
): string | null {
  const length = codePointLength(original);
  const candidateLength = codePointLength(candidate);
  if (length !== candidateLength)
    return `length changed from ${length} to ${candidateLength} code points; swaps keep the length`;
  // Each swap's code-point offset p, and the UTF-16 offset of original's code point p.
  const swaps: number[] = [];
  const swapUnits: number[] = [];
  let io = 0;
  let ic = 0;
  for (let p = 0; p < length; p++) {
    const a = original.codePointAt(io) as number;
    const b = candidate.codePointAt(ic) as number;
    const la = unitsOf(a);
    const lb = unitsOf(b);
    if (a === b) {
      io += la;
      ic += lb;
      continue;
    }
    const a2 = p + 1 < length ? (original.codePointAt(io + la) as number) : -1;
    const b2 = p + 1 < length ? (candidate.codePointAt(ic + lb) as number) : -1;
    if (!(p + 1 < length && b === a2 && b2 === a)) {
      return (
        `code point ${p} changed from ${JSON.stringify(String.fromCodePoint(a))} to ` +
        `${JSON.stringify(String.fromCodePoint(b))}, not as part of an adjacent swap`
      );
    }
    swaps.push(p);
    swapUnits.push(io);
    // The pair's second code points are a2 (original) and b2 (candidate), already read above.
    io += la + unitsOf(a2);
    ic += lb + unitsOf(b2);
    p++;
  }
  if (declared && (declared.length !== swaps.length || declared.some((p, i) => p !== swaps[i]))) {
    return (
      `the swaps made (at code points ${swaps.join(', ') || 'none'}) differ from those declared (` +
      `${declared.join(', ') || 'none'})`
    );
  }
  const words = scanText(original, language).words;
  let w = 0;
  let lastWord = -1;
  for (let k = 0; k < swaps.length; k++) {
    const p = swaps[k] as number;
    while (w < words.length && (words[w] as Word).cpStart + (words[w] as Word).cpLength <= p) w++;
    const word = words[w];
    const at = `swap at code points ${p}-${p + 1}`;
    if (!word || word.cpStart > p || p + 1 >= word.cpStart + word.cpLength) return `${at} is not inside one word`;
    const name = JSON.stringify(word.text);
    if (word.protection !== null) return `${at} edits the protected word ${name}`;
    if (word.letters < 4) return `${at} is in ${name}, a word of fewer than 4 letters`;
    if (p === word.cpStart || p + 1 === word.cpStart + word.cpLength - 1)
      return `${at} moves the first or last character of ${name}`;
    const first = swapUnits[k] as number;
    const second = first + unitsAt(original, first);
    const after = second + unitsAt(original, second);
    if (
      !LETTER.test(codePointAt(original, first)) ||
      !LETTER.test(codePointAt(original, second)) ||
      MARK.test(codePointAt(original, after))
    ) {
      return `${at} in ${name} moves something other than two letters without accents attached`;
    }
    if (w === lastWord) return `${at} is a second swap in ${name}`;
    lastWord = w;
  }
  // Each checked swap is two substitutions, so the distance is at most twice their number.
  return editRatioViolation(original, candidate, maxCharEditRatio, 2 * swaps.length);
}

export function transposeFamily(options: FamilyOptions, params: { words_per_change: number }): FamilyRunner {
  const wordsPerChange = params.words_per_change;
  return {
    family: 'transpose',
    labelPreserving: true,
    validityRule: withRatio(TRANSPOSE_RULE, options.maxCharEditRatio),
    parameters: { words_per_change: wordsPerChange },
    perturb(input) {
      const { text, swaps } = transposeCandidate(
        input.text,
        { seed: options.seed, id: input.id, language: input.language },
        wordsPerChange
      );
      return checkedOutcome(input.text, text, () =>
        transposeViolation(input.text, text, input.language, options.maxCharEditRatio, swaps)
      );
    }
  };
}

/** One swap per this many eligible words unless the config says otherwise. */
const DEFAULT_WORDS_PER_CHANGE = 5;

/** `threat_model.attacks.transpose: { words_per_change? }`. */
export const TRANSPOSE = textFamily({
  name: 'transpose',
  init: () => ['    transpose: { words_per_change: 5 }  # swaps two adjacent letters in about one word in five'],
  task: 'text',
  schema: closed({ words_per_change: { type: 'integer', minimum: 1 } }),
  attack: true,
  destructive: false,
  read: (raw) => ({ words_per_change: raw.words_per_change ?? DEFAULT_WORDS_PER_CHANGE }),
  build: (params, options) => ({ runner: transposeFamily(options, params) })
});
