/**
 * Model entries come in three shapes: a built-in name (`naive-bayes`), a built-in with
 * parameters (`{ hybrid: { word_weight: 0.5 } }`) or the user's own command (`{ name, command }`).
 * Each shape is checked on its own so the message speaks about the shape the user meant.
 */
import { describeFound } from '../errors.js';
import { codePointLength } from '../util/strings.js';
import { hasHidden, quoted, quotedList } from '../util/visible.js';
import { DEFAULT_WORD_WEIGHT } from '../models/hybrid.js';
import type { FileRef, ModelPlan } from './plan.js';
import type { ConfigSource, KeyPath } from './source.js';
import { PRINTABLE, configError } from './validate.js';

/** Built-in kinds (SPEC §5). */
export const BUILTINS = ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid', 'logistic-regression'] as const;
type Builtin = (typeof BUILTINS)[number];

/** Longest model name, in characters: names head report columns and evidence rows. */
export const MAX_MODEL_NAME = 200;

/**
 * A model name as given (`name:`): 1 to MAX_MODEL_NAME characters, not blank, and none of
 * them a control, bidi or invisible character, since the name is shown in every report.
 */
function modelName(value: unknown, source: ConfigSource, path: KeyPath): string {
  const ok = typeof value === 'string' && value.trim() !== '' && codePointLength(value) <= MAX_MODEL_NAME && !hasHidden(value);
  if (!ok) throw configError(source, path, `expected a name of 1 to ${MAX_MODEL_NAME} characters, not blank, ${PRINTABLE}, found ${describeFound(value)}`);
  return value;
}

/** Resolves a repository path named by the config (inside the root, existing) or throws. */
export type ResolveFile = (path: KeyPath, p: string) => FileRef;

export function parseModels(raw: unknown[], source: ConfigSource, resolveFile: ResolveFile): ModelPlan[] {
  const models = raw.map((entry, index) => parseModel(entry, index, source, resolveFile));
  const seen = new Set<string>();
  models.forEach((m, index) => {
    if (seen.has(m.name)) throw configError(source, ['models', index], `duplicate model name; expected each model once, found ${quoted(m.name)} again`);
    seen.add(m.name);
  });
  return models;
}

function builtin(kind: Builtin, params: Record<string, unknown>, index: number, source: ConfigSource): ModelPlan {
  const at = ['models', index, kind];
  const allowed = kind === 'hybrid' ? ['word_weight'] : kind === 'naive-bayes' ? ['alpha'] : kind === 'logistic-regression' ? ['C'] : [];
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw configError(source, [...at, key], `unknown key; expected ${allowed.length ? `one of ${allowed.join(', ')}` : 'no parameters'}, found ${quoted(key)}`, true);
    }
  }
  switch (kind) {
    case 'naive-bayes': {
      const alpha = params.alpha ?? 1;
      if (typeof alpha !== 'number' || !(alpha > 0)) throw configError(source, [...at, 'alpha'], `expected a number > 0, found ${describeFound(alpha)}`);
      return { name: kind, kind, params: { alpha } };
    }
    case 'hybrid': {
      const w = params.word_weight ?? DEFAULT_WORD_WEIGHT;
      if (typeof w !== 'number' || w < 0 || w > 1) throw configError(source, [...at, 'word_weight'], `expected a number from 0 to 1, found ${describeFound(w)}`);
      return { name: kind, kind, params: { word_weight: w } };
    }
    case 'logistic-regression': {
      const C = params.C ?? 1;
      if (typeof C !== 'number' || !(C > 0) || !Number.isFinite(C)) throw configError(source, [...at, 'C'], `expected a number > 0, found ${describeFound(C)}`);
      return { name: kind, kind, params: { C } };
    }
    default:
      return { name: kind, kind, params: {} };
  }
}

const EXTERNAL_KEYS = ['name', 'command', 'timeout_s', 'request_timeout_s', 'probabilities', 'env', 'files', 'window'];
/** Variables that must never reach a user's model process, whatever the config says. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|CREDENTIAL|^ACTIONS_|^INPUT_|^GITHUB_/i;

/** `{ name, command, … }`: the user's own classifier over the JSONL protocol (SPEC §10). */
function external(obj: Record<string, unknown>, index: number, source: ConfigSource, resolveFile: ResolveFile): ModelPlan {
  const at: KeyPath = ['models', index];
  for (const key of Object.keys(obj)) {
    if (!EXTERNAL_KEYS.includes(key)) throw configError(source, [...at, key], `unknown key; expected one of ${EXTERNAL_KEYS.join(', ')}, found ${quoted(key)}`, true);
  }
  // The command runs as written: a hidden character (a line break that starts a second
  // command, a bidi control that shows a reviewer other text) is refused.
  const command = (): string => {
    const v = obj.command;
    if (typeof v !== 'string' || v.trim() === '') throw configError(source, [...at, 'command'], `expected a non-empty string, found ${describeFound(v)}`);
    if (hasHidden(v)) throw configError(source, [...at, 'command'], `expected a command on one line ${PRINTABLE}, found ${describeFound(v)}`);
    return v;
  };
  const seconds = (key: string, fallback: number): number => {
    const v = obj[key] ?? fallback;
    if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v)) throw configError(source, [...at, key], `expected a number of seconds > 0, found ${describeFound(v)}`);
    return v;
  };
  const list = (key: string): string[] => {
    const v = obj[key] ?? [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '')) throw configError(source, [...at, key], `expected a list of non-empty strings, found ${describeFound(v)}`);
    return v as string[];
  };
  const probabilities = obj.probabilities ?? false;
  if (typeof probabilities !== 'boolean') throw configError(source, [...at, 'probabilities'], `expected true or false, found ${describeFound(probabilities)}`);
  const window = obj.window ?? 256;
  if (typeof window !== 'number' || !Number.isInteger(window) || window < 1) throw configError(source, [...at, 'window'], `expected a whole number ≥ 1, found ${describeFound(window)}`);
  const env = list('env');
  env.forEach((name, i) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw configError(source, [...at, 'env', i], `expected an environment variable name, found ${describeFound(name)}`);
    if (SECRET_NAME.test(name)) throw configError(source, [...at, 'env', i], `expected a variable that is not a token or secret (model processes never receive those), found ${quoted(name)}`);
  });
  return {
    name: modelName(obj.name, source, [...at, 'name']),
    kind: 'external',
    params: {
      command: command(),
      timeout_s: seconds('timeout_s', 600),
      request_timeout_s: seconds('request_timeout_s', 30),
      probabilities,
      files: list('files').map((p, i) => resolveFile([...at, 'files', i], p)),
      env,
      window
    }
  };
}

function parseModel(entry: unknown, index: number, source: ConfigSource, resolveFile: ResolveFile): ModelPlan {
  const at = ['models', index];
  if (typeof entry === 'string') {
    if (!(BUILTINS as readonly string[]).includes(entry)) {
      throw configError(source, at, `expected one of ${BUILTINS.join(', ')} or a mapping, found ${describeFound(entry)}`);
    }
    return builtin(entry as Builtin, {}, index, source);
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw configError(source, at, `expected a model name or a mapping, found ${describeFound(entry)}`);
  }
  const obj = entry as Record<string, unknown>;
  if ('command' in obj) return external(obj, index, source, resolveFile);
  // `{ <kind>: { params }, name?: "..." }`: a name lets one kind appear twice with other parameters.
  const keys = Object.keys(obj).filter((k) => k !== 'name');
  const kind = keys[0];
  if (keys.length === 1 && kind !== undefined && (BUILTINS as readonly string[]).includes(kind)) {
    const params = obj[kind] ?? {};
    if (typeof params !== 'object' || Array.isArray(params)) {
      throw configError(source, [...at, kind], `expected a mapping of parameters, found ${describeFound(params)}`);
    }
    const plan = builtin(kind as Builtin, params as Record<string, unknown>, index, source);
    if ('name' in obj) return { ...plan, name: modelName(obj.name, source, [...at, 'name']) };
    return plan;
  }
  throw configError(
    source,
    at,
    `expected a built-in name (${BUILTINS.join(', ')}), { hybrid: { word_weight } } or { name, command }, found ${keys.length ? `a mapping with keys ${quotedList(keys)}` : 'a mapping with no keys'}`
  );
}
