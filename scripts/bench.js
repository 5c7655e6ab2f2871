// Benchmark: run the CLI bundle on the bundled example scaled ×1, ×4 and ×16 (evaluation rows
// replicated under new ids, training unchanged) and print per-stage wall times from each
// manifest, with ratios against ×1. Linear cost shows as time ratios close to the row ratios.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const cli = join(repo, 'dist/cli/index.js');
const example = join(repo, 'examples/academic-intent');
const scales = [1, 4, 16];
const repeats = 3;

function scaled(factor) {
  const root = mkdtempSync(join(tmpdir(), 'eg-bench-'));
  cpSync(example, join(root, 'examples/academic-intent'), { recursive: true });
  for (const split of ['controlled', 'challenge']) {
    const file = join(root, 'examples/academic-intent/data', `${split}.jsonl`);
    const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const out = [];
    for (let k = 0; k < factor; k++) {
      // A suffix keeps every replica a distinct text, so the score cache cannot hide the work.
      for (const r of rows) out.push(JSON.stringify({ ...r, id: `${r.id}-${k}`, text: k === 0 ? r.text : `${r.text} (${k})` }));
    }
    writeFileSync(file, out.join('\n') + '\n');
  }
  return root;
}

function once(root) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, 'run', '--config', 'examples/academic-intent/evidence-gate.yml', '--quiet'], { cwd: root, encoding: 'utf8' });
  const total = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`run failed: ${r.stderr}`);
  const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out/manifest.json'), 'utf8'));
  return { total, wall: manifest.run.wall_ms, rows: manifest.counters.reduce((n, c) => n + c.predictions, 0) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = scales.map((factor) => {
  const root = scaled(factor);
  const runs = Array.from({ length: repeats }, () => once(root));
  const stage = (name) => median(runs.map((r) => r.wall[name] ?? 0));
  return { factor, rows: runs[0].rows, evaluate: stage('evaluate'), metrics: stage('metrics'), report: stage('report'), total: median(runs.map((r) => r.total)) };
});

console.log(`Evidence Gate bench: ${cpus().length} cores, node ${process.version}, median of ${repeats} runs`);
console.log('scale  rows    evaluate ms  metrics ms  report ms  process ms  evaluate ratio  rows ratio');
const base = results[0];
for (const r of results) {
  console.log(
    `x${String(r.factor).padEnd(5)}${String(r.rows).padEnd(8)}${r.evaluate.toFixed(1).padStart(11)}${r.metrics.toFixed(1).padStart(12)}${r.report.toFixed(1).padStart(11)}${r.total.toFixed(0).padStart(12)}${(r.evaluate / base.evaluate).toFixed(2).padStart(16)}${(r.rows / base.rows).toFixed(2).padStart(12)}`
  );
}
const last = results[results.length - 1];
console.log(`evaluate time per row at x${last.factor} / at x1: ${((last.evaluate / last.rows) / (base.evaluate / base.rows)).toFixed(2)} (1.00 = linear)`);
