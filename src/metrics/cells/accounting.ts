/**
 * Tabular runs only: per perturbed condition and scope, the before/after accounting, and the worked FGM examples
 * (accounting.ts).
 */
import {
  accountingOf,
  addAccountingRow,
  emptyAccounting,
  WorkedExamplePicker,
  type AccountingCounts
} from '../accounting.js';
import { WORKED_ATTACK } from '../../config/families.js';
import type { Condition } from '../../evidence/condition.js';
import type { ModelMetrics } from '../metrics.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const accountingCell: CellKind = {
  fields: ['accounting'],
  make(context): MetricCell | null {
    if (context.facts.task !== 'tabular') return null;
    const { scopes, perturbed } = context;
    const counts: AccountingCounts[][] = perturbed.map(() => perScope(context, emptyAccounting));
    return {
      add(x) {
        perturbed.forEach((_, pi) => {
          const row = x.rows[1 + pi];
          if (row === undefined) return;
          for (const s of x.scopes)
            addAccountingRow((counts[pi] as AccountingCounts[])[s] as AccountingCounts, row, x.clean);
        });
      },
      finish() {
        const accounting: NonNullable<ModelMetrics['accounting']> = [];
        scopes.forEach((scope, s) =>
          perturbed.forEach((condition, pi) =>
            accounting.push({
              condition,
              scope,
              ...accountingOf((counts[pi] as AccountingCounts[])[s] as AccountingCounts)
            })
          )
        );
        return { accounting };
      }
    };
  }
};

export const workedExamplesCell: CellKind = {
  fields: ['worked_examples'],
  make(context): MetricCell | null {
    if (context.facts.task !== 'tabular') return null;
    const picker = new WorkedExamplePicker(context.facts.transitions);
    const at = 1 + context.perturbed.indexOf(WORKED_ATTACK?.name as Condition);
    return {
      add(x) {
        const row = at > 0 ? x.rows[at] : undefined;
        if (row !== undefined) picker.add(row);
      },
      finish() {
        return { worked_examples: picker.picked() };
      }
    };
  }
};
