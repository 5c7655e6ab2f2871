/**
 * `threat_model.attacks.search: { knowledge, queries, operators, max_words_changed, dictionary, max_text_chars }`:
 * the adaptive attacker that combines the families' word edits under a per-(example, model)
 * query budget (docs/search.md). Its operators work whether or not their families are configured
 * as fixed conditions; `dictionary` takes its file from `search.dictionary` or else from
 * `attacks.dictionary.file`.
 */
import type { FileRef } from '../../config/paths.js';
import { closed, path } from '../../config/schema-parts.js';
import { configError } from '../../config/validate.js';
import { sortCodePoints } from '../../util/strings.js';
import { textFamily, type DictionarySummary } from '../descriptor.js';
import type { PerturbOutcome } from '../family.js';
import type { PerturbInput } from '../input.js';
import { loadDictionary, type LoadedDictionary } from '../dictionary-file.js';
import { operatorList } from '../operator-list.js';
import { withRatio } from '../outcome.js';
import { SEARCH_OPERATORS, type SearchOperator } from './edits.js';
import { adaptiveSearch } from './runner.js';

const DEFAULT_SEARCH_QUERIES = 200;
const DEFAULT_MAX_WORDS_CHANGED = 0.2;
const MAX_SEARCH_QUERIES = 100_000;
/**
 * Longer texts are not searched (uncovered: text_too_long). Every query scores the whole candidate,
 * so a row costs about budget × length: 200 queries on three 1 MB texts took 20–30 s and 460 MB even
 * once the search's own bookkeeping grew with the budget only (docs/search.md#long-texts).
 */
const DEFAULT_SEARCH_MAX_TEXT_CHARS = 200_000;

const SEARCH_RULE =
  'the original with a set of atomic word edits applied (an adjacent interior swap in a word of at least 4 ' +
  "letters, a dictionary replacement in the word's case, or a case change), at most one per word, none on " +
  'negators, numbers or URLs, at most max_words_changed of the words';

/** The search's name: its condition in the evidence and its block under threat_model.attacks. */
export const SEARCH_NAME = 'search';

interface SearchParams {
  knowledge: 'scores' | 'labels';
  queries: number;
  operators: SearchOperator[];
  max_words_changed: number;
  dictionary: FileRef | null;
  max_text_chars: number;
}

const schema = closed({
  knowledge: { enum: ['scores', 'labels'] },
  queries: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_QUERIES },
  operators: { type: 'array', items: { enum: SEARCH_OPERATORS }, minItems: 1 },
  max_words_changed: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  dictionary: path,
  max_text_chars: { type: 'integer', minimum: 1 }
});

/** The dictionary the search's dictionary operator reads, loaded; null when that operator is off or has none. */
export function searchDictionary(params: Pick<SearchParams, 'operators' | 'dictionary'>): LoadedDictionary | null {
  return params.operators.includes('dictionary') && params.dictionary ? loadDictionary(params.dictionary) : null;
}

/**
 * The `perturb` of a family the evaluator runs per model (the search, exact): never called, since such a family has no
 * fixed candidate; it returns the text unattempted.
 */
export const perModelOnly = (input: PerturbInput): PerturbOutcome => ({
  text: input.text,
  attempted: false,
  notAttemptedReason: null,
  valid: true,
  invalidReason: null
});

/** A loaded dictionary as the manifest lists it. */
export function dictionarySummary(loaded: LoadedDictionary): DictionarySummary {
  return {
    path: loaded.path,
    sha256: loaded.sha256,
    version: loaded.version,
    languages: sortCodePoints(Object.keys(loaded.languages))
  };
}

export const SEARCH = textFamily({
  name: SEARCH_NAME,
  task: 'text',
  schema,
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'adaptive',
  ledgerReasons: ['no_edit', 'unchanged', 'invalid', 'missing'],
  recordsEdits: true,
  withinExactSpace: true,
  queryBudget: 'queries',
  read: (raw, context): SearchParams => {
    const borrowed = (context.attacks?.dictionary as { file?: unknown } | undefined)?.file;
    const dictionary =
      raw.dictionary !== undefined
        ? context.file([...context.at, 'dictionary'], raw.dictionary)
        : typeof borrowed === 'string'
          ? context.file(['threat_model', 'attacks', 'dictionary', 'file'], borrowed)
          : null;
    const defaults = ['transpose', 'format', ...(dictionary ? ['dictionary'] : [])];
    const operators = operatorList(raw.operators, SEARCH_OPERATORS, defaults, context);
    if (raw.operators?.includes('dictionary') && dictionary === null) {
      throw configError(
        context.source,
        [...context.at, 'operators'],
        'the dictionary operator needs a dictionary file; expected search.dictionary or attacks.dictionary.file ' +
          'to be set'
      );
    }
    return {
      knowledge: raw.knowledge ?? 'scores',
      queries: raw.queries ?? DEFAULT_SEARCH_QUERIES,
      operators,
      max_words_changed: raw.max_words_changed ?? DEFAULT_MAX_WORDS_CHANGED,
      dictionary,
      max_text_chars: raw.max_text_chars ?? DEFAULT_SEARCH_MAX_TEXT_CHARS
    };
  },
  build: (params, options) => {
    const loaded = searchDictionary(params);
    const settings = {
      knowledge: params.knowledge,
      queries: params.queries,
      operators: params.operators,
      maxWordsChanged: params.max_words_changed,
      maxTextChars: params.max_text_chars
    };
    return {
      runner: {
        family: 'search',
        labelPreserving: true,
        validityRule: withRatio(SEARCH_RULE, options.maxCharEditRatio),
        parameters: {
          knowledge: params.knowledge,
          queries: params.queries,
          operators: params.operators,
          max_words_changed: params.max_words_changed,
          max_text_chars: params.max_text_chars,
          ...(loaded ? { dictionary: loaded.path, dictionary_sha256: loaded.sha256 } : {})
        },
        perturb: perModelOnly,
        search: adaptiveSearch(settings, options.seed, options.maxCharEditRatio, loaded)
      },
      ...(loaded ? { dictionary: dictionarySummary(loaded) } : {})
    };
  }
});
