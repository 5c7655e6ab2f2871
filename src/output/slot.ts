/**
 * The output folder of one run, from its first check to the moment it is in place.
 *
 * Engine-facing API (the whole of it):
 *
 *   const slot = openOutputSlot({ root, outputDir, cwd });   // config stage, before any work
 *   try {
 *     ...write every output file into slot.staging...
 *     slot.commit();                                        // swap into place, unlock
 *   } catch (error) {
 *     slot.discard(error);                                  // remove staging, unlock
 *     throw error;
 *   }
 *   slot.absolute, slot.relative                            // the folder as named / from the root
 *
 * openOutputSlot refuses (UsageError, nothing created or deleted) a path outside the root or
 * through a link leading outside, the root itself, a file, a folder holding anything but an
 * earlier output (ownership.ts), and a folder another live run holds (lock.ts). Otherwise it
 * creates the missing parents, takes the lock, tidies what interrupted runs left (recover.ts)
 * and creates the staging folder beside the output folder.
 *
 * commit() swaps in three renames inside one parent folder: `out` → `.out.old-<pid>`,
 * staging → `out`, then deletes the backup. Whatever stops the process, the name `out` holds
 * either the earlier output or the new one, except between the first two renames (a few
 * system calls, during which signals are not handled as the swap is synchronous); a
 * process killed there leaves the earlier output as `.out.old-<pid>`, which the next run on
 * `out` renames back before anything else. An unfinished output never appears under `out`.
 */
import { mkdirSync, realpathSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { errnoOf, USER_FS_CODES } from '../util/fs-errors.js';
import { quotePath } from '../util/quote.js';
import { registerCleanup, undoSlot, type SlotUndo } from './cleanup.js';
import { acquireLock, ownsLock, type HeldLock } from './lock.js';
import { backupName, lockName, stagingName } from './names.js';
import { assertReplaceable, isStagingLeftover } from './ownership.js';
import { entryExists, recoverSiblings } from './recover.js';
import { resolveOutputFolder, type OutputTarget } from './resolve.js';
import { beginPublish, endPublish, StoppedError } from './stop.js';

export interface OutputSlot {
  /** The output folder as named, absolute (links not resolved). */
  readonly absolute: string;
  /** The output folder relative to the root, forward slashes. */
  readonly relative: string;
  /** The folder to write every output file into; it becomes the output folder on commit(). */
  readonly staging: string;
  /** Put the staging folder in place of the output folder and release the lock. */
  commit(): void;
  /** Remove the staging folder and release the lock; safe to call more than once. */
  discard(error?: unknown): void;
}

interface OpenOutputOptions {
  /** Repository root. */
  root: string;
  /** Output folder as given: relative to `cwd` (default: the root) or absolute. */
  outputDir: string;
  cwd?: string;
}

/** The live folder `out` is checked only if it exists; a run never replaces the user's files. */
function checkReplaceable(target: OutputTarget): void {
  if (entryExists(target.real)) assertReplaceable(target.real, target.relative);
}

/**
 * File-system errors name the output folder rather than the staging folder, which is gone
 * by the time anyone reads the message; a write error with no path gets the folder's.
 */
function nameOutputIn(error: unknown, target: OutputTarget, staging: string): void {
  const e = errnoOf(error);
  if (e === null || !USER_FS_CODES.has(e.code as string)) return;
  if (typeof e.path !== 'string' || e.path === '') e.path = target.absolute;
  else if (e.path === staging || e.path.startsWith(staging + sep))
    e.path = target.absolute + e.path.slice(staging.length);
}

/**
 * Create `dir` and its missing parents one at a time, returning the first one created. Node's
 * recursive mkdir reports a read-only or forbidden parent as ENOENT on the missing folder;
 * creating each level names the real cause (EROFS, EACCES) and the folder it happened at.
 */
function makeParents(dir: string): string | undefined {
  const missing: string[] = [];
  for (let at = dir; !entryExists(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  const made: string[] = [];
  try {
    for (const at of missing) {
      mkdirSync(at);
      made.unshift(at);
    }
  } catch (error) {
    for (const at of made) rmdirSync(at);
    throw error;
  }
  return missing[0];
}

export function openOutputSlot(options: OpenOutputOptions): OutputSlot {
  const target = resolveOutputFolder(options.root, options.outputDir, options.cwd);
  const { parent, name } = target;
  const staging = join(parent, stagingName(name, process.pid));
  const shown = (p: string) => quotePath(relative(target.realRoot, p).split(sep).join('/'));
  let firstCreated: string | undefined;
  try {
    firstCreated = makeParents(parent);
  } catch (error) {
    nameOutputIn(error, target, staging);
    throw error;
  }
  // A run that ends without output removes the parent folders it created, if still empty.
  const removeCreatedParents = () => {
    if (firstCreated === undefined) return;
    for (let dir = parent; dir.length >= firstCreated.length; dir = dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        return;
      }
    }
  };
  // The parents were checked link by link; a link swapped in since then is refused here.
  if (realpathSync(parent) !== parent) {
    removeCreatedParents();
    throw new UsageError(
      `output folder ${quotePath(target.relative)}: a parent folder changed into a link while the run started; ` +
        `expected real folders inside the repository root`
    );
  }

  const lockPath = join(parent, lockName(name));
  let lock: HeldLock;
  try {
    lock = acquireLock(lockPath, target.relative, shown(lockPath));
  } catch (error) {
    removeCreatedParents();
    nameOutputIn(error, target, staging);
    throw error;
  }
  let undo: SlotUndo = {
    staging: null,
    lock,
    parents: firstCreated === undefined ? null : { dir: parent, firstCreated }
  };
  const cleanup = registerCleanup(undo);
  const change = (update: Partial<SlotUndo>) => {
    undo = { ...undo, ...update };
    cleanup.update(update);
  };
  try {
    recoverSiblings(parent, name);
    checkReplaceable(target);
    if (entryExists(staging) && !isStagingLeftover(staging)) {
      throw new UsageError(
        `output folder ${quotePath(target.relative)}: ${shown(staging)} exists and holds other files; expected ` +
          `nothing under that name (move it away)`
      );
    }
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    change({ staging });
  } catch (error) {
    cleanup.unregister();
    undoSlot(undo);
    nameOutputIn(error, target, staging);
    throw error;
  }

  let state: 'open' | 'closed' = 'open';
  const close = () => {
    state = 'closed';
    cleanup.unregister();
    undoSlot(undo);
  };
  return {
    absolute: target.absolute,
    relative: target.relative,
    staging,
    commit() {
      if (state !== 'open') throw new Error('output slot already closed');
      if (!ownsLock(lock)) {
        throw new UsageError(
          `output folder ${quotePath(target.relative)}: another run took over its lock ${shown(lockPath)} while ` +
            `this run was writing; this run's output was not put in place`
        );
      }
      // The user may have put files into the folder while the run was going.
      checkReplaceable(target);
      // From here a stop request waits for the swap's end; one that came first wins instead.
      if (!beginPublish()) throw new StoppedError();
      const live = target.real;
      const backup = join(parent, backupName(name, process.pid));
      let published = false;
      try {
        const hadLive = entryExists(live);
        if (hadLive) renameSync(live, backup);
        try {
          renameSync(staging, live);
        } catch (error) {
          if (hadLive) renameSync(backup, live);
          throw error;
        }
        published = true;
        // Nothing of this run is left to remove but its lock: the output and its parents stay.
        change({ staging: null, parents: null });
        if (hadLive) {
          try {
            rmSync(backup, { recursive: true, force: true });
          } catch {
            // The new output is in place; the next run on this folder deletes the backup.
          }
        }
      } finally {
        endPublish(published);
      }
      close();
    },
    discard(error?: unknown) {
      if (error !== undefined) nameOutputIn(error, target, staging);
      if (state === 'open') close();
    }
  };
}
