// Benchmark: harness throughput of an external model (SPEC §10) outside jest. Builds
// src/models/external/external-model.ts with the repo's ncc (transpile-only, so unrelated type
// errors elsewhere do not stop it) into a temp folder, imports it, and
// scores 1,000,000 distinct short texts through the trivial echo model
// (__tests__/models/external/fixtures/echo-model.mjs); prints predictions/s and the ratio to
// the 200,000/s target. Usage: node scripts/bench-external.js [inputs] [window]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(import.meta.dirname, '..');
const n = Number(process.argv[2] ?? 1_000_000);
const window = Number(process.argv[3] ?? 4096);
const target = 200_000;
const repeats = 3;

const out = mkdtempSync(join(tmpdir(), 'eg-bench-external-'));
try {
  const ncc = join(repo, 'node_modules/@vercel/ncc/dist/ncc/cli.js');
  execFileSync(process.execPath, [ncc, 'build', join(repo, 'src/models/external/external-model.ts'), '-o', out, '--target', 'es2022', '--transpile-only', '-q'], {
    cwd: repo,
    stdio: 'inherit'
  });
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  const { ExternalModel } = await import(pathToFileURL(join(out, 'index.js')).href);

  const inputs = Array.from({ length: n }, (_, i) => ({ kind: 'text', text: `short text number ${i}` }));
  const fixtures = join(repo, '__tests__/models/external/fixtures');
  const plan = {
    name: 'echo',
    command: `${JSON.stringify(process.execPath)} echo-model.mjs`,
    timeoutS: 600,
    requestTimeoutS: 60,
    probabilities: false,
    env: [],
    window
  };
  console.log(`external model bench: ${cpus().length} cores, node ${process.version}, ${n} distinct inputs, window ${window}`);
  const rates = [];
  for (let run = 0; run < repeats; run++) {
    const model = new ExternalModel(plan, ['a', 'b'], fixtures, (line) => console.log(line));
    const started = performance.now();
    const results = await model.score(inputs);
    const seconds = (performance.now() - started) / 1000;
    const bad = results.filter((r) => r.status !== 'ok').length;
    await model.close();
    if (results.length !== n || bad > 0) throw new Error(`bench: ${bad} of ${results.length} results not ok`);
    rates.push(n / seconds);
    console.log(`run ${run + 1}: ${seconds.toFixed(2)} s, ${Math.round(n / seconds)} predictions/s`);
  }
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)];
  console.log(`median ${Math.round(median)} predictions/s; ratio to the ${target}/s target: ${(median / target).toFixed(2)}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
