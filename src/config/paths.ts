/**
 * Every path the config names must stay inside the repository root: no `../` escapes,
 * no absolute paths elsewhere, no symbolic link that leads outside.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

export interface ResolvedPath {
  /** Absolute path on disk. */
  absolute: string;
  /** Path relative to the root with forward slashes, as recorded in the manifest. */
  relative: string;
}

/**
 * Resolve `p` (relative to `root`, or absolute) and return it if it stays inside the root.
 * Returns a reason string when it does not.
 */
export function resolveInside(root: string, p: string): ResolvedPath | string {
  const absolute = resolve(root, p);
  if (!isInside(root, absolute)) return `expected a path inside the repository root, found ${JSON.stringify(p)}`;
  if (existsSync(absolute)) {
    const real = realpathSync(absolute);
    const realRoot = realpathSync(root);
    if (!isInside(realRoot, real)) return `expected a path inside the repository root, found ${JSON.stringify(p)} (a link that leads outside)`;
  }
  return { absolute, relative: relative(root, absolute).split(sep).join('/') || '.' };
}
