/**
 * Per condition (clean and every non-destructive one) and scope, for a model with an abstention
 * policy: what abstaining below the threshold keeps and costs (abstention.ts). Not evaluated for
 * a label-only model.
 */
import {
  addAbstentionRow,
  abstentionOf,
  emptyAbstention,
  type AbstentionCounts,
  type AbstentionPolicy
} from '../abstention.js';
import { isDestructive } from '../../config/families.js';
import type { ModelMetrics } from '../metrics.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const abstentionCell: CellKind = {
  fields: ['abstention'],
  make(context): MetricCell | null {
    if (!context.policy) return null;
    const policy: AbstentionPolicy = context.policy;
    const conditions = context.facts.conditions.filter((c) => !isDestructive(c));
    /** Condition index (0: clean) of each condition's rows. */
    const at = conditions.map((c) => context.facts.conditions.indexOf(c));
    const counts: AbstentionCounts[][] = conditions.map(() => perScope(context, emptyAbstention));
    return {
      add(x) {
        at.forEach((ci, ai) => {
          const row = x.rows[ci];
          if (row === undefined) return;
          for (const s of x.scopes)
            addAbstentionRow((counts[ai] as AbstentionCounts[])[s] as AbstentionCounts, row, policy);
        });
      },
      finish({ labelOnly }) {
        if (labelOnly) return { abstention: null };
        const abstention: NonNullable<ModelMetrics['abstention']> = [];
        context.scopes.forEach((scope, s) =>
          conditions.forEach((condition, ai) =>
            abstention.push({
              condition,
              scope,
              ...abstentionOf((counts[ai] as AbstentionCounts[])[s] as AbstentionCounts, policy)
            })
          )
        );
        return { abstention };
      }
    };
  },
  without: { abstention: null }
};
