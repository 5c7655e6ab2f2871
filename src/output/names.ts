/**
 * The sibling names an output folder `out` uses beside itself, all in the same parent (so a
 * rename never crosses a file system, and nothing is created outside the folder's parent):
 *
 *   .out.lock          the lock held for the whole run (lock.ts)
 *   .out.tmp-<pid>     the staging folder the run writes into
 *   .out.old-<pid>     the earlier output during the swap, for an instant (slot.ts)
 */
export const lockName = (name: string): string => `.${name}.lock`;
export const stagingName = (name: string, pid: number): string => `.${name}.tmp-${pid}`;
export const backupName = (name: string, pid: number): string => `.${name}.old-${pid}`;

interface Sibling {
  kind: 'staging' | 'backup';
  pid: number;
}

/** Recognise a staging or backup sibling of the output folder `name`. */
export function parseSibling(name: string, entry: string): Sibling | null {
  const prefix = `.${name}.`;
  if (!entry.startsWith(prefix)) return null;
  const m = /^(tmp|old)-([1-9][0-9]{0,9})$/.exec(entry.slice(prefix.length));
  if (!m) return null;
  return { kind: m[1] === 'tmp' ? 'staging' : 'backup', pid: Number(m[2]) };
}
