/**
 * Metrics from whole arrays of rows or values, as the tests state them: each composes the same
 * per-row and per-count functions the streaming cells use (src/metrics/), so the tests check those.
 * Only tests compute figures this way; a run streams its rows through the cells.
 */
import type { EvidenceRow } from '../../../src/evidence/row.js';
import type { OutcomeCounts } from '../../../src/metrics/bootstrap.js';
import { confusionCounts } from '../../../src/metrics/confusion.js';
import { f1FromConfusion, type F1Scores } from '../../../src/metrics/f1.js';
import type { Figure } from '../../../src/metrics/figure.js';
import type { Numbers } from '../../../src/metrics/percentile.js';
import {
  addReliabilityRow,
  emptyReliability,
  reliabilityOf,
  type Reliability
} from '../../../src/metrics/reliability.js';
import { riskCoverageOf, selectiveOutcome, type RiskCoverage } from '../../../src/metrics/selective.js';
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
