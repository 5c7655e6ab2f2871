/** YAML file → validated, typed Plan (docs/config.md). */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, describeFound } from '../errors.js';
import { invalidUtf8At } from '../data/decode.js';
import { hasHidden, quoted, quotedList, truncateText, visible, visiblePath } from '../util/visible.js';
import { sha256Hex } from '../util/hash.js';
import { sortCodePoints } from '../util/strings.js';
import { DEFAULT_EXAMPLES_PER_CHECK, DEFAULT_GZIP_ABOVE_BYTES, FAMILY_DEFAULTS_V1, FAMILY_GATE_KEYS, GATE_DEFAULTS_V1, GATE_KEYS, STATISTICS_DEFAULTS_V1, type FamilyGateKey } from './defaults.js';
import { parseModels } from './models.js';
import { notRegularFile, resolveInside } from './paths.js';
import { releaseRequirement } from '../manifest/release.js';
import { STRENGTH_REFERENCE } from './families.js';
import { FAMILY_REGISTRY, familiesOf, type AttackPlan, type FamilyRegistry } from '../perturb/registry.js';
import { MODEL_KINDS, modelKind } from '../models/registry.js';
import type { FileRef, GatePlan, ModelPlan, Plan, ReleaseField, ReleasePlan, TabularPlan, Threshold } from './plan.js';
import type { RawConfig } from './schema.js';
import { ConfigSource, formatKeyPath, type KeyPath } from './source.js';
import { configError, validateConfig, yamlErrors } from './validate.js';

/**
 * Largest config file read, in bytes (256 KiB); a larger file is refused before it is read.
 * Real configs are a few kilobytes. The YAML reader costs roughly 10 µs and 600 bytes of
 * memory per byte of the densest text (a flow list of numbers), so this bound keeps the worst
 * file that is read at all to one to three seconds and about 160 MB above the process's own.
 */
export const MAX_CONFIG_BYTES = 256 * 1024;

export interface LoadOptions {
  /** Absolute repository root; every path must stay inside it. */
  root: string;
  /** Config path as given (relative to `cwd`, or absolute). */
  configPath: string;
  cwd?: string;
  /**
   * The families the config may name and the schema validator that knows them; both default to
   * this build's (the registry and the generated validator). Tests pass a registry with a family
   * of their own and a validator compiled from `configSchema(registry)`.
   */
  families?: { registry: FamilyRegistry; validate: (value: unknown) => boolean };
}

export function loadPlan(options: LoadOptions): Plan {
  const { root } = options;
  const given = options.configPath;
  const resolved = resolveInside(root, resolve(options.cwd ?? root, given));
  if (typeof resolved === 'string') throw new ConfigError(`config ${quoted(given, 200)}: ${visible(truncateText(resolved, 400))}`);
  if (!existsSync(resolved.absolute)) {
    throw new ConfigError(`config file not found: ${visiblePath(resolved.relative)} (expected a YAML file inside the repository; set --config or the action's config input)`);
  }
  const stats = statSync(resolved.absolute);
  if (stats.isDirectory()) throw new ConfigError(configFolderMessage(given, resolved.absolute));
  const kind = notRegularFile(stats);
  if (kind !== null) {
    throw new ConfigError(`config ${visiblePath(resolved.relative)}: expected a YAML file, found ${kind}`);
  }
  const bytes = readBounded(resolved.absolute, resolved.relative);
  const text = decodeConfig(bytes, resolved.relative);
  const { source, errors } = ConfigSource.parse(resolved.relative, text);
  if (errors.length > 0) throw yamlErrors(resolved.relative, errors);
  const value = source.value();
  validateConfig(value, source, options.families?.validate);
  const registry = options.families?.registry ?? FAMILY_REGISTRY;
  return buildPlan(value as RawConfig, source, root, { absolute: resolved.absolute, path: resolved.relative, sha256: sha256Hex(bytes), text: bytes.toString('utf8') }, registry);
}

/**
 * The gate a config text declares, read without opening any file the config names: how `verify`
 * and `merge` check that a manifest's recorded thresholds are the ones its recorded config gives
 * (docs/security.md, "Reading an output folder"). `text` is the file as recorded, byte-order mark included.
 */
export function gatePlanOfText(path: string, text: string): GatePlan {
  const { source, errors } = ConfigSource.parse(path, text.replace(/^\uFEFF/, ''));
  if (errors.length > 0) throw yamlErrors(path, errors);
  const value = source.value();
  validateConfig(value, source);
  const raw = value as RawConfig;
  const models = parseModels(raw.models, source, (_key, file) => ({ absolute: '', path: file }));
  return buildGate(raw, source, models.map((m) => m.name), releasePlan(raw, source));
}

/** The names `init` and the examples give a config, looked for first in a folder given as the config. */
const CONFIG_FILE_NAMES = ['evidence-gate.yml', 'evidence-gate.yaml'];

/** YAML files a folder holds, the usual config names first: what `--config <folder>` most likely meant. */
function yamlFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((d) => d.isFile() && /\.ya?ml$/i.test(d.name))
      .map((d) => d.name);
  } catch {
    return [];
  }
  const usual = CONFIG_FILE_NAMES.filter((n) => names.includes(n));
  return [...usual, ...sortCodePoints(names.filter((n) => !usual.includes(n)))];
}

/** A config path that names a folder: say so, and name the YAML files in it as they would be given. */
function configFolderMessage(given: string, absolute: string): string {
  const base = given.replace(/[\\/]+$/, '') || given;
  const files = yamlFilesIn(absolute).map((n) => `${base}/${n}`);
  const shown = visiblePath(given);
  if (files.length === 0) {
    const set = "set --config or the action's config input to the file";
    return `config ${shown} is a folder, and it holds no .yml or .yaml file; expected a YAML file (${set})`;
  }
  const [first, ...others] = files as [string, ...string[]];
  const also = others.length > 0 ? ` (also in it: ${quotedList(others, 5)})` : '';
  return `config ${shown} is a folder; expected a YAML file: did you mean ${quoted(first, 200)}?${also}`;
}

/** The config's bytes, refused before reading when the file is over MAX_CONFIG_BYTES. */
function readBounded(absolute: string, shown: string): Buffer {
  const fd = openSync(absolute, 'r');
  try {
    const tooBig = (size: number) =>
      new ConfigError(`${visiblePath(shown)}: config file is ${size} bytes; expected at most ${MAX_CONFIG_BYTES} bytes (${MAX_CONFIG_BYTES / 1024} KiB)`);
    const size = fstatSync(fd).size;
    if (size > MAX_CONFIG_BYTES) throw tooBig(size);
    // Read one byte past the bound, in case the file grew since fstat.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_CONFIG_BYTES) throw tooBig(fstatSync(fd).size);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** Strict UTF-8 (as data files are read); a leading byte-order mark is dropped. */
function decodeConfig(bytes: Buffer, shown: string): string {
  const bad = invalidUtf8At(bytes);
  if (bad) throw new ConfigError(`${visiblePath(shown)}:${bad.line}:${bad.column}: ${bad.message}`);
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Longest path a config may name, in characters (PATH_MAX on Linux). */
const MAX_PATH_CHARS = 4096;

function fileRef(source: ConfigSource, root: string, path: KeyPath, p: string): FileRef {
  if (p.length > MAX_PATH_CHARS) throw configError(source, path, `expected a path of at most ${MAX_PATH_CHARS} characters, found ${quoted(p)}`);
  const resolved = resolveInside(root, p);
  if (typeof resolved === 'string') throw configError(source, path, visible(resolved));
  if (!existsSync(resolved.absolute)) throw configError(source, path, `file not found; expected an existing file, found ${quoted(p, 200)}`);
  const kind = notRegularFile(statSync(resolved.absolute));
  if (kind !== null) throw configError(source, path, `expected a regular file, found ${kind} ${quoted(p, 200)}`);
  return { absolute: resolved.absolute, path: resolved.relative };
}

function buildPlan(raw: RawConfig, source: ConfigSource, root: string, config: Plan['config'], registry: FamilyRegistry): Plan {
  const task = raw.task ?? 'text';
  const tm = raw.threat_model;
  const objective = tm.objective ?? 'untargeted';
  const transitions = tm.protected_transitions ?? [];
  if (objective === 'targeted' && transitions.length === 0) {
    throw configError(source, ['threat_model', 'objective'], 'a targeted objective needs threat_model.protected_transitions; expected at least one { from, to }, found none');
  }
  transitions.forEach((t, i) => {
    if (t.from === t.to) throw configError(source, ['threat_model', 'protected_transitions', i], `expected two different labels, found ${quoted(t.from)} twice`);
  });

  checkTaskKeys(raw, source, task, registry);
  const attacks = readAttacks(raw, source, root, task, registry);

  const models = parseModels(raw.models, source, (path, p) => fileRef(source, root, path, p));
  const fitting = MODEL_KINDS.filter((d) => d.selectedBy === 'name' && d.task === task).map((d) => d.kind);
  models.forEach((m, i) => {
    const kindTask = modelKind(m.kind).task;
    if (kindTask !== 'any' && kindTask !== task) {
      throw configError(source, ['models', i], `model kind ${JSON.stringify(m.kind)} does not fit task ${task}; expected ${fitting.length === 1 ? fitting[0] : `a ${task} model (${fitting.join(', ')})`}`);
    }
  });
  for (const family of registry.tabular) {
    if (!family.needsGradients || !(family.name in attacks)) continue;
    if ((tm.access ?? 'black-box') !== 'white-box') {
      throw configError(source, ['threat_model', 'attacks', family.name], `${family.name} follows the model's gradient and needs threat_model.access: white-box; expected white-box access, found black-box`, true);
    }
    // A command exposes no gradient: refuse here rather than when the attack starts.
    const differentiable = MODEL_KINDS.filter((d) => d.gradients).map((d) => d.kind);
    models.forEach((m, i) => {
      if (!modelKind(m.kind).gradients) {
        throw configError(source, ['models', i], `${family.name} follows the model's gradient; expected a model kind with one (${differentiable.join(', ')}), found ${JSON.stringify(m.kind)}`);
      }
    });
  }
  const modelNames = new Set(models.map((m) => m.name));

  const abstain = raw.selective?.abstain_below ?? {};
  for (const [name, policy] of Object.entries(abstain)) {
    if (!modelNames.has(name)) throw configError(source, ['selective', 'abstain_below', name], `expected a configured model name (${quotedList([...modelNames])}), found ${quoted(name)}`, true);
    const model = models.find((m) => m.name === name) as ModelPlan;
    const kind = model.kind;
    const probabilistic = modelKind(kind).probabilities(model.params);
    if (policy.on === 'probability' && !probabilistic) {
      throw configError(source, ['selective', 'abstain_below', name, 'on'], `expected "margin" for a model without probabilities (${kind}), found "probability"`);
    }
    checkAbstainThreshold(policy, source, ['selective', 'abstain_below', name, 'threshold']);
  }
  if (tm.against_policy === true) checkScoresForPolicy(models, source);

  const evaluate = Object.entries(raw.data.evaluate).map(([split, p]) => ({ split, file: fileRef(source, root, ['data', 'evaluate', split], p) }));
  if (evaluate.some((e) => e.split === 'train')) {
    throw configError(source, ['data', 'evaluate', 'train'], 'expected an evaluation split name other than "train", found "train"', true);
  }
  const train = fileRef(source, root, ['data', 'train'], raw.data.train);
  checkDistinctFiles(source, [{ path: ['data', 'train'], file: train }, ...evaluate.map((e) => ({ path: ['data', 'evaluate', e.split], file: e.file }))]);

  const features = raw.data.columns?.features ?? [];
  const tabular = task === 'tabular' ? tabularPlan(tm.constraints ?? {}, features, source, registry.tabular.filter((d) => d.name in attacks).length > 0, registry) : null;
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
      columns: { id: 'id', text: 'text', label: 'label', language: 'language', domain: 'domain', ...raw.data.columns, features },
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
    manifest: { lockFiles: (raw.manifest?.lock_files ?? []).map((p, i) => fileRef(source, root, ['manifest', 'lock_files', i], p)) },
    gate: buildGate(raw, source, [...modelNames], release),
    release
  };
}

/** Entries a list of the release record may hold; a longer list is a document, not a record. */
export const MAX_RELEASE_ITEMS = 50;

/**
 * The `release:` block (schema-checked: closed keys, `owner` required, lengths bounded). Prose may
 * span lines, but every value must show some text and hide nothing: blank text and bidi or
 * invisible characters are refused here, naming the key.
 */
function releasePlan(raw: RawConfig, source: ConfigSource): ReleasePlan | null {
  const r = raw.release;
  if (r === undefined) return null;
  const at = (key: string, i?: number): KeyPath => (i === undefined ? ['release', key] : ['release', key, i]);
  const checkText = (value: string, path: KeyPath) => {
    if (!/\S/u.test(value)) throw configError(source, path, `expected text with at least one visible character, found ${quoted(value)}`);
    // Line breaks and tabs are how YAML block scalars write prose; any other hidden character is refused.
    if (hasHidden(value.replace(/[\t\n\r]/g, ' '))) throw configError(source, path, `expected text without control, bidi or invisible characters (line breaks and tabs are allowed), found ${quoted(value)}`);
  };
  const one = (key: ReleaseField): string | null => {
    const v = r[key as keyof typeof r];
    if (v === undefined) return null;
    checkText(v as string, at(key));
    return v as string;
  };
  const list = (key: ReleaseField): string[] | null => {
    const v = r[key as keyof typeof r] as string[] | undefined;
    if (v === undefined) return null;
    if (v.length > MAX_RELEASE_ITEMS) throw configError(source, at(key), `expected at most ${MAX_RELEASE_ITEMS} entries, found ${v.length}`);
    v.forEach((item, i) => checkText(item, at(key, i)));
    return [...v];
  };
  return {
    owner: one('owner') as string,
    reviewer: one('reviewer'),
    intended_use: one('intended_use'),
    out_of_scope_uses: list('out_of_scope_uses'),
    known_limitations: list('known_limitations'),
    mitigations: list('mitigations'),
    authorization: one('authorization'),
    config_line: source.keyLineOf(['release'])
  };
}

/**
 * Each configured family's block as its descriptor reads it (defaults filled in, files
 * resolved), in registry order.
 */
function readAttacks(raw: RawConfig, source: ConfigSource, root: string, task: 'text' | 'tabular', registry: FamilyRegistry): AttackPlan {
  const given: Readonly<Record<string, unknown>> = raw.threat_model.attacks ?? {};
  const attacks: Record<string, unknown> = {};
  for (const family of familiesOf(task, registry)) {
    const block = given[family.name];
    if (block === undefined) continue;
    const at: KeyPath = ['threat_model', 'attacks', family.name];
    attacks[family.name] = family.read(block as never, { source, at, file: (path, p) => fileRef(source, root, path, p), attacks: given });
  }
  return attacks as AttackPlan;
}

/** Keys that belong to the other task are refused, naming the task they belong to. */
function checkTaskKeys(raw: RawConfig, source: ConfigSource, task: 'text' | 'tabular', registry: FamilyRegistry): void {
  const attacks = Object.keys(raw.threat_model.attacks ?? {});
  const constraints = Object.keys(raw.threat_model.constraints ?? {});
  const foreignAttacks: readonly string[] = familiesOf(task === 'text' ? 'tabular' : 'text', registry).map((d) => d.name);
  const foreignConstraints = task === 'text' ? ['linf_eps', 'editable', 'bounds'] : ['max_char_edit_ratio'];
  for (const key of attacks) {
    if (foreignAttacks.includes(key)) throw configError(source, ['threat_model', 'attacks', key], `the ${key} family belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a family of task ${task}`, true);
  }
  for (const key of constraints) {
    if (foreignConstraints.includes(key)) throw configError(source, ['threat_model', 'constraints', key], `this constraint belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a constraint of task ${task}`, true);
  }
  const features = raw.data.columns?.features;
  if (task === 'text' && features) throw configError(source, ['data', 'columns', 'features'], 'feature columns belong to task tabular; expected task: tabular or no features key', true);
  if (task === 'tabular' && !features) throw configError(source, ['data', 'columns'], 'task tabular needs data.columns.features; expected a list of numeric feature columns, found none', true);
}

/** The L∞ threat model of docs/definitions.md#tabular: budget, editable features, bounds (all checked against the feature list). */
function tabularPlan(constraints: NonNullable<RawConfig['threat_model']['constraints']>, features: string[], source: ConfigSource, hasAttack: boolean, registry: FamilyRegistry): TabularPlan {
  const at = ['threat_model', 'constraints'];
  const known = (name: string, path: KeyPath) => {
    if (!features.includes(name)) throw configError(source, path, `expected one of the feature columns (${quotedList(features)}), found ${quoted(name)}`, true);
  };
  if (hasAttack && constraints.linf_eps === undefined) {
    throw configError(source, at, `${wordList(registry.tabular.map((d) => d.name))} need an L∞ budget; expected threat_model.constraints.linf_eps > 0, found none`, true);
  }
  const editable = constraints.editable ?? features;
  editable.forEach((name, i) => known(name, [...at, 'editable', i]));
  const bounds: Record<string, [number, number]> = {};
  for (const [name, pair] of Object.entries(constraints.bounds ?? {})) {
    known(name, [...at, 'bounds', name]);
    const [lo, hi] = pair as [number, number];
    if (!(lo <= hi)) throw configError(source, [...at, 'bounds', name], `expected [lower, upper] with lower ≤ upper, found [${lo}, ${hi}]`);
    bounds[name] = [lo, hi];
  }
  return { eps: constraints.linf_eps ?? 0, editable: [...editable], bounds };
}

function buildGate(raw: RawConfig, source: ConfigSource, modelNames: string[], release: ReleasePlan | null): GatePlan {
  const gate = raw.gate ?? {};
  const gateLine = source.has(['gate']) ? source.keyLineOf(['gate']) : 1;
  const threshold = (path: string[], value: number | undefined, fallback: number): Threshold =>
    value === undefined
      ? { value: fallback, configKey: path.join('.'), isDefault: true, line: gateLine }
      : { value, configKey: path.join('.'), isDefault: false, line: source.keyLineOf(path) };

  const thresholds = Object.fromEntries(
    GATE_KEYS.map((key) => [key, threshold(['gate', key], gate[key] as number | undefined, GATE_DEFAULTS_V1[key])])
  ) as GatePlan['thresholds'];

  const families: GatePlan['families'] = {};
  const familyNames = new Set([...Object.keys(FAMILY_DEFAULTS_V1), ...Object.keys(gate.families ?? {})]);
  for (const family of familyNames) {
    const set = gate.families?.[family] ?? {};
    const builtin = FAMILY_DEFAULTS_V1[family] ?? {};
    const entry: Partial<Record<FamilyGateKey, Threshold>> = {};
    for (const key of FAMILY_GATE_KEYS) {
      if (set[key] !== undefined) entry[key] = threshold(['gate', 'families', family, key], set[key], 0);
      else if (builtin[key] !== undefined) entry[key] = threshold(['gate', 'families', family, key], undefined, builtin[key]);
    }
    families[family] = entry;
  }

  const minAttackStrength = strengthThresholds(raw, source, threshold);
  const judged = gate.models ?? modelNames;
  judged.forEach((name, i) => {
    if (!modelNames.includes(name)) throw configError(source, ['gate', 'models', i], `expected a configured model name (${quotedList(modelNames)}), found ${quoted(name)}`);
  });
  const requireRelease = gate.require_release_record;
  const releaseLine = requireRelease === undefined ? gateLine : source.keyLineOf(['gate', 'require_release_record']);
  return {
    thresholds,
    families,
    ...(minAttackStrength === null ? {} : { minAttackStrength }),
    allowNotEvaluated: gate.allow_not_evaluated ?? false,
    models: [...judged],
    requireBaseline: gate.require_baseline ?? false,
    blockOn: gate.block_on ?? 'all',
    releaseRecord: releaseRequirement(requireRelease ?? false, releaseLine, requireRelease === undefined, release)
  };
}

/**
 * `gate.min_attack_strength` (docs/tabular.md): a strength is a share of `exact`'s failures, so
 * the run must configure exact, and each attack named must be configured too. Null when unset.
 */
function strengthThresholds(raw: RawConfig, source: ConfigSource, threshold: (path: string[], value: number | undefined, fallback: number) => Threshold): Record<string, Threshold> | null {
  const set = raw.gate?.min_attack_strength;
  if (set === undefined) return null;
  const attacks = raw.threat_model.attacks ?? {};
  if (STRENGTH_REFERENCE === undefined || !(STRENGTH_REFERENCE in attacks)) {
    throw configError(
      source,
      ['gate', 'min_attack_strength'],
      'an attack\'s strength is its share of the failures exact finds, so it needs exact; expected threat_model.attacks.exact to be configured, found no exact'
    );
  }
  const out: Record<string, Threshold> = {};
  for (const [attack, value] of Object.entries(set)) {
    if (!(attack in attacks)) {
      const graded = FAMILY_REGISTRY.tabular
        .filter((d) => d.attack && d.name !== STRENGTH_REFERENCE && d.name in attacks)
        .map((d) => d.name);
      throw configError(source, ['gate', 'min_attack_strength', attack], `expected an attack configured in threat_model.attacks (${quotedList(graded)}), found ${quoted(attack)}`);
    }
    out[attack] = threshold(['gate', 'min_attack_strength', attack], value as number, 0);
  }
  return out;
}

/**
 * Abstention thresholds (docs/definitions.md#metrics): a probability lies in [0, 1]; a margin (top score minus
 * second score) is never negative, and any finite value ≥ 0 is allowed since external models
 * may score on any scale. A threshold outside that range would abstain on everything or
 * nothing without saying so.
 */
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
        `a success must be accepted by the model's review policy, which needs its scores; expected every model to answer with scores (a built-in model, or probabilities: true), found ${m.kind} model ${quoted(m.name)}, which may answer with a label only`
      );
    }
  });
}

function checkAbstainThreshold(policy: { on: 'probability' | 'margin'; threshold: number }, source: ConfigSource, path: KeyPath): void {
  const t = policy.threshold;
  if (policy.on === 'probability' && !(t >= 0 && t <= 1)) {
    throw configError(source, path, `expected a probability from 0 to 1 for on: probability, found ${describeFound(t)}`);
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
        `expected a data file of its own, found ${quoted(file.path, 200)}, which ${formatKeyPath(earlier)} (line ${source.lineOf(earlier)}) already reads`
      );
    }
    seen.set(real, path);
  }
}

/** "a", "a and b", "a, b and c". */
function wordList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
