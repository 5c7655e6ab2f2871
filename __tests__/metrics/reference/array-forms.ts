/**
 * Metrics from whole arrays of rows or values, as the tests state them: each composes the same
 * per-row and per-count functions the streaming cells use (src/metrics/), so the tests check those.
 * Only tests compute figures this way; a run streams its rows through the cells.
 */
import type { EvidenceRow } from '../../../src/evidence/row.js';
import type { OutcomeCounts } from '../../../src/metrics/bootstrap.js';
import { addToConfusion, emptyConfusion, labelIndex, type ConfusionCounts } from '../../../src/metrics/confusion.js';
import { addPair, pairedComparisonOf, type PairedComparison } from '../../../src/metrics/comparison.js';
import type { BootstrapOptions } from '../../../src/metrics/bootstrap.js';
import { RowSerializer } from '../../../src/evidence/serialize.js';
import { f1FromConfusion, type F1Scores } from '../../../src/metrics/f1.js';
import type { Figure } from '../../../src/metrics/figure.js';
import type { Numbers } from '../../../src/metrics/percentile.js';
import {
  addReliabilityRow,
  emptyReliability,
  reliabilityOf,
  type Reliability
} from '../../../src/metrics/reliability.js';
import {
  RiskCoverageAccumulator,
  selectiveOutcome,
  type RiskCoverage,
  type ScoredOutcome
} from '../../../src/metrics/selective.js';
import { histogram, psiOfHistograms } from '../../../src/metrics/shift.js';

export function f1Scores(rows: readonly EvidenceRow[], labels: readonly string[]): F1Scores {
  return f1FromConfusion(confusionCounts(rows, labels));
}

/** The curve of one model's clean rows in a scope, ranked by `clean_margin`. */
export function riskCoverage(rows: readonly EvidenceRow[]): RiskCoverage {
  return riskCoverageOf(rows.map(selectiveOutcome));
}

export function reliability(rows: readonly EvidenceRow[]): Reliability {
  const c = emptyReliability();
  for (const row of rows) addReliabilityRow(c, row);
  return reliabilityOf(c);
}

export function psi(reference: readonly number[], comparison: readonly number[]): Figure {
  return psiOfHistograms(histogram(reference), histogram(comparison));
}

/** Count each value; e.g. the languages or gold labels of one split's examples. */
export function categoryCounts(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** The counts of a sample of +1/0/−1 values (anything else throws). */
export function outcomeCounts(values: Numbers): OutcomeCounts {
  const c = { plus: 0, minus: 0, zero: 0 };
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === 1) c.plus++;
    else if (v === -1) c.minus++;
    else if (v === 0) c.zero++;
    else throw new RangeError(`a count-based bootstrap needs values in {+1, 0, -1}, got ${v}`);
  }
  return c;
}

export function confusionCounts(rows: readonly EvidenceRow[], labels: readonly string[]): ConfusionCounts {
  const indexOf = labelIndex(labels);
  const c = emptyConfusion(labels);
  for (const row of rows) addToConfusion(c, row, indexOf);
  return c;
}

export function riskCoverageOf(items: readonly ScoredOutcome[]): RiskCoverage {
  const acc = new RiskCoverageAccumulator();
  for (const item of items) acc.add(item.margin, item.correct);
  return acc.finish();
}

/**
 * Compares model A with model B on the same rows (normally: the clean rows of the challenge
 * split). Rows are paired by id; both sides must hold exactly the same ids, each once, or
 * an Error is thrown.
 */
export function pairedComparison(
  a: readonly EvidenceRow[],
  b: readonly EvidenceRow[],
  options: BootstrapOptions
): PairedComparison {
  const bRows = new Map<string, EvidenceRow>();
  for (const row of b) {
    if (bRows.has(row.id)) throw new Error(`paired comparison: id "${row.id}" appears twice for model ${row.model}`);
    bRows.set(row.id, row);
  }
  if (a.length !== b.length)
    throw new Error(`paired comparison: ${a.length} rows against ${b.length} — the ids must match`);
  const seen = new Set<string>();
  const counts = { plus: 0, minus: 0, zero: 0 };
  for (const rowA of a) {
    if (seen.has(rowA.id)) throw new Error(`paired comparison: id "${rowA.id}" appears twice for model ${rowA.model}`);
    seen.add(rowA.id);
    const rowB = bRows.get(rowA.id);
    if (rowB === undefined) throw new Error(`paired comparison: id "${rowA.id}" has no row for the second model`);
    addPair(counts, rowA, rowB);
  }
  return pairedComparisonOf(counts, options);
}

/** One JSONL line (without the newline); a run keeps one RowSerializer for all its rows. */
export function serializeRow(row: EvidenceRow, labels: readonly string[]): string {
  return new RowSerializer(labels).line(row);
}
