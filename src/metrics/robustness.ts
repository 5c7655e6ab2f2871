/**
 * Per model × condition robustness figures (docs/definitions.md#metrics). For one model, one
 * perturbed condition and one scope: N = rows in scope, C = rows that are changed and
 * valid (valid === true). A missing row (status not `ok`) has no prediction: inside C it
 * is a flip and incorrect.
 *
 * Counting (`addConditionRow`) and the figures (`conditionFiguresOf`) are separate so the
 * streaming accumulator and the array form (`conditionFigures`) share one definition.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { intervalFigure, intervalNotApplicable, type BootstrapOptions, type IntervalFigure } from './bootstrap.js';
import { isCorrect } from './classification.js';
import { percentagePoints } from './comparison.js';
import { count, notApplicable, rate, type Figure } from './figure.js';

export const DESTRUCTIVE_REASON = 'destructive condition: the gold label may no longer hold';
const NO_VALID_CHANGED = 'no changed and valid rows';

export interface ConditionOptions extends BootstrapOptions {
  /** A destructive family (its descriptor's `destructive`): accuracy figures and the delta interval do not apply. */
  destructive: boolean;
}

export interface ConditionFigures {
  /** |changed|, counted among the N rows in scope. */
  changed: Figure;
  /** |changed| / N. */
  coverage: Figure;
  /** |C| = changed ∧ valid, counted among N. */
  valid_changed: Figure;
  /** changed ∧ valid !== true, counted among |changed|. */
  invalid: Figure;
  /** Rows in C whose prediction differs from the clean prediction (missing = flip), counted among |C|. */
  flips: Figure;
  /** flips / N (docs/definitions.md#metrics). */
  flip_rate: Figure;
  /** flips / |C|. */
  changed_flip_rate: Figure;
  /** Correct transformed rows in C / |C|. */
  modified_accuracy: Figure;
  /** Correct clean rows on the ids of C / |C|. */
  matched_accuracy: Figure;
  /** 100 × (correct_transformed − correct_clean) / |C|; numerator is the count difference. */
  accuracy_delta_pp: Figure;
  /** Paired bootstrap interval of the delta over the ids of C, in pp. */
  delta_interval_pp: IntervalFigure;
}

/** The counts behind one cell's figures. */
export interface ConditionCounts {
  n: number;
  changed: number;
  invalid: number;
  /** |C|. */
  validChanged: number;
  flips: number;
  correctTransformed: number;
  correctClean: number;
  /** Rows of C right after the change and wrong before (+1), and the reverse (−1). */
  up: number;
  down: number;
}

export function emptyConditionCounts(): ConditionCounts {
  return {
    n: 0,
    changed: 0,
    invalid: 0,
    validChanged: 0,
    flips: 0,
    correctTransformed: 0,
    correctClean: 0,
    up: 0,
    down: 0
  };
}

/** A prediction that differs from the clean one; a missing row on either side has none (null). */
export function flipped(row: EvidenceRow, clean: EvidenceRow): boolean {
  const transformed = row.status === 'ok' ? row.prediction : null;
  const original = clean.status === 'ok' ? clean.prediction : null;
  return transformed === null || transformed !== original;
}

/** Whether a row is in C: changed and valid. */
export function inChangedValid(row: EvidenceRow): boolean {
  return row.changed && row.valid === true;
}

/**
 * Counts one row of the cell. `clean` is the same model's clean row of the same id (needed for a
 * row in C; an Error otherwise, as is a clean row of another model or condition).
 */
export function addConditionRow(c: ConditionCounts, row: EvidenceRow, clean: EvidenceRow | undefined): void {
  c.n++;
  if (!row.changed) return;
  c.changed++;
  if (row.valid !== true) {
    c.invalid++;
    return;
  }
  if (clean === undefined) throw new Error(`conditionFigures: no clean row for id "${row.id}" of model ${row.model}`);
  if (clean.condition !== 'clean' || clean.model !== row.model) {
    throw new Error(
      `conditionFigures: the clean row for id "${row.id}" is ${clean.model}/${clean.condition}, expected ` +
        `${row.model}/clean`
    );
  }
  c.validChanged++;
  if (flipped(row, clean)) c.flips++;
  const t = isCorrect(row);
  const k = isCorrect(clean);
  if (t) c.correctTransformed++;
  if (k) c.correctClean++;
  if (t && !k) c.up++;
  else if (!t && k) c.down++;
}

/**
 * Figures of one cell from its counts.
 *   changed = |changed| of N; coverage = |changed| / N; valid_changed = |C| of N;
 *   invalid = |changed ∧ valid ≠ true| of |changed|;
 *   flips = rows in C with prediction ≠ clean prediction (a missing transformed row always
 *   flips); flip_rate = flips / N; changed_flip_rate = flips / |C|;
 *   modified_accuracy = correct transformed in C / |C|; matched_accuracy = correct clean on
 *   the same ids / |C|; accuracy_delta_pp = 100 × (correct_transformed − correct_clean) / |C|;
 *   delta_interval_pp = count-based bootstrap interval (× 100) of the mean per-id difference
 *   correct_transformed − correct_clean over C (values +1 = up, −1 = down, 0 otherwise).
 * Not evaluated: a rate whose denominator is 0 (N = 0, or |C| = 0 for changed_flip_rate,
 * the accuracies, the delta and its interval). Not applicable when `destructive`: the two
 * accuracies, the delta and its interval; flips and flip rates are still reported.
 */
export function conditionFiguresOf(c: ConditionCounts, options: ConditionOptions): ConditionFigures {
  const base = {
    changed: count(c.changed, c.n),
    coverage: rate(c.changed, c.n, 'no rows in this scope'),
    valid_changed: count(c.validChanged, c.n),
    invalid: count(c.invalid, c.changed),
    flips: count(c.flips, c.validChanged),
    flip_rate: rate(c.flips, c.n, 'no rows in this scope'),
    changed_flip_rate: rate(c.flips, c.validChanged, NO_VALID_CHANGED)
  };
  if (options.destructive) {
    return {
      ...base,
      modified_accuracy: notApplicable(DESTRUCTIVE_REASON),
      matched_accuracy: notApplicable(DESTRUCTIVE_REASON),
      accuracy_delta_pp: notApplicable(DESTRUCTIVE_REASON),
      delta_interval_pp: intervalNotApplicable(options, DESTRUCTIVE_REASON)
    };
  }
  return {
    ...base,
    modified_accuracy: rate(c.correctTransformed, c.validChanged, NO_VALID_CHANGED),
    matched_accuracy: rate(c.correctClean, c.validChanged, NO_VALID_CHANGED),
    accuracy_delta_pp: percentagePoints(c.correctTransformed - c.correctClean, c.validChanged, NO_VALID_CHANGED),
    delta_interval_pp: intervalFigure(
      { plus: c.up, minus: c.down, zero: c.validChanged - c.up - c.down },
      options,
      100,
      NO_VALID_CHANGED
    )
  };
}

/**
 * Figures for one model × perturbed condition × scope from its rows. `cleanRows` maps id → the
 * same model's clean row (needed for every id in C). Rows of mixed models or conditions, or of
 * the clean condition, are a caller error and throw.
 */
export function conditionFigures(
  rows: readonly EvidenceRow[],
  cleanRows: ReadonlyMap<string, EvidenceRow>,
  options: ConditionOptions
): ConditionFigures {
  const first = rows[0];
  if (first !== undefined && first.condition === 'clean')
    throw new Error('conditionFigures needs the rows of a perturbed condition, not clean');
  const c = emptyConditionCounts();
  for (const row of rows) {
    if (first !== undefined && (row.model !== first.model || row.condition !== first.condition)) {
      throw new Error(
        `conditionFigures: rows mix ${first.model}/${first.condition} with ${row.model}/${row.condition}`
      );
    }
    addConditionRow(c, row, inChangedValid(row) ? cleanRows.get(row.id) : undefined);
  }
  return conditionFiguresOf(c, options);
}
