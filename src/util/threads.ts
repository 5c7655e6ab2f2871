/**
 * Where a second thread starts from. The adapters' entry files name the running bundle
 * (`setThreadEntry`); the perturbation thread starts from that bundle in its role, the evidence
 * writer from the small bundle beside it (scripts/package.js builds both). A process that never
 * names its entry (tests, library use) runs the same code on its own thread instead.
 */
import { isMainThread, workerData } from 'node:worker_threads';

let entry: URL | null = null;

/** Names the running bundle (called by src/index.ts and src/cli/engine.ts). */
export function setThreadEntry(url: string): void {
  entry = new URL(url);
}

/** The bundle named by `setThreadEntry`, or null. */
export function threadEntry(): URL | null {
  return entry;
}

/** The role a worker was started in (its workerData.role), or null on the main thread. */
export function threadRole(): string | null {
  if (isMainThread) return null;
  const role = (workerData as { role?: unknown } | null)?.role;
  return typeof role === 'string' ? role : null;
}
