/**
 * Attack strength (docs/tabular.md): how many of the failures `exact` proves an attack finds.
 * Per model and attack, over the rows that both the attack and `exact` tested:
 *   strength = rows where the attack succeeded ÷ rows where exact succeeded  (n/N).
 * 1.0 means the attack found every failure there is in the threat model's set; below 1 it missed
 * some. Without `exact` in the run there is no reference and no figure.
 */
import { STRENGTH_REFERENCE } from '../config/families.js';
import type { EvidenceRow } from '../evidence/row.js';
import { count, rate, type Figure } from './figure.js';

/** The attack strengths are graded against (its descriptor's strategy is `exact`). */
export const EXACT_ATTACK = STRENGTH_REFERENCE;

/** Why there is no certificate or strength under a review policy with more than two labels (docs/tabular.md). */
export const POLICY_NOT_EXACT =
  'exact is exact under threat_model.against_policy for two labels only: with more, the decisions a review ' +
  'policy accepts are not one half-space per rival label, so there is no certificate or strength to report';

export interface StrengthCounts {
  /** Rows both tested where the attack succeeded. */
  found: number;
  /** Rows both tested where exact succeeded. */
  exact: number;
}

export interface AttackStrength {
  attack: string;
  strength: Figure;
}

/**
 * What `exact` proved for one model: certified rows and ties among the rows it tested; on text, also the eligible rows
 * it left undecided (their edit space exceeded max_candidates: docs/search.md#exact).
 */
export interface ExactCertificate {
  certified: Figure;
  ties: Figure;
  undecided?: Figure;
}

export interface CertificateCounts {
  tested: number;
  certified: number;
  ties: number;
  /** Text only: eligible rows and those undecided among them. */
  eligible?: number;
  undecided?: number;
}

export function addCertificateRow(c: CertificateCounts, rows: readonly EvidenceRow[]): void {
  const exact = rows.find((r) => r.condition === EXACT_ATTACK);
  if (exact === undefined) return;
  if (c.eligible !== undefined && exact.eligible === true) {
    c.eligible++;
    if (exact.uncovered_reason === 'edit_space') c.undecided = (c.undecided ?? 0) + 1;
  }
  if (exact.tested !== true) return;
  c.tested++;
  if (exact.certified === true) c.certified++;
  if (exact.tie === true) c.ties++;
}

export function certificateOf(c: CertificateCounts): ExactCertificate {
  return {
    certified: rate(c.certified, c.tested, 'exact tested no row'),
    ties: count(c.ties, c.tested),
    ...(c.eligible !== undefined ? { undecided: count(c.undecided ?? 0, c.eligible) } : {})
  };
}

export function emptyStrength(): StrengthCounts {
  return { found: 0, exact: 0 };
}

/** One example's rows of one model: adds each attack's row to its counts (attacks in `attacks` order). */
export function addStrengthRows(
  counts: StrengthCounts[],
  attacks: readonly string[],
  rows: readonly EvidenceRow[]
): void {
  const exact = rows.find((r) => r.condition === EXACT_ATTACK);
  if (exact === undefined || exact.tested !== true) return;
  attacks.forEach((attack, k) => {
    const row = rows.find((r) => r.condition === attack);
    if (row === undefined || row.tested !== true) return;
    const c = counts[k] as StrengthCounts;
    if (row.success === true) c.found++;
    if (exact.success === true) c.exact++;
  });
}

export function strengthOf(attack: string, c: StrengthCounts): AttackStrength {
  return { attack, strength: rate(c.found, c.exact, 'exact found no failure on the rows both tested') };
}
