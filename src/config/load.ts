/**
 * YAML file → validated, typed Plan (docs/config.md): the plan loader, above the registries
 * (docs/development.md#layers). read.ts reads the files, build.ts builds the plan, gate-plan.ts the
 * gate and release-block.ts the `release:` block.
 */
import { sha256Hex } from '../util/hash.js';
import { buildPlan } from './build.js';
import { buildGate } from './gate-plan.js';
import { parseModels } from './models.js';
import { FAMILY_REGISTRY, type FamilyRegistry } from '../perturb/registry.js';
import type { GatePlan, Plan } from './plan.js';
import { readConfigFile } from './read.js';
import { releasePlan } from './release-block.js';
import type { RawConfig } from './schema.js';
import { ConfigSource } from './source.js';
import { validateConfig, yamlErrors } from './validate.js';

interface LoadOptions {
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
  const file = readConfigFile(root, options.configPath, options.cwd);
  const { source, errors } = ConfigSource.parse(file.relative, file.text);
  if (errors.length > 0) throw yamlErrors(file.relative, errors);
  const value = source.value();
  validateConfig(value, source, options.families?.validate);
  const registry = options.families?.registry ?? FAMILY_REGISTRY;
  const text = file.bytes.toString('utf8');
  const config = { absolute: file.absolute, path: file.relative, sha256: sha256Hex(file.bytes), text };
  return buildPlan(value as RawConfig, source, root, config, registry);
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
  return buildGate(
    raw,
    source,
    models.map((m) => m.name),
    releasePlan(raw, source)
  );
}
