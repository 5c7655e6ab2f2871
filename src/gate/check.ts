/** A gate check (docs/definitions.md#gate) and the exact comparison that decides it. */
import type { GateKey } from '../config/defaults.js';
import type { Threshold } from '../config/plan.js';
import type { ExampleRef } from '../drill/ref.js';
import type { Figure } from '../metrics/figure.js';
import { compareFractions, fraction, fractionOf, type Fraction } from '../util/fraction.js';

/** How a check moved against the same check of the baseline (docs/definitions.md#changes). */
export type ChangeKind = 'new_failure' | 'worse' | 'known' | 'fixed' | 'unchanged';

export type CheckStatus = 'pass' | 'fail' | 'not_evaluated' | 'not_applicable';
export type Direction = 'min' | 'max';

export interface Check {
  /** `<check>/<model or data>[/<family or language>]` */
  id: string;
  check: string;
  subject: string;
  qualifier: string | null;
  /** Rows the figure reads, e.g. `challenge` or `controlled vs challenge`. */
  scope: string;
  value: number | null;
  numerator: number | null;
  denominator: number | null;
  /** `min`: value must be ≥ threshold; `max`: value must be ≤ threshold. */
  direction: Direction;
  threshold: number;
  config_key: string;
  config_line: number;
  threshold_is_default: boolean;
  status: CheckStatus;
  /** False for models outside `gate.models`: reported, never blocking. */
  judged: boolean;
  reason: string | null;
  /** Failing and not-evaluated checks only: the rows behind the figure (docs/definitions.md#drill-down). */
  examples?: CheckExamples;
  /** With a baseline only (docs/gate.md): the baseline's status of the same id, or `absent`. */
  baseline_status?: CheckStatus | 'absent';
  /** With a baseline only: what this run changed for the check. */
  change?: ChangeKind;
  /** With a baseline only, when the threshold differs between the runs. */
  change_note?: string;
}

/** The rows behind a check: how many, the most severe few, or the histogram behind a length shift. */
export interface CheckExamples {
  /** Rows (or ids, for per-id checks) behind the figure; null for the length histogram. */
  count: number | null;
  shown: ExampleRef[];
  histogram?: {
    edges: number[];
    reference: { split: string; counts: number[] };
    comparison: { split: string; counts: number[] };
  };
}

export interface CheckSpec {
  check: string;
  key: GateKey | 'min_attack_strength' | 'min_certified_share';
  subject: string;
  qualifier?: string | null;
  scope: string;
  direction: Direction;
  threshold: Threshold;
  figure: Figure;
  /** The exact value as a fraction, when the figure is built from counts. */
  exact?: Fraction | null;
  judged?: boolean;
}

function passes(direction: Direction, value: Fraction | number, threshold: number): boolean {
  const sign =
    typeof value === 'number' ? Math.sign(value - threshold) : compareFractions(value, fractionOf(threshold));
  return direction === 'min' ? sign >= 0 : sign <= 0;
}

export function decideCheck(spec: CheckSpec): Check {
  const { figure } = spec;
  let status: CheckStatus;
  if (figure.status === 'not_applicable') status = 'not_applicable';
  else if (figure.status === 'not_evaluated' || figure.value === null) status = 'not_evaluated';
  else status = passes(spec.direction, spec.exact ?? figure.value, spec.threshold.value) ? 'pass' : 'fail';
  const qualifier = spec.qualifier ?? null;
  return {
    id: [spec.check, spec.subject, ...(qualifier === null ? [] : [qualifier])].join('/'),
    check: spec.check,
    subject: spec.subject,
    qualifier,
    scope: spec.scope,
    value: figure.value,
    numerator: figure.numerator,
    denominator: figure.denominator,
    direction: spec.direction,
    threshold: spec.threshold.value,
    config_key: spec.threshold.configKey,
    config_line: spec.threshold.line,
    threshold_is_default: spec.threshold.isDefault,
    status,
    judged: spec.judged ?? true,
    reason: figure.reason
  };
}

/** Exact fraction of a ratio figure (numerator / denominator). */
export function ratioOf(figure: Figure): Fraction | null {
  if (figure.status !== 'ok' || figure.numerator === null || !figure.denominator) return null;
  return fraction(figure.numerator, figure.denominator);
}
