/** Per attack family and scope: the ledger of eligible, tested and successful rows (ledger.ts). */
import { addFamilyRow, emptyFamilyCounts, familyLedgerOf, type FamilyCounts } from '../ledger.js';
import type { ModelMetrics } from '../metrics.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const ledgerCell: CellKind = {
  fields: ['ledger'],
  make(context): MetricCell {
    const { facts, scopes, perturbed, families } = context;
    const counts: FamilyCounts[][] = families.map((f) => perScope(context, () => emptyFamilyCounts(f, facts.task)));
    /** Condition index of each family's rows. */
    const at = families.map((f) => 1 + perturbed.indexOf(f));
    return {
      add(x) {
        at.forEach((ci, fi) => {
          const row = x.rows[ci];
          if (row === undefined) return;
          for (const s of x.scopes)
            addFamilyRow(
              (counts[fi] as FamilyCounts[])[s] as FamilyCounts,
              row,
              x.clean,
              facts.objective,
              facts.transitions
            );
        });
      },
      finish() {
        const ledger: ModelMetrics['ledger'] = [];
        scopes.forEach((scope, s) =>
          families.forEach((family, fi) =>
            ledger.push({ family, scope, ...familyLedgerOf((counts[fi] as FamilyCounts[])[s] as FamilyCounts) })
          )
        );
        return { ledger };
      }
    };
  }
};
