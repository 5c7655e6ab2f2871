/**
 * comparison.json (docs/definitions.md#comparison): the head run against a baseline, paired per example, model and
 * condition. Every figure carries its numerator and denominator, as in metrics.json.
 */
import type { BaselineRecord } from '../manifest/manifest.js';
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';

export const COMPARISON_SCHEMA_VERSION = 1;

export interface ComparisonCell {
  condition: string;
  scope: string;
  /** Rows paired: present and ok in both runs with the same input digest. */
  pairs: number;
  base_correct: Figure;
  head_correct: Figure;
  /** Wrong in the baseline, right in the head run. */
  fixed: Figure;
  /** Right in the baseline, wrong in the head run. */
  broken: Figure;
  /** 100 × (fixed − broken) / pairs. */
  delta_pp: Figure;
  /** Paired bootstrap interval of the delta (+1 fixed, −1 broken, 0 otherwise), in pp. */
  interval_pp: IntervalFigure;
  /** McNemar's exact two-sided p-value on the fixed + broken discordant pairs. */
  mcnemar_p: Figure;
  /** Scope `all` only: the ids, in code-point order (split scopes hold subsets of them). */
  fixed_ids?: string[];
  broken_ids?: string[];
}

export interface ModelComparison {
  model: string;
  cells: ComparisonCell[];
  /** Ids whose clean row is paired, with a protected transition in the head run and none in the baseline. */
  new_protected_transitions: Figure;
  new_protected_transition_ids: string[];
}

interface RowAccounting {
  baseline: number;
  head: number;
  paired: number;
  /** In both runs with different input digests: counted once in dropped and once in new. */
  changed: number;
  baseline_only: number;
  head_only: number;
  /** In both with the same digest, but missing (error or timeout) in one of them. */
  not_ok: number;
  /** baseline_only + changed. */
  dropped: number;
  /** head_only + changed. */
  new: number;
}

export interface Comparison {
  schema_version: number;
  baseline: BaselineRecord;
  rows: RowAccounting;
  models: ModelComparison[];
  /** Models by name on one side only: listed, not compared. */
  models_only_in_head: string[];
  models_only_in_baseline: string[];
}
