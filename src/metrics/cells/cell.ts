/**
 * A metric cell: what one model's figure of one kind keeps while the evidence streams past
 * (`add`, an example at a time) and the figures it reports at the end (`finish`). Cells keep
 * counts, never rows. The list of cells is table.ts; accumulate.ts feeds every cell the same
 * example and merges what they finish into the model's metrics.
 */
import type { AttackFamily } from '../../config/families.js';
import type { Condition } from '../../evidence/condition.js';
import type { EvidenceRow } from '../../evidence/row.js';
import type { AbstentionPolicy } from '../abstention.js';
import type { BootstrapOptions } from '../bootstrap.js';
import type { MetricFacts, ModelMetrics } from '../metrics.js';
import { cellParts } from '../random.js';

/** What a model's cells are built from. */
export interface CellContext {
  facts: MetricFacts;
  model: MetricFacts['models'][number];
  /** Scope names: `all`, then each split; scope index s names scopes[s]. */
  scopes: readonly string[];
  /** The conditions after clean, in evidence order; `rows[1 + i]` is perturbed[i]'s row. */
  perturbed: readonly Condition[];
  /** The attack families among `perturbed`, in the same order. */
  families: readonly AttackFamily[];
  /** The model's abstention policy, when it has one. */
  policy: AbstentionPolicy | undefined;
}

/** One example as one model saw it. */
export interface ModelExample {
  id: string;
  split: string;
  language: string;
  /** The model's rows by condition index (0: clean); undefined where a condition has no row. */
  rows: ReadonlyArray<EvidenceRow | undefined>;
  clean: EvidenceRow;
  /** The scope indexes the example counts in: 0 (all) and 1 + its split's index. */
  scopes: readonly number[];
  /** The rows of the attack families present, in condition order. */
  familyRows: readonly EvidenceRow[];
}

/** What the cells learn about the model as a whole, for their figures at the end. */
export interface ModelSummary {
  /** The model returned no scores on an `ok` clean row: margin-based figures are not evaluated. */
  labelOnly: boolean;
}

export interface MetricCell {
  add(example: ModelExample): void;
  finish(model: ModelSummary): Partial<ModelMetrics>;
}

/** One row of the table: the figures a cell reports, and the cell, or null where the model or task has none. */
export interface CellKind {
  /** The fields of ModelMetrics the cell fills. */
  fields: ReadonlyArray<keyof ModelMetrics>;
  make(context: CellContext): MetricCell | null;
  /** The fields when make() gives no cell (absent fields are left out). */
  without?: Partial<ModelMetrics>;
}

/** The seeded bootstrap of one reported figure. */
export function bootstrapOptions(
  facts: MetricFacts,
  model: string,
  metric: string,
  condition: string,
  scope: string,
  iterations = facts.bootstrapIterations
): BootstrapOptions {
  return {
    iterations,
    level: facts.interval,
    seed: facts.seed,
    streamParts: cellParts({ metric, model, condition, scope })
  };
}

/** One counts object per scope. */
export function perScope<T>(context: CellContext, make: () => T): T[] {
  return context.scopes.map(make);
}
