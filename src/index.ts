/** Action entry (dist/index.js): run the adapter with the real runner host. */
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { installSignalCleanup } from './output/cleanup.js';
import { fileDigest } from './util/bundle.js';

// A cancelled workflow (SIGINT, then SIGTERM) removes the unfinished output and lock.
installSignalCleanup((line) => process.stderr.write(line));

await runAction(githubHost(fileDigest(import.meta.url)));
