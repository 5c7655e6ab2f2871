// Benchmark: text exact (docs/search.md#exact). Two figures, each from the committed CLI bundle:
//  1. enumeration through an external model: the bundled example with its four models replaced by the trivial echo
//     model (__tests__/models/external/fixtures/echo-model.mjs), which never changes its answer, so every candidate of
//     every eligible row is asked; queries per second = exact's queries (summed from the evidence) ÷ the evaluate
//     stage's extra wall time over the same run without exact (target ≥ 100,000);
//  2. the closed form on the built-in models: the bundled example's wall time as shipped (it declares `exact: {}`)
//     against the same config without exact, as a ratio (target ≤ 1.15).
// Usage: node scripts/bench-exact.js [repeats]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const repeats = Number(process.argv[2] ?? 3);
const scratch = join(repo, 'evidence-gate-out', 'bench-exact');
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const shipped = readFileSync(join(repo, 'examples/academic-intent/evidence-gate.yml'), 'utf8');
// The example declares `exact: {}` (with comment lines above it); the plain run leaves it out.
const example = shipped.replace(/(?: *#[^\n]*\n)* *exact: \{\}\n/, '');
const searchLine = '    search: { knowledge: scores, queries: 200 }\n';
if (example === shipped || !example.includes(searchLine))
  throw new Error('bench-exact: the example config moved; update this script');
const operators = '[transpose, dictionary, format, typo_swap, typo_delete, typo_insert, typo_substitute]';
// The echo runs widen the space to every operator, so enumeration has much to ask.
const echoWith = example.replace(
  searchLine,
  `    search: { knowledge: scores, queries: 200, operators: ${operators} }\n    exact: { max_candidates: 20000 }\n`
);
const echoWithout = example.replace(
  searchLine,
  `    search: { knowledge: scores, queries: 200, operators: ${operators} }\n`
);
const scores = JSON.stringify({
  background: 0.5,
  gap: 0.1,
  implication: 0.1,
  limitation: 0.1,
  method: 0.1,
  result: 0.1
});
const echoModels =
  'models:\n' +
  ['a', 'b', 'c', 'd']
    .map(
      (n) =>
        `  - name: echo-${n}\n    command: ${JSON.stringify(`node __tests__/models/external/fixtures/echo-model.mjs '${scores}'`)}\n`
    )
    .join('');
const echo = (config) => config.replace(/models:\n(?: {2}- .*\n)+/, echoModels).replace(/selective: .*\n/, '');
const files = {
  'exact.yml': shipped,
  'plain.yml': example,
  'echo-exact.yml': echo(echoWith),
  'echo-plain.yml': echo(echoWithout)
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);

const cli = join(repo, 'dist/cli/index.js');
const rel = (f) => `evidence-gate-out/bench-exact/${f}`;
function once(config) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, 'run', '--config', rel(config), '--out', rel('out'), '--quiet'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit']
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`bench-exact: run --config ${config} exited ${r.status}`);
  const wall = (performance.now() - started) / 1000;
  const manifest = JSON.parse(readFileSync(join(scratch, 'out', 'manifest.json'), 'utf8'));
  const evaluate = manifest.run.wall_ms.evaluate / 1000;
  let queries = 0;
  for (const line of readFileSync(join(scratch, 'out', 'evidence.jsonl'), 'utf8').split('\n'))
    if (line.includes('"condition":"exact"')) queries += JSON.parse(line).queries;
  return { wall, evaluate, queries };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function runs(config) {
  const all = Array.from({ length: repeats }, () => once(config));
  return {
    wall: median(all.map((r) => r.wall)),
    evaluate: median(all.map((r) => r.evaluate)),
    queries: all[0].queries
  };
}

const echoExact = runs('echo-exact.yml');
const echoPlain = runs('echo-plain.yml');
const extra = echoExact.evaluate - echoPlain.evaluate;
console.log('text exact: enumeration through the echo external model (4 models, bundled example)');
console.log(
  `  exact queries ${echoExact.queries}, evaluate ${echoExact.evaluate.toFixed(2)} s vs ` +
    `${echoPlain.evaluate.toFixed(2)} s without exact → ${Math.round(echoExact.queries / extra)} queries/s ` +
    '(target ≥ 100,000)'
);
const builtIn = runs('exact.yml');
const plain = runs('plain.yml');
console.log('text exact: the bundled example as shipped (exact: {}), built-in models, against the same without exact');
console.log(
  `  wall ${builtIn.wall.toFixed(2)} s with exact vs ${plain.wall.toFixed(2)} s without → ` +
    `${(builtIn.wall / plain.wall).toFixed(2)}× (target ≤ 1.15×); exact queries ${builtIn.queries}`
);
