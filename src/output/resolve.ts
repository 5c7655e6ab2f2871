/**
 * Where the output folder goes, decided before anything is created: inside the repository
 * root by its letters and by its real path (see config/paths.ts), below the root rather
 * than the root itself, and a folder (or nothing yet) rather than a file.
 */
import { lstatSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { resolveInside } from '../config/paths.js';
import { UsageError } from '../errors.js';
import { quote, quotePath } from '../util/quote.js';

export interface OutputTarget {
  /** The output folder as named, absolute (links not resolved): what the adapters report. */
  absolute: string;
  /** Relative to the root, forward slashes: what messages and the summary show. */
  relative: string;
  /** Its real location: every file operation happens here and beside it. */
  real: string;
  /** The real folder holding it, where the lock, staging and backup siblings live. */
  parent: string;
  /** Its last name. */
  name: string;
  realRoot: string;
}

const BELOW_ROOT = 'output folder: expected a folder below the repository root, found';

/** Resolve `given` (relative to `cwd`, default the root, or absolute) or throw a UsageError. */
export function resolveOutputFolder(root: string, given: string, cwd?: string): OutputTarget {
  const resolved = resolveInside(root, given, cwd);
  if (typeof resolved === 'string') throw new UsageError(`output folder: ${resolved}`);
  if (resolved.relative === '.') throw new UsageError(`${BELOW_ROOT} the root itself`);
  // A link to the root names the root by another name.
  if (resolved.real === resolved.realRoot)
    throw new UsageError(`${BELOW_ROOT} ${quote(resolved.relative)} (the root itself)`);
  let isFolder: boolean | null = null;
  try {
    isFolder = lstatSync(resolved.real).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (isFolder === false)
    throw new UsageError(
      `output ${quotePath(resolved.relative)} exists and is not a folder; expected a folder path for the evidence`
    );
  return {
    absolute: resolved.absolute,
    relative: resolved.relative,
    real: resolved.real,
    parent: dirname(resolved.real),
    name: basename(resolved.real),
    realRoot: resolved.realRoot
  };
}
