/**
 * User-facing errors. Anything that is the user's fault (bad flags, bad config, bad data)
 * is a UserError and prints as one line without a stack; every other exception is a bug.
 */
/** `filesystem`: the disk is full, read-only or not writable for this user (src/util/fs-errors.ts). */
export type UserErrorKind = 'usage' | 'config' | 'data' | 'filesystem';

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

/** A config problem: `file:line: key.path: expected …, found …`. */
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

/** Render a value found in user input, briefly, for an error message. */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return JSON.stringify(shown);
  }
  return `${typeof value} ${String(value)}`;
}
