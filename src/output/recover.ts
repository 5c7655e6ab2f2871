/**
 * What an interrupted run may leave beside an output folder, put right by the next run on
 * that folder once it holds the lock (so no other run of ours is writing there):
 *
 * - a staging folder `.out.tmp-<pid>` (killed, or crashed before cleaning up): deleted when
 *   it holds only output files and its process is gone;
 * - a backup `.out.old-<pid>` (killed in the middle of the swap): when `out` is missing it
 *   is the earlier output and is renamed back into place; otherwise it is deleted.
 *
 * Folders that only look like ours (other files inside, a link) are left alone.
 */
import { lstatSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pidAlive } from './lock.js';
import { parseSibling } from './names.js';
import { isEarlierOutput, isStagingLeftover } from './ownership.js';

interface Recovery {
  removedStaging: string[];
  restored: string | null;
  removedBackups: string[];
}

/** True when something (a file, folder or link, even a broken one) is at `path`. */
export function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Tidy the siblings of `parent/name`; call only while holding its lock. */
export function recoverSiblings(parent: string, name: string): Recovery {
  const result: Recovery = { removedStaging: [], restored: null, removedBackups: [] };
  const backups: Array<{ entry: string; mtimeMs: number }> = [];
  for (const entry of readdirSync(parent)) {
    const sibling = parseSibling(name, entry);
    if (!sibling) continue;
    const path = join(parent, entry);
    if (sibling.kind === 'staging') {
      // A live process of that pid that is not us may be an older release writing without a lock.
      if (sibling.pid !== process.pid && pidAlive(sibling.pid)) continue;
      if (!isStagingLeftover(path)) continue;
      rmSync(path, { recursive: true, force: true });
      result.removedStaging.push(entry);
    } else if (isEarlierOutput(path)) {
      backups.push({ entry, mtimeMs: statSync(path).mtimeMs });
    }
  }
  // Newest first: the backup made by the most recent interrupted swap.
  backups.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.entry < b.entry ? -1 : 1));
  const live = join(parent, name);
  if (backups.length > 0 && !entryExists(live)) {
    const newest = backups.shift() as { entry: string };
    renameSync(join(parent, newest.entry), live);
    result.restored = newest.entry;
  }
  for (const { entry } of backups) {
    rmSync(join(parent, entry), { recursive: true, force: true });
    result.removedBackups.push(entry);
  }
  return result;
}
