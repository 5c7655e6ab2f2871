/**
 * Worked rows per tabular attack (docs/tabular.md), for runs whose rows report per-row work: for
 * each attack, a few tested rows (breaches of a protected transition first, then other successes,
 * then rows that held, in evidence order) with only the features the attack changed, original →
 * perturbed, and the work the row cost (queries and gradient evaluations).
 */
import type { ProtectedTransition } from '../evidence/attack-success.js';
import type { EvidenceRow } from '../evidence/row.js';
import { WorkedExamplePicker, WORKED_EXAMPLES } from './accounting.js';

export interface FeatureChange {
  feature: string;
  from: number;
  to: number;
}

export interface AttackExample {
  condition: string;
  id: string;
  label: string;
  clean_prediction: string | null;
  prediction: string | null;
  success: boolean;
  /** The features whose value the attack changed, in feature order. */
  changed: FeatureChange[];
  queries: number | null;
  gradient_evaluations: number | null;
}

/** The features of `row` that differ between `features` and `perturbed_features`, in feature order. */
export function changedFeatures(row: Pick<EvidenceRow, 'features' | 'perturbed_features'>): FeatureChange[] {
  const before = row.features ?? {};
  const after = row.perturbed_features ?? {};
  return Object.keys(before).flatMap((feature) => {
    const from = before[feature] as number;
    const to = after[feature];
    return to === undefined || to === from ? [] : [{ feature, from, to }];
  });
}

function attackExample(row: EvidenceRow): AttackExample {
  return {
    condition: row.condition,
    id: row.id,
    label: row.label,
    clean_prediction: row.clean_prediction,
    prediction: row.prediction,
    success: row.success === true,
    changed: changedFeatures(row),
    queries: row.queries ?? null,
    gradient_evaluations: row.gradient_evaluations ?? null
  };
}

/** One picker per attack; `picked` lists the attacks in the order given, up to `n` rows each. */
export class AttackExamplePicker {
  private readonly pickers: WorkedExamplePicker<EvidenceRow>[];
  constructor(
    private readonly attacks: readonly string[],
    transitions: readonly ProtectedTransition[] = [],
    n = WORKED_EXAMPLES
  ) {
    this.pickers = attacks.map(() => new WorkedExamplePicker(transitions, n, (r) => r));
  }

  /** `rows[k]`: attack k's row of one example (undefined when absent). */
  add(rows: ReadonlyArray<EvidenceRow | undefined>): void {
    rows.forEach((row, k) => {
      if (row !== undefined) this.pickers[k]?.add(row);
    });
  }

  picked(): AttackExample[] {
    return this.pickers.flatMap((p) => p.picked().map(attackExample));
  }
}
