/**
 * The plan built from a validated config (docs/config.md): each configured family and model read by
 * its descriptor, then the checks that span blocks (task, access, policy, distinct files).
 */
import { realpathSync } from 'node:fs';
import { describeFound } from '../errors.js';
import { MODEL_KINDS, modelKind } from '../models/registry.js';
import { familiesOf, type AttackPlan, type FamilyRegistry } from '../perturb/registry.js';
import { quoted, quotedList } from '../util/visible.js';
import { DEFAULT_EXAMPLES_PER_CHECK, DEFAULT_GZIP_ABOVE_BYTES, STATISTICS_DEFAULTS_V1 } from './defaults.js';
import { buildGate } from './gate-plan.js';
import { parseModels } from './models.js';
import type { FileRef } from './paths.js';
import type { ModelPlan, Plan, TabularPlan } from './plan.js';
import { fileRef } from './read.js';
import { releasePlan } from './release-block.js';
import type { RawConfig } from './schema.js';
import { formatKeyPath, type ConfigSource, type KeyPath } from './source.js';
import { configError } from './validate.js';

export function buildPlan(
  raw: RawConfig,
  source: ConfigSource,
  root: string,
  config: Plan['config'],
  registry: FamilyRegistry
): Plan {
  const task = raw.task ?? 'text';
  const tm = raw.threat_model;
  const objective = tm.objective ?? 'untargeted';
  const transitions = tm.protected_transitions ?? [];
  if (objective === 'targeted' && transitions.length === 0) {
    throw configError(
      source,
      ['threat_model', 'objective'],
      'a targeted objective needs threat_model.protected_transitions; expected at least one { from, to }, found none'
    );
  }
  transitions.forEach((t, i) => {
    if (t.from === t.to)
      throw configError(
        source,
        ['threat_model', 'protected_transitions', i],
        `expected two different labels, found ${quoted(t.from)} twice`
      );
  });

  checkTaskKeys(raw, source, task, registry);
  const attacks = readAttacks(raw, source, root, task, registry);

  const models = parseModels(raw.models, source, (path, p) => fileRef(source, root, path, p));
  const fitting = MODEL_KINDS.filter((d) => d.selectedBy === 'name' && d.task === task).map((d) => d.kind);
  models.forEach((m, i) => {
    const kindTask = modelKind(m.kind).task;
    if (kindTask !== 'any' && kindTask !== task) {
      throw configError(
        source,
        ['models', i],
        `model kind ${JSON.stringify(m.kind)} does not fit task ${task}; expected ` +
          `${fitting.length === 1 ? fitting[0] : `a ${task} model (${fitting.join(', ')})`}`
      );
    }
  });
  for (const family of familiesOf(task, registry)) {
    if (family.task !== 'tabular' || !family.needsGradients || !(family.name in attacks)) continue;
    if ((tm.access ?? 'black-box') !== 'white-box') {
      throw configError(
        source,
        ['threat_model', 'attacks', family.name],
        `${family.name} follows the model's gradient and needs threat_model.access: white-box; expected ` +
          `white-box access, found black-box`,
        true
      );
    }
  }
  const modelNames = new Set(models.map((m) => m.name));

  const abstain = raw.selective?.abstain_below ?? {};
  for (const [name, policy] of Object.entries(abstain)) {
    if (!modelNames.has(name))
      throw configError(
        source,
        ['selective', 'abstain_below', name],
        `expected a configured model name (${quotedList([...modelNames])}), found ${quoted(name)}`,
        true
      );
    const model = models.find((m) => m.name === name) as ModelPlan;
    const kind = model.kind;
    const probabilistic = modelKind(kind).probabilities(model.params);
    if (policy.on === 'probability' && !probabilistic) {
      throw configError(
        source,
        ['selective', 'abstain_below', name, 'on'],
        `expected "margin" for a model without probabilities (${kind}), found "probability"`
      );
    }
    checkAbstainThreshold(policy, source, ['selective', 'abstain_below', name, 'threshold']);
  }
  if (tm.against_policy === true) checkScoresForPolicy(models, source);

  const evaluate = Object.entries(raw.data.evaluate).map(([split, p]) => ({
    split,
    file: fileRef(source, root, ['data', 'evaluate', split], p)
  }));
  if (evaluate.some((e) => e.split === 'train')) {
    throw configError(
      source,
      ['data', 'evaluate', 'train'],
      'expected an evaluation split name other than "train", found "train"',
      true
    );
  }
  const train = fileRef(source, root, ['data', 'train'], raw.data.train);
  checkDistinctFiles(source, [
    { path: ['data', 'train'], file: train },
    ...evaluate.map((e) => ({ path: ['data', 'evaluate', e.split], file: e.file }))
  ]);

  const features = raw.data.columns?.features ?? [];
  const tabular =
    task === 'tabular'
      ? tabularPlan(
          tm.constraints ?? {},
          features,
          source,
          registry.tabular.filter((d) => d.name in attacks).length > 0,
          registry
        )
      : null;
  const stats = { ...STATISTICS_DEFAULTS_V1, ...raw.statistics };
  const release = releasePlan(raw, source);
  return {
    version: 1,
    root,
    config,
    source,
    task,
    threatModel: {
      id: tm.id,
      revision: tm.revision === undefined ? '0' : String(tm.revision),
      protectedOutcome: tm.protected_outcome ?? null,
      objective,
      protectedTransitions: transitions.map((t) => ({ from: t.from, to: t.to })),
      access: tm.access ?? 'black-box',
      attacks,
      againstPolicy: tm.against_policy ?? false,
      constraints: { maxCharEditRatio: tm.constraints?.max_char_edit_ratio ?? null },
      tabular
    },
    data: {
      train,
      evaluate,
      columns: {
        id: 'id',
        text: 'text',
        label: 'label',
        language: 'language',
        domain: 'domain',
        ...raw.data.columns,
        features
      },
      onBadRow: raw.data.on_bad_row ?? 'error',
      bounds: tabular?.bounds ?? {}
    },
    models,
    statistics: {
      seed: stats.seed,
      bootstrapIterations: stats.bootstrap_iterations,
      pairedIterations: stats.paired_iterations,
      interval: stats.interval
    },
    selective: { abstainBelow: abstain },
    output: {
      text: raw.output?.text ?? 'full',
      gzipAboveBytes: raw.output?.gzip_above_bytes ?? DEFAULT_GZIP_ABOVE_BYTES,
      examplesPerCheck: raw.output?.examples_per_check ?? DEFAULT_EXAMPLES_PER_CHECK
    },
    manifest: {
      lockFiles: (raw.manifest?.lock_files ?? []).map((p, i) => fileRef(source, root, ['manifest', 'lock_files', i], p))
    },
    gate: buildGate(raw, source, [...modelNames], release),
    release
  };
}

/**
 * Each configured family's block as its descriptor reads it (defaults filled in, files
 * resolved), in registry order.
 */
function readAttacks(
  raw: RawConfig,
  source: ConfigSource,
  root: string,
  task: 'text' | 'tabular',
  registry: FamilyRegistry
): AttackPlan {
  const given: Readonly<Record<string, unknown>> = raw.threat_model.attacks ?? {};
  const attacks: Record<string, unknown> = {};
  for (const family of familiesOf(task, registry)) {
    const block = given[family.name];
    if (block === undefined) continue;
    const at: KeyPath = ['threat_model', 'attacks', family.name];
    attacks[family.name] = family.read(block as never, {
      source,
      at,
      file: (path, p) => fileRef(source, root, path, p),
      attacks: given
    });
  }
  return attacks as AttackPlan;
}

/** Keys that belong to the other task are refused, naming the task they belong to. */
function checkTaskKeys(raw: RawConfig, source: ConfigSource, task: 'text' | 'tabular', registry: FamilyRegistry): void {
  const attacks = Object.keys(raw.threat_model.attacks ?? {});
  const constraints = Object.keys(raw.threat_model.constraints ?? {});
  // A name both tasks use (`exact`) is this task's.
  const own = new Set(familiesOf(task, registry).map((d) => d.name));
  const foreignAttacks: readonly string[] = familiesOf(task === 'text' ? 'tabular' : 'text', registry)
    .map((d) => d.name)
    .filter((n) => !own.has(n));
  const foreignConstraints = task === 'text' ? ['linf_eps', 'editable', 'bounds'] : ['max_char_edit_ratio'];
  for (const key of attacks) {
    if (foreignAttacks.includes(key))
      throw configError(
        source,
        ['threat_model', 'attacks', key],
        `the ${key} family belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a family of task ${task}`,
        true
      );
  }
  for (const key of constraints) {
    if (foreignConstraints.includes(key))
      throw configError(
        source,
        ['threat_model', 'constraints', key],
        `this constraint belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a constraint of task ` +
          `${task}`,
        true
      );
  }
  const features = raw.data.columns?.features;
  if (task === 'text' && features)
    throw configError(
      source,
      ['data', 'columns', 'features'],
      'feature columns belong to task tabular; expected task: tabular or no features key',
      true
    );
  if (task === 'tabular' && !features)
    throw configError(
      source,
      ['data', 'columns'],
      'task tabular needs data.columns.features; expected a list of numeric feature columns, found none',
      true
    );
}

/**
 * The L∞ threat model of docs/definitions.md#tabular: budget, editable features, bounds (all checked against the
 * feature list).
 */
function tabularPlan(
  constraints: NonNullable<RawConfig['threat_model']['constraints']>,
  features: string[],
  source: ConfigSource,
  hasAttack: boolean,
  registry: FamilyRegistry
): TabularPlan {
  const at = ['threat_model', 'constraints'];
  const known = (name: string, path: KeyPath) => {
    if (!features.includes(name))
      throw configError(
        source,
        path,
        `expected one of the feature columns (${quotedList(features)}), found ${quoted(name)}`,
        true
      );
  };
  if (hasAttack && constraints.linf_eps === undefined) {
    throw configError(
      source,
      at,
      `${wordList(registry.tabular.map((d) => d.name))} need an L∞ budget; expected ` +
        `threat_model.constraints.linf_eps > 0, found none`,
      true
    );
  }
  const editable = constraints.editable ?? features;
  editable.forEach((name, i) => known(name, [...at, 'editable', i]));
  const bounds: Record<string, [number, number]> = {};
  for (const [name, pair] of Object.entries(constraints.bounds ?? {})) {
    known(name, [...at, 'bounds', name]);
    const [lo, hi] = pair as [number, number];
    if (!(lo <= hi))
      throw configError(
        source,
        [...at, 'bounds', name],
        `expected [lower, upper] with lower ≤ upper, found [${lo}, ${hi}]`
      );
    bounds[name] = [lo, hi];
  }
  return { eps: constraints.linf_eps ?? 0, editable: [...editable], bounds };
}

/**
 * `against_policy` judges every success by the model's scores (is the decision accepted by its
 * policy?), so each model must answer with scores: a kind that may answer with a label only
 * (a command, an HTTP service) must declare `probabilities: true`.
 */
function checkScoresForPolicy(models: readonly ModelPlan[], source: ConfigSource): void {
  models.forEach((m) => {
    const kind = modelKind(m.kind);
    if (kind.labelOnly && !kind.probabilities(m.params)) {
      throw configError(
        source,
        ['threat_model', 'against_policy'],
        `a success must be accepted by the model's review policy, which needs its scores; expected every model ` +
          `to answer with scores (a built-in model, or probabilities: true), found ${m.kind} model ` +
          `${quoted(m.name)}, which may answer with a label only`
      );
    }
  });
}

/**
 * Abstention thresholds (docs/definitions.md#metrics): a probability lies in [0, 1]; a margin (top score minus
 * second score) is never negative, and any finite value ≥ 0 is allowed since external models
 * may score on any scale. A threshold outside that range would abstain on everything or
 * nothing without saying so.
 */
function checkAbstainThreshold(
  policy: { on: 'probability' | 'margin'; threshold: number },
  source: ConfigSource,
  path: KeyPath
): void {
  const t = policy.threshold;
  if (policy.on === 'probability' && !(t >= 0 && t <= 1)) {
    throw configError(
      source,
      path,
      `expected a probability from 0 to 1 for on: probability, found ${describeFound(t)}`
    );
  }
  if (policy.on === 'margin' && !(t >= 0 && Number.isFinite(t))) {
    throw configError(source, path, `expected a margin ≥ 0 for on: margin, found ${describeFound(t)}`);
  }
}

/**
 * One data file read as two splits (or as training data and a split) would score a model on
 * its own training rows, or count every row twice; refuse it here, naming both keys. Files
 * are compared by their real path, so a link to another split's file counts as that file.
 */
function checkDistinctFiles(source: ConfigSource, files: Array<{ path: KeyPath; file: FileRef }>): void {
  const seen = new Map<string, KeyPath>();
  for (const { path, file } of files) {
    const real = realpathSync(file.absolute);
    const earlier = seen.get(real);
    if (earlier) {
      throw configError(
        source,
        path,
        `expected a data file of its own, found ${quoted(file.path, 200)}, which ${formatKeyPath(earlier)} (line ` +
          `${source.lineOf(earlier)}) already reads`
      );
    }
    seen.set(real, path);
  }
}

/** "a", "a and b", "a, b and c". */
function wordList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
