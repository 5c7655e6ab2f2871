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
import { editSpace, wordLimit, type EditSpace, type SearchOperator } from './edits.js';
import type { ScoreTexts } from './queries.js';
import { runSearch, type SearchOutcome } from './search.js';

interface SearchSettings {
  knowledge: 'scores' | 'labels';
  queries: number;
  operators: readonly SearchOperator[];
  maxWordsChanged: number;
}

interface SearchCall {
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

/**
 * Edit spaces kept for the next models: every model searches the same examples of a chunk in
 * turn, and an example's edit space depends only on its id, text and language. A chunk holds at
 * most 2,048 examples (evaluate.ts), so this many covers one; older ones are dropped first.
 */
const EDIT_SPACES_KEPT = 4096;

export function adaptiveSearch(settings: SearchSettings, seed: number, maxCharEditRatio: number | null, dictionary: LoadedDictionary | null): AdaptiveSearch {
  const kept = new Map<string, EditSpace>();
  const spaceOf = (input: PerturbInput): EditSpace => {
    const key = `${input.id}\u0000${input.language}\u0000${input.text}`;
    let space = kept.get(key);
    if (space === undefined) {
      space = editSpace(input.text, {
        seed,
        id: input.id,
        language: input.language,
        operators: settings.operators,
        dictionary: dictionary ? dictionaryFor(dictionary, input.language) : undefined
      });
      if (kept.size >= EDIT_SPACES_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(key, space);
    }
    return space;
  };
  return {
    settings,
    run(call) {
      const space = spaceOf(call.input);
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
