/**
 * Every path the config or the command line names must stay inside the repository root: no
 * `../` escape, no absolute path elsewhere, and no symbolic link anywhere along the path that
 * leads outside, whether or not the path itself exists yet (an output folder usually does
 * not). `..` is resolved by its letters first, as `path.resolve` does, so `link/..` is the
 * folder holding `link`, never the parent of the link's target.
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { quote, quotePath } from '../util/quote.js';

export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

export interface ResolvedPath {
  /** Absolute path as named (links not resolved). */
  absolute: string;
  /** Path relative to the root with forward slashes, as recorded in the manifest. */
  relative: string;
  /**
   * Where the path is, or would be created, on disk: the real path of its deepest existing
   * component followed by the components that do not exist yet. Write there.
   */
  real: string;
  /** The root's real path. */
  realRoot: string;
}

/** A repository file the config names, as the plan and the descriptors hold it. */
export interface FileRef {
  /** Absolute path on disk. */
  absolute: string;
  /** Repository-relative path with forward slashes. */
  path: string;
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * Resolve `p` (relative to `cwd`, default the root, or absolute) and return it if it stays
 * inside the root; messages show `p` as given.
 * Each existing component is looked at without following links; a link must resolve to a
 * real path inside the real root, and every component but the last must be a folder.
 * Returns a reason string when the path is refused. Nothing is created.
 */
export function resolveInside(root: string, p: string, cwd?: string): ResolvedPath | string {
  const absolute = resolve(cwd ?? root, p);
  const shown = quote(p);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return `expected an existing repository root folder, found ${quote(root)}`;
  }
  // An absolute path may name the root by its real path (the root given through a link).
  const base = isInside(root, absolute) ? root : isInside(realRoot, absolute) ? realRoot : null;
  if (base === null) return `expected a path inside the repository root, found ${shown}`;
  const parts = relative(base, absolute)
    .split(sep)
    .filter((s) => s !== '');
  let real = realRoot;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const current = join(real, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
      // Nothing below a missing component exists: the rest is created later, below `real`.
      real = join(real, ...parts.slice(i));
      break;
    }
    if (isLink) {
      try {
        real = realpathSync(current);
      } catch (error) {
        const why =
          code(error) === 'ENOENT'
            ? 'a link whose target does not exist'
            : `a link that cannot be resolved (${code(error) ?? 'unknown error'})`;
        return `expected a path that exists or can be created, found ${shown} (${why})`;
      }
      if (!isInside(realRoot, real))
        return `expected a path inside the repository root, found ${shown} (a link that leads outside)`;
    } else {
      real = current;
    }
    if (i < parts.length - 1 && !statSync(real).isDirectory()) {
      return (
        `expected a path whose parents are folders, found ${shown} (${quotePath(parts.slice(0, i + 1).join('/'))} ` +
        `is not a folder)`
      );
    }
  }
  return { absolute, relative: relative(base, absolute).split(sep).join('/') || '.', real, realRoot };
}

/**
 * What a path that is not a regular file is, in words ("a folder", "a named pipe"), or null for a
 * regular file. Reading a pipe or a device would wait, or never end, so every file the config or
 * the command line names is checked with this before it is opened.
 */
export function notRegularFile(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}
