/**
 * Confusion counts (docs/definitions.md#metrics, classification): one row per true label and one column per
 * predicted label, both in the given label order (code-point order in the engine), plus a
 * `missing` column for rows with no prediction (status not `ok`). Every row of the scope is
 * counted exactly once, so the row sums are the label supports and the grand total is N.
 * A gold or predicted label outside `labels` is a caller error and throws.
 */
import type { EvidenceRow } from '../evidence/row.js';

export interface ConfusionCounts {
  /** Row and column order. */
  labels: string[];
  /** matrix[t][p] = rows whose gold label is labels[t] and whose prediction is labels[p]. */
  matrix: number[][];
  /** missing[t] = rows whose gold label is labels[t] and that have no prediction. */
  missing: number[];
  /** Rows counted (N). */
  total: number;
}

/** The prediction a row counts with: null when the row is missing (status not `ok`). */
export function predictionOf(row: EvidenceRow): string | null {
  return row.status === 'ok' ? row.prediction : null;
}

export function labelIndex(labels: readonly string[]): (label: string, what: string) => number {
  const index = new Map(labels.map((l, i) => [l, i]));
  return (label, what) => {
    const i = index.get(label);
    if (i === undefined) throw new Error(`${what} "${label}" is not one of the labels [${labels.join(', ')}]`);
    return i;
  };
}

export function emptyConfusion(labels: readonly string[]): ConfusionCounts {
  return {
    labels: [...labels],
    matrix: labels.map(() => new Array<number>(labels.length).fill(0)),
    missing: new Array<number>(labels.length).fill(0),
    total: 0
  };
}

/** Counts one row; `indexOf` comes from `labelIndex(c.labels)`. */
export function addToConfusion(
  c: ConfusionCounts,
  row: EvidenceRow,
  indexOf: (label: string, what: string) => number
): void {
  const t = indexOf(row.label, `gold label of row ${row.id}`);
  const predicted = predictionOf(row);
  if (predicted === null) c.missing[t] = (c.missing[t] as number) + 1;
  else {
    const line = c.matrix[t] as number[];
    const p = indexOf(predicted, `prediction of row ${row.id}`);
    line[p] = (line[p] as number) + 1;
  }
  c.total++;
}
