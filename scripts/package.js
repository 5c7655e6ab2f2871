// Build the committed bundles: dist/index.js (the action) and dist/cli/index.js (the CLI).
// The two builds run side by side, each into its own temporary folder, and are moved into
// dist/ only when both succeed, so an interrupted build never leaves half a dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ncc = 'node_modules/@vercel/ncc/dist/ncc/cli.js';
const scratch = mkdtempSync('.dist-build-');

function build(entry, out) {
  return new Promise((resolve, reject) => {
    const args = [ncc, 'build', entry, '-o', out, '--license', 'licenses.txt', '--target', 'es2022', '-q'];
    spawn(process.execPath, args, { stdio: 'inherit' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ncc build ${entry} exited ${code}`))));
  });
}

try {
  await Promise.all([build('src/index.ts', join(scratch, 'action')), build('src/cli/index.ts', join(scratch, 'cli'))]);
  rmSync('dist', { recursive: true, force: true });
  renameSync(join(scratch, 'action'), 'dist');
  renameSync(join(scratch, 'cli'), 'dist/cli');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
