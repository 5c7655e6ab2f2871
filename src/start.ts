/**
 * Start-up: the one module that decides which thread this is, for both bundles' entries (src/index.ts,
 * src/cli/engine.ts; docs/development.md#threads). A perturbation thread serves its parent
 * (src/evaluate/perturb-server.ts); an engine thread joins its supervisor and runs the command; a
 * main thread either supervises an engine thread running the command (src/output/supervise.ts) or
 * runs it itself. The CLI's launcher asks the same question (supervisesCommand) before loading this.
 */
import { isPerturbationThread, servePerturbations } from './evaluate/perturb-server.js';
import { installSignalCleanup } from './output/cleanup.js';
import { joinSupervisor, reportExit, superviseEngine, type EngineThreadData } from './output/supervise.js';
import { isEngineThread } from './util/engine-thread.js';

type ThreadRole = 'perturbation' | 'engine' | 'supervisor' | 'command';

/** This thread's role; `supervised`: whether a main thread hands its command to an engine thread. */
export function threadRole(supervised: () => boolean): ThreadRole {
  if (isPerturbationThread()) return 'perturbation';
  if (isEngineThread()) return 'engine';
  return supervised() ? 'supervisor' : 'command';
}

interface BundleStart {
  /** Whether a main thread supervises an engine thread instead of running the command itself (asked on it only). */
  supervised(): boolean;
  /** The bundle the engine thread starts from (the launcher's, for the CLI). */
  entry(): string;
  /** The supervisor's arguments and terminal: what the engine thread is handed. */
  argv: readonly string[];
  stderrIsTTY: boolean;
  /** Engine thread: run the command; a number is reported to the supervisor as its exit status. */
  engine(data: EngineThreadData): Promise<number | void>;
  /** Main thread, unsupervised: run the command here (nothing, for the action imported as a module). */
  command(): Promise<void>;
}

export async function startBundle(start: BundleStart): Promise<void> {
  const write = (line: string) => process.stderr.write(line);
  switch (threadRole(start.supervised)) {
    case 'perturbation':
      servePerturbations();
      return;
    case 'engine': {
      const code = await start.engine(joinSupervisor());
      if (typeof code === 'number') {
        reportExit(code);
        process.exitCode = code;
      }
      return;
    }
    case 'supervisor':
      process.exitCode = await superviseEngine(start.entry(), start.argv, write, start.stderrIsTTY);
      return;
    case 'command':
      await start.command();
  }
}

/** Ctrl-C or a kill removes the unfinished output and lock, then exits 130/143 (src/output/cleanup.ts). */
export function cleanUpOnSignal(): void {
  installSignalCleanup((line) => process.stderr.write(line));
}
