/**
 * The stages before evaluation (docs/definitions.md#pipeline): config → plan, data → dataset, the perturbation
 * families, the trained models, and the manifest's head — the facts every later stage reads.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { checkPlanAgainstData } from '../config/against-data.js';
import { FAMILIES, TABULAR_FAMILIES } from '../config/families.js';
import type { Condition } from '../evidence/condition.js';
import type { ModelPlan, Plan } from '../config/plan.js';
import { loadDataset, type Dataset } from '../data/dataset.js';
import type { Example } from '../data/example.js';
import type { CandidateSource } from '../evaluate/candidate.js';
import { attacksNotApplicable } from '../evaluate/applicability.js';
import { textCandidates } from '../evaluate/conditions.js';
import { PerturbationThread } from '../evaluate/perturb-thread.js';
import { evaluationChunks } from '../evaluate/evaluate.js';
import { featureSpace, tabularCandidates } from '../evaluate/tabular.js';
import { buildManifestHead, type FamilyRecord, type ManifestHead } from '../manifest/manifest.js';
import type { LengthHistogram } from '../metrics/metrics.js';
import { histogram, PSI_EDGES, uniqueTokenTypes } from '../metrics/shift.js';
import type { AnswerCache } from '../models/answers/answer-cache.js';
import type { AnswerStore } from '../models/answers/store.js';
import { buildModels, type BuildOptions } from '../models/build.js';
import type { Model, ModelDescription } from '../models/model.js';
import { modelKind } from '../models/registry.js';
import { buildFamilies, configuredTabular, familiesOf } from '../perturb/registry.js';
import type { ShardSpec } from '../shard/select.js';
import type { Featurizer } from '../text/features.js';
import type { Progress } from './contract.js';
import { VALIDITY_RULE as TABULAR_VALIDITY_RULE } from '../tabular/validity.js';
import { sha256Hex } from '../util/hash.js';

interface PrepareOptions {
  root: string;
  shard?: ShardSpec | null;
  bundleSha256?: string | null;
  tool?: Record<string, unknown>;
  log?: (line: string) => void;
  /** Registers a secret value (an HTTP model's header variables) to mask in the caller's log. */
  secret?: (value: string) => void;
  /** False when the data's candidates will not be evaluated (explain): no perturbation thread. */
  evaluates?: boolean;
  /** Progress of each model's training (stage `train`); it never changes an output. */
  progress?: (p: Progress) => void;
  /** The folder of kept answers (docs/answer-cache.md), for models whose entry has `cache:`. */
  answerStore?: AnswerStore | null;
}

export interface Prepared {
  plan: Plan;
  dataset: Dataset;
  /** The examples this run evaluates, in evidence order, cut into evaluation chunks. */
  chunks: Example[][];
  models: Model[];
  /** The answer cache of each model that keeps answers, by model name. */
  answerCaches: Map<string, AnswerCache>;
  source: CandidateSource;
  conditions: Condition[];
  head: ManifestHead;
}

/**
 * Families the threat model leaves out: reported as not tested. Opt-in families (the search,
 * pgd, exact) are not reported as a gap when left out (docs/families.md).
 */
function familiesNotConfigured(plan: Plan): string[] {
  const all: readonly string[] = plan.task === 'tabular' ? TABULAR_FAMILIES : FAMILIES;
  const optIn = new Set(
    familiesOf(plan.task)
      .filter((d) => d.optIn)
      .map((d) => d.name)
  );
  return all.filter((f) => !(f in plan.threatModel.attacks) && !optIn.has(f));
}

/**
 * The tabular families as the manifest records them: budget, bounds, editable set, method, the settings it ran with,
 * validity rule.
 */
function tabularFamilies(plan: Plan): FamilyRecord[] {
  const space = featureSpace(plan);
  const parameters = {
    eps: space.eps,
    editable: plan.threatModel.tabular?.editable ?? [],
    bounds: plan.threatModel.tabular?.bounds ?? {}
  };
  const attacks = plan.threatModel.attacks as Record<string, unknown>;
  return configuredTabular(plan.threatModel.attacks).map((attack) => ({
    family: attack.name,
    label_preserving: !attack.destructive,
    parameters: {
      ...parameters,
      ...attack.method,
      ...(attack.settings ? { settings: attack.settings(attacks[attack.name], space.eps) } : {})
    },
    validity_rule: TABULAR_VALIDITY_RULE
  }));
}

/** Per evaluation split, how many texts fall in each length-PSI bin (unique token types; 0 for tabular rows). */
function lengthHistogram(dataset: Dataset): LengthHistogram {
  return {
    edges: [...PSI_EDGES],
    counts: Object.fromEntries(
      dataset.splits.map((s) => [
        s.split,
        histogram(s.examples.map((e) => (e.input.kind === 'text' ? uniqueTokenTypes(e.input.text) : 0)))
      ])
    )
  };
}

/**
 * The manifest entry of the plan's model `index`: external models add their command's file digests and protocol
 * counters; a model some tabular attack cannot reach lists it under `not_applicable` (evaluate/applicability.ts).
 */
export function describeForManifest(
  model: Model,
  plan: Plan,
  index: number
): ModelDescription & Record<string, unknown> {
  const entry = plan.models[index] as ModelPlan;
  const description: ModelDescription & Record<string, unknown> = { ...model.describe() };
  // A model outside the process says what its entry adds (its kind's `remote`, src/models/descriptor.ts).
  const added = modelKind(entry.kind).remote?.manifest(model, entry);
  const skipped =
    plan.task === 'tabular' ? attacksNotApplicable(configuredTabular(plan.threatModel.attacks), entry) : [];
  return { ...description, ...added, ...(skipped.length > 0 ? { not_applicable: skipped } : {}) };
}

/** The training reports of buildModels as progress of the `train` stage. */
function trainingProgress(progress: PrepareOptions['progress']): BuildOptions['training'] {
  return progress && ((p) => progress({ stage: 'train', ...p }));
}

/** Data, families and models for a loaded plan; `stage` marks the end of the data stage for wall times. */
export async function prepare(
  plan: Plan,
  options: PrepareOptions,
  stage: (name: string) => void = () => {}
): Promise<Prepared> {
  const log = options.log ?? (() => {});
  const dataset = loadDataset(plan.data);
  checkPlanAgainstData(plan, dataset);
  // Text families only: a tabular plan's attacks are built by the tabular evaluator (and `exact` names one of each).
  const families =
    plan.task === 'text'
      ? buildFamilies(plan.threatModel.attacks, {
          seed: plan.statistics.seed,
          maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio
        })
      : { runners: [], dictionaries: [] };
  log(
    `data: ${dataset.train.length} training rows; ` +
      `${dataset.splits.map((s) => `${s.examples.length} ${s.split}`).join(', ')}`
  );
  stage('data');
  const tabular = plan.task === 'tabular';
  const familyOptions = { seed: plan.statistics.seed, maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio };
  // With a second core, candidates are built on a second thread, which starts before training
  // and builds the first chunks' candidates meanwhile.
  const chunks = evaluationChunks(dataset, options.shard);
  const thread =
    !tabular && options.evaluates !== false && chunks.length > 1 && availableParallelism() > 1
      ? PerturbationThread.start(plan.threatModel.attacks, familyOptions)
      : null;
  const textSource = tabular ? null : textCandidates(families.runners, chunks, thread);
  const answerCaches = new Map<string, AnswerCache>();
  let models: Model[];
  const featurizers: Featurizer[] = [];
  try {
    models = await buildModels(plan.models, dataset.train, dataset.labels, {
      features: plan.data.columns.features,
      root: options.root,
      log,
      seed: plan.statistics.seed,
      secret: options.secret,
      featurizers,
      training: trainingProgress(options.progress),
      answerStore: options.answerStore ?? null,
      answerCaches
    });
  } catch (error) {
    await textSource?.close?.();
    throw error;
  }
  textSource?.shareFeaturizers?.(featurizers);
  const source = textSource ?? tabularCandidates(plan, models, dataset.labels);
  const conditions = source.conditions;
  const head = buildManifestHead({
    plan,
    dataset,
    models: models.map((m, i) => describeForManifest(m, plan, i)),
    conditions,
    familiesNotConfigured: familiesNotConfigured(plan),
    families: tabular
      ? tabularFamilies(plan)
      : families.runners.map((r) => ({
          family: r.family,
          label_preserving: r.labelPreserving,
          parameters: r.parameters,
          validity_rule: r.validityRule
        })),
    dictionaries: families.dictionaries,
    lengthHistogram: lengthHistogram(dataset),
    lockFiles: plan.manifest.lockFiles.map((f) => ({ path: f.path, sha256: sha256Hex(readFileSync(f.absolute)) })),
    bundleSha256: options.bundleSha256 ?? null,
    tool: options.tool,
    shard: options.shard ? { spec: options.shard, examples: chunks.reduce((n, part) => n + part.length, 0) } : null
  });
  return { plan, dataset, chunks, models, answerCaches, source, conditions, head };
}
