/**
 * Reading a file that someone else may have placed (an artifact, a cache entry): opened without following a link and
 * without blocking on a pipe, checked to be a regular file, and read only up to a bound (docs/security.md).
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export function kindOfStats(s: Stats): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isDirectory()) return 'a folder';
  if (s.isFIFO()) return 'a named pipe';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Opens `path` read-only without following a link and without blocking on a pipe; null with a reason when it is not a
 * regular file.
 */
export function openRegular(
  path: string
): { fd: number; size: number; links: number; mtimeMs: number } | { problem: string } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { problem: 'missing' };
    if (code === 'ELOOP') return { problem: 'a symbolic link; expected a regular file' };
    return { problem: `unreadable (${code ?? (error as Error).message})` };
  }
  const s = fstatSync(fd);
  if (!s.isFile()) {
    closeSync(fd);
    return { problem: `${kindOfStats(s)}; expected a regular file` };
  }
  return { fd, size: s.size, links: s.nlink, mtimeMs: s.mtimeMs };
}

/**
 * At most `limit` bytes of an open file (its size, as fstat gave it); `more` when it holds more, having grown since.
 */
export function readAtMost(fd: number, limit: number): { bytes: Buffer; more: boolean } {
  const buffer = Buffer.alloc(limit + 1);
  let length = 0;
  for (let n = -1; n !== 0 && length < buffer.length; length += n)
    n = readSync(fd, buffer, length, buffer.length - length, null);
  return { bytes: buffer.subarray(0, Math.min(length, limit)), more: length > limit };
}
