/**
 * `format` (docs/definitions.md#conditions): case and punctuation only.
 *
 * Case: round(eligible ÷ 5) of the eligible words (unprotected, with a case to flip) change,
 * drawn one after another without replacement with positions "case:0", "case:1", … (the
 * draw d picks word ⌊d × remaining⌋; its fractional remainder below 0.15 asks for UPPER).
 * lower → Title (or UPPER), Title → lower, UPPER → Title; mixed-case words are never
 * eligible. A character's case flips only when the flipped form is one code point that
 * lower-cases to the same thing as the original (so ß, ŉ, ſ, ı, İ and the like never
 * change).
 * Punctuation: one edit, at a site drawn with position "punct" among: every "," or ";"
 * that ends a chunk with whitespace after it (→ the other one), and the end of the last
 * chunk: a final "." (→ "!" or removed, drawn with position "end"), a final "!" or "?"
 * (→ "."), a final letter (→ "." added). Sites in protected chunks (numbers, URLs) are
 * excluded, so their punctuation never changes.
 * When there is no punctuation site, at least one eligible word changes, so a row with
 * anything eligible always changes.
 *
 * Validity: the sequence of letters, combining marks and digits, each lower-cased on its
 * own, is unchanged; and the edit ratio is within `max_char_edit_ratio` when set.
 */
import { RunScanner } from '../text/runs.js';
import { closed } from '../config/schema-parts.js';
import { textFamily } from './descriptor.js';
import type { FamilyRunner } from './family.js';
import { decide } from './decision.js';
import { editRatioViolation } from './levenshtein.js';
import { applyEdits, checkedOutcome, withRatio, type FamilyOptions, type RowContext } from './outcome.js';
import { caseChoice, type CaseChoice } from './word-edits.js';
import { scanText, type Chunk, type Word } from './words.js';

const WORDS_PER_CASE_CHANGE = 5;
const UPPER_SHARE = 0.15;

const FORMAT_RULE =
  'only case and punctuation change: the letters, combining marks and digits, each lower-cased, are the same sequence';

interface Site {
  start: number;
  end: number;
  choices: string[];
}

function punctuationSites(text: string, chunks: readonly Chunk[]): Site[] {
  const sites: Site[] = [];
  for (const chunk of chunks) {
    if (chunk.protected) continue;
    // A separator that ends its chunk with whitespace after it.
    const ch = text[chunk.end - 1];
    if ((ch === ',' || ch === ';') && chunk.end < text.length) {
      sites.push({ start: chunk.end - 1, end: chunk.end, choices: [ch === ',' ? ';' : ','] });
    }
  }
  const last = chunks[chunks.length - 1];
  if (last && !last.protected) {
    const end = last.end;
    const ch = text[end - 1] as string;
    if (ch === '.' && text[end - 2] !== '.') sites.push({ start: end - 1, end, choices: ['!', ''] });
    else if (ch === '!' || ch === '?') sites.push({ start: end - 1, end, choices: ['.'] });
    else if (/^\p{L}$/u.test([...last.text].pop() as string)) sites.push({ start: end, end, choices: ['.'] });
  }
  return sites;
}

/**
 * The indices 0..n−1 not taken yet, in order, where taking the r-th remaining one costs
 * O(log n) (a Fenwick tree of 0/1 counts): drawing without replacement from a long text by
 * removing from an array would be quadratic.
 */
export class RemainingIndices {
  private readonly tree: Int32Array;
  /** The highest power of two ≤ n: the first step of the search. */
  private readonly topStep: number;
  size: number;

  constructor(n: number) {
    this.size = n;
    this.tree = new Int32Array(n + 1);
    let step = 1;
    while (step * 2 <= n) step *= 2;
    this.topStep = n > 0 ? step : 0;
    for (let i = 1; i <= n; i++) {
      this.tree[i] = (this.tree[i] as number) + 1;
      const parent = i + (i & -i);
      if (parent <= n) this.tree[parent] = (this.tree[parent] as number) + (this.tree[i] as number);
    }
  }

  /** Removes and returns the r-th (0-based) remaining index; r < size. */
  take(r: number): number {
    const { tree } = this;
    const n = tree.length - 1;
    let at = 0;
    let left = r + 1;
    for (let step = this.topStep; step > 0; step >>= 1) {
      const next = at + step;
      if (next <= n && (tree[next] as number) < left) {
        at = next;
        left -= tree[next] as number;
      }
    }
    // at + 1 is the 1-based position of the index taken.
    for (let i = at + 1; i <= n; i += i & -i) tree[i] = (tree[i] as number) - 1;
    this.size--;
    return at;
  }
}

/** The `format` candidate for one row (see the module comment for the rule). */
export function formatCandidate(text: string, row: RowContext): string {
  const { words, chunks } = scanText(text, row.language);
  // Positions (in `words`) of the eligible words; a chosen word's case choice is worked out
  // again when it is drawn, which keeps a long text from holding one object per word.
  const eligible = new Int32Array(words.length);
  let eligibleCount = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as Readonly<Word>;
    if (word.protection === null && caseChoice(word.text) !== null) eligible[eligibleCount++] = w;
  }
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  const sites = punctuationSites(text, chunks);
  if (sites.length > 0) {
    const site = sites[Math.floor(decide(row.seed, 'format', row.id, 'punct') * sites.length)] as Site;
    const choice =
      site.choices.length === 1 ? 0 : Math.floor(decide(row.seed, 'format', row.id, 'end') * site.choices.length);
    edits.push({ start: site.start, end: site.end, replacement: site.choices[choice] as string });
  }
  let changes = Math.round(eligibleCount / WORDS_PER_CASE_CHANGE);
  if (sites.length === 0 && eligibleCount > 0) changes = Math.max(changes, 1);
  const remaining = new RemainingIndices(eligibleCount);
  for (let j = 0; j < changes && remaining.size > 0; j++) {
    const scaled = decide(row.seed, 'format', row.id, `case:${j}`) * remaining.size;
    const pick = Math.floor(scaled);
    const word = words[eligible[remaining.take(pick)] as number] as Readonly<Word>;
    const { usual, rare } = caseChoice(word.text) as CaseChoice;
    const replacement = scaled - pick < UPPER_SHARE && rare !== null ? rare() : usual;
    edits.push({ start: word.start, end: word.end, replacement });
  }
  return applyEdits(text, edits);
}

/** Runs of letters, marks and digits: joined, they are `text` without what /[^\p{L}\p{M}\p{N}]+/gu matches. */
const LETTER_MARK_OR_DIGIT_RUNS = new RunScanner('[\\p{L}\\p{M}\\p{N}]', 1);

/** Letters, combining marks and digits of `text`, each lower-cased on its own. */
export function foldedLettersAndDigits(text: string): string {
  const kept = LETTER_MARK_OR_DIGIT_RUNS.runs(text).join('');
  // Lower-casing a whole string differs from doing it character by character only for
  // capital sigma (final ς versus σ in context), so each piece between capital sigmas is
  // lower-cased whole and every capital sigma becomes σ, as it does on its own.
  if (!kept.includes('\u03A3')) return kept.toLowerCase();
  return kept
    .split('\u03A3')
    .map((piece) => piece.toLowerCase())
    .join('\u03C3');
}

/** Null when `candidate` is a valid `format` edit of `original`, otherwise why not. */
export function formatViolation(original: string, candidate: string, maxCharEditRatio: number | null): string | null {
  if (foldedLettersAndDigits(original) !== foldedLettersAndDigits(candidate)) {
    return 'a letter or digit changed beyond its case (format may change only case and punctuation)';
  }
  return editRatioViolation(original, candidate, maxCharEditRatio);
}

export function formatFamily(options: FamilyOptions): FamilyRunner {
  return {
    family: 'format',
    labelPreserving: true,
    validityRule: withRatio(FORMAT_RULE, options.maxCharEditRatio),
    parameters: {},
    perturb(input) {
      const candidate = formatCandidate(input.text, { seed: options.seed, id: input.id, language: input.language });
      return checkedOutcome(input.text, candidate, () =>
        formatViolation(input.text, candidate, options.maxCharEditRatio)
      );
    }
  };
}

/** `threat_model.attacks.format: {}`: no parameters. */
export const FORMAT = textFamily({
  name: 'format',
  init: () => ['    format: {}                          # case and punctuation only'],
  task: 'text',
  schema: closed({}),
  attack: true,
  destructive: false,
  read: () => ({}),
  build: (_params, options) => ({ runner: formatFamily(options) })
});
