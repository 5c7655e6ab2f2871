/**
 * Cleanup when the process is stopped. Every open output slot registers what to undo (its staging
 * folder, its lock, the parent folders it created) as plain data, so that the undo can run on the
 * thread that handles the signal even when the slot lives on another (the CLI's engine thread,
 * supervise.ts): there each change is also posted to the supervisor, which replays them
 * once the engine thread has stopped. The undos never touch the output folder itself or a backup
 * of it, and a stop is refused once a swap has begun (stop.ts).
 *
 *   registerCleanup(undo): { update(change), unregister() }   // slot.ts
 *   runCleanups(): number                                      // undo every open slot
 *   mirrorCleanupsTo(port) / receiveCleanups(port)             // engine thread / supervisor
 *   installSignalCleanup(notify?): () => void                  // single-thread entries (the action)
 */
import { rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { releaseLock, type HeldLock } from './lock.js';
import { claimStop } from './stop.js';

/** What an open slot leaves until it is committed or discarded. */
export interface SlotUndo {
  /** The staging folder, once this run created it. */
  staging: string | null;
  lock: HeldLock;
  /** The output's parent folder and the first of its ancestors this run created, if any. */
  parents: { dir: string; firstCreated: string } | null;
}

/** Remove the staging folder, release the lock, remove the created parents while empty. */
export function undoSlot(undo: SlotUndo): void {
  if (undo.staging !== null) rmSync(undo.staging, { recursive: true, force: true });
  releaseLock(undo.lock);
  if (undo.parents === null) return;
  for (let dir = undo.parents.dir; dir.length >= undo.parents.firstCreated.length; dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

const active = new Map<number, SlotUndo>();
let nextId = 1;
let mirror: MessagePort | null = null;

/** A change posted to the supervising thread: the slot's current undo, or null once it is closed. */
interface Posted {
  id: number;
  undo: SlotUndo | null;
}

function post(id: number, undo: SlotUndo | null): void {
  mirror?.postMessage({ id, undo } satisfies Posted);
}

/** Register an open slot's undo; `update` records a change (the staging folder made), `unregister` its end. */
export function registerCleanup(undo: SlotUndo): { update(change: Partial<SlotUndo>): void; unregister(): void } {
  const id = nextId++;
  let current = { ...undo };
  active.set(id, current);
  post(id, current);
  return {
    update(change) {
      if (!active.has(id)) return;
      current = { ...current, ...change };
      active.set(id, current);
      post(id, current);
    },
    unregister() {
      if (active.delete(id)) post(id, null);
    }
  };
}

/** Engine thread: post every registration to `port` as well. */
export function mirrorCleanupsTo(port: MessagePort | null): void {
  mirror = port;
}

/** Supervisor, once the engine thread has stopped: take over the undos it posted and never closed. */
export function receiveCleanups(port: MessagePort): void {
  for (let message = receiveMessageOnPort(port); message !== undefined; message = receiveMessageOnPort(port)) {
    const { id, undo } = message.message as Posted;
    // Ids of another thread: kept apart from this thread's own by their sign.
    if (undo === null) active.delete(-id);
    else active.set(-id, undo);
  }
}

/** Run and forget every registered undo; returns how many there were. Never throws. */
export function runCleanups(): number {
  const undos = [...active.values()];
  active.clear();
  for (const undo of undos) {
    try {
      undoSlot(undo);
    } catch {
      // Best effort while exiting; the next run on that folder clears what is left.
    }
  }
  return undos.length;
}

export const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/** What a signal handled after the output was put in place prints; the run then ends as it would have. */
export function publishedLine(signal: 'SIGINT' | 'SIGTERM'): string {
  return (
    `evidence-gate: ${signal} came after the output was published; it stays in place and the run ends with its own ` +
    `status\n`
  );
}

/** The line a stop prints, depending on whether there was unfinished output to remove. */
export function stoppedLine(signal: 'SIGINT' | 'SIGTERM', removed: number): string {
  return removed > 0
    ? `evidence-gate: stopped by ${signal}; the unfinished output was removed and any earlier output left as it was\n`
    : `evidence-gate: stopped by ${signal}; no output was written\n`;
}

let installed: (() => void) | null = null;

/**
 * For single-thread process entries (the action): on SIGINT/SIGTERM remove the unfinished output
 * of every open slot and exit 130/143; `notify` receives one line when there was one. After an
 * output was put in place, `notify` is told so and the run goes on to its own end. The signal is
 * handled when the thread is next idle; the CLI supervises its engine instead.
 */
export function installSignalCleanup(notify?: (line: string) => void): () => void {
  if (installed) return installed;
  let told = false;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (claimStop() === 'published') {
      if (!told) notify?.(publishedLine(signal));
      told = true;
      return;
    }
    const removed = runCleanups();
    if (removed > 0) notify?.(stoppedLine(signal, removed));
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
