/**
 * Models asked `repeat` > 1 times: self-agreement per condition and scope, and the clean repeat flip rate per scope
 * (repeat.ts).
 */
import type { Condition } from '../../evidence/condition.js';
import type { ModelMetrics } from '../metrics.js';
import { addRepeatRow, emptyRepeatCounts, repeatFiguresOf, repeatFlipRateOf, type RepeatCounts } from '../repeat.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const repeatCell: CellKind = {
  fields: ['repeat'],
  make(context): MetricCell | null {
    const n = context.model.repeat ?? 1;
    if (n <= 1) return null;
    const conditions: Condition[] = [context.facts.conditions[0] as Condition, ...context.perturbed];
    const counts: RepeatCounts[][] = conditions.map(() => perScope(context, emptyRepeatCounts));
    return {
      add(x) {
        conditions.forEach((_, ci) => {
          const row = x.rows[ci];
          if (row === undefined) return;
          for (const s of x.scopes) addRepeatRow((counts[ci] as RepeatCounts[])[s] as RepeatCounts, row, n);
        });
      },
      finish() {
        const clean = counts[0] as RepeatCounts[];
        const repeat: NonNullable<ModelMetrics['repeat']> = {
          repeat: n,
          clean_flip_rate: context.scopes.map((scope, s) => ({
            scope,
            figure: repeatFlipRateOf(clean[s] as RepeatCounts)
          })),
          agreement: context.scopes.flatMap((scope, s) =>
            conditions.map((condition, ci) => ({
              condition,
              scope,
              ...repeatFiguresOf((counts[ci] as RepeatCounts[])[s] as RepeatCounts, n)
            }))
          )
        };
        return { repeat };
      }
    };
  }
};
