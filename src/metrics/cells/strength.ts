/**
 * Runs with `exact`: the rows it certified and the strength against it of every attack inside its set (strength.ts):
 * every other tabular attack; on text, the families whose descriptor says their candidates lie in exact's edit space.
 */
import { familyNamed } from '../../config/families.js';
import {
  addCertificateRow,
  addStrengthRows,
  certificateOf,
  EXACT_ATTACK,
  emptyStrength,
  POLICY_NOT_EXACT,
  strengthOf,
  type CertificateCounts,
  type StrengthCounts
} from '../strength.js';
import { notApplicable } from '../figure.js';
import type { CellKind, MetricCell } from './cell.js';

export const strengthCell: CellKind = {
  fields: ['exact_certificate', 'attack_strength'],
  make(context): MetricCell | null {
    const task = context.facts.task;
    if (!context.families.includes(EXACT_ATTACK as never)) return null;
    const graded = context.families.filter(
      (f) => f !== EXACT_ATTACK && (task === 'tabular' || familyNamed(f, task)?.withinExactSpace === true)
    );
    // Under a review policy with more than two labels the tabular exact is not the worst case: nothing to grade
    // against. Text exact enumerates, so it stays exact under any policy.
    if (task === 'tabular' && context.facts.againstPolicy === true && context.facts.labels.length > 2) {
      const na = notApplicable(POLICY_NOT_EXACT);
      return {
        add() {},
        finish: () => ({
          exact_certificate: { certified: na, ties: na },
          attack_strength: graded.map((attack) => ({ attack, strength: na }))
        })
      };
    }
    const counts: StrengthCounts[] = graded.map(emptyStrength);
    const certificate: CertificateCounts = {
      tested: 0,
      certified: 0,
      ties: 0,
      ...(task === 'text' ? { eligible: 0, undecided: 0 } : {})
    };
    return {
      add(x) {
        addStrengthRows(counts, graded, x.familyRows);
        addCertificateRow(certificate, x.familyRows);
      },
      finish() {
        return {
          exact_certificate: certificateOf(certificate),
          attack_strength: graded.map((a, k) => strengthOf(a, counts[k] as StrengthCounts))
        };
      }
    };
  }
};
