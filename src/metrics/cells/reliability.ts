/** Per scope, for a model that gives probabilities: the reliability of its clean confidences (reliability.ts). */
import { addReliabilityRow, emptyReliability, reliabilityOf, type ReliabilityCounts } from '../reliability.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const reliabilityCell: CellKind = {
  fields: ['reliability'],
  make(context): MetricCell | null {
    if (!context.model.probabilities) return null;
    const counts = perScope(context, emptyReliability);
    return {
      add(x) {
        for (const s of x.scopes) addReliabilityRow(counts[s] as ReliabilityCounts, x.clean);
      },
      finish() {
        return {
          reliability: context.scopes.map((scope, s) => ({ scope, ...reliabilityOf(counts[s] as ReliabilityCounts) }))
        };
      }
    };
  },
  without: { reliability: null }
};
