/**
 * `append` (docs/definitions.md#conditions): add one neutral research-context sentence in the row's language:
 * candidate = text + " " + sentence. Every language in the data must have a sentence; the
 * descriptor's data check enforces that, so a missing one here is a bug.
 *
 * Validity: the original is an exact prefix of the candidate and what follows it is a
 * space and then one of the configured sentences, exactly. `max_char_edit_ratio` does not
 * apply: the suffix rule bounds the edit.
 */
import { closed, nonEmpty } from '../config/schema-parts.js';
import { configError } from '../config/validate.js';
import { PRINTABLE_PATTERN, quotedList } from '../util/visible.js';
import { yamlScalar } from '../util/yaml-scalar.js';
import { appendSentences } from './append-sentences.js';
import { textFamily, type InitFacts } from './descriptor.js';
import type { FamilyRunner } from './family.js';
import { checkedOutcome } from './outcome.js';

const APPEND_RULE =
  'the original text is an exact prefix and the rest is one space followed by one of the configured sentences';

/** The `append` candidate; throws when `language` has no sentence. */
export function appendCandidate(text: string, language: string, sentences: Readonly<Record<string, string>>): string {
  if (!Object.hasOwn(sentences, language)) {
    throw new Error(
      `append: no sentence configured for language ${JSON.stringify(language)} (the config should have been rejected)`
    );
  }
  return `${text} ${sentences[language] as string}`;
}

/** Null when `candidate` is a valid `append` edit of `original`, otherwise why not. */
export function appendViolation(
  original: string,
  candidate: string,
  sentences: Readonly<Record<string, string>>
): string | null {
  if (!candidate.startsWith(original)) return 'the original text is not an exact prefix of the candidate';
  const suffix = candidate.slice(original.length);
  if (!suffix.startsWith(' ')) return `the appended text ${JSON.stringify(suffix)} does not start with one space`;
  const sentence = suffix.slice(1);
  if (!Object.values(sentences).includes(sentence))
    return `the appended text ${JSON.stringify(sentence)} is not a configured sentence`;
  return null;
}

export function appendFamily(params: { sentences: Record<string, string> }): FamilyRunner {
  const sentences = { ...params.sentences };
  return {
    family: 'append',
    labelPreserving: true,
    validityRule: APPEND_RULE,
    parameters: { sentences: { ...sentences } },
    perturb(input) {
      const candidate = appendCandidate(input.text, input.language, sentences);
      return checkedOutcome(input.text, candidate, () => appendViolation(input.text, candidate, sentences));
    }
  };
}

/** Sentences by language code; which languages need one is checked against the data (below). */
const languageMap = {
  type: 'object',
  minProperties: 1,
  propertyNames: { minLength: 1, pattern: PRINTABLE_PATTERN },
  additionalProperties: nonEmpty
} as const;

/**
 * What init writes: a neutral sentence per language slice when it has one for every slice
 * (append-sentences.ts), else a commented block to fill in, since a slice without one is refused.
 */
function initLines({ languages }: InitFacts): string[] {
  const append = appendSentences(languages);
  if ('sentences' in append)
    return [
      '    append:                             # adds one sentence per language: check that it cannot change the ' +
        'label in your task',
      '      sentences:',
      ...Object.entries(append.sentences).map(
        ([language, sentence]) => `        ${yamlScalar(language)}: ${JSON.stringify(sentence)}`
      )
    ];
  return [
    `    # append needs a neutral sentence for every language slice; init has none for ` +
      `${append.missing.map(yamlScalar).join(', ')}.`,
    '    # Add one per language to test it:',
    '    # append:',
    '    #   sentences:',
    ...languages.slice(0, 10).map((l) => `    #     ${yamlScalar(l)}: "A sentence that cannot change the label."`)
  ];
}

/** `threat_model.attacks.append: { sentences: { <language>: <sentence> } }`. */
export const APPEND = textFamily({
  name: 'append',
  init: initLines,
  task: 'text',
  schema: closed({ sentences: languageMap }, ['sentences']),
  attack: true,
  destructive: false,
  read: (raw) => ({ sentences: { ...raw.sentences } }),
  // Every language slice the family will see needs a sentence.
  checkAgainstData(params, dataset, { source, at }) {
    const missing = dataset.languages.filter((l) => !Object.hasOwn(params.sentences, l));
    if (missing.length > 0) {
      throw configError(
        source,
        [...at, 'sentences'],
        `expected a sentence for every language slice of the evaluation data (${quotedList(dataset.languages)}), ` +
          `found none for ${quotedList(missing)}`,
        true
      );
    }
  },
  build: (params) => ({ runner: appendFamily(params) })
});
