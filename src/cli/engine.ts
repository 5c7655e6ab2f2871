/**
 * The CLI's engine (dist/cli/engine.js): run and exit with the status main() returns. The
 * launcher (dist/cli/index.js, src/cli/index.ts) compiles and starts it; a perturbation thread
 * starts from the launcher too and lands here in its role (src/evaluate/perturb-server.ts).
 */
import { isPerturbationThread, servePerturbations } from '../evaluate/perturb-server.js';
import { installSignalCleanup } from '../output/cleanup.js';
import { fileDigest, launch } from '../util/bundle.js';
import { setThreadEntry } from '../util/threads.js';
import { main } from './main.js';

if (isPerturbationThread()) servePerturbations();
else {
  const launcher = launch();
  setThreadEntry(launcher?.entry ?? import.meta.url);
  // Ctrl-C or a kill removes the unfinished output and lock, then exits 130/143.
  installSignalCleanup((line) => process.stderr.write(line));
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
    bundleSha256: launcher?.bundleSha256 ?? fileDigest(import.meta.url)
  });
}
