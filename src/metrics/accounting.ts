/**
 * Before/after accounting of one perturbed condition against the clean rows, over the WHOLE
 * scope (SPEC §13): the figures a reader needs to see why "errors after the test" is not
 * "attack successes".
 *   post_test_errors   = rows wrong after the condition / N (initially wrong rows included)
 *   post_test_accuracy = rows right after the condition / N
 *   error_induction    = clean-correct rows that became wrong / clean-correct rows
 *                        (the corruption baseline's rate; for an attack with complete coverage
 *                        this equals the conditional attack success)
 *   became_correct     = clean-wrong rows that became right (counted among clean-wrong rows)
 * A missing row counts as wrong. Not evaluated when the denominator is 0.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { count, rate, type Figure } from './figure.js';

export interface Accounting {
  post_test_errors: Figure;
  post_test_accuracy: Figure;
  error_induction: Figure;
  became_correct: Figure;
}

export function accounting(rows: readonly EvidenceRow[], cleanRows: ReadonlyMap<string, EvidenceRow>): Accounting {
  let wrongAfter = 0;
  let cleanCorrect = 0;
  let induced = 0;
  let cleanWrong = 0;
  let fixed = 0;
  for (const row of rows) {
    const clean = cleanRows.get(row.id);
    if (!clean) throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
    const before = isCorrect(clean);
    const after = isCorrect(row);
    if (!after) wrongAfter++;
    if (before) {
      cleanCorrect++;
      if (!after) induced++;
    } else {
      cleanWrong++;
      if (after) fixed++;
    }
  }
  return {
    post_test_errors: rate(wrongAfter, rows.length, 'no rows in this scope'),
    post_test_accuracy: rate(rows.length - wrongAfter, rows.length, 'no rows in this scope'),
    error_induction: rate(induced, cleanCorrect, 'no clean-correct rows'),
    became_correct: count(fixed, cleanWrong)
  };
}

export interface WorkedExample {
  id: string;
  features: Record<string, number> | null;
  perturbed_features: Record<string, number> | null;
  label: string;
  clean_prediction: string | null;
  prediction: string | null;
  success: boolean;
}

/** Up to `n` rows that link a counted failure to its actual change: successes first, in evidence order. */
export function workedExamples(rows: readonly EvidenceRow[], n = 3): WorkedExample[] {
  const tested = rows.filter((r) => r.tested);
  const picked = [...tested.filter((r) => r.success), ...tested.filter((r) => !r.success)].slice(0, n);
  return picked.map((r) => ({
    id: r.id,
    features: r.features ?? null,
    perturbed_features: r.perturbed_features ?? null,
    label: r.label,
    clean_prediction: r.clean_prediction,
    prediction: r.prediction,
    success: r.success === true
  }));
}
