/**
 * `dictionary` (docs/definitions.md#conditions): replace whole words found in the row language's substitution
 * dictionary, keeping their case.
 *
 * Every unprotected word whose NFC lower-case form is a key is replaced: an all-lowercase
 * word by the replacement as written; a Titlecase word (first letter upper case, the rest
 * lower) by the replacement with its first letter upper-cased; an ALL-CAPS word of at
 * least two letters by the upper-cased replacement. Any other mixed case (e.g. "sTudy")
 * is left alone. A row whose language has no dictionary is not attempted
 * (`no_dictionary`); a row with no match comes back unchanged.
 *
 * Validity: aligned word by word with the original, the candidate has the same words
 * except for replaced ones, each of which is its original's dictionary replacement
 * (compared case-insensitively); every character outside those words is identical; no
 * protected word changed; and the edit ratio is within `max_char_edit_ratio` when set.
 */
import { closed, path } from '../config/schema-parts.js';
import { sortCodePoints } from '../util/strings.js';
import { yamlScalar } from '../util/yaml-scalar.js';
import { textFamily } from './descriptor.js';
import type { FamilyRunner } from './family.js';
import { dictionaryFor, loadDictionary, type LoadedDictionary } from './dictionary-file.js';
import { editRatioViolation, levenshtein } from './levenshtein.js';
import { checkedOutcome, withRatio, type FamilyOptions } from './outcome.js';
import { keepCase } from './word-edits.js';
import { foldWord, scanText } from './words.js';

const DICTIONARY_RULE =
  'every replaced word is its dictionary replacement (case-insensitively), no protected word changes, and all ' +
  'text outside replaced words is identical';

/** The `dictionary` candidate: `text` with every eligible word replaced. */
export function substituteWords(text: string, language: string, words: ReadonlyMap<string, string>): string {
  let out = '';
  let at = 0;
  for (const word of scanText(text, language).words) {
    if (word.protection !== null) continue;
    const replacement = words.get(foldWord(word.text));
    if (replacement === undefined) continue;
    const cased = keepCase(word.text, replacement);
    if (cased === null) continue;
    out += text.slice(at, word.start) + cased;
    at = word.end;
  }
  return at === 0 ? text : out + text.slice(at);
}

/** Null when `candidate` is a valid `dictionary` edit of `original`, otherwise why not. */
export function dictionaryViolation(
  original: string,
  candidate: string,
  language: string,
  words: ReadonlyMap<string, string>,
  maxCharEditRatio: number | null
): string | null {
  const before = scanText(original, language).words;
  const after = scanText(candidate, language).words;
  if (before.length !== after.length)
    return (
      `the text has ${after.length} words instead of ` +
      `${before.length}; substitutions replace whole words one for one`
    );
  let atBefore = 0;
  let atAfter = 0;
  // Everything outside the replaced words is identical, so the distance is at most the sum
  // of the replaced words' own distances (each a short dictionary word).
  let edits = 0;
  for (let i = 0; i <= before.length; i++) {
    const b = before[i];
    const a = after[i];
    const gapBefore = original.slice(atBefore, b ? b.start : original.length);
    const gapAfter = candidate.slice(atAfter, a ? a.start : candidate.length);
    if (gapBefore !== gapAfter)
      return `text between words changed (${JSON.stringify(gapBefore)} → ${JSON.stringify(gapAfter)})`;
    if (!b || !a) break;
    atBefore = b.end;
    atAfter = a.end;
    if (b.text === a.text) continue;
    const change = `${JSON.stringify(b.text)} → ${JSON.stringify(a.text)}`;
    if (b.protection !== null) return `the protected word ${JSON.stringify(b.text)} changed (${change})`;
    const expected = words.get(foldWord(b.text));
    if (expected === undefined || foldWord(expected) !== foldWord(a.text))
      return `${change} is not a dictionary substitution`;
    edits += levenshtein(b.text, a.text);
  }
  return editRatioViolation(original, candidate, maxCharEditRatio, edits);
}

export function dictionaryFamily(options: FamilyOptions, dictionary: LoadedDictionary): FamilyRunner {
  return {
    family: 'dictionary',
    labelPreserving: true,
    validityRule: withRatio(DICTIONARY_RULE, options.maxCharEditRatio),
    parameters: { file: dictionary.path, sha256: dictionary.sha256 },
    perturb(input) {
      const words = dictionaryFor(dictionary, input.language);
      if (!words)
        return {
          text: input.text,
          attempted: false,
          notAttemptedReason: 'no_dictionary',
          valid: true,
          invalidReason: null
        };
      const candidate = substituteWords(input.text, input.language, words);
      return checkedOutcome(input.text, candidate, () =>
        dictionaryViolation(input.text, candidate, input.language, words, options.maxCharEditRatio)
      );
    }
  };
}

/** `threat_model.attacks.dictionary: { file }`: the file is read (and checked) when the family is built. */
export const DICTIONARY = textFamily({
  name: 'dictionary',
  // Only with the team's own dictionary (init --dictionary).
  init: ({ dictionary }) =>
    dictionary === null
      ? null
      : [`    dictionary: { file: ${yamlScalar(dictionary)} }   # whole-word substitutions from your dictionary`],
  task: 'text',
  schema: closed({ file: path }, ['file']),
  attack: true,
  destructive: false,
  read: (raw, context) => ({ file: context.file([...context.at, 'file'], raw.file) }),
  build: (params, options) => {
    const dictionary = loadDictionary(params.file);
    return {
      runner: dictionaryFamily(options, dictionary),
      dictionary: {
        path: dictionary.path,
        sha256: dictionary.sha256,
        version: dictionary.version,
        languages: sortCodePoints(Object.keys(dictionary.languages))
      }
    };
  }
});
