/**
 * `truncate` (docs/definitions.md#conditions): keep the beginning of the text. Destructive: it can change the
 * true class, so it is reported descriptively and never counted as an attack.
 *
 * Words here are whitespace-delimited chunks. With n of them, the candidate keeps
 * ⌈keep × n⌉ (at least 1, at most n): the exact prefix of the original up to the end of
 * the last kept word, original spacing included, everything after it (trailing whitespace
 * too) dropped. The product is rounded to 9 decimals before the ceiling, so 0.65 × 20
 * keeps 13 words, not 14. A text without any word is left as it is.
 *
 * Validity: the candidate is exactly that prefix. `max_char_edit_ratio` does not apply.
 */
import { closed } from '../config/schema-parts.js';
import { textFamily } from './descriptor.js';
import type { FamilyRunner } from './family.js';
import { checkedOutcome } from './outcome.js';

const TRUNCATE_RULE =
  'the candidate is the exact prefix of the original ending with its ⌈keep × words⌉-th whitespace-delimited word';

const CHUNK = /\S+/gu;

/** How many words truncation keeps out of `words`. */
export function keptWordCount(words: number, keep: number): number {
  if (words === 0) return 0;
  const exact = Number((keep * words).toFixed(9));
  return Math.min(words, Math.max(1, Math.ceil(exact)));
}

/** The `truncate` candidate for one text. */
export function truncateCandidate(text: string, keep: number): string {
  const ends: number[] = [];
  for (const m of text.matchAll(CHUNK)) ends.push(m.index + m[0].length);
  const kept = keptWordCount(ends.length, keep);
  if (kept === 0) return text;
  return text.slice(0, ends[kept - 1]);
}

/** Null when `candidate` is the truncation of `original`, otherwise why not. */
export function truncateViolation(original: string, candidate: string, keep: number): string | null {
  const expected = truncateCandidate(original, keep);
  if (candidate === expected) return null;
  if (!original.startsWith(candidate)) return 'the candidate is not a prefix of the original';
  return `the candidate is a prefix of ${[...candidate].length} code points; the rule keeps ${[...expected].length}`;
}

export function truncateFamily(params: { keep: number }): FamilyRunner {
  const keep = params.keep;
  return {
    family: 'truncate',
    labelPreserving: false,
    validityRule: TRUNCATE_RULE,
    parameters: { keep },
    perturb(input) {
      const candidate = truncateCandidate(input.text, keep);
      return checkedOutcome(input.text, candidate, () => truncateViolation(input.text, candidate, keep));
    }
  };
}

/** Share of the words kept unless the config says otherwise. */
const DEFAULT_KEEP = 0.65;

/** `threat_model.attacks.truncate: { keep? }`: destructive, so reported but never judged as an attack. */
export const TRUNCATE = textFamily({
  name: 'truncate',
  init: () => [
    '    truncate: { keep: 0.65 }            # destructive: its flips are reported, never judged as attacks'
  ],
  task: 'text',
  schema: closed({ keep: { type: 'number', exclusiveMinimum: 0, maximum: 1 } }),
  attack: false,
  destructive: true,
  read: (raw) => ({ keep: raw.keep ?? DEFAULT_KEEP }),
  build: (params) => ({ runner: truncateFamily(params) })
});
