/**
 * Schema validation with messages a person can act on: the file and line, the key path,
 * what was expected and what was found.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { ConfigError, describeFound } from '../errors.js';
import { CONFIG_SCHEMA } from './schema.js';
import { formatKeyPath, type ConfigSource, type KeyPath } from './source.js';

const ajv = new Ajv({ allErrors: true, strict: true, verbose: true, allowUnionTypes: true });
const validateSchema = ajv.compile(CONFIG_SCHEMA);

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
export function expectedOf(schema: SchemaNode | undefined): string {
  if (!schema) return 'a valid value';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const base = types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
  const bounds: string[] = [];
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') bounds.push(`from ${schema.minimum} to ${schema.maximum}`);
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

function pathOf(error: ErrorObject): Array<string | number> {
  if (!error.instancePath) return [];
  return error.instancePath
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

interface Located {
  line: number;
  path: KeyPath;
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
        message: `unknown key; expected one of ${allowed.join(', ') || '(no keys)'}, found ${JSON.stringify(key)}`
      };
    }
    case 'required': {
      const key = String((error.params as { missingProperty: string }).missingProperty);
      const full = [...path, key];
      const properties = (parent?.properties as Record<string, SchemaNode> | undefined) ?? {};
      return { line: source.keyLineOf(path), path: full, message: `missing required key; expected ${expectedOf(properties[key])}, found nothing` };
    }
    case 'propertyNames': {
      const name = String((error.params as { propertyName: string }).propertyName);
      return { line: source.keyLineOf([...path, name]), path: [...path, name], message: `invalid name; expected a name starting with a letter, using letters, digits, "_" or "-", found ${JSON.stringify(name)}` };
    }
    case 'pattern':
      // Only reached through propertyNames, whose own error carries the message.
      return { line: source.lineOf(path), path, message: `expected a name matching ${String((error.params as { pattern: string }).pattern)}, found ${describeFound(error.data)}` };
    default:
      return { line: source.lineOf(path), path, message: `expected ${expectedOf(parent)}, found ${describeFound(error.data)}` };
  }
}

/** Validate the parsed document; throws one ConfigError naming the first problem (by line). */
export function validateConfig(value: unknown, source: ConfigSource): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(`${source.file}:1: expected a mapping of config keys at the top level, found ${describeFound(value)}`);
  }
  if (validateSchema(value)) return;
  const located = (validateSchema.errors ?? [])
    .filter((e) => e.keyword !== 'pattern' && e.keyword !== 'if')
    .map((e) => locate(e, source))
    .sort((a, b) => a.line - b.line);
  const first = located[0];
  if (!first) throw new ConfigError(`${source.file}:1: invalid config`);
  const more = located.length > 1 ? ` (and ${located.length - 1} more config error${located.length > 2 ? 's' : ''})` : '';
  throw new ConfigError(`${source.file}:${first.line}: ${formatKeyPath(first.path)}: ${first.message}${more}`);
}

export function configError(source: ConfigSource, path: KeyPath, message: string, atKey = false): ConfigError {
  const line = atKey ? source.keyLineOf(path) : source.lineOf(path);
  return new ConfigError(`${source.file}:${line}: ${formatKeyPath(path)}: ${message}`);
}
