/**
 * The tabular row fields of one evidence row (features, candidate, per-row work) and the
 * consistency rule between attacks: `exact` certifies that no point of F(x) moves a row, so any
 * attack that succeeds on a certified row is a bug in one of them. The run stops (exit 3, an
 * internal error) naming the row rather than publishing evidence that contradicts itself.
 */
import { familyNamed } from '../config/families.js';
import type { EvidenceRow } from '../evidence/row.js';
import type { Candidate } from './candidate.js';

/**
 * `row` with its tabular fields set; `certified` only on eligible rows (the certificate is about them). Runs for every
 * tabular row.
 */
export function withTabularFields(row: EvidenceRow, tabular: NonNullable<Candidate['tabular']>): EvidenceRow {
  // The row is this candidate's own, fresh from buildRow, so the fields are set on it: a copy of
  // the whole row per tabular row was most of what exact added to a run.
  row.features = tabular.features;
  row.perturbed_features = tabular.perturbed;
  row.exact = tabular.exact;
  const w = tabular.work;
  if (w === undefined) return row;
  const eligible = row.eligible === true;
  row.queries = w?.queries ?? null;
  row.gradient_evaluations = w?.gradientEvaluations ?? null;
  row.certified = w && w.certified !== null && eligible ? w.certified : null;
  row.tie = w && eligible ? w.tie : null;
  return row;
}

/** `row` with text `exact`'s certificate and how it was decided (docs/search.md#exact); only eligible rows certify. */
export function withCertificate(row: EvidenceRow, c: NonNullable<Candidate['certificate']>): EvidenceRow {
  const eligible = row.eligible === true;
  row.certified = eligible ? c.certified : null;
  row.tie = eligible ? c.tie : null;
  row.method = c.method;
  row.candidates = c.candidates;
  row.candidates_bound = c.candidatesBound;
  return row;
}

/**
 * Whether a condition's candidates lie inside the set `exact` certifies: every tabular attack's point of F(x); on text,
 * the families whose descriptor says so (the search, whose edit space exact enumerates).
 */
function insideCertifiedSet(condition: string, task: 'text' | 'tabular'): boolean {
  return task === 'tabular' || familyNamed(condition, task)?.withinExactSpace === true;
}

/** Throws when an attack succeeds on a row that `exact` certified (one example × model's rows). */
export function checkCertified(rows: readonly EvidenceRow[], task: 'text' | 'tabular'): void {
  const certificate = rows.find((r) => r.certified === true);
  if (certificate === undefined) return;
  for (const r of rows) {
    if (r.success === true && insideCertifiedSet(r.condition, task)) {
      throw new Error(
        `inconsistent evidence: ${r.condition} succeeded on row ${JSON.stringify(r.id)} (split ` +
          `${JSON.stringify(r.split)}, model ${JSON.stringify(r.model)}) that ${certificate.condition} certified: ` +
          `no point of the feasible set should move it`
      );
    }
  }
}
