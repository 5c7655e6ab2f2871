/**
 * The search as the evaluator runs it: its settings, and for one example and model the search
 * itself (search.ts) over the example's edit space.
 */
import type { ProtectedTransition, ReviewPolicy } from '../../evidence/attack-success.js';
import type { ScoreResult } from '../../models/model.js';
import { dictionaryFor, type LoadedDictionary } from '../dictionary-file.js';
import type { PerturbInput } from '../input.js';
import { editSpace, wordLimit, type EditSpace, type SearchOperator } from './edits.js';
import type { ScoreTexts } from './queries.js';
import { runSearch, type SearchOutcome } from './search.js';

interface SearchSettings {
  knowledge: 'scores' | 'labels';
  queries: number;
  operators: readonly SearchOperator[];
  maxWordsChanged: number;
  /** Texts longer than this many characters (code points) are not searched. */
  maxTextChars: number;
}

/** One row and one model as the search (and exact, over the same edit space) receive it. */
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

/**
 * Edit spaces kept for the next models: every model searches the same examples of a chunk in
 * turn, and an example's edit space depends only on its id, text and language. A chunk holds at
 * most 2,048 examples (evaluate.ts), so this many covers one; older ones are dropped first. The
 * spaces kept also hold at most EDIT_SPACE_CHARS_KEPT characters of text between them (a space
 * keeps its text's words), so a few long texts do not stay alive for the whole chunk.
 */
const EDIT_SPACES_KEPT = 4096;
const EDIT_SPACE_CHARS_KEPT = 4 * 1024 * 1024;

export function adaptiveSearch(
  settings: SearchSettings,
  seed: number,
  maxCharEditRatio: number | null,
  dictionary: LoadedDictionary | null
): AdaptiveSearch {
  const kept = new Map<string, EditSpace>();
  let keptChars = 0;
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
      // A text longer than the whole allowance is searched without being kept.
      if (input.text.length <= EDIT_SPACE_CHARS_KEPT) {
        const n = input.text.length;
        while (kept.size > 0 && (kept.size >= EDIT_SPACES_KEPT || keptChars + n > EDIT_SPACE_CHARS_KEPT)) {
          const [oldest, dropped] = kept.entries().next().value as [string, EditSpace];
          kept.delete(oldest);
          keptChars -= dropped.text.length;
        }
        kept.set(key, space);
        keptChars += input.text.length;
      }
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
