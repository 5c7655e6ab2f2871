/**
 * The shape of metrics.json (docs/definitions.md#ledger and #metrics) and the facts it is derived from besides the
 * evidence rows. Every figure is a pure function of the evidence rows plus these facts, which the manifest
 * records, so metrics.json can be recomputed from an artifact alone (docs/definitions.md#purity).
 */
import type { AttackStrength, ExactCertificate } from './strength.js';
import type { AttackFamily, NonDestructiveFamily } from '../config/families.js';
import type { Condition } from '../evidence/condition.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import type { SearchFigures } from './search.js';
import { familiesOf, FAMILY_REGISTRY, type FamilyRegistry } from '../perturb/registry.js';
import type { Abstention, AbstentionPolicy } from './abstention.js';
import type { Accounting, WorkedExample } from './accounting.js';
import type { AttackExample } from './attack-examples.js';
import type { IntervalFigure } from './bootstrap.js';
import type { PairedComparison } from './comparison.js';
import type { ConfusionCounts } from './confusion.js';
import type { F1Scores } from './f1.js';
import type { Figure } from './figure.js';
import type { FamilyLedger, ProtectedTransitions, UnionLedger } from './ledger.js';
import type { Reliability } from './reliability.js';
import type { ConditionFigures } from './robustness.js';
import type { RepeatFigures } from './repeat.js';
import type { RiskCoverage } from './selective.js';

export const METRICS_SCHEMA_VERSION = 2;
export const CHALLENGE_SPLIT = 'challenge';
export const REFERENCE_SPLIT = 'controlled';
export const ALL = 'all';

/** An exact-text overlap between the training file and one evaluation split (docs/definitions.md#data). */
export interface Overlap {
  split: string;
  count: number;
  ids: string[];
}

/** Everything besides the evidence rows that metrics.json depends on; recorded in the manifest. */
export interface MetricFacts {
  task: 'text' | 'tabular';
  /** Labels in code-point order: the order of every score vector. */
  labels: readonly string[];
  /**
   * Models in config order; `repeat` where a model is asked more than once per input (the manifest's params.repeat).
   */
  models: ReadonlyArray<{
    name: string;
    probabilities: boolean;
    repeat?: number;
    /** Attacks that cannot run against the model (attack → reason): their figures are not applicable. */
    notApplicable?: Readonly<Record<string, string>>;
  }>;
  /** Conditions in evidence order, clean first. */
  conditions: readonly Condition[];
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  seed: number;
  bootstrapIterations: number;
  pairedIterations: number;
  interval: number;
  abstainBelow: Readonly<Record<string, AbstentionPolicy>>;
  /** Evaluation splits in config order. */
  splits: readonly string[];
  /** Language slices of the evaluation data, in code-point order. */
  languages: readonly string[];
  /** Per split, the number of texts in each length-PSI bin (unique token types; see shift.ts). */
  lengthHistogram: Readonly<Record<string, readonly number[]>>;
  overlap: readonly Overlap[];
  /** The adaptive search's query budget per (example, model), when the run configures it (docs/search.md). */
  searchBudget?: number | null;
  /** threat_model.against_policy: a success must be a decision the model's review policy accepts. */
  againstPolicy?: boolean;
}

interface ScopedFigure {
  scope: string;
  split: string | null;
  language: string | null;
  figure: Figure;
}

export interface ClassificationScope {
  scope: string;
  split: string | null;
  language: string | null;
  accuracy: Figure;
  accuracy_interval: IntervalFigure;
  macro_f1: Figure;
  per_label: F1Scores['labels'];
  confusion: ConfusionCounts;
}

export interface ModelMetrics {
  model: string;
  probabilities: boolean;
  /** A label-only model (docs/definitions.md#external-models): margin-based figures are not evaluated. */
  label_only: boolean;
  missing_rows: Figure;
  /** Clean accuracy: scope `all`, each split, and each split × language (kept for the gate). */
  accuracy: ScopedFigure[];
  classification: ClassificationScope[];
  generalization_gap_pp: Figure;
  robustness: Array<{ condition: Condition; scope: string } & ConditionFigures>;
  ledger: Array<{ family: AttackFamily; scope: string } & FamilyLedger>;
  union: Array<{ scope: string } & UnionLedger>;
  protected_transitions: Array<{ scope: string } & ProtectedTransitions>;
  selective: Array<{ scope: string } & RiskCoverage>;
  reliability: Array<{ scope: string } & Reliability> | null;
  abstention: Array<{ condition: Condition; scope: string } & Abstention> | null;
  /** Tabular only: before/after accounting per perturbed condition, and worked FGM examples. */
  accounting?: Array<{ condition: Condition; scope: string } & Accounting>;
  worked_examples?: WorkedExample[];
  /**
   * Tabular runs whose rows report per-row work: worked rows per attack, with the features changed and the work spent.
   */
  attack_examples?: AttackExample[];
  /** Only where the run evaluated the adaptive search: its figures per scope (search.ts). */
  search?: Array<{ scope: string } & SearchFigures>;
  /**
   * Tabular runs with `exact`: each other attack's successes ÷ exact's on the rows both tested (metrics/strength.ts).
   */
  attack_strength?: AttackStrength[];
  /** Tabular runs with `exact`: rows it certified (no point of F(x) moves them) and ties, among the rows it tested. */
  exact_certificate?: ExactCertificate;
  /**
   * Models asked `repeat` > 1 times (repeat.ts): N, the clean repeat flip rate per scope (the noise
   * floor of the families' flip rates) and self-agreement per condition and scope.
   */
  repeat?: {
    repeat: number;
    clean_flip_rate: Array<{ scope: string; figure: Figure }>;
    agreement: Array<{ condition: Condition; scope: string } & RepeatFigures>;
  };
}

/** The length-PSI bins of every split (docs/definitions.md#drill-down: the histogram behind the PSI figure). */
export interface LengthHistogram {
  /** Bin edges: bin i is [edges[i], edges[i+1]), larger values in the last bin. */
  edges: number[];
  counts: Record<string, number[]>;
}

export interface Metrics {
  schema_version: number;
  task: 'text' | 'tabular';
  /** The families judged as attacks for this task (their checks are not applicable when not configured). */
  attack_families: AttackFamily[];
  labels: string[];
  conditions_evaluated: Condition[];
  prng: { name: string; derivation: string; bootstrap: string; seed: number };
  data: {
    rows: Record<string, number>;
    challenge_examples: Figure;
    language_examples: ScopedFigure[];
    length_psi: Figure;
    length_histogram: LengthHistogram;
    language_jsd: Figure;
    label_jsd: Figure;
    train_overlap: Overlap[];
  };
  models: ModelMetrics[];
  comparisons: Array<{ model_a: string; model_b: string; split: string } & PairedComparison>;
}

/**
 * The families that carry ledger masks for a task, in evidence order (the registry's). The
 * opt-in families (the search, pgd, exact) are listed (and their checks judged) only when
 * `evaluated` holds them.
 */
export function attackFamiliesOf(
  task: 'text' | 'tabular',
  registry: FamilyRegistry = FAMILY_REGISTRY,
  evaluated?: readonly string[]
): AttackFamily[] {
  return familiesOf(task, registry)
    .filter((d) => d.attack && (!d.optIn || (evaluated ?? []).includes(d.name)))
    .map((d) => d.name as AttackFamily);
}

export type { NonDestructiveFamily };

export function findAccuracy(
  metrics: ModelMetrics,
  split: string | null,
  language: string | null = null
): Figure | undefined {
  return metrics.accuracy.find((s) => s.split === split && s.language === language)?.figure;
}
