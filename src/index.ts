/**
 * Action entry. The runner starts the bundle (dist/index.js) directly, so it runs at once: the
 * action runs on an engine thread started from this same file, while the main thread stays free
 * to take a cancelled workflow's SIGINT or SIGTERM at once (src/output/supervise.ts). Tools that
 * import the module instead (`npx @github/local-action run . src/index.ts .env`) call the
 * exported `run()` themselves, on one thread. The same file also serves as the perturbation
 * thread a run starts.
 */
import { startedDirectly } from './action/entry.js';
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { cleanUpOnSignal, startBundle } from './engine.js';
import { fileDigest } from './util/bundle.js';
import { setThreadEntry } from './util/threads.js';

async function runHere(): Promise<void> {
  setThreadEntry(import.meta.url);
  await runAction(githubHost(fileDigest(import.meta.url)));
}

export async function run(): Promise<void> {
  // A cancelled workflow (SIGINT, then SIGTERM) removes the unfinished output and lock.
  cleanUpOnSignal();
  await runHere();
}

// src/start.ts decides the thread: a perturbation thread, the engine thread (its status is the
// thread's exit code, which @actions/core's setFailed sets), or the main thread, which supervises
// when started directly and otherwise leaves run() to the caller.
await startBundle({
  supervised: () => startedDirectly(import.meta.url),
  entry: () => import.meta.url,
  argv: process.argv.slice(2),
  stderrIsTTY: false,
  engine: runHere,
  command: async () => {}
});
