// The benches' one way to load the engine outside Jest: one TypeScript entry bundled by the repo's ncc
// (transpile-only: types are the typecheck's job) into `dir`, as an ES module. Returns the bundle's index.js.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function bundleEntry(repo, entry, dir) {
  const ncc = join(repo, 'node_modules/@vercel/ncc/dist/ncc/cli.js');
  execFileSync(
    process.execPath,
    [ncc, 'build', join(repo, entry), '-o', dir, '--target', 'es2022', '--transpile-only', '-q'],
    { cwd: repo, stdio: 'inherit' }
  );
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  return join(dir, 'index.js');
}
