/**
 * Text `exact` as the evaluator runs it (docs/search.md#exact): its settings, and for one example and model the
 * enumeration of the example's edit space (solve.ts). The edit space is the search's: the same operators, draws, word
 * limit and validity rule.
 */
import type { WeightedDecision } from '../../models/model.js';
import { dictionaryFor, type LoadedDictionary } from '../dictionary-file.js';
import { editSpace, wordLimit, type SearchOperator } from '../search/edits.js';
import type { SearchCall } from '../search/runner.js';
import type { ClosedFormCheck } from './cross-check.js';
import { solveExactText, type ExactTextOutcome } from './solve.js';

interface TextExactSettings {
  maxCandidates: number;
  operators: readonly SearchOperator[];
  maxWordsChanged: number;
}

interface TextExactCall extends SearchCall {
  /** The model's decision as linear parts, when it has them (the closed form reads them). */
  parts?: readonly WeightedDecision[] | undefined;
}

export interface TextExact {
  settings: TextExactSettings;
  run(call: TextExactCall): Promise<ExactTextOutcome>;
  /** The same, re-deriving a sample of closed-form rows by asking every candidate (verify --rerun). */
  crossChecked(check: ClosedFormCheck): TextExact;
}

export function textExact(
  settings: TextExactSettings,
  seed: number,
  maxCharEditRatio: number | null,
  dictionary: LoadedDictionary | null,
  check: ClosedFormCheck | null = null
): TextExact {
  return {
    settings,
    async run(call) {
      const space = editSpace(call.input.text, {
        seed,
        id: call.input.id,
        language: call.input.language,
        operators: settings.operators,
        dictionary: dictionary ? dictionaryFor(dictionary, call.input.language) : undefined
      });
      const task = {
        ...call,
        space,
        limit: wordLimit(space.words, settings.maxWordsChanged),
        maxCharEditRatio,
        maxCandidates: settings.maxCandidates
      };
      const outcome = await solveExactText(task);
      if (check?.takes(call.model, outcome))
        check.compare(
          call.model,
          call.input.id,
          await solveExactText({
            ...task,
            parts: undefined,
            maxCandidates: Math.max(task.maxCandidates, outcome.candidates)
          })
        );
      return outcome;
    },
    crossChecked: (next) => textExact(settings, seed, maxCharEditRatio, dictionary, next)
  };
}
