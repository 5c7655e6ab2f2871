/**
 * Abstention under a post-hoc confidence policy (docs/definitions.md#metrics), for one model's rows of one
 * non-destructive condition in one scope. The value of a row is its top score (`on:
 * probability`, meaningful for probability models only) or its margin (`on: margin`); the
 * row is abstained when value < threshold and accepted otherwise (equal is accepted).
 * A missing row (status not `ok`) has no value: it is neither abstained nor accepted and is
 * counted in `missing`, so abstained + accepted + missing = N (all rows given).
 *   abstained           = abstained / N                    (not evaluated at N = 0)
 *   accepted            = count of accepted, out of N
 *   accepted_but_wrong  = count of accepted rows whose prediction ≠ gold, out of accepted
 *   accepted_error_rate = accepted_but_wrong / accepted    (not evaluated when none accepted)
 *   missing             = count of missing rows, out of N
 * This is a fixed policy evaluated after the fact, not an adaptive attack.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { count, rate, type Figure } from './figure.js';
import { maxOf } from '../util/numbers.js';

export interface AbstentionPolicy {
  on: 'probability' | 'margin';
  threshold: number;
}

export interface Abstention {
  policy: AbstentionPolicy;
  abstained: Figure;
  accepted: Figure;
  accepted_but_wrong: Figure;
  accepted_error_rate: Figure;
  missing: Figure;
}

/** The value a policy compares with its threshold, or null for a missing row. */
export function abstentionValue(row: EvidenceRow, on: AbstentionPolicy['on']): number | null {
  if (row.status !== 'ok') return null;
  if (on === 'margin') return row.margin;
  return row.scores === null || row.scores.length === 0 ? null : maxOf(row.scores);
}

export interface AbstentionCounts {
  abstained: number;
  accepted: number;
  acceptedWrong: number;
  missing: number;
  n: number;
}

export function emptyAbstention(): AbstentionCounts {
  return { abstained: 0, accepted: 0, acceptedWrong: 0, missing: 0, n: 0 };
}

export function addAbstentionRow(c: AbstentionCounts, row: EvidenceRow, policy: AbstentionPolicy): void {
  c.n++;
  const value = abstentionValue(row, policy.on);
  if (value === null) c.missing++;
  else if (value < policy.threshold) c.abstained++;
  else {
    c.accepted++;
    if (!isCorrect(row)) c.acceptedWrong++;
  }
}

export function abstentionOf(c: AbstentionCounts, policy: AbstentionPolicy): Abstention {
  return {
    policy: { ...policy },
    abstained: rate(c.abstained, c.n, 'no rows in this scope'),
    accepted: count(c.accepted, c.n),
    accepted_but_wrong: count(c.acceptedWrong, c.accepted),
    accepted_error_rate: rate(c.acceptedWrong, c.accepted, 'no accepted rows'),
    missing: count(c.missing, c.n)
  };
}

export function abstention(rows: readonly EvidenceRow[], policy: AbstentionPolicy): Abstention {
  const c = emptyAbstention();
  for (const row of rows) addAbstentionRow(c, row, policy);
  return abstentionOf(c, policy);
}
