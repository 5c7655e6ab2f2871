/**
 * A process's main thread while its command runs on the engine thread (the CLI's run, merge and
 * verify; the action). A synchronous stage (training,
 * a million bootstrap iterations, rendering) keeps its thread from handling signals until it
 * ends; with the command on a second thread, this one is idle and takes SIGINT or SIGTERM at
 * once. Before the output is put in place it stops the engine thread, removes the unfinished
 * output the engine registered (src/output/cleanup.ts), prints one line and exits 130 or 143;
 * once the output is in place it says so and lets the command end with its own status
 * (src/output/stop.ts decides which of the two happened first). docs/security.md lists what
 * each case leaves.
 */
import { MessageChannel, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { ENGINE_ROLE, markDelegated } from '../util/engine-thread.js';
import { mirrorCleanupsTo, publishedLine, receiveCleanups, runCleanups, SIGNAL_EXIT, stoppedLine } from './cleanup.js';
import { claimStop, shareStopState } from './stop.js';

/** What the engine thread is started with. */
export interface EngineThreadData {
  role: typeof ENGINE_ROLE;
  argv: string[];
  cwd: string;
  stderrIsTTY: boolean;
  stop: SharedArrayBuffer;
  cleanups: MessagePort;
}

/** Engine thread: join the supervisor's stop state and cleanup records; returns the start data. */
export function joinSupervisor(): EngineThreadData {
  const data = workerData as EngineThreadData;
  shareStopState(data.stop);
  mirrorCleanupsTo(data.cleanups);
  return data;
}

/** Engine thread: hand the command's exit status to the supervisor. */
export function reportExit(code: number): void {
  parentPort?.postMessage({ exit: code });
}

/**
 * Main thread: run `argv` on an engine thread started from `entry`, and resolve with its exit
 * status. `write` prints the supervisor's own lines (stderr).
 */
export function superviseEngine(
  entry: URL | string,
  argv: readonly string[],
  write: (line: string) => void,
  stderrIsTTY: boolean
): Promise<number> {
  markDelegated();
  const stop = shareStopState();
  const { port1, port2 } = new MessageChannel();
  const data: EngineThreadData = {
    role: ENGINE_ROLE,
    argv: [...argv],
    cwd: process.cwd(),
    stderrIsTTY,
    stop,
    cleanups: port2
  };
  const worker = new Worker(new URL(entry), { argv: [...argv], workerData: data, transferList: [port2] });
  return new Promise((resolve) => {
    let status: number | null = null;
    let stopping = false;
    let told = false;
    const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
      if (stopping) return;
      if (claimStop() === 'published') {
        if (!told) write(publishedLine(signal));
        told = true;
        return;
      }
      stopping = true;
      void worker.terminate().then(() => {
        receiveCleanups(port1);
        write(stoppedLine(signal, runCleanups()));
        process.exit(SIGNAL_EXIT[signal]);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    worker.on('message', (message: { exit?: unknown }) => {
      if (typeof message?.exit === 'number') status = message.exit;
    });
    worker.on('error', (error: Error) => {
      write(`evidence-gate: internal error (a bug, please report it):\n${error.stack ?? String(error)}\n`);
      status = 3;
    });
    worker.on('exit', (code) => {
      if (stopping) return;
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      // A thread that crashed left its unfinished output registered; one that ended left none.
      receiveCleanups(port1);
      runCleanups();
      port1.close();
      // The status the command reported, else the thread's own exit code (its process.exitCode).
      resolve(status ?? code);
    });
  });
}
