/**
 * Per model × condition robustness figures (SPEC §8, seed `000_…`). For one model, one
 * perturbed condition and one scope: N = rows in scope, C = rows that are changed and
 * valid (valid === true). A missing row (status not `ok`) has no prediction: inside C it
 * is a flip and incorrect.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { byId, intervalFigure, intervalNotApplicable, type BootstrapOptions, type IntervalFigure } from './bootstrap.js';
import { isCorrect } from './classification.js';
import { percentagePoints } from './comparison.js';
import { count, notApplicable, rate, type Figure } from './figure.js';

export const DESTRUCTIVE_REASON = 'destructive condition: the gold label may no longer hold';
const NO_VALID_CHANGED = 'no changed and valid rows';

export interface ConditionOptions extends BootstrapOptions {
  /** True for `truncate`: accuracy figures and the delta interval are not applicable. */
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
  /** flips / N (the seed's definition). */
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

/** A prediction that differs from the clean one; a missing row on either side has none (null). */
function flipped(row: EvidenceRow, clean: EvidenceRow): boolean {
  const transformed = row.status === 'ok' ? row.prediction : null;
  const original = clean.status === 'ok' ? clean.prediction : null;
  return transformed === null || transformed !== original;
}

/**
 * Figures for one model × perturbed condition × scope. `rows` are that cell's rows;
 * `cleanRows` maps id → the same model's clean row (needed for every id in C; an Error
 * otherwise, as it is for rows of mixed models or conditions).
 *   changed = |changed| of N; coverage = |changed| / N; valid_changed = |C| of N;
 *   invalid = |changed ∧ valid ≠ true| of |changed|;
 *   flips = rows in C with prediction ≠ clean prediction (a missing transformed row always
 *   flips); flip_rate = flips / N; changed_flip_rate = flips / |C|;
 *   modified_accuracy = correct transformed in C / |C|; matched_accuracy = correct clean on
 *   the same ids / |C|; accuracy_delta_pp = 100 × (correct_transformed − correct_clean) / |C|;
 *   delta_interval_pp = bootstrap percentile interval (× 100) of the mean of the per-id
 *   differences correct_transformed − correct_clean over C, ids in code-point order.
 * Not evaluated: a rate whose denominator is 0 (N = 0, or |C| = 0 for changed_flip_rate,
 * the accuracies, the delta and its interval). Not applicable when `destructive`: the two
 * accuracies, the delta and its interval; flips and flip rates are still reported.
 */
export function conditionFigures(rows: readonly EvidenceRow[], cleanRows: ReadonlyMap<string, EvidenceRow>, options: ConditionOptions): ConditionFigures {
  const first = rows[0];
  if (first !== undefined && first.condition === 'clean') throw new Error('conditionFigures needs the rows of a perturbed condition, not clean');
  let changed = 0;
  let invalid = 0;
  let flips = 0;
  let correctTransformed = 0;
  let correctClean = 0;
  const diffs: Array<{ id: string; d: number }> = [];
  for (const row of rows) {
    if (first !== undefined && (row.model !== first.model || row.condition !== first.condition)) {
      throw new Error(`conditionFigures: rows mix ${first.model}/${first.condition} with ${row.model}/${row.condition}`);
    }
    if (!row.changed) continue;
    changed++;
    if (row.valid !== true) {
      invalid++;
      continue;
    }
    const clean = cleanRows.get(row.id);
    if (clean === undefined) throw new Error(`conditionFigures: no clean row for id "${row.id}" of model ${row.model}`);
    if (clean.condition !== 'clean' || clean.model !== row.model) {
      throw new Error(`conditionFigures: the clean row for id "${row.id}" is ${clean.model}/${clean.condition}, expected ${row.model}/clean`);
    }
    if (flipped(row, clean)) flips++;
    const t = isCorrect(row) ? 1 : 0;
    const c = isCorrect(clean) ? 1 : 0;
    correctTransformed += t;
    correctClean += c;
    diffs.push({ id: row.id, d: t - c });
  }
  const n = rows.length;
  const validChanged = diffs.length;
  const base = {
    changed: count(changed, n),
    coverage: rate(changed, n, 'no rows in this scope'),
    valid_changed: count(validChanged, n),
    invalid: count(invalid, changed),
    flips: count(flips, validChanged),
    flip_rate: rate(flips, n, 'no rows in this scope'),
    changed_flip_rate: rate(flips, validChanged, NO_VALID_CHANGED)
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
    modified_accuracy: rate(correctTransformed, validChanged, NO_VALID_CHANGED),
    matched_accuracy: rate(correctClean, validChanged, NO_VALID_CHANGED),
    accuracy_delta_pp: percentagePoints(correctTransformed - correctClean, validChanged, NO_VALID_CHANGED),
    delta_interval_pp: intervalFigure(byId(diffs).map((x) => x.d), options, 100, NO_VALID_CHANGED)
  };
}
