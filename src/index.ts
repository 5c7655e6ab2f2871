/**
 * Action entry. The runner starts the bundle (dist/index.js) directly, so it runs at once: the
 * action runs on an engine thread started from this same file, while the main thread stays free
 * to take a cancelled workflow's SIGINT or SIGTERM at once (src/output/supervise.ts). Tools that
 * import the module instead (`npx @github/local-action run . src/index.ts .env`) call the
 * exported `run()` themselves, on one thread. The same file also serves as the perturbation
 * thread a run starts.
 */
import { startedDirectly } from './action/entry.js';
import { isPerturbationThread, servePerturbations } from './evaluate/perturb-server.js';
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { installSignalCleanup } from './output/cleanup.js';
import { joinSupervisor, superviseEngine } from './output/supervise.js';
import { fileDigest } from './util/bundle.js';
import { setThreadEntry } from './util/threads.js';
import { isEngineThread } from './util/engine-thread.js';

async function runHere(): Promise<void> {
  setThreadEntry(import.meta.url);
  await runAction(githubHost(fileDigest(import.meta.url)));
}

export async function run(): Promise<void> {
  // A cancelled workflow (SIGINT, then SIGTERM) removes the unfinished output and lock.
  installSignalCleanup((line) => process.stderr.write(line));
  await runHere();
}

// The bundle is also the perturbation thread a run starts (src/evaluate/perturb-server.ts).
if (isPerturbationThread()) servePerturbations();
else if (isEngineThread()) {
  // The status is the thread's exit code, which @actions/core's setFailed sets.
  joinSupervisor();
  await runHere();
} else if (startedDirectly(import.meta.url)) {
  process.exitCode = await superviseEngine(import.meta.url, process.argv.slice(2), (line) => process.stderr.write(line), false);
}
