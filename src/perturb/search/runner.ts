/**
 * The search as the evaluator runs it: its settings, and for one example and model the search
 * itself (search.ts) over the example's edit space.
 */
import type { ProtectedTransition } from '../../config/plan.js';
import type { ReviewPolicy } from '../../evidence/attack-success.js';
import type { ScoreResult } from '../../models/model.js';
import type { LoadedDictionary } from '../dictionary-file.js';
import { dictionaryFor } from '../dictionary.js';
import type { PerturbInput } from '../family.js';
import { editSpace, wordLimit, type SearchOperator } from './edits.js';
import type { ScoreTexts } from './queries.js';
import { runSearch, type SearchOutcome } from './search.js';

export interface SearchSettings {
  knowledge: 'scores' | 'labels';
  queries: number;
  operators: readonly SearchOperator[];
  maxWordsChanged: number;
}

export interface SearchCall {
  input: PerturbInput;
  model: string;
  labels: readonly string[];
  gold: string;
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  /** The review policy a success must get past (threat_model.against_policy), or null. */
  policy: ReviewPolicy | null;
  clean: ScoreResult;
  score: ScoreTexts;
}

export interface AdaptiveSearch {
  settings: SearchSettings;
  run(call: SearchCall): Promise<SearchOutcome>;
}

export function adaptiveSearch(settings: SearchSettings, seed: number, maxCharEditRatio: number | null, dictionary: LoadedDictionary | null): AdaptiveSearch {
  return {
    settings,
    run(call) {
      const space = editSpace(call.input.text, {
        seed,
        id: call.input.id,
        language: call.input.language,
        operators: settings.operators,
        dictionary: dictionary ? dictionaryFor(dictionary, call.input.language) : undefined
      });
      return runSearch({
        ...call,
        seed,
        id: call.input.id,
        knowledge: settings.knowledge,
        budget: settings.queries,
        space,
        limit: wordLimit(space.words, settings.maxWordsChanged),
        maxCharEditRatio
      });
    }
  };
}
