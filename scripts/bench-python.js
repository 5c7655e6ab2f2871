// Benchmark: a `python:` model (docs/models.md#python-models) outside jest. Builds
// src/models/python/python-model.ts with the repo's ncc (transpile-only) into a temp folder and
// scores distinct short texts through a trivial Python function (it returns fixed scores, so the
// figure is the runner's and the protocol's cost), at the default batch (64) and window (256);
// beside it the same answers from a hand-written Python JSONL loop run as a command model, on the
// same inputs. Prints predictions/s and the ratio to the 100,000/s target.
// Usage: node scripts/bench-python.js [inputs]; PYTHON=/path/to/python3 to choose the interpreter.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntry } from './bench/bundle.js';

const repo = resolve(import.meta.dirname, '..');
const n = Number(process.argv[2] ?? 300_000);
const target = 100_000;
const python = process.env.PYTHON ?? 'python3';

const FUNCTION = `def predict(texts):
    return [{"a": 0.75, "b": 0.25} for _ in texts]
`;
// The loop a team writes by hand today (SPEC §10): one JSON line in, one line out, flushed each time.
const HAND_WRITTEN = `import json, sys
for line in sys.stdin:
    request = json.loads(line)
    sys.stdout.write(json.dumps({"id": request["id"], "scores": {"a": 0.75, "b": 0.25}}) + "\\n")
    sys.stdout.flush()
`;

async function rate(model, inputs) {
  const started = performance.now();
  const results = await model.score(inputs);
  const seconds = (performance.now() - started) / 1000;
  const bad = results.filter((r) => r.status !== 'ok');
  await model.close();
  if (bad.length > 0) throw new Error(`bench: ${bad.length} of ${results.length} not ok: ${bad[0].error}`);
  return inputs.length / seconds;
}

const out = mkdtempSync(join(tmpdir(), 'eg-bench-python-'));
try {
  const index = bundleEntry(repo, 'src/models/python/python-model.ts', out);
  writeFileSync(join(out, 'echo_model.py'), FUNCTION);
  writeFileSync(join(out, 'hand_written.py'), HAND_WRITTEN);
  const { PythonModel } = await import(pathToFileURL(index).href);
  const ExternalModel = Object.getPrototypeOf(PythonModel);
  const inputs = Array.from({ length: n }, (_, i) => ({ kind: 'text', text: `short text number ${i}` }));
  const common = { timeoutS: 600, requestTimeoutS: 60, probabilities: true, env: [], window: 256, repeat: 1 };
  console.log(`python model bench: ${cpus().length} cores, node ${process.version}, ${python}, ${n} distinct inputs`);
  const plan = {
    ...common,
    name: 'echo',
    kind: 'python',
    file: { path: 'echo_model.py', absolute: join(out, 'echo_model.py') },
    function: 'predict',
    batch: 64,
    interpreter: python,
    digest: 'bench'
  };
  const fn = await rate(new PythonModel(plan, ['a', 'b'], [], out, () => {}), inputs);
  const command = { ...common, name: 'hand', command: `${python} hand_written.py` };
  const hand = await rate(new ExternalModel(command, ['a', 'b'], out, () => {}), inputs);
  console.log(
    `python: function, batch 64: ${Math.round(fn)} predictions/s (ratio to the ${target}/s target: ` +
      `${(fn / target).toFixed(2)}); a hand-written JSONL loop as a command: ${Math.round(hand)} predictions/s ` +
      `(function / hand-written: ${(fn / hand).toFixed(2)})`
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
