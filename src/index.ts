/**
 * Action entry. The runner starts the bundle (dist/index.js) directly, so it runs at once;
 * tools that import the module instead (`npx @github/local-action run . src/index.ts .env`)
 * call the exported `run()` themselves.
 */
import { startedDirectly } from './action/entry.js';
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { installSignalCleanup } from './output/cleanup.js';
import { fileDigest } from './util/bundle.js';

export async function run(): Promise<void> {
  // A cancelled workflow (SIGINT, then SIGTERM) removes the unfinished output and lock.
  installSignalCleanup((line) => process.stderr.write(line));
  await runAction(githubHost(fileDigest(import.meta.url)));
}

if (startedDirectly(import.meta.url)) await run();
