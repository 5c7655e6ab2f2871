/**
 * `threat_model.attacks.exact: { max_candidates, operators, max_words_changed }` on a text task: the worst case over
 * the declared edit space (docs/search.md#exact). The edit space is the search's when `search` is configured (then
 * exact takes no operators or word share of its own), else exact's own keys with the search's defaults; the dictionary
 * comes from the same places as the search's.
 */
import type { FileRef } from '../../config/paths.js';
import { closed } from '../../config/schema-parts.js';
import { configError } from '../../config/validate.js';
import { textFamily } from '../descriptor.js';
import { withRatio } from '../outcome.js';
import { SEARCH_OPERATORS, type SearchOperator } from '../search/edits.js';
import { dictionarySummary, perModelOnly, SEARCH, SEARCH_NAME, searchDictionary } from '../search/descriptor.js';
import { textExact } from './runner.js';

const DEFAULT_MAX_CANDIDATES = 20_000;
const MAX_MAX_CANDIDATES = 10_000_000;

const EXACT_RULE =
  "every candidate of the search's edit space: the original with a set of its atomic word edits applied, at most " +
  'one per word, none on negators, numbers or URLs, at most max_words_changed of the words';

interface ExactParams {
  max_candidates: number;
  operators: SearchOperator[];
  max_words_changed: number;
  dictionary: FileRef | null;
  /** The edit space is the search's (both configured). */
  from_search: boolean;
}

/**
 * The keys of `exact` in either task: the config schema has one entry per name, so it holds the text keys and the
 * tabular one (time_limit_ms, tabular/exact.ts); each task's reader refuses the other's.
 */
const EXACT_SCHEMA = closed({
  max_candidates: { type: 'integer', minimum: 1, maximum: MAX_MAX_CANDIDATES },
  operators: { type: 'array', items: { enum: SEARCH_OPERATORS }, minItems: 1 },
  max_words_changed: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  time_limit_ms: { type: 'integer', minimum: 1, maximum: 3_600_000 }
});

export const EXACT_TEXT = textFamily({
  name: 'exact',
  task: 'text',
  schema: EXACT_SCHEMA,
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'exact',
  ledgerReasons: ['no_edit', 'edit_space', 'missing'],
  recordsEdits: true,
  read: (raw, context): ExactParams => {
    if (raw.time_limit_ms !== undefined)
      throw configError(
        context.source,
        [...context.at, 'time_limit_ms'],
        'time_limit_ms bounds exact on a tree ensemble (a tabular task); a text task bounds exact by ' +
          `max_candidates, found time_limit_ms`,
        true
      );
    const search = context.attacks?.[SEARCH_NAME] as Record<string, unknown> | undefined;
    const own = (['operators', 'max_words_changed'] as const).find((k) => raw[k] !== undefined);
    if (search !== undefined && own !== undefined)
      throw configError(
        context.source,
        [...context.at, own],
        'with threat_model.attacks.search configured, exact enumerates the edit space the search declares; ' +
          `expected ${own} under search only, found it under exact too`
      );
    const space =
      search !== undefined
        ? SEARCH.read(search as never, { ...context, at: ['threat_model', 'attacks', SEARCH_NAME] })
        : SEARCH.read(
            {
              ...(raw.operators !== undefined ? { operators: raw.operators } : {}),
              ...(raw.max_words_changed !== undefined ? { max_words_changed: raw.max_words_changed } : {})
            },
            context
          );
    return {
      max_candidates: raw.max_candidates ?? DEFAULT_MAX_CANDIDATES,
      operators: space.operators,
      max_words_changed: space.max_words_changed,
      dictionary: space.dictionary,
      from_search: search !== undefined
    };
  },
  build: (params, options) => {
    const loaded = searchDictionary(params);
    return {
      runner: {
        family: 'exact',
        labelPreserving: true,
        validityRule: withRatio(EXACT_RULE, options.maxCharEditRatio),
        parameters: {
          max_candidates: params.max_candidates,
          operators: params.operators,
          max_words_changed: params.max_words_changed,
          edit_space: params.from_search ? 'search' : 'exact',
          ...(loaded ? { dictionary: loaded.path, dictionary_sha256: loaded.sha256 } : {})
        },
        perturb: perModelOnly,
        exact: textExact(
          {
            maxCandidates: params.max_candidates,
            operators: params.operators,
            maxWordsChanged: params.max_words_changed
          },
          options.seed,
          options.maxCharEditRatio,
          loaded
        )
      },
      ...(loaded ? { dictionary: dictionarySummary(loaded) } : {})
    };
  }
});
