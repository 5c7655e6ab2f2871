/**
 * The atomic edits the adaptive search combines (docs/search.md). Each edit rewrites one word
 * (a maximal run of letters, as the families scan it) and leaves everything else alone; words
 * that the families protect (negators, words inside numbers and URLs) are never offered.
 *
 * - `transpose`: swap two adjacent interior letters of a word of at least 4 letters (the pair
 *   is drawn from (seed, 'search', id, word index), so every model is offered the same edit);
 * - `dictionary`: the word's replacement in the row language's dictionary, in the word's case;
 * - `format`: the word's usual case change (lower → Title, Title → lower, UPPER → Title).
 *
 * A set of edits is valid when each touches a different word, there are at most the word limit
 * of them, and the text they make satisfies `max_char_edit_ratio`.
 */
import { decide } from '../decision.js';
import { codePointLength } from '../../util/strings.js';
import { allowedEdits, editRatioViolation, levenshtein } from '../levenshtein.js';
import { caseChoice, keepCase, swapPositions } from '../word-edits.js';
import { offersTypo, TYPO_OPERATORS, typoCost, typoEdit, typoLetters, type TypoOperator } from '../typo-edits.js';
import { foldWord, scanText, type Word } from '../words.js';

export const SEARCH_OPERATORS = ['transpose', 'dictionary', 'format', ...TYPO_OPERATORS] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/**
 * One atomic edit as the evidence records it: the word's index among all words, before and after; a typo also says
 * where (`at`, the code-point position of the letter it acts on, docs/families.md#typo).
 */
export interface SearchEdit {
  op: SearchOperator;
  word: number;
  from: string;
  to: string;
  at?: number;
}

/** An edit with the UTF-16 range of its word in the original text. */
export interface PlacedEdit extends SearchEdit {
  start: number;
  end: number;
  /** At least the Levenshtein distance from `from` to `to` (the sum over a set bounds the candidate's distance). */
  cost: number;
}

/**
 * The editable positions of one text: the words (in text order) that offer at least one single edit.
 * The edits themselves are made on demand (editsAt): a long text has hundreds of thousands of them,
 * and a search under a budget looks at a few hundred.
 */
export interface EditSpace {
  text: string;
  /** Words of the text, protected ones included (the word limit counts them all). */
  words: number;
  /** How many words offer an edit. */
  size: number;
  /** How many single edits editable word i (0 ≤ i < size) offers. */
  countAt(i: number): number;
  /** The largest cost among word i's edits (each edit's own cost: see PlacedEdit.cost). */
  costAt(i: number): number;
  /** Editable word i's single edits, in operator order (made afresh on each call). */
  editsAt(i: number): PlacedEdit[];
}

/**
 * Case-keeping swap of code points i and i + 1 of a word; `plain`: it has no surrogate pairs, so code units are code
 * points.
 */
function swapped(word: string, i: number, plain: boolean): string {
  if (plain) return word.slice(0, i) + (word[i + 1] as string) + (word[i] as string) + word.slice(i + 2);
  const chars = [...word];
  const a = chars[i] as string;
  chars[i] = chars[i + 1] as string;
  chars[i + 1] = a;
  return chars.join('');
}

function transposeEdit(word: Readonly<Word>, seed: number, id: string): string | null {
  if (word.letters < 4) return null;
  // Without surrogate pairs the word's code units are its code points: no array is needed.
  const plain = word.cpLength === word.text.length;
  const chars = plain ? word.text : [...word.text];
  const positions = swapPositions(chars, word.letters === word.cpLength);
  if (positions.length === 0) return null;
  const i = positions[Math.floor(decide(seed, 'search', id, `${word.index}:swap`) * positions.length)] as number;
  return swapped(word.text, i, plain);
}

function dictionaryEdit(word: Readonly<Word>, words: ReadonlyMap<string, string> | undefined): string | null {
  const replacement = words?.get(foldWord(word.text));
  if (replacement === undefined) return null;
  const cased = keepCase(word.text, replacement);
  return cased === null || cased === word.text ? null : cased;
}

function formatEdit(word: Readonly<Word>): string | null {
  const choice = caseChoice(word.text);
  return choice === null || choice.usual === word.text ? null : choice.usual;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A bound on the Levenshtein distance of one edit, cheap where the operator allows: a swap of two
 * adjacent letters is 2 (0 if they are equal), a case change of the same length is at most the
 * number of code points that differ; a dictionary word takes the exact distance. A bound is all
 * the validity check needs: when a set's bounds exceed what max_char_edit_ratio allows, the
 * candidate's exact distance decides.
 */
function editCost(op: SearchOperator, from: string, to: string): number {
  if (from === to) return 0;
  if (op === 'transpose') return 2;
  if (isTypo(op)) return typoCost(op);
  if (op === 'format') {
    // Without surrogates, code units are code points: count the ones that differ in place.
    if (from.length === to.length && !SURROGATE.test(from) && !SURROGATE.test(to)) {
      let n = 0;
      for (let i = 0; i < from.length; i++) if (from.charCodeAt(i) !== to.charCodeAt(i)) n++;
      return n;
    }
    const a = [...from];
    const b = [...to];
    if (a.length === b.length) return a.reduce((n, c, i) => n + (c === b[i] ? 0 : 1), 0);
  }
  return levenshtein(from, to);
}

interface EditSpaceOptions {
  seed: number;
  id: string;
  language: string;
  operators: readonly SearchOperator[];
  /** The row language's dictionary (undefined: no dictionary edits). */
  dictionary: ReadonlyMap<string, string> | undefined;
}

/** A dictionary or format edit of a word (null when there is none). */
function otherEdit(op: SearchOperator, word: Readonly<Word>, words?: ReadonlyMap<string, string>): string | null {
  return op === 'dictionary' ? dictionaryEdit(word, words) : formatEdit(word);
}

const OP_BIT: Readonly<Record<SearchOperator, number>> = {
  transpose: 1,
  dictionary: 2,
  format: 4,
  typo_swap: 8,
  typo_delete: 16,
  typo_insert: 32,
  typo_substitute: 64
};

const isTypo = (op: SearchOperator): op is TypoOperator => op.startsWith('typo_');

/** Whether a word of at least 4 letters has a pair transposeEdit could swap (no draw needed to know). */
function canTranspose(word: Readonly<Word>): boolean {
  if (word.letters < 4) return false;
  const plain = word.cpLength === word.text.length;
  return swapPositions(plain ? word.text : [...word.text], word.letters === word.cpLength).length > 0;
}

/**
 * Every single edit the search may make on `text`, grouped by word. Only which operators apply
 * to each word, and their largest cost, is kept; an edit (and the seeded draw of a transposition's
 * pair) is made when editsAt asks for its word.
 */
export function editSpace(text: string, o: EditSpaceOptions): EditSpace {
  const scanned = scanText(text, o.language).words;
  const editable: Readonly<Word>[] = [];
  const ops: number[] = [];
  const costs: number[] = [];
  const typos = o.operators.some(isTypo);
  for (const word of scanned) {
    if (word.protection !== null) continue;
    let bits = 0;
    let cost = 0;
    // The word's letters for the typo operators (null when it offers none); computed once per word.
    const letters = typos ? typoLetters(word) : null;
    for (const op of o.operators) {
      if (isTypo(op)) {
        if (letters !== null && offersTypo(op, letters)) {
          bits |= OP_BIT[op];
          cost = Math.max(cost, typoCost(op));
        }
        continue;
      }
      if (op === 'transpose') {
        // Two different adjacent letters swapped: distance 2 whichever pair is drawn.
        if (canTranspose(word)) {
          bits |= OP_BIT.transpose;
          cost = Math.max(cost, 2);
        }
        continue;
      }
      const to = otherEdit(op, word, o.dictionary);
      if (to === null) continue;
      bits |= OP_BIT[op];
      cost = Math.max(cost, editCost(op, word.text, to));
    }
    if (bits === 0) continue;
    editable.push(word);
    ops.push(bits);
    costs.push(cost);
  }
  const editsAt = (i: number): PlacedEdit[] => {
    const word = editable[i] as Readonly<Word>;
    const bits = ops[i] as number;
    const here: PlacedEdit[] = [];
    for (const op of o.operators) {
      if ((bits & OP_BIT[op]) === 0) continue;
      if (isTypo(op)) {
        const slip = typoEdit(op, word, typoLetters(word) as ArrayLike<string>, o.seed, o.id);
        if (slip === null) continue;
        const placed = { op, word: word.index, from: word.text, to: slip.to, at: slip.at };
        here.push({ ...placed, start: word.start, end: word.end, cost: typoCost(op) });
        continue;
      }
      const to = op === 'transpose' ? transposeEdit(word, o.seed, o.id) : otherEdit(op, word, o.dictionary);
      if (to === null) continue;
      const cost = editCost(op, word.text, to);
      here.push({ op, word: word.index, from: word.text, to, start: word.start, end: word.end, cost });
    }
    return here;
  };
  const countAt = (i: number): number => {
    let bits = ops[i] as number;
    let n = 0;
    for (; bits > 0; bits >>= 1) n += bits & 1;
    return n;
  };
  return { text, words: scanned.length, size: editable.length, countAt, costAt: (i) => costs[i] as number, editsAt };
}

/** Every single edit of the space, by word (all made at once: for short texts and tests). */
export function singleEdits(space: EditSpace): PlacedEdit[][] {
  return Array.from({ length: space.size }, (_, i) => space.editsAt(i));
}

/** The most words a candidate may change: ceil(share × words), at least 1. */
export function wordLimit(words: number, share: number): number {
  return Math.max(1, Math.ceil(share * words));
}

/** The text with the edits applied (at most one per word; any order). */
export function applySearchEdits(text: string, edits: readonly PlacedEdit[]): string {
  if (edits.length === 0) return text;
  if (edits.length === 1) {
    const e = edits[0] as PlacedEdit;
    return text.slice(0, e.start) + e.to + text.slice(e.end);
  }
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    out += text.slice(at, e.start) + e.to;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Edits `max_char_edit_ratio` allows on a text, memoised for the last text asked about (one search asks about one text
 * many times).
 */
let allowedFor: { text: string; max: number; allowed: number } | null = null;
export function allowedOn(text: string, max: number): number {
  if (allowedFor === null || allowedFor.text !== text || allowedFor.max !== max) {
    const length = codePointLength(text);
    allowedFor = { text, max, allowed: length === 0 ? -1 : allowedEdits(length, max) };
  }
  return allowedFor.allowed;
}

/** Null when the edit set is a valid search candidate of `text`, otherwise why not. */
export function editSetViolation(
  text: string,
  edits: readonly PlacedEdit[],
  limit: number,
  maxCharEditRatio: number | null
): string | null {
  for (let i = 1; i < edits.length; i++)
    for (let j = 0; j < i; j++)
      if ((edits[i] as PlacedEdit).word === (edits[j] as PlacedEdit).word) return 'a word is edited more than once';
  if (edits.length > limit) return `${edits.length} words changed; at most ${limit} may be`;
  if (maxCharEditRatio === null) return null;
  let cost = 0;
  for (const e of edits) cost += e.cost;
  // The edits' own costs bound the distance: within that bound the candidate need not be built.
  if (cost <= allowedOn(text, maxCharEditRatio)) return null;
  return editRatioViolation(text, applySearchEdits(text, edits), maxCharEditRatio, cost);
}

/** The evidence form of an edit set: by word index. */
export function recordedEdits(edits: readonly PlacedEdit[]): SearchEdit[] {
  return [...edits]
    .sort((a, b) => a.word - b.word)
    .map((e) => ({ op: e.op, word: e.word, from: e.from, to: e.to, ...(e.at !== undefined ? { at: e.at } : {}) }));
}
