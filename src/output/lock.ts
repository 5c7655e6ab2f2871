/**
 * One run per output folder at a time. The lock is a file beside the folder (`.out.lock`),
 * created whole (written aside, then hard-linked into place, which fails if it exists) so exactly
 * one process can create it and none reads it half-written, holding who owns it:
 * pid, host name, start time, and on Linux the boot id and the kernel's start tick of the
 * process, so a reused pid is not mistaken for the owner. A lock whose owner is a dead
 * process of this host is taken over; one held by a live process, or by another host (whose
 * processes cannot be seen from here), refuses the run with a usage error naming the owner.
 *
 * Take-over is a rename of the stale file to a private name followed by a check that the
 * renamed file is the stale one, so two runs taking over at once cannot both succeed; and
 * before its output goes into place a run checks that the lock file is still its own.
 *
 *   acquireLock(path, output, shownLock): HeldLock   // throws UsageError when in use
 *   ownsLock(lock): boolean
 *   releaseLock(lock): void                        // removes the file only if still ours
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from '../errors.js';
import { quote, quotePath } from '../util/quote.js';
import { TOOL_NAME } from '../version.js';

export interface LockOwner {
  tool: string;
  pid: number;
  hostname: string;
  started_at: string;
  /** Linux boot id: a lock from before a reboot is stale whatever its pid. */
  boot_id: string | null;
  /** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot). */
  proc_start: string | null;
  /** Random, so that two locks never have the same content. */
  token: string;
  /** The output folder, relative to the root (for a person reading the file). */
  output: string;
}

export interface HeldLock {
  path: string;
  owner: LockOwner;
  /** The exact bytes written, compared to tell whether the file is still ours. */
  text: string;
}

/** An unreadable lock younger than this may still be being written by its creator. */
const PARTIAL_LOCK_GRACE_MS = 10_000;
const ATTEMPTS = 5;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function bootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

/** The kernel's start tick of `pid`, or null where /proc is not available. */
export function processStart(pid: number): string | null {
  let stat: string | null;
  try {
    stat = readOrNull(`/proc/${pid}/stat`);
  } catch {
    return null;
  }
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export function currentOwner(output: string, now = new Date()): LockOwner {
  return {
    tool: TOOL_NAME,
    pid: process.pid,
    hostname: hostname(),
    started_at: now.toISOString(),
    boot_id: bootId(),
    proc_start: processStart(process.pid),
    token: randomBytes(8).toString('hex'),
    output
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof o.pid !== 'number' ||
      !Number.isInteger(o.pid) ||
      o.pid <= 0 ||
      typeof o.hostname !== 'string' ||
      typeof o.started_at !== 'string'
    )
      return null;
    return {
      tool: String(o.tool ?? ''),
      pid: o.pid,
      hostname: o.hostname,
      started_at: o.started_at,
      boot_id: typeof o.boot_id === 'string' ? o.boot_id : null,
      proc_start: typeof o.proc_start === 'string' ? o.proc_start : null,
      token: String(o.token ?? ''),
      output: String(o.output ?? '')
    };
  } catch {
    return null;
  }
}

/** Whether a process of this host with this pid exists (EPERM: it exists, someone else's). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** 'dead' only when this host can tell for sure; another host's process is 'unknown'. */
export function ownerState(owner: LockOwner): 'alive' | 'dead' | 'unknown' {
  if (owner.hostname !== hostname()) return 'unknown';
  const boot = bootId();
  if (owner.boot_id && boot && owner.boot_id !== boot) return 'dead';
  if (!pidAlive(owner.pid)) return 'dead';
  const start = owner.proc_start ? processStart(owner.pid) : null;
  if (start !== null && start !== owner.proc_start) return 'dead';
  return 'alive';
}

function inUse(owner: LockOwner | null, output: string, shownLock: string): UsageError {
  const who = owner
    ? `(pid ${owner.pid} on host ${quote(owner.hostname)}, started ` +
      `${/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(owner.started_at) ? owner.started_at : quote(owner.started_at)})`
    : '(its lock file is still being written)';
  return new UsageError(
    `output folder ${quotePath(output)} is in use by another Evidence Gate run ${who}; wait for it to finish or ` +
      `choose another output folder (if no such run is active, delete ${quotePath(shownLock)})`
  );
}

/**
 * Move the stale lock `path` (whose content was `stale`) out of the way. Returns quietly when
 * another run got there first; if what was moved is a fresh lock created meanwhile, it is put
 * back when the place is still free (its owner notices otherwise, see ownsLock).
 */
function reap(path: string, stale: string): void {
  const aside = `${path}.reap-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== stale) {
      try {
        linkSync(aside, path);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
    }
  } finally {
    unlinkSync(aside);
  }
}

/** Creates `path` holding `text` unless it exists; the O_EXCL create and the write happen one after the other. */
function createInPlace(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
    closeSync(fd);
  } catch (error) {
    // A full disk can fail the write after the create: leave no empty lock behind.
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    unlinkSync(path);
    throw error;
  }
  return true;
}

/**
 * Creates `path` holding `text` unless it exists. The text is written to a private file first and
 * hard-linked into place, so the lock appears whole and no other run reads it half-written. Where
 * hard links are refused (some network or FUSE file systems), it is created in place.
 */
function create(path: string, text: string): boolean {
  const draft = `${path}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  if (!createInPlace(draft, text)) return createInPlace(path, text);
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS')
      return createInPlace(path, text);
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** Take the lock at `path` for the output folder `output` (shown relative to the root). */
export function acquireLock(path: string, output: string, shownLock: string): HeldLock {
  const owner = currentOwner(output);
  const text = JSON.stringify(owner, null, 2) + '\n';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (create(path, text)) return { path, owner, text };
    const found = readOrNull(path);
    if (found === null) continue;
    const foundOwner = parseOwner(found);
    if (foundOwner === null) {
      let age = 0;
      try {
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue;
      }
      if (age < PARTIAL_LOCK_GRACE_MS) throw inUse(null, output, shownLock);
    } else if (ownerState(foundOwner) !== 'dead') {
      throw inUse(foundOwner, output, shownLock);
    }
    reap(path, found);
  }
  throw new UsageError(
    `output folder ${quotePath(output)}: could not take its lock ${quotePath(shownLock)} after ${ATTEMPTS} ` +
      `attempts, as other runs kept taking it; try again`
  );
}

export function ownsLock(lock: HeldLock): boolean {
  return readOrNull(lock.path) === lock.text;
}

export function releaseLock(lock: HeldLock): void {
  if (!ownsLock(lock)) return;
  try {
    unlinkSync(lock.path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
