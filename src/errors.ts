import { quoted } from './util/visible.js';

/**
 * User-facing errors. Anything that is the user's fault (bad flags, bad config, bad data)
 * is a UserError and prints as one line without a stack; every other exception is a bug.
 */
/**
 * `filesystem`: the disk is full, read-only or not writable for this user (src/util/fs-errors.ts).
 * `runner`: the GitHub runner or its services cannot do what the action needs (src/action/).
 */
type UserErrorKind = 'usage' | 'config' | 'data' | 'filesystem' | 'runner';

export class UserError extends Error {
  readonly kind: UserErrorKind;
  constructor(kind: UserErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = new.target.name;
  }
}

export class UsageError extends UserError {
  constructor(message: string) {
    super('usage', message);
  }
}

/**
 * A config problem: `file:line: key.path: expected …, found …`. When a file has several
 * problems the message holds one such line per problem (see `validateConfig`).
 */
export class ConfigError extends UserError {
  constructor(message: string) {
    super('config', message);
  }
}

/** A data problem: `file:line[:column]: what is wrong`. */
export class DataError extends UserError {
  constructor(message: string) {
    super('data', message);
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

/**
 * Render a value found in user input, briefly, for an error message. Strings are quoted,
 * bounded and have hidden characters escaped (see util/visible.ts), so no value can add a
 * line, a workflow command or a bidi control to a message.
 */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'an empty mapping' : 'a mapping';
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return `the non-finite number ${String(value)}`;
  return `${typeof value} ${String(value)}`;
}
