/**
 * The adaptive search's figures per model and scope (docs/search.md), from its evidence rows:
 * successes ÷ tested, queries (mean and median over tested rows and over successes), words changed
 * per success, and the success–budget curve — for each query count q at which a success was
 * found, the successes found within q queries (÷ tested gives the curve; it is a step function
 * between those points, exact because each row records its queries).
 */
import type { EvidenceRow } from '../evidence/row.js';
import { measure, notEvaluated, rate, type Figure } from './figure.js';

export interface SearchCounts {
  tested: number;
  successes: number;
  /** Queries of each tested row, and of each success (one numeric array per cell, for the medians). */
  testedQueries: number[];
  successQueries: number[];
  wordsChanged: number;
}

export interface SearchFigures {
  tested: number;
  successes: number;
  attack_success: Figure;
  queries_mean_tested: Figure;
  queries_median_tested: Figure;
  queries_mean_success: Figure;
  queries_median_success: Figure;
  words_changed_per_success: Figure;
  /**
   * The query budget per (example, model): the curve runs over q = 1 … budget (null when the manifest does not record
   * it).
   */
  budget: number | null;
  /** Cumulative successes at each query count where one was found, ascending; the curve is successes ÷ tested. */
  success_budget_curve: Array<{ queries: number; successes: number }>;
}

export function emptySearchCounts(): SearchCounts {
  return { tested: 0, successes: 0, testedQueries: [], successQueries: [], wordsChanged: 0 };
}

export function addSearchRow(c: SearchCounts, row: EvidenceRow): void {
  if (row.tested !== true) return;
  const q = row.queries ?? 0;
  c.tested++;
  c.testedQueries.push(q);
  if (row.success === true) {
    c.successes++;
    c.successQueries.push(q);
    c.wordsChanged += row.edits?.length ?? 0;
  }
}

function median(values: readonly number[], reason: string): Figure {
  if (values.length === 0) return notEvaluated(reason);
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return measure(
    sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2,
    sorted.length
  );
}

function mean(values: readonly number[], reason: string): Figure {
  return rate(
    values.reduce((a, b) => a + b, 0),
    values.length,
    reason
  );
}

export function searchFiguresOf(c: SearchCounts, budget: number | null = null): SearchFigures {
  const byQueries = new Map<number, number>();
  for (const q of c.successQueries) byQueries.set(q, (byQueries.get(q) ?? 0) + 1);
  let found = 0;
  const curve = [...byQueries.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([queries, n]) => ({ queries, successes: (found += n) }));
  return {
    tested: c.tested,
    successes: c.successes,
    attack_success: rate(c.successes, c.tested, 'no tested rows'),
    queries_mean_tested: mean(c.testedQueries, 'no tested rows'),
    queries_median_tested: median(c.testedQueries, 'no tested rows'),
    queries_mean_success: mean(c.successQueries, 'no successes'),
    queries_median_success: median(c.successQueries, 'no successes'),
    words_changed_per_success: rate(c.wordsChanged, c.successes, 'no successes'),
    budget,
    success_budget_curve: curve
  };
}

/**
 * Successes found within `q` queries, read off the stored curve (the last point at or below q):
 * the curve is a step function between its points. Divided by tested it is the success rate at q.
 */
export function successesWithin(curve: ReadonlyArray<{ queries: number; successes: number }>, q: number): number {
  let found = 0;
  for (const p of curve) {
    if (p.queries > q) break;
    found = p.successes;
  }
  return found;
}
