// Benchmark: harness throughput of an external model (SPEC §10) outside jest. Builds
// src/models/external/external-model.ts with the repo's ncc (transpile-only, so unrelated type
// errors elsewhere do not stop it) into a temp folder, imports it, and
// scores 1,000,000 distinct short texts through the trivial echo model
// (__tests__/models/external/fixtures/echo-model.mjs); prints predictions/s and the ratio to
// the 200,000/s target. Then the HTTP model (src/models/http/http-model.ts) against the example
// server (examples/http-model/server.mjs, format evidence-gate, batch 32, concurrency 4) beside
// the same cue-phrase classifier over the JSONL protocol, on the same inputs.
// Usage: node scripts/bench-external.js [inputs] [window] [http inputs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntry } from './bench/bundle.js';

const repo = resolve(import.meta.dirname, '..');
const n = Number(process.argv[2] ?? 1_000_000);
const window = Number(process.argv[3] ?? 4096);
const target = 200_000;
const repeats = 3;
const httpInputs = Number(process.argv[4] ?? 20_000);

/** Builds one source file with ncc into `dir` and imports it. */
async function load(source, dir) {
  return import(pathToFileURL(bundleEntry(repo, source, dir)).href);
}

/** Starts the example server on a free port; resolves with the process and its port. */
function startServer() {
  const child = spawn(process.execPath, [join(repo, 'examples/http-model/server.mjs'), '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe']
  });
  return new Promise((resolvePort, reject) => {
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolvePort({ child, port: Number(m[1]) });
    });
    child.on('exit', () => reject(new Error(`server.mjs exited: ${err}`)));
  });
}

/** Scores `inputs` once; predictions/s. */
async function rate(model, inputs) {
  const started = performance.now();
  const results = await model.score(inputs);
  const seconds = (performance.now() - started) / 1000;
  const bad = results.filter((r) => r.status !== 'ok').length;
  await model.close();
  if (bad > 0) throw new Error(`bench: ${bad} of ${results.length} results not ok`);
  return inputs.length / seconds;
}

async function httpBench(ExternalModel) {
  const dir = mkdtempSync(join(tmpdir(), 'eg-bench-http-'));
  const { HttpModel } = await load('src/models/http/http-model.ts', dir);
  const labels = ['background', 'gap', 'implication', 'limitation', 'method', 'result'];
  const inputs = Array.from({ length: httpInputs }, (_, i) => ({
    kind: 'text',
    text: `we found that results increased by ${i} points in sample ${i % 97}`
  }));
  const { child, port } = await startServer();
  try {
    const plan = {
      name: 'http',
      url: `http://127.0.0.1:${port}/predict`,
      format: 'evidence-gate',
      headers: {},
      env: [],
      batch: 32,
      concurrency: 4,
      timeoutS: 60,
      retries: 0,
      probabilities: false,
      chat: null,
      seed: 1
    };
    const http = await rate(new HttpModel(plan, labels), inputs);
    const command = {
      name: 'jsonl',
      command: `${JSON.stringify(process.execPath)} examples/external-model/keyword_model.mjs`,
      timeoutS: 600,
      requestTimeoutS: 60,
      probabilities: false,
      env: [],
      window: 256
    };
    const jsonl = await rate(new ExternalModel(command, labels, repo, () => {}), inputs);
    console.log(
      `http model (example server, batch 32, concurrency 4): ${Math.round(http)} predictions/s; the same classifier over the JSONL protocol: ${Math.round(jsonl)} predictions/s (${httpInputs} inputs)`
    );
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const out = mkdtempSync(join(tmpdir(), 'eg-bench-external-'));
try {
  const { ExternalModel } = await load('src/models/external/external-model.ts', out);

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
  console.log(
    `external model bench: ${cpus().length} cores, node ${process.version}, ${n} distinct inputs, window ${window}`
  );
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
  console.log(
    `median ${Math.round(median)} predictions/s; ratio to the ${target}/s target: ${(median / target).toFixed(2)}`
  );
  await httpBench(ExternalModel);
} finally {
  rmSync(out, { recursive: true, force: true });
}
