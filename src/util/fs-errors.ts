/**
 * File-system failures that are the environment's, not the program's: a full disk, a quota,
 * a read-only mount, missing permissions, a name too long. The adapters turn them into one
 * line (what failed, the path relative to the root, the OS's words) and exit 2, instead of
 * reporting a bug with a stack.
 *
 *   asUserFsError(error, root?): UserError | null   // null: not one of these, still a bug
 */
import { realpathSync } from 'node:fs';
import { getSystemErrorMap } from 'node:util';
import { isAbsolute, relative, sep } from 'node:path';
import { UserError } from '../errors.js';
import { isInside } from '../config/paths.js';
import { quotePath } from './quote.js';

export class FileSystemError extends UserError {
  constructor(message: string) {
    super('filesystem', message);
  }
}

/** Error codes that describe the machine the run is on. */
export const USER_FS_CODES: ReadonlySet<string> = new Set([
  'ENOSPC',
  'EDQUOT',
  'EFBIG',
  'EROFS',
  'EACCES',
  'EPERM',
  'ENAMETOOLONG'
]);

/** What the failed system call was doing, in words. */
const VERBS: Record<string, string> = {
  open: 'open',
  read: 'read',
  write: 'write',
  close: 'write',
  fsync: 'write',
  ftruncate: 'write',
  mkdir: 'create',
  mkdtemp: 'create',
  copyfile: 'copy',
  rename: 'rename',
  link: 'link',
  symlink: 'link',
  unlink: 'remove',
  rmdir: 'remove',
  rm: 'remove',
  scandir: 'list',
  opendir: 'list',
  stat: 'inspect',
  lstat: 'inspect',
  fstat: 'inspect',
  realpath: 'resolve',
  access: 'access',
  chmod: 'change',
  utime: 'change'
};

/** A system error, by shape: `instanceof Error` fails across realms (vm contexts, workers). */
export function errnoOf(error: unknown): NodeJS.ErrnoException | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as NodeJS.ErrnoException;
  return typeof e.code === 'string' && typeof e.syscall === 'string' && typeof e.message === 'string' ? e : null;
}

/** The operating system's description of the error, e.g. "no space left on device". */
function osMessage(e: NodeJS.ErrnoException): string {
  const known = typeof e.errno === 'number' ? getSystemErrorMap().get(e.errno) : undefined;
  if (known && known[0] === e.code) return known[1];
  // libuv has no name for some codes (EDQUOT on Linux): the usual words, then the message's.
  if (e.code === 'EDQUOT') return 'disk quota exceeded';
  const m = /^[A-Z0-9]+: ([^,]+)/.exec(e.message);
  return m?.[1] ?? (e.code as string);
}

/** The path relative to the root when it lies inside, else as it is; quoted when unusual. */
function shownPath(path: string, root?: string): string {
  if (root && isAbsolute(path)) {
    // Lock and staging paths are real paths; the root may have been given through a link.
    for (const base of [root, realOrNull(root)]) {
      if (base !== null && isInside(base, path)) return quotePath(relative(base, path).split(sep).join('/') || '.');
    }
  }
  return quotePath(path);
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * A user-facing error for a file-system failure of the environment, or null when `error`
 * is anything else. `root` makes the path relative to the repository root.
 */
export function asUserFsError(error: unknown, root?: string): UserError | null {
  const e = errnoOf(error);
  if (!e || !USER_FS_CODES.has(e.code as string)) return null;
  const syscall = e.syscall as string;
  const verb = VERBS[syscall] ?? (syscall.startsWith('spawn') ? 'start' : 'use');
  const where = typeof e.path === 'string' && e.path !== '' ? ` ${shownPath(e.path, root)}` : '';
  return new FileSystemError(`cannot ${verb}${where}: ${osMessage(e)} (${e.code})`);
}
