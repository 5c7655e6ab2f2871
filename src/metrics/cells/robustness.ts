/** Per perturbed condition and scope: the accuracy change against clean and the flip rates (robustness.ts). */
import { isDestructive } from '../../config/families.js';
import type { ModelMetrics } from '../metrics.js';
import {
  addConditionRow,
  conditionFiguresOf,
  emptyConditionCounts,
  inChangedValid,
  type ConditionCounts
} from '../robustness.js';
import { bootstrapOptions, perScope, type CellKind, type MetricCell } from './cell.js';

export const robustnessCell: CellKind = {
  fields: ['robustness'],
  make(context): MetricCell {
    const { facts, model, scopes, perturbed } = context;
    const counts: ConditionCounts[][] = perturbed.map(() => perScope(context, emptyConditionCounts));
    return {
      add(x) {
        perturbed.forEach((_, pi) => {
          const row = x.rows[1 + pi];
          if (row === undefined) return;
          const clean = inChangedValid(row) ? x.clean : undefined;
          for (const s of x.scopes)
            addConditionRow((counts[pi] as ConditionCounts[])[s] as ConditionCounts, row, clean);
        });
      },
      finish() {
        const robustness: ModelMetrics['robustness'] = [];
        scopes.forEach((scope, s) =>
          perturbed.forEach((condition, pi) => {
            const options = {
              ...bootstrapOptions(facts, model.name, 'accuracy_delta', condition, scope),
              destructive: isDestructive(condition)
            };
            robustness.push({
              condition,
              scope,
              ...conditionFiguresOf((counts[pi] as ConditionCounts[])[s] as ConditionCounts, options)
            });
          })
        );
        return { robustness };
      }
    };
  }
};
