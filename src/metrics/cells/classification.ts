/**
 * Clean classification per scope (all, each split, each split × language): accuracy with its interval, F1, the
 * confusion matrix, and the generalization gap.
 */
import { accuracyIntervalOf } from '../bootstrap.js';
import { accuracyOf, isCorrect } from '../classification.js';
import { addToConfusion, emptyConfusion, labelIndex, type ConfusionCounts } from '../confusion.js';
import { f1FromConfusion } from '../f1.js';
import { generalizationGap } from '../gap.js';
import { ALL, CHALLENGE_SPLIT, REFERENCE_SPLIT, type ClassificationScope, type MetricFacts } from '../metrics.js';
import { bootstrapOptions, type CellKind, type MetricCell } from './cell.js';

interface Scope {
  scope: string;
  split: string | null;
  language: string | null;
}

/** All, then each split followed by its language slices. */
function classificationScopes(facts: MetricFacts): Scope[] {
  const list: Scope[] = [{ scope: ALL, split: null, language: null }];
  for (const split of facts.splits) {
    list.push({ scope: split, split, language: null });
    for (const language of facts.languages) list.push({ scope: `${split}/${language}`, split, language });
  }
  return list;
}

export const classificationCell: CellKind = {
  fields: ['classification', 'accuracy', 'generalization_gap_pp'],
  make({ facts, model }): MetricCell {
    const scopes = classificationScopes(facts);
    const indexOf = labelIndex(facts.labels);
    const cells = new Map<string, { confusion: ConfusionCounts; correct: number }>(
      scopes.map((s) => [s.scope, { confusion: emptyConfusion(facts.labels), correct: 0 }])
    );
    return {
      add(x) {
        const correct = isCorrect(x.clean);
        for (const key of [ALL, x.split, `${x.split}/${x.language}`]) {
          const cell = cells.get(key);
          if (cell === undefined) throw new Error(`language ${x.language} is not one of the manifest's languages`);
          addToConfusion(cell.confusion, x.clean, indexOf);
          if (correct) cell.correct++;
        }
      },
      finish() {
        const classification: ClassificationScope[] = scopes.map((s) => {
          const cell = cells.get(s.scope) as { confusion: ConfusionCounts; correct: number };
          const f1 = f1FromConfusion(cell.confusion);
          return {
            ...s,
            accuracy: accuracyOf(cell.correct, cell.confusion.total),
            accuracy_interval: accuracyIntervalOf(
              cell.correct,
              cell.confusion.total,
              bootstrapOptions(facts, model.name, 'accuracy', 'clean', s.scope)
            ),
            macro_f1: f1.macro,
            per_label: f1.labels,
            confusion: cell.confusion
          };
        });
        const accuracyOfSplit = (split: string) =>
          classification.find((c) => c.split === split && c.language === null)?.accuracy;
        return {
          classification,
          accuracy: classification.map((c) => ({
            scope: c.scope,
            split: c.split,
            language: c.language,
            figure: c.accuracy
          })),
          generalization_gap_pp: generalizationGap(accuracyOfSplit(REFERENCE_SPLIT), accuracyOfSplit(CHALLENGE_SPLIT))
        };
      }
    };
  }
};
