// Build the committed bundles: dist/index.js (the action) and the CLI in dist/cli/, which is
// index.js (the launcher, src/cli/index.ts) beside engine.js (src/cli/engine.ts, turned into a
// script by engine-script.js). Both folders also hold writer-worker.cjs, the evidence writer's
// thread (src/evidence/writer-worker.ts, made CommonJS by worker-script.js), which the writer
// starts from beside the running bundle. The builds run side by side, each into its own temporary folder,
// and are moved into dist/ only when all succeed, so an interrupted build never leaves half a dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineScript } from './engine-script.js';
import { commonJsWorker } from './worker-script.js';

const ncc = 'node_modules/@vercel/ncc/dist/ncc/cli.js';
const scratch = mkdtempSync('.dist-build-');
// The launcher and the writer's worker are a few small modules: without ncc's own type check
// (npm run typecheck does that) each builds in a second instead of twelve.
const LAUNCHER_OPTIONS = ['--transpile-only'];

function build(entry, out, extra = []) {
  return new Promise((resolve, reject) => {
    const args = [ncc, 'build', entry, '-o', out, '--license', 'licenses.txt', '--target', 'es2022', '-q', ...extra];
    spawn(process.execPath, args, { stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ncc build ${entry} exited ${code}`))
    );
  });
}

try {
  const [action, launcher, engine, writer] = ['action', 'cli', 'engine', 'writer'].map((name) => join(scratch, name));
  await Promise.all([
    build('src/index.ts', action),
    build('src/cli/index.ts', launcher, LAUNCHER_OPTIONS),
    build('src/cli/engine.ts', engine),
    build('src/evidence/writer-worker.ts', writer, LAUNCHER_OPTIONS)
  ]);
  // Node built-ins only: nothing for the licenses file.
  const worker = commonJsWorker(readFileSync(join(writer, 'index.js'), 'utf8'));
  for (const dir of [action, launcher]) writeFileSync(join(dir, 'writer-worker.cjs'), worker);
  writeFileSync(join(launcher, 'engine.js'), engineScript(readFileSync(join(engine, 'index.js'), 'utf8')));
  // The launcher bundles no third-party code; the engine's notices are the CLI's.
  renameSync(join(engine, 'licenses.txt'), join(launcher, 'licenses.txt'));
  rmSync('dist', { recursive: true, force: true });
  renameSync(action, 'dist');
  renameSync(launcher, 'dist/cli');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
