/**
 * The CLI's engine (dist/cli/engine.js): run and exit with the status main() returns. The
 * launcher (dist/cli/index.js, src/cli/index.ts) compiles and starts it. A command that may write
 * an output folder runs on an engine thread started from the same launcher, while the main thread
 * stays free to handle a stop request at once (src/output/supervise.ts); a perturbation thread starts from
 * the launcher too and lands here in its role (src/evaluate/perturb-server.ts).
 */
import { isPerturbationThread, servePerturbations } from '../evaluate/perturb-server.js';
import { installSignalCleanup } from '../output/cleanup.js';
import { joinSupervisor, reportExit, superviseEngine } from '../output/supervise.js';
import { fileDigest, launch } from '../util/bundle.js';
import { setThreadEntry } from '../util/threads.js';
import { isEngineThread, SUPERVISED_COMMANDS } from '../util/engine-thread.js';
import { binOf } from '../init/next-command.js';
import { main } from './main.js';

if (isPerturbationThread()) servePerturbations();
else {
  const launcher = launch();
  const entry = launcher?.entry ?? import.meta.url;
  setThreadEntry(entry);
  const bundleSha256 = launcher?.bundleSha256 ?? fileDigest(import.meta.url);
  const bin = binOf(entry);
  const io = (stderrIsTTY: boolean, cwd: string) => ({
    stdout: (t: string) => process.stdout.write(t),
    stderr: (t: string) => process.stderr.write(t),
    cwd,
    stderrIsTTY,
    bundleSha256,
    bin
  });
  if (isEngineThread()) {
    const data = joinSupervisor();
    const code = await main(data.argv, io(data.stderrIsTTY, data.cwd));
    reportExit(code);
    process.exitCode = code;
  } else {
    const argv = process.argv.slice(2);
    const stderrIsTTY = process.stderr.isTTY === true;
    if (SUPERVISED_COMMANDS.includes(argv[0] ?? '')) {
      process.exitCode = await superviseEngine(entry, argv, (line) => process.stderr.write(line), stderrIsTTY);
    } else {
      // Ctrl-C or a kill removes the unfinished output and lock, then exits 130/143.
      installSignalCleanup((line) => process.stderr.write(line));
      process.exitCode = await main(argv, io(stderrIsTTY, process.cwd()));
    }
  }
}
