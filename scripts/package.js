// Build the committed bundles: dist/index.js (the action) and dist/cli/index.js (the CLI).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const ncc = 'node_modules/@vercel/ncc/dist/ncc/cli.js';
rmSync('dist', { recursive: true, force: true });
for (const [entry, out] of [
  ['src/index.ts', 'dist'],
  ['src/cli/index.ts', 'dist/cli']
]) {
  execFileSync(process.execPath, [ncc, 'build', entry, '-o', out, '--license', 'licenses.txt', '--target', 'es2022', '-q'], { stdio: 'inherit' });
}
