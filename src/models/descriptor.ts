/**
 * What a model kind says about itself: how its config entry is read and checked, which task it
 * serves, its flags, how it is built from the training split and what the manifest's
 * preprocessing record states about it. The registry (registry.ts) lists the kinds once; the
 * config loader, the model builder and the preprocessing record read that list.
 */
import type { FileRef } from '../config/paths.js';
import type { ConfigSource, KeyPath } from '../config/source.js';
import type { Example } from '../data/example.js';
import type { Featurizer, FeatureSpace } from '../text/features.js';
import type { AnswerCache } from './answers/answer-cache.js';
import type { Model } from './model.js';
import type { TabularScores, TextScores } from './preprocessing.js';
import type { TfidfAnalyzer, TfidfModel } from './tfidf.js';

/** What a model's config reader may use. */
export interface ModelReadContext {
  source: ConfigSource;
  /** Key path of the entry's parameters: `models.<i>.<kind>` for a built-in, `models.<i>` for a command. */
  at: KeyPath;
  /** A repository file the config names at `path`: inside the root, existing, a regular file; else a ConfigError. */
  file(path: KeyPath, p: string): FileRef;
}

/** What building a model may use: the training split and the work models share. */
export interface ModelBuildContext {
  train: readonly Example[];
  /** Labels in code-point order. */
  labels: readonly string[];
  /** Tabular: the feature columns, in order (empty for text). */
  features: readonly string[];
  /** Repository root: external commands run from it. */
  root: string;
  log: (line: string) => void;
  /** The run's seed (statistics.seed), for a model's own random draws (an HTTP model's retry jitter). */
  seed: number;
  /** Registers a secret value the caller must mask in its own log (the action's core.setSecret). */
  secret: (value: string) => void;
  /** The featurizer already built for this space and vocabulary (shared), or a new one. */
  featurizer(space: FeatureSpace, vocabulary: readonly string[]): Featurizer;
  /** A tf-idf centroid model over the one fitted scorer of its analyzer. */
  tfidf(analyzer: TfidfAnalyzer, name: string): TfidfModel;
  /** A fit reports here how many training rows it has read so far (for progress; it changes nothing). */
  trained(rows: number): void;
  /** The kept answers of a model whose entry has `cache:`, when the run was given a cache folder; else null. */
  answers(plan: ModelPlanLike): AnswerCache | null;
}

/** What the build context needs of a plan to find its answers. */
interface ModelPlanLike {
  name: string;
  kind: string;
  params: unknown;
  cache?: { key: string } | undefined;
}

interface ModelKindBase<K extends string, P> {
  kind: K;
  /** The task it serves; `any` for a model that is given the data as it is (a command). */
  task: 'text' | 'tabular' | 'any';
  /** Whether its scores are probabilities (selective prediction may then abstain on probability). */
  probabilities(params: P): boolean;
  /** Whether it may answer with a label and no scores (margin-based figures are then not evaluated). */
  labelOnly: boolean;
  /** Whether it exposes an input gradient (white-box attacks need one). */
  gradients: boolean;
  /** It is read from a file trained elsewhere (a tree ensemble): building it loads it, and trains nothing. */
  pretrained?: boolean;
  /** It hands tabular `exact` its trees (src/tabular/tree-exact.ts): an attack that `readsTrees` reaches it. */
  trees?: boolean;
  build(plan: { name: string; kind: K; params: P }, context: ModelBuildContext): Model;
  /** The entry `evidence-gate init` writes under `models:` for its task (docs/cli.md); absent: init never writes it. */
  init?: string;
  /** Runs outside this process (the user's command, an HTTP service); absent: built and run in-process. */
  remote?: RemoteCapability<K, P>;
  /** What the manifest states about its preprocessing and scores, per task it serves. */
  preprocessing: {
    text?(plan: { name: string; kind: K; params: P }): TextScores;
    tabular?(plan: { name: string; kind: K; params: P }): TabularScores;
  };
}

/**
 * What a model outside the process adds to the run's record (src/pipeline/run.ts, prepare.ts). Each
 * method is given the built model and returns null (or '') when it is not one of the kind's own.
 */
interface RemoteCapability<K extends string, P> {
  /** Runs the user's command: `explain` counts it apart from the trained models. */
  command: boolean;
  /** Its wall time, for manifest.run (wall time cannot repeat, so it stays out of the manifest's models). */
  wallMs(model: Model): number | null;
  /** The fields its manifest entry adds to (or replaces in) `describe()`. */
  manifest(model: Model, plan: { name: string; kind: K; params: P }): Record<string, unknown> | null;
  /**
   * Its work counters (requests, failures, …) for manifest.run: a run that reads kept answers asks less, so they
   * vary between runs and stay out of the model's entry.
   */
  counters(model: Model): Record<string, unknown> | null;
  /**
   * What shapes its requests, for the address of a kept answer (docs/answer-cache.md#key): present only on kinds
   * whose entry accepts `cache:`. Never a secret.
   */
  cacheSettings?(plan: { name: string; kind: K; params: P }): Record<string, unknown>;
  /** The tail of what it wrote to stderr ('' for none), kept beside the outputs. */
  stderrTail?(model: Model): string;
}

/** A built-in: named as a string (`naive-bayes`) or as the key of its parameters (`{ hybrid: { word_weight } }`). */
export interface BuiltinModelDescriptor<K extends string = string, P = unknown> extends ModelKindBase<K, P> {
  selectedBy: 'name';
  /** The parameter keys it takes (any other key is refused). */
  parameters: readonly string[];
  /** Its parameters, defaults filled in and checked; `context.at` is the parameters' key path. */
  read(params: Readonly<Record<string, unknown>>, context: ModelReadContext): P;
}

/** A model the user runs: an entry holding `key` (`command` for a process), read whole (name included). */
interface EntryModelDescriptor<K extends string = string, P = unknown> extends ModelKindBase<K, P> {
  selectedBy: 'entry';
  key: string;
  read(entry: Readonly<Record<string, unknown>>, context: ModelReadContext): { name: string; params: P };
}

export type ModelDescriptor = BuiltinModelDescriptor | EntryModelDescriptor;

/** Identity functions that keep a descriptor's literal kind and parameter type. */
export function builtinModel<const K extends string, P>(d: BuiltinModelDescriptor<K, P>): BuiltinModelDescriptor<K, P> {
  return d;
}

export function entryModel<const K extends string, P>(d: EntryModelDescriptor<K, P>): EntryModelDescriptor<K, P> {
  return d;
}
