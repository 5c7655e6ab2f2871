/** Tabular runs with `exact` only: the rows it certified and every other attack's strength against it (strength.ts). */
import {
  addCertificateRow,
  addStrengthRows,
  certificateOf,
  EXACT_ATTACK,
  emptyStrength,
  strengthOf,
  type CertificateCounts,
  type StrengthCounts
} from '../strength.js';
import type { CellKind, MetricCell } from './cell.js';

export const strengthCell: CellKind = {
  fields: ['exact_certificate', 'attack_strength'],
  make(context): MetricCell | null {
    if (context.facts.task !== 'tabular' || !context.families.includes(EXACT_ATTACK as never)) return null;
    const graded = context.families.filter((f) => f !== EXACT_ATTACK);
    const counts: StrengthCounts[] = graded.map(emptyStrength);
    const certificate: CertificateCounts = { tested: 0, certified: 0, ties: 0 };
    return {
      add(x) {
        addStrengthRows(counts, graded, x.familyRows);
        addCertificateRow(certificate, x.familyRows);
      },
      finish() {
        return { exact_certificate: certificateOf(certificate), attack_strength: graded.map((a, k) => strengthOf(a, counts[k] as StrengthCounts)) };
      }
    };
  }
};
