/**
 * Before/after accounting of one perturbed condition against the clean rows, over the WHOLE
 * scope (docs/definitions.md#tabular): the figures a reader needs to see why "errors after the test" is not
 * "attack successes".
 *   post_test_errors   = rows wrong after the condition / N (initially wrong rows included)
 *   post_test_accuracy = rows right after the condition / N
 *   error_induction    = clean-correct rows that became wrong / clean-correct rows
 *                        (the corruption baseline's rate; for an attack with complete coverage
 *                        this equals the conditional attack success)
 *   became_correct     = clean-wrong rows that became right (counted among clean-wrong rows)
 * A missing row counts as wrong. Not evaluated when the denominator is 0.
 */
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { isProtected } from '../evidence/ledger.js';
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from './classification.js';
import { count, rate, type Figure } from './figure.js';

export interface Accounting {
  post_test_errors: Figure;
  post_test_accuracy: Figure;
  error_induction: Figure;
  became_correct: Figure;
}

export interface AccountingCounts {
  n: number;
  wrongAfter: number;
  cleanCorrect: number;
  induced: number;
  cleanWrong: number;
  fixed: number;
}

export function emptyAccounting(): AccountingCounts {
  return { n: 0, wrongAfter: 0, cleanCorrect: 0, induced: 0, cleanWrong: 0, fixed: 0 };
}

export function addAccountingRow(c: AccountingCounts, row: EvidenceRow, clean: EvidenceRow | undefined): void {
  if (!clean) throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
  const before = isCorrect(clean);
  const after = isCorrect(row);
  c.n++;
  if (!after) c.wrongAfter++;
  if (before) {
    c.cleanCorrect++;
    if (!after) c.induced++;
  } else {
    c.cleanWrong++;
    if (after) c.fixed++;
  }
}

export function accountingOf(c: AccountingCounts): Accounting {
  return {
    post_test_errors: rate(c.wrongAfter, c.n, 'no rows in this scope'),
    post_test_accuracy: rate(c.n - c.wrongAfter, c.n, 'no rows in this scope'),
    error_induction: rate(c.induced, c.cleanCorrect, 'no clean-correct rows'),
    became_correct: count(c.fixed, c.cleanWrong)
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

export const WORKED_EXAMPLES = 3;

/**
 * Keeps the first tested rows of each kind, in evidence order, as the worked examples need:
 * breaches of the protected outcome (a declared transition such as 1 → 0) first, then other
 * successes, then tested rows that held.
 */
export class WorkedExamplePicker<T = WorkedExample> {
  private readonly lists: [EvidenceRow[], EvidenceRow[], EvidenceRow[]] = [[], [], []];
  constructor(
    private readonly transitions: readonly ProtectedTransition[] = [],
    private readonly n = WORKED_EXAMPLES,
    private readonly shape: (row: EvidenceRow) => T = worked as unknown as (row: EvidenceRow) => T
  ) {}

  add(row: EvidenceRow): void {
    if (!row.tested) return;
    const kind = !row.success ? 2 : isProtected(this.transitions, row.label, row.prediction) ? 0 : 1;
    const list = this.lists[kind];
    if (list.length < this.n) list.push(row);
  }

  /** Up to `n` rows that link a counted failure to its actual change, most severe first. */
  picked(): T[] {
    return this.lists.flat().slice(0, this.n).map(this.shape);
  }
}

/**
 * Up to `n` rows that link a counted failure to its actual change: protected breaches, other successes, then the rest.
 */
export function workedExamples(
  rows: readonly EvidenceRow[],
  n = WORKED_EXAMPLES,
  transitions: readonly ProtectedTransition[] = []
): WorkedExample[] {
  const picker = new WorkedExamplePicker(transitions, n);
  for (const row of rows) picker.add(row);
  return picker.picked();
}

function worked(r: EvidenceRow): WorkedExample {
  return {
    id: r.id,
    features: r.features ?? null,
    perturbed_features: r.perturbed_features ?? null,
    label: r.label,
    clean_prediction: r.clean_prediction,
    prediction: r.prediction,
    success: r.success === true
  };
}
