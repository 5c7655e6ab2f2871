/**
 * Schema validation with messages a person can act on: the file and line, the key path,
 * what was expected and what was found. Every problem is reported, one per line, up to
 * MAX_LISTED_ERRORS; each line stands on its own as `file:line: key.path: expected …, found …`.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ConfigError, describeFound } from '../errors.js';
import { closest } from '../util/suggest.js';
import { PRINTABLE_PATTERN, quoted, visiblePath } from '../util/visible.js';
import { validate as compiledValidate } from './schema-validator.generated.js';
import { formatKeyPath, type ConfigSource, type KeyPath, type ParseProblem } from './source.js';

/** Problems listed in one ConfigError; the rest are counted on a last line. */
export const MAX_LISTED_ERRORS = 20;

/**
 * The schema compiled ahead of time (validator-build.ts, `npm run generate:validator`): compiling
 * it at start-up took tens of milliseconds, a good part of a small run. A test regenerates it and
 * compares, so it cannot drift from schema.ts.
 */
const validate = compiledValidate as unknown as ValidateFunction;

export const PRINTABLE = 'without control, bidi or invisible characters';

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null'
};

type SchemaNode = Record<string, unknown>;

/** Describe what a schema node accepts, e.g. "a number from 0 to 1". */
function expectedOf(schema: SchemaNode | undefined): string {
  if (!schema) return 'a valid value';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const base = types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
  if (typeof schema.maxLength === 'number') {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    return min > 0
      ? `a string of ${min} to ${schema.maxLength} characters`
      : `a string of at most ${schema.maxLength} characters`;
  }
  const bounds: string[] = [];
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number')
    bounds.push(`from ${schema.minimum} to ${schema.maximum}`);
  else {
    if (typeof schema.minimum === 'number') bounds.push(`≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number') bounds.push(`≤ ${schema.maximum}`);
  }
  if (typeof schema.exclusiveMinimum === 'number') bounds.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') bounds.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength === 1 || schema.minItems === 1 || schema.minProperties === 1) {
    return `a non-empty ${base.replace(/^an? /, '')}${bounds.length ? ' ' + bounds.join(' and ') : ''}`;
  }
  return bounds.length ? `${base} ${bounds.join(' and ')}` : base;
}

/** What a `propertyNames` schema asks of a key. */
function expectedName(names: SchemaNode | undefined): string {
  if (names && typeof names.pattern === 'string' && names.pattern !== PRINTABLE_PATTERN)
    return 'a name starting with a letter, using letters, digits, "_" or "-"';
  const parts = [names?.minLength === 1 ? 'a non-empty name' : 'a name'];
  if (names?.pattern === PRINTABLE_PATTERN) parts.push(PRINTABLE);
  return parts.join(' ');
}

function pathOf(error: ErrorObject): Array<string | number> {
  if (!error.instancePath) return [];
  return error.instancePath
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The message for a key the config may not hold: the keys it may, the one found and, when one
 * allowed key is a slip away, that key (as the CLI suggests a mistyped option).
 */
export function unknownKey(key: string, allowed: readonly string[], none = '(no keys)'): string {
  const expected = allowed.length > 0 ? `one of ${allowed.join(', ')}` : none;
  return `unknown key; expected ${expected}, found ${quoted(key)}${didYouMean(key, allowed)}`;
}

/** "; did you mean `X`?" when one of `names` is a slip away from `given`, else nothing. */
export function didYouMean(given: string, names: readonly string[]): string {
  const hint = closest(given, names);
  return hint !== null ? `; did you mean \`${hint}\`?` : '';
}

/** One config problem, before it is written as a line. */
interface Located {
  line: number;
  column?: number;
  /** Key path; absent for problems of the YAML text itself. */
  path?: KeyPath;
  message: string;
}

function locate(error: ErrorObject, source: ConfigSource): Located {
  const path = pathOf(error);
  const parent = error.parentSchema as SchemaNode | undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const allowed = Object.keys((parent?.properties as SchemaNode | undefined) ?? {});
      const full = [...path, key];
      return {
        line: source.keyLineOf(full),
        path: full,
        message: unknownKey(key, allowed)
      };
    }
    case 'required': {
      const key = String((error.params as { missingProperty: string }).missingProperty);
      const full = [...path, key];
      const properties = (parent?.properties as Record<string, SchemaNode> | undefined) ?? {};
      return {
        line: source.keyLineOf(path),
        path: full,
        message: `missing required key; expected ${expectedOf(properties[key])}, found nothing`
      };
    }
    case 'propertyNames': {
      const name = String((error.params as { propertyName: string }).propertyName);
      const expected = expectedName(parent?.propertyNames as SchemaNode | undefined);
      return {
        line: source.keyLineOf([...path, name]),
        path: [...path, name],
        message: `invalid name; expected ${expected}, found ${quoted(name)}`
      };
    }
    default: {
      // A failed PRINTABLE_PATTERN says so; the value's type and bounds are what expectedOf words.
      const printable = error.keyword === 'pattern' && parent?.pattern === PRINTABLE_PATTERN ? ` ${PRINTABLE}` : '';
      return {
        line: source.lineOf(path),
        path,
        message: `expected ${expectedOf(parent)}${printable}, found ${describeFound(error.data)}`
      };
    }
  }
}

/**
 * One ConfigError listing `problems` by line, one per line of the message, at most
 * MAX_LISTED_ERRORS of them and then a count of the rest. Each line starts with the file.
 */
function configErrors(file: string, problems: readonly Located[]): ConfigError {
  const shownFile = visiblePath(file);
  const lines: string[] = [];
  const seen = new Set<string>();
  const sorted = [...problems].sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  for (const p of sorted) {
    const where = p.column === undefined ? `${p.line}` : `${p.line}:${p.column}`;
    const line = `${shownFile}:${where}: ${p.path ? `${formatKeyPath(p.path)}: ` : ''}${p.message}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  const shown = lines.slice(0, MAX_LISTED_ERRORS);
  const rest = lines.length - shown.length;
  if (rest > 0) shown.push(`(and ${rest} more config error${rest === 1 ? '' : 's'})`);
  return new ConfigError(shown.join('\n') || `${shownFile}:1: invalid config`);
}

/** Problems of the YAML text, as a ConfigError (`file:line[:column]: invalid YAML: …`). */
export function yamlErrors(file: string, problems: readonly ParseProblem[]): ConfigError {
  return configErrors(
    file,
    problems.map((p) => ({ line: p.line, column: p.column, message: `invalid YAML: ${p.message}` }))
  );
}

/** Validate the parsed document; throws one ConfigError listing every problem (by line). */
export function validateConfig(
  value: unknown,
  source: ConfigSource,
  validator: (value: unknown) => boolean = validate
): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(
      `${visiblePath(source.file)}:1: expected a mapping of config keys at the top level, found ${describeFound(value)}`
    );
  }
  const check = validator as ValidateFunction;
  if (check(value)) return;
  // A bad key name yields both a `propertyNames` error and the inner errors that caused it
  // (marked with `propertyName`); the first says it all. `if` errors repeat their `then`.
  const located = (check.errors ?? [])
    .filter((e) => e.propertyName === undefined && e.keyword !== 'if')
    .map((e) => locate(e, source));
  throw configErrors(source.file, located);
}

export function configError(source: ConfigSource, path: KeyPath, message: string, atKey = false): ConfigError {
  return new ConfigError(`${configPlace(source, path, atKey)}: ${message}`);
}

/**
 * Where a config value is (`file:line: key.path`), for a problem found only once the file it names is opened (a tree
 * model's file is read when the model is built).
 */
export function configPlace(source: ConfigSource, path: KeyPath, atKey = false): string {
  const line = atKey ? source.keyLineOf(path) : source.lineOf(path);
  return `${visiblePath(source.file)}:${line}: ${formatKeyPath(path)}`;
}
