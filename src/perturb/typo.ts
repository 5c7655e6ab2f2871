/**
 * `typo` (docs/families.md#typo): keyboard slips in about one word in `words_per_change`. Eligible words are the
 * unprotected words of at least 4 letters (letters only) that offer one of the configured operators
 * (typo-edits.ts). k = max(1, round(eligible ÷ words_per_change)), at most the eligible count; the k eligible words
 * with the smallest draw (seed, 'typo', id, word index) change (ties by word index). Each gets one slip: its operator
 * drawn among those it offers (position `<word index>:operator`), then that operator's one drawn slip of the word.
 *
 * Validity (checked on the texts and the declared edits): every declared edit names a different word of the original,
 * is that word's drawn slip of its operator (same result, same position), the candidate is the original with exactly
 * those words replaced, and the edit ratio is within `max_char_edit_ratio` when set.
 */
import { closed } from '../config/schema-parts.js';
import { textFamily } from './descriptor.js';
import { operatorList } from './operator-list.js';
import type { FamilyRunner, PerturbOutcome } from './family.js';
import { editRatioViolation } from './levenshtein.js';
import { applyEdits, checkedOutcome, withRatio, type FamilyOptions, type RowContext } from './outcome.js';
import type { SearchEdit } from './search/edits.js';
import {
  TYPO_OPERATORS,
  offersTypo,
  typoCost,
  typoEdit,
  typoFamilyDraw,
  typoLetters,
  type TypoOperator
} from './typo-edits.js';
import { scanText, type Word } from './words.js';

const TYPO_RULE =
  'each edited word is the original word with exactly its drawn keyboard slip (swap, delete, insert or substitute ' +
  'of one interior letter, first and last letters kept), at most one per unprotected word of at least 4 letters, ' +
  'the rest of the text unchanged';

interface TypoParams {
  words_per_change: number;
  operators: TypoOperator[];
}

/** The `typo` candidate of one row and the edits it declares (by word, in word order). */
export function typoCandidate(
  text: string,
  row: RowContext,
  params: TypoParams
): { text: string; edits: SearchEdit[] } {
  const words = scanText(text, row.language).words;
  // Eligible words as positions in `words` with their draws (numbers only: a long text has a million words); their
  // letters and operators are worked out again for the few chosen.
  const eligible: number[] = [];
  const draws: number[] = [];
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as Readonly<Word>;
    const chars = typoLetters(word);
    if (chars === null || !params.operators.some((op) => offersTypo(op, chars))) continue;
    eligible.push(w);
    draws.push(typoFamilyDraw(row.seed, row.id, word.index, 'word'));
  }
  if (eligible.length === 0) return { text, edits: [] };
  const k = Math.min(eligible.length, Math.max(1, Math.round(eligible.length / params.words_per_change)));
  const order = Array.from(eligible.keys()).sort((a, b) => (draws[a] as number) - (draws[b] as number) || a - b);
  const chosen = order.slice(0, k).sort((a, b) => a - b);
  const edits: SearchEdit[] = [];
  const spans: Array<{ start: number; end: number; replacement: string }> = [];
  for (const e of chosen) {
    const word = words[eligible[e] as number] as Readonly<Word>;
    const chars = typoLetters(word) as ArrayLike<string>;
    const ops = params.operators.filter((op) => offersTypo(op, chars));
    const op = ops[Math.floor(typoFamilyDraw(row.seed, row.id, word.index, 'operator') * ops.length)] as TypoOperator;
    const slip = typoEdit(op, word, chars, row.seed, row.id);
    if (slip === null) continue;
    edits.push({ op, word: word.index, from: word.text, to: slip.to, at: slip.at });
    spans.push({ start: word.start, end: word.end, replacement: slip.to });
  }
  return { text: applyEdits(text, spans), edits };
}

/** Null when `candidate` is `original` with exactly the declared slips, each its word's drawn one; else why not. */
export function typoViolation(
  original: string,
  candidate: string,
  row: RowContext,
  maxCharEditRatio: number | null,
  declared: readonly SearchEdit[]
): string | null {
  const words = scanText(original, row.language).words;
  const spans: Array<{ start: number; end: number; replacement: string }> = [];
  const seen = new Set<number>();
  let cost = 0;
  for (const e of declared) {
    const word = words[e.word];
    const at = `edit of word ${e.word}`;
    if (word === undefined || word.text !== e.from) return `${at}: the original has no such word`;
    if (seen.has(e.word)) return `${at}: a second edit of the same word`;
    seen.add(e.word);
    const chars = typoLetters(word);
    if (chars === null) return `${at}: ${JSON.stringify(word.text)} offers no typo (protected, or under 4 letters)`;
    if (!(TYPO_OPERATORS as readonly string[]).includes(e.op)) return `${at}: ${e.op} is not a typo operator`;
    const slip = typoEdit(e.op as TypoOperator, word, chars, row.seed, row.id);
    if (slip === null || slip.to !== e.to || slip.at !== e.at)
      return `${at}: ${JSON.stringify(e.to)} is not the word's drawn ${e.op}`;
    cost += typoCost(slip.op);
    spans.push({ start: word.start, end: word.end, replacement: slip.to });
  }
  if (applyEdits(original, spans) !== candidate) return 'the text differs from the original outside the declared edits';
  return editRatioViolation(original, candidate, maxCharEditRatio, cost);
}

export function typoFamily(options: FamilyOptions, params: TypoParams): FamilyRunner {
  return {
    family: 'typo',
    labelPreserving: true,
    validityRule: withRatio(TYPO_RULE, options.maxCharEditRatio),
    parameters: { words_per_change: params.words_per_change, operators: params.operators },
    perturb(input): PerturbOutcome {
      const row = { seed: options.seed, id: input.id, language: input.language };
      const { text, edits } = typoCandidate(input.text, row, params);
      const check = () => typoViolation(input.text, text, row, options.maxCharEditRatio, edits);
      return { ...checkedOutcome(input.text, text, check), edits };
    }
  };
}

/** One slip per this many eligible words unless the config says otherwise (as for transpose). */
const DEFAULT_WORDS_PER_CHANGE = 5;

/** `threat_model.attacks.typo: { words_per_change?, operators? }`. */
export const TYPO = textFamily({
  name: 'typo',
  task: 'text',
  schema: closed({
    words_per_change: { type: 'integer', minimum: 1 },
    operators: { type: 'array', items: { enum: TYPO_OPERATORS }, minItems: 1 }
  }),
  attack: true,
  destructive: false,
  // New beside the five fixed families: a config that leaves it out is not reported as missing a family.
  optIn: true,
  recordsEdits: true,
  read: (raw, context) => ({
    words_per_change: raw.words_per_change ?? DEFAULT_WORDS_PER_CHANGE,
    operators: operatorList(raw.operators, TYPO_OPERATORS, TYPO_OPERATORS, context)
  }),
  build: (params, options) => ({ runner: typoFamily(options, params) })
});
