/**
 * What an attack family says about itself. Every text family and every tabular attack is one
 * descriptor, kept in the file of its implementation, and the registry (registry.ts) lists
 * them once: the config schema, the loader, the evaluator, the metrics and the reports read
 * that list (docs/families.md walks through adding one).
 */
import type { FileRef } from '../config/paths.js';
import type { FromSchema, Schema } from '../config/schema-parts.js';
import type { ConfigSource, KeyPath } from '../config/source.js';
import type { Dataset } from '../data/dataset.js';
import type { ReviewPolicy } from '../evidence/attack-success.js';
import type { Model } from '../models/model.js';
import type { AttackCounters, Differentiable, FeatureSpace, TabularCandidate } from '../tabular/contract.js';
import type { QueryAttack, QueryRow } from '../tabular/query-attack.js';
import type { FamilyRunner } from './family.js';
import type { FamilyOptions } from './outcome.js';

/** What a family's config reader may use besides its own block. */
interface ReadContext {
  source: ConfigSource;
  /** Key path of the family's block, `threat_model.attacks.<name>`. */
  at: KeyPath;
  /** A repository file the config names at `path`: inside the root, existing, a regular file; else a ConfigError. */
  file(path: KeyPath, p: string): FileRef;
  /** The whole `threat_model.attacks` block as written (a family that borrows another's settings reads them here). */
  attacks?: Readonly<Record<string, unknown>>;
}

export interface DictionarySummary {
  path: string;
  sha256: string;
  version: number;
  /** Language codes the dictionary covers, sorted. */
  languages: string[];
}

/** What `evidence-gate init` knows when it writes a family's block (docs/cli.md). */
export interface InitFacts {
  /** Repository-relative path of the substitution dictionary given with --dictionary, or null. */
  dictionary: string | null;
  /** The language slices of the evaluation data. */
  languages: readonly string[];
  /** Whether the team's own model (init --model) joins the built-in ones: it answers, it gives no gradient. */
  ownModel: boolean;
}

interface FamilyBase<N extends string, S extends Schema, P, A extends boolean> {
  name: N;
  /**
   * The lines `evidence-gate init` writes for it under `threat_model.attacks` (comment lines
   * included), or null when init leaves it out for these facts. Absent: init never writes it.
   */
  init?(facts: InitFacts): readonly string[] | null;
  /** JSON Schema of `threat_model.attacks.<name>` (a closed mapping). */
  schema: S;
  /** The block as the plan keeps it: defaults filled in, files resolved, checks beyond the schema done. */
  read(raw: FromSchema<S>, context: ReadContext): P;
  /**
   * Judged as an attack: its rows carry ledger masks and `gate.families.<name>` takes the
   * per-family thresholds. Otherwise (a corruption baseline, a destructive edit) it is
   * reported and only compared with a baseline.
   */
  attack: A;
  /** The edit can change the true class, so its accuracy change is descriptive only. */
  destructive: boolean;
  /**
   * Opt-in on top of the fixed families: listed, and its checks judged, only in runs that configure
   * it, and never reported as "not configured" (the search, pgd, exact).
   */
  optIn?: boolean;
  /**
   * How it looks for a failure, for the summary's scope: `adaptive` steers by the model's answers
   * within a budget, `exact` solves for the worst case. Absent: one fixed attempt per row.
   */
  strategy?: 'adaptive' | 'exact';
  /**
   * The reasons its uncovered rows are counted under (UncoveredReason, src/evidence/row.ts), in the
   * order metrics.json lists them. Absent: unchanged, no_dictionary, invalid, missing.
   */
  ledgerReasons?: readonly string[];
  /**
   * Its rows record the word edits it made and the queries it spent (`edits`, `queries`): the
   * drill-down refs carry them and mark the edited words (src/drill/ref.ts).
   */
  recordsEdits?: boolean;
  /**
   * The parameter holding its per-row query budget, as the manifest records it: the metrics read
   * the search figures against it (src/manifest/facts.ts). Only one family of a task may say so.
   */
  queryBudget?: string;
  /**
   * Its candidates lie inside the set `exact` enumerates (a text family using exact's edit space): a success of it on a
   * row exact certified is a contradiction, and its strength is graded against exact (docs/search.md#exact).
   */
  withinExactSpace?: boolean;
  /** Checks of its parameters that need the data (a ConfigError at the config's line); absent when none. */
  checkAgainstData?(params: P, dataset: Dataset, context: { source: ConfigSource; at: KeyPath }): void;
}

/** One text family's runner, and the dictionary it read if any (the manifest lists those). */
export interface BuiltFamily {
  runner: FamilyRunner;
  dictionary?: DictionarySummary;
}

export interface TextFamilyDescriptor<
  N extends string = string,
  S extends Schema = Schema,
  P = unknown,
  A extends boolean = boolean
> extends FamilyBase<N, S, P, A> {
  task: 'text';
  build(params: P, options: FamilyOptions): BuiltFamily;
}

/** What a tabular attack is given for one row (and, for per-model attacks, one model). */
interface TabularRow {
  id: string;
  label: string;
  x: number[];
  space: FeatureSpace;
  seed: number;
  /** The model being attacked; null for an attack that does not consult the model. */
  model: (Model & Partial<Differentiable>) | null;
  /** That model's attack work counters. */
  counters: AttackCounters;
  /** Targeted objective: the protected targets of the row's gold label (possibly none); untargeted: null. */
  targets: readonly string[] | null;
  /**
   * The model's review policy a success must get past (threat_model.against_policy), or null when
   * every wrong decision counts; an attack that stops on its first success tests it with
   * isAttackSuccess (src/evidence/attack-success.ts).
   */
  policy: ReviewPolicy | null;
}

export interface TabularAttackDescriptor<
  N extends string = string,
  S extends Schema = Schema,
  P = unknown,
  A extends boolean = boolean
> extends FamilyBase<N, S, P, A> {
  task: 'tabular';
  /**
   * White-box: reads the model (its input gradient), so needs `access: white-box`; beside a model kind without
   * `gradients` its checks are not applicable (src/evaluate/applicability.ts).
   */
  needsGradients: boolean;
  /** It also reads a tree ensemble's trees, so it reaches a model kind with `trees` though that has no gradient. */
  readsTrees?: boolean;
  /** What a white-box attack reads from the model, in the words of its not-applicable reason ("the model's …"). */
  reads?: string;
  /** True when the candidate depends on the model (computed per model); false when every model gets the same one. */
  perModel: boolean;
  /**
   * Its rows report per-row work (`queries`, `gradient_evaluations`) and, for `exact`, the
   * certificate; when a run configures such an attack every tabular row carries those fields.
   */
  reportsWork?: boolean;
  /** Recorded in the manifest next to eps, editable and bounds: how the candidate is drawn. */
  method: Readonly<Record<string, string>>;
  /**
   * The numbers it ran with, spelt as in the config with the defaults filled in (steps, budgets,
   * step size), recorded in the manifest as `settings` beside `method`. Absent: it has none.
   */
  settings?(params: P, eps: number): Readonly<Record<string, number | boolean>>;
  /** `params`: the attack's block as `read` returned it. Every attack has this or `queryAttack`. */
  candidate?(row: TabularRow, params: P): TabularCandidate;
  /**
   * Black-box attacks: one row's attack, which asks for its points one query at a time; the
   * evaluator batches every row's next point into one call to the model (src/evaluate/tabular-queries.ts).
   * Only eligible rows are attacked.
   */
  queryAttack?(row: QueryRow, params: P): QueryAttack;
  /**
   * The attack the tabular accounting is told against: the metrics pick its worked examples and the
   * summary's accounting table reads its ledger (report/summary.ts). One attack of the registry says so.
   */
  workedExamples?: boolean;
  /**
   * What the summary's strength table notes when, on a binary task, it finds every failure the
   * reference proves: its candidate is the worst case there (report/summary-strength.ts).
   */
  binaryExactNote?: string;
  /** Whether the candidate is the exact worst case (evidence `exact`); absent: not said (null). */
  exact?(labelCount: number, model: Model, againstPolicy: boolean): boolean;
}

/** Any family (methods are bivariant in their parameters, so every descriptor fits). */
export type FamilyDescriptor = TextFamilyDescriptor | TabularAttackDescriptor;

/** Identity functions that keep a descriptor's literal types (its name, schema and parameters). */
export function textFamily<const N extends string, const S extends Schema, P, const A extends boolean>(
  d: TextFamilyDescriptor<N, S, P, A>
): TextFamilyDescriptor<N, S, P, A> {
  return d;
}

export function tabularAttack<const N extends string, const S extends Schema, P, const A extends boolean>(
  d: TabularAttackDescriptor<N, S, P, A>
): TabularAttackDescriptor<N, S, P, A> {
  return d;
}
