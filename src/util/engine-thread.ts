/**
 * Which thread this is: a process entry (the CLI, the action) runs its command on an engine thread
 * while its main thread supervises (src/output/supervise.ts). A module of its own, without
 * dependencies, so that the CLI's launcher can ask without loading the engine: the thread that ran
 * the command stores the compile cache, because the bytecode V8 writes is that of the functions
 * its own thread compiled.
 */
import { isMainThread, workerData } from 'node:worker_threads';

export const ENGINE_ROLE = 'evidence-gate-engine';

/** The CLI commands that run on an engine thread: those that may write an output folder or run long. */
const SUPERVISED_COMMANDS: readonly string[] = ['run', 'merge', 'verify'];

/**
 * Whether this main thread hands `argv`'s command to an engine thread: the decision src/start.ts
 * makes for the CLI's engine, and the launcher (src/cli/index.ts) makes without loading the engine.
 */
export function supervisesCommand(argv: readonly string[]): boolean {
  return isMainThread && SUPERVISED_COMMANDS.includes(argv[0] ?? '');
}

export function isEngineThread(): boolean {
  return !isMainThread && (workerData as { role?: unknown } | null)?.role === ENGINE_ROLE;
}

const DELEGATED = Symbol.for('evidence-gate.delegated');

/** Called by the main thread when it hands the command to an engine thread. */
export function markDelegated(): void {
  (globalThis as Record<symbol, unknown>)[DELEGATED] = true;
}

/**
 * Whether this thread stores the compile cache after its work: the engine thread, or a main thread that ran the command
 * itself.
 */
export function savesCompileCache(): boolean {
  return isEngineThread() || (isMainThread && (globalThis as Record<symbol, unknown>)[DELEGATED] !== true);
}
