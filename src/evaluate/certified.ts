/**
 * The tabular row fields of one evidence row (features, candidate, per-row work) and the
 * consistency rule between attacks: `exact` certifies that no point of F(x) moves a row, so any
 * attack that succeeds on a certified row is a bug in one of them. The run stops (exit 3, an
 * internal error) naming the row rather than publishing evidence that contradicts itself.
 */
import type { EvidenceRow } from '../evidence/row.js';
import type { Candidate } from './candidate.js';

/** `row` with its tabular fields; `certified` only on eligible rows (the certificate is about them). One copy per row: this runs for every tabular row. */
export function withTabularFields(row: EvidenceRow, tabular: NonNullable<Candidate['tabular']>): EvidenceRow {
  if (tabular.work === undefined) return { ...row, features: tabular.features, perturbed_features: tabular.perturbed, exact: tabular.exact };
  const w = tabular.work;
  const eligible = row.eligible === true;
  return {
    ...row,
    features: tabular.features,
    perturbed_features: tabular.perturbed,
    exact: tabular.exact,
    queries: w?.queries ?? null,
    gradient_evaluations: w?.gradientEvaluations ?? null,
    certified: w && w.certified !== null && eligible ? w.certified : null,
    tie: w && eligible ? w.tie : null
  };
}

/** Throws when an attack succeeds on a row that `exact` certified (one example × model's rows). */
export function checkCertified(rows: readonly EvidenceRow[]): void {
  const certificate = rows.find((r) => r.certified === true);
  if (certificate === undefined) return;
  for (const r of rows) {
    if (r.success === true) {
      throw new Error(
        `inconsistent evidence: ${r.condition} succeeded on row ${JSON.stringify(r.id)} (split ${JSON.stringify(r.split)}, model ${JSON.stringify(r.model)}) that ${certificate.condition} certified: no point of the feasible set should move it`
      );
    }
  }
}
