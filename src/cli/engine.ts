/**
 * The CLI's engine (dist/cli/engine.js): run and exit with the status main() returns. The
 * launcher (dist/cli/index.js, src/cli/index.ts) compiles and starts it. A command that may write
 * an output folder runs on an engine thread started from the same launcher, while the main thread
 * stays free to handle a stop request at once (src/output/supervise.ts); a perturbation thread starts from
 * the launcher too and lands here in its role (src/evaluate/perturb-server.ts).
 */
import { cleanUpOnSignal, startBundle } from '../engine.js';
import { fileDigest, launch } from '../util/bundle.js';
import { setThreadEntry } from '../util/threads.js';
import { supervisesCommand } from '../util/engine-thread.js';
import { binOf } from '../init/next-command.js';
import { main } from './main.js';

const argv = process.argv.slice(2);
const stderrIsTTY = process.stderr.isTTY === true;

/** Names the running bundle (the launcher's, in dist/) for the threads a command starts. */
function named() {
  const launcher = launch();
  const entry = launcher?.entry ?? import.meta.url;
  setThreadEntry(entry);
  return { entry, bundleSha256: launcher?.bundleSha256 ?? fileDigest(import.meta.url) };
}

function io(stderrIsTTY: boolean, cwd: string) {
  const { entry, bundleSha256 } = named();
  const bin = binOf(entry);
  return {
    stdout: (t: string) => process.stdout.write(t),
    stderr: (t: string) => process.stderr.write(t),
    cwd,
    stderrIsTTY,
    bundleSha256,
    bin
  };
}

// src/start.ts decides the thread.
await startBundle({
  supervised: () => supervisesCommand(argv),
  entry: () => named().entry,
  argv,
  stderrIsTTY,
  engine: (data) => main(data.argv, io(data.stderrIsTTY, data.cwd)),
  command: async () => {
    const streams = io(stderrIsTTY, process.cwd());
    // Ctrl-C or a kill removes the unfinished output and lock, then exits 130/143.
    cleanUpOnSignal();
    process.exitCode = await main(argv, streams);
  }
});
