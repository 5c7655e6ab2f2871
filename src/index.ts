/** Action entry (dist/index.js): run the adapter with the real runner host. */
import { githubHost } from './action/github-host.js';
import { runAction } from './action/main.js';
import { fileDigest } from './util/bundle.js';

await runAction(githubHost(fileDigest(import.meta.url)));
