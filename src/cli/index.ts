/**
 * The CLI's launcher (dist/cli/index.js). The engine (dist/cli/engine.js, built from engine.ts)
 * is a script rather than a module, so that it can be compiled with V8's code cache
 * (compile-cache.ts): a repeated run skips parsing and compiling most of its 1.4 MB. The
 * launcher compiles it, tells it where it came from (setLaunch), starts it and, after a first
 * run, stores the bytecode. The engine thread and a perturbation thread start from this file too
 * and compile the engine the same way; only the thread that ran the command writes the cache.
 *
 * A command that runs on an engine thread (run, merge, verify) does not load the engine on the
 * main thread at all: the launcher starts the engine thread itself and supervises it, so the
 * main thread's part of a run is this small file (a head-to-head in docs/performance.md).
 *
 * This file only works in dist/, beside engine.js; tests load the sources instead.
 */
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { setLaunch } from '../util/bundle.js';
import { sha256Hex } from '../util/hash.js';
import { COMMANDS } from './commands.js';
import { cacheFileName, compileCacheDir, openCompileCache } from './compile-cache.js';
import { savesCompileCache, supervisesCommand } from '../util/engine-thread.js';
import { superviseEngine } from '../output/supervise.js';

/** engine.js's bytes; without them (a partial copy of dist/) the CLI cannot run: say so and exit 3. */
function readEngine(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    process.stderr.write(
      `evidence-gate: internal error: cannot read the engine bundle ${path} (` +
        `${(error as NodeJS.ErrnoException).code ?? String(error)}); it belongs beside this launcher: reinstall, ` +
        `or run \`npm run package\` in a clone\n`
    );
    process.exit(3);
  }
}

/** What engine.js evaluates to: the bundle's module body as an async function. */
type Engine = (requireFor: typeof createRequire, engineUrl: string) => Promise<unknown>;

/**
 * Compile and start the engine on this thread (the engine thread, a perturbation thread, or a command run in place).
 */
function startEngine(): void {
  // Not new URL('./engine.js', import.meta.url): the bundler would take that for an asset to copy.
  const enginePath = join(dirname(fileURLToPath(import.meta.url)), 'engine.js');
  const bytes = readEngine(enginePath);
  const bundleSha256 = sha256Hex(bytes);
  const command = COMMANDS.find((c) => c === process.argv[2]) ?? 'other';
  const cache = openCompileCache(
    compileCacheDir(process.env),
    cacheFileName(bundleSha256, {
      node: process.version,
      arch: process.arch,
      execArgv: process.execArgv,
      nodeOptions: process.env.NODE_OPTIONS,
      command
    }),
    bundleSha256
  );
  // The packaged engine is pure ASCII (scripts/engine-script.js), which Latin-1 reads as a plain copy.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const script = new Script(source, { filename: enginePath, cachedData: cache?.data });
  setLaunch({ entry: import.meta.url, bundleSha256 });
  // No top-level await: the launcher is bundled without a type check (scripts/package.js), as a module
  // that TypeScript alone cannot tell is ESM. A failing engine rejects, and Node reports it as before.
  void (script.runInThisContext() as Engine)(createRequire, pathToFileURL(enginePath).href).then(() => {
    if (savesCompileCache()) cache?.save(script);
  });
}

const argv = process.argv.slice(2);
if (supervisesCommand(argv)) {
  // The engine thread starts from this file and lands in startEngine() there.
  void superviseEngine(import.meta.url, argv, (line) => process.stderr.write(line), process.stderr.isTTY === true).then(
    (code) => {
      process.exitCode = code;
    }
  );
} else startEngine();
