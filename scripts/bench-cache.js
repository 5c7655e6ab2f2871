// Benchmark: kept answers (docs/answer-cache.md). Runs the bundled external example (examples/external-model, two
// cue-phrase command models) through the committed CLI bundle three ways: with its models asked, with every answer
// read from a warm cache folder, and with both models replaced by the trivial echo model
// (__tests__/models/external/fixtures/echo-model.mjs). Prints the median wall time of each and the ratio of the cached
// run to the echo run: reading the folder should cost no more than asking the fastest possible model (target ≤ 1.2).
// Usage: node scripts/bench-cache.js [repeats]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const repeats = Number(process.argv[2] ?? 5);
const scratch = join(repo, 'evidence-gate-out', 'bench-cache');
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const example = readFileSync(join(repo, 'examples/external-model/evidence-gate.yml'), 'utf8');
const commands = [
  /command: "python3 examples\/external-model\/keyword_model.py"/,
  /command: "node examples\/external-model\/keyword_model.mjs"/
];
let cached = example;
for (const [i, c] of commands.entries()) cached = cached.replace(c, (m) => `${m}\n    cache: { key: "bench-${i}" }`);
const scores = JSON.stringify({
  background: 0.1,
  gap: 0.1,
  implication: 0.1,
  limitation: 0.1,
  method: 0.1,
  result: 0.5
});
// The scores in single quotes: the command runs through a shell, which would strip double quotes.
const echoCommand = `command: ${JSON.stringify(`node __tests__/models/external/fixtures/echo-model.mjs '${scores}'`)}`;
let echo = example;
for (const c of commands) echo = echo.replace(c, echoCommand);
writeFileSync(join(scratch, 'cached.yml'), cached);
writeFileSync(join(scratch, 'echo.yml'), echo);

const cli = join(repo, 'dist/cli/index.js');
const rel = (f) => `evidence-gate-out/bench-cache/${f}`;
function seconds(config, extra) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [cli, 'run', '--config', rel(config), '--out', rel('out'), '--quiet', ...extra],
    {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'inherit']
    }
  );
  // Exit 1 is the example's gate failing, as it is meant to; anything else is a broken run.
  if (r.status !== 0 && r.status !== 1) throw new Error(`bench: run --config ${config} exited ${r.status}`);
  return (performance.now() - started) / 1000;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = (config, extra) => median(Array.from({ length: repeats }, () => seconds(config, extra)));

const asked = times('cached.yml', []);
seconds('cached.yml', ['--cache', rel('cache')]);
const fromCache = times('cached.yml', ['--cache', rel('cache')]);
const echoRun = times('echo.yml', []);
console.log('\nKept answers: the bundled external example (2 command models), median of', repeats, 'runs');
console.log(`  models asked                 ${asked.toFixed(2)} s`);
console.log(`  every answer from the cache  ${fromCache.toFixed(2)} s`);
console.log(`  echo model (no cache)        ${echoRun.toFixed(2)} s`);
console.log(`  cached / echo                ${(fromCache / echoRun).toFixed(2)}x (target ≤ 1.2x)`);
rmSync(scratch, { recursive: true, force: true });
