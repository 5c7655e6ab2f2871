/**
 * Cleanup when the process is stopped. Every open output slot registers how to undo itself
 * (remove its staging folder, release its lock); `installSignalCleanup` makes SIGINT and
 * SIGTERM run those undos and exit with 130 and 143, and runs them on any other exit too.
 * The undos never touch the output folder itself or a backup of it, and a swap (slot.ts)
 * is synchronous, so a signal handler never runs in the middle of one.
 *
 *   installSignalCleanup(notify?): () => void   // CLI and action entries; returns uninstall
 */

const active = new Set<() => void>();

/** Register an undo for an open slot; returns the function that unregisters it. */
export function registerCleanup(undo: () => void): () => void {
  active.add(undo);
  return () => {
    active.delete(undo);
  };
}

/** Run and forget every registered undo; returns how many there were. Never throws. */
export function runCleanups(): number {
  const undos = [...active];
  active.clear();
  for (const undo of undos) {
    try {
      undo();
    } catch {
      // Best effort while exiting; the next run on that folder clears what is left.
    }
  }
  return undos.length;
}

export const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

let installed: (() => void) | null = null;

/**
 * For process entries only (never the engine): on SIGINT/SIGTERM remove the unfinished
 * output of every open slot and exit 130/143; `notify` receives one line when there was one.
 */
export function installSignalCleanup(notify?: (line: string) => void): () => void {
  if (installed) return installed;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (runCleanups() > 0) notify?.(`evidence-gate: stopped by ${signal}; the unfinished output was removed and any earlier output left as it was\n`);
    process.exit(SIGNAL_EXIT[signal]);
  };
  const onExit = () => {
    runCleanups();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', onExit);
  installed = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', onExit);
    installed = null;
  };
  return installed;
}
