// `npm run bench`: scripts/bench.js with the flags given (npm hands them to this file, not to the
// last of a chain of commands), then the external-model, Python-model, tabular, kept-answer, text-exact and tree benches
// with their defaults.
// Stops at the first that fails, with its exit status; with `--only-search`, bench.js alone runs.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const here = resolve(import.meta.dirname);
const args = process.argv.slice(2);
// `--only-search` asks for the search's section alone.
const steps = [
  ['bench.js', args],
  ...(args.includes('--only-search')
    ? []
    : [
        ['bench-external.js', []],
        ['bench-python.js', []],
        ['bench-tabular.js', []],
        ['bench-cache.js', []],
        ['bench-exact.js', []],
        ['bench-trees.js', []]
      ])
];
for (const [file, stepArgs] of steps) {
  const r = spawnSync(process.execPath, [join(here, file), ...stepArgs], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench: ${file} ${r.signal ? `stopped by ${r.signal}` : `exited ${r.status}`}`);
    process.exit(r.status ?? 1);
  }
}
