/**
 * The `--cache DIR` folder (docs/answer-cache.md#where): resolved like every path the command line names (inside the
 * repository root, no link leading out), a folder or not yet there, and apart from the output folder, whose
 * replacement would take the kept answers with it.
 */
import { statSync } from 'node:fs';
import { isInside, resolveInside } from '../config/paths.js';
import { UsageError } from '../errors.js';
import { quote } from '../util/quote.js';

/** The real path to keep answers in; a UsageError naming `--cache` when the folder cannot be one. */
export function answerFolder(root: string, given: string, cwd: string | undefined, outputReal: string): string {
  const resolved = resolveInside(root, given, cwd);
  if (typeof resolved === 'string') throw new UsageError(`--cache ${quote(given)}: ${resolved}`);
  let isFolder = true;
  try {
    isFolder = statSync(resolved.real).isDirectory();
  } catch {
    // Not there yet: created with the first kept answer.
  }
  if (!isFolder) throw new UsageError(`--cache ${quote(given)}: expected a folder, found a file`);
  if (isInside(outputReal, resolved.real) || isInside(resolved.real, outputReal))
    throw new UsageError(
      `--cache ${quote(given)}: expected a folder apart from the output folder (which each run replaces), found ` +
        `one inside the other`
    );
  return resolved.real;
}
