/**
 * Model entries come in three shapes: a built-in name (`naive-bayes`), a built-in with
 * parameters (`{ hybrid: { word_weight: 0.5 } }`) or the user's own command (`{ name, command }`).
 * Each shape is checked on its own so the message speaks about the shape the user meant.
 */
import { describeFound } from '../errors.js';
import type { ModelPlan } from './plan.js';
import type { ConfigSource } from './source.js';
import { configError } from './validate.js';

/** Built-in kinds this release can evaluate. */
export const AVAILABLE_BUILTINS = ['naive-bayes'] as const;
/** Built-in kinds the config language knows (SPEC §5); the rest arrive in later releases. */
const KNOWN_BUILTINS = ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid'] as const;

function unavailable(source: ConfigSource, index: number, kind: string) {
  return configError(
    source,
    ['models', index],
    `model kind ${JSON.stringify(kind)} is not available in this release; expected one of ${AVAILABLE_BUILTINS.join(', ')}`
  );
}

export function parseModels(raw: unknown[], source: ConfigSource): ModelPlan[] {
  const models: ModelPlan[] = [];
  raw.forEach((entry, index) => {
    models.push(parseModel(entry, index, source));
  });
  const seen = new Set<string>();
  models.forEach((m, index) => {
    if (seen.has(m.name)) throw configError(source, ['models', index], `duplicate model name; expected each model once, found ${JSON.stringify(m.name)} again`);
    seen.add(m.name);
  });
  return models;
}

function parseModel(entry: unknown, index: number, source: ConfigSource): ModelPlan {
  const at = ['models', index];
  if (typeof entry === 'string') {
    if (!(KNOWN_BUILTINS as readonly string[]).includes(entry)) {
      throw configError(source, at, `expected one of ${KNOWN_BUILTINS.join(', ')} or a mapping, found ${describeFound(entry)}`);
    }
    if (entry === 'naive-bayes') return { name: entry, kind: 'naive-bayes', params: { alpha: 1 } };
    throw unavailable(source, index, entry);
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw configError(source, at, `expected a model name or a mapping, found ${describeFound(entry)}`);
  }
  const obj = entry as Record<string, unknown>;
  if ('command' in obj) {
    // External models (SPEC §10) are accepted by the config language but not yet run.
    throw configError(source, at, 'external command models are not available in this release; expected a built-in model name');
  }
  const keys = Object.keys(obj);
  if (keys.length === 1 && (KNOWN_BUILTINS as readonly string[]).includes(keys[0] as string)) {
    throw unavailable(source, index, keys[0] as string);
  }
  throw configError(
    source,
    at,
    `expected a built-in name (${KNOWN_BUILTINS.join(', ')}), { hybrid: { word_weight } } or { name, command }, found a mapping with keys ${keys.join(', ') || '(none)'}`
  );
}
