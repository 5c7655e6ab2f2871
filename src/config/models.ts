/**
 * Model entries come in three shapes: a built-in name (`naive-bayes`), a built-in with
 * parameters (`{ hybrid: { word_weight: 0.5 } }`) or the user's own command (`{ name, command }`).
 * Each shape is checked on its own so the message speaks about the shape the user meant; what
 * each kind accepts is its descriptor's (src/models/registry.ts).
 */
import { describeFound } from '../errors.js';
import { quoted, quotedList } from '../util/visible.js';
import type { BuiltinModelDescriptor, ModelDescriptor, ModelReadContext } from '../models/descriptor.js';
import { MODEL_KINDS } from '../models/registry.js';
import { modelCache } from './model-cache.js';
import { modelName } from './model-name.js';
import { modelRepeat } from './model-repeat.js';
import type { ModelPlan } from './plan.js';
import type { FileRef } from './paths.js';
import type { ConfigSource, KeyPath } from './source.js';
import { configError, didYouMean, unknownKey } from './validate.js';

export { BUILTINS } from '../models/registry.js';
export { MAX_MODEL_NAME } from './model-name.js';

/** Resolves a repository path named by the config (inside the root, existing) or throws. */
type ResolveFile = (path: KeyPath, p: string) => FileRef;

export function parseModels(
  raw: unknown[],
  source: ConfigSource,
  resolveFile: ResolveFile,
  kinds: readonly ModelDescriptor[] = MODEL_KINDS
): ModelPlan[] {
  const models = raw.map((entry, index) => parseModel(entry, index, source, resolveFile, kinds));
  const seen = new Set<string>();
  models.forEach((m, index) => {
    if (seen.has(m.name))
      throw configError(
        source,
        ['models', index],
        `duplicate model name; expected each model once, found ${quoted(m.name)} again`
      );
    seen.add(m.name);
  });
  return models;
}

function builtin(
  kind: BuiltinModelDescriptor,
  params: Record<string, unknown>,
  index: number,
  context: Omit<ModelReadContext, 'at'>
): ModelPlan {
  const at = ['models', index, kind.kind];
  const allowed = kind.parameters;
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw configError(context.source, [...at, key], unknownKey(key, allowed, 'no parameters'), true);
    }
  }
  return { name: kind.kind, kind: kind.kind, params: kind.read(params, { ...context, at }) } as ModelPlan;
}

function parseModel(
  entry: unknown,
  index: number,
  source: ConfigSource,
  resolveFile: ResolveFile,
  kinds: readonly ModelDescriptor[]
): ModelPlan {
  const at = ['models', index];
  const context = { source, file: resolveFile };
  const builtins = kinds.filter((d): d is BuiltinModelDescriptor => d.selectedBy === 'name');
  const names = builtins.map((d) => d.kind);
  if (typeof entry === 'string') {
    const kind = builtins.find((d) => d.kind === entry);
    if (!kind) {
      const found = `${describeFound(entry)}${didYouMean(entry, names)}`;
      throw configError(source, at, `expected one of ${names.join(', ')} or a mapping, found ${found}`);
    }
    return builtin(kind, {}, index, context);
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw configError(source, at, `expected a model name or a mapping, found ${describeFound(entry)}`);
  }
  // `cache:` is read here for every kind, and accepted only by a kind that says how its requests are shaped.
  const { cache, ...obj } = entry as Record<string, unknown>;
  const cached = (plan: ModelPlan, kind: ModelDescriptor): ModelPlan => {
    if (cache === undefined) return plan;
    if (!kind.remote?.cacheSettings) {
      const takers = kinds
        .filter((d) => d.remote?.cacheSettings)
        .map((d) => (d.selectedBy === 'entry' ? d.key : d.kind));
      throw configError(
        source,
        [...at, 'cache'],
        `expected no cache for a ${kind.kind} model (it is computed here, so its answers cost nothing to ask ` +
          `again); answers are kept only for ${takers.join(', ')} models`,
        true
      );
    }
    return { ...plan, cache: modelCache(cache, source, [...at, 'cache']) };
  };
  for (const kind of kinds) {
    if (kind.selectedBy === 'entry' && kind.key in obj) {
      const { name, params } = kind.read(obj, { ...context, at });
      return cached({ name, kind: kind.kind, params } as ModelPlan, kind);
    }
  }
  // `{ <kind>: { params }, name?: "..." }`: a name lets one kind appear twice with other parameters.
  const keys = Object.keys(obj).filter((k) => k !== 'name' && k !== 'repeat');
  const kind = keys.length === 1 ? builtins.find((d) => d.kind === keys[0]) : undefined;
  if (kind) {
    // A built-in answers the same every time: asking it again measures nothing, so only 1 is accepted.
    if ('repeat' in obj && modelRepeat(obj.repeat, source, [...at, 'repeat']) !== 1) {
      throw configError(
        source,
        [...at, 'repeat'],
        `expected 1 for a built-in model (it answers the same every time; repeat is for command and http ` +
          `models), found ${describeFound(obj.repeat)}`
      );
    }
    const params = obj[kind.kind] ?? {};
    if (typeof params !== 'object' || Array.isArray(params)) {
      throw configError(source, [...at, kind.kind], `expected a mapping of parameters, found ${describeFound(params)}`);
    }
    const plan = cached(builtin(kind, params as Record<string, unknown>, index, context), kind);
    if ('name' in obj) return { ...plan, name: modelName(obj.name, source, [...at, 'name']) };
    return plan;
  }
  const given = Object.keys(obj).filter((k) => k !== 'name');
  const found = given.length ? `a mapping with keys ${quotedList(given)}` : 'a mapping with no keys';
  // One key that is no kind is most likely a built-in's name misspelt.
  const hint = keys.length === 1 ? didYouMean(keys[0] as string, names) : '';
  throw configError(
    source,
    at,
    `expected a built-in name (${names.join(', ')}), { hybrid: { word_weight } }, { name, command } or { name, ` +
      `http }, ` +
      `found ${found}${hint}`
  );
}
