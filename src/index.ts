/**
 * Action entry. The runner starts the bundle (dist/index.js) directly, so it runs at once;
 * tools that import the module instead (`npx @github/local-action run . src/index.ts .env`)
 * call the exported `run()` themselves. The same file also serves as the perturbation thread a
 * run starts.
 */
import { startedDirectly } from './action/entry.js';
import { isPerturbationThread, servePerturbations } from './evaluate/perturb-server.js';
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { installSignalCleanup } from './output/cleanup.js';
import { fileDigest } from './util/bundle.js';
import { setThreadEntry } from './util/threads.js';

export async function run(): Promise<void> {
  setThreadEntry(import.meta.url);
  // A cancelled workflow (SIGINT, then SIGTERM) removes the unfinished output and lock.
  installSignalCleanup((line) => process.stderr.write(line));
  await runAction(githubHost(fileDigest(import.meta.url)));
}

// The bundle is also the perturbation thread a run starts (src/evaluate/perturb-server.ts).
if (isPerturbationThread()) servePerturbations();
else if (startedDirectly(import.meta.url)) await run();
