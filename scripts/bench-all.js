// `npm run bench`: scripts/bench.js with the flags given (npm hands them to this file, not to the
// last of a chain of commands), then the external-model and tabular benches with their defaults.
// Stops at the first that fails, with its exit status.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const here = resolve(import.meta.dirname);
const steps = [
  ['bench.js', process.argv.slice(2)],
  ['bench-external.js', []],
  ['bench-tabular.js', []]
];
for (const [file, args] of steps) {
  const r = spawnSync(process.execPath, [join(here, file), ...args], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench: ${file} ${r.signal ? `stopped by ${r.signal}` : `exited ${r.status}`}`);
    process.exit(r.status ?? 1);
  }
}
