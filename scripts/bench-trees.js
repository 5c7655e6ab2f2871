// Benchmark: tree-ensemble prediction (docs/models.md#tree-ensembles) against the libraries' own predict.
// scripts/bench/trees_predict.py trains a 100-tree depth-6 XGBoost model and a 100-tree 64-leaf LightGBM model,
// saves them with the rows to score, and times each library's single-threaded predict (raw margins, best of the
// repeats). This script reads the same files with the engine's readers (bundled by the repo's ncc, transpile-only)
// and times the engine's margins over the same rows, best of the same repeats, printing row×trees per second side
// by side and their ratio (target: ≥ 10,000,000 row×trees/s). Without a Python that has xgboost and lightgbm
// (PYTHON=/path/to/python3 to choose one) there are no models to read, and it says so.
// Usage: node scripts/bench-trees.js [rows] [repeats]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntry } from './bench/bundle.js';

const repo = resolve(import.meta.dirname, '..');
const rows = Number(process.argv[2] ?? 20000);
const repeats = Number(process.argv[3] ?? 5);
const out = mkdtempSync(join(tmpdir(), 'eg-bench-trees-'));
const pythons = process.env.PYTHON ? [process.env.PYTHON] : ['python3', '/usr/bin/python3'];
const fmt = (v) => Math.round(v).toLocaleString('en-US');

try {
  const python = pythons.find(
    (p) => spawnSync(p, ['-c', 'import xgboost, lightgbm'], { stdio: 'ignore' }).status === 0
  );
  console.log(`tree bench: ${cpus().length} cores, node ${process.version}, ${rows} rows`);
  if (python === undefined) {
    console.log('  no python3 with xgboost and lightgbm: nothing to compare against (PYTHON=... to name one)');
    process.exit(0);
  }
  const made = JSON.parse(
    execFileSync(python, [join(repo, 'scripts/bench/trees_predict.py'), out, String(rows), String(repeats)], {
      encoding: 'utf8'
    })
  );
  const eg = await import(pathToFileURL(bundleEntry(repo, 'scripts/bench/trees-entry.ts', join(out, 'bundle'))).href);
  const flat = new Float64Array(readFileSync(made.x).buffer.slice(0));
  const width = flat.length / rows;
  const xs = Array.from({ length: rows }, (_, i) => flat.subarray(i * width, (i + 1) * width));
  console.log('  model                      engine row×trees/s    library row×trees/s   ratio');
  for (const [name, read] of [
    ['xgboost', eg.readXgboostJson],
    ['lightgbm', eg.readLightgbmText]
  ]) {
    const forest = read(readFileSync(made[name].file, 'utf8'));
    let sink = 0;
    const times = [];
    for (let r = 0; r < repeats; r++) {
      const t = process.hrtime.bigint();
      for (const x of xs) sink += eg.margins(forest, x)[0];
      times.push(Number(process.hrtime.bigint() - t) / 1e9);
    }
    if (!Number.isFinite(sink)) throw new Error('a margin is not finite');
    const ours = (rows * made.trees) / times.reduce((a, b) => Math.min(a, b));
    const theirs = (rows * made.trees) / made[name].seconds;
    console.log(
      `  ${`${name} ${made[name].version} (${made.trees} trees)`.padEnd(27)}${fmt(ours).padStart(14)}` +
        `${fmt(theirs).padStart(23)}   ${(ours / theirs).toFixed(2)}×`
    );
  }
  // exact: 1,000 rows of the 20-tree depth-3 model, every feature editable, at two budgets (target ≤ 10 s, < 1%
  // undecided).
  const small = eg.readXgboostJson(readFileSync(made.exact_model, 'utf8'));
  const view = {
    forest: small,
    featureAt: Array.from({ length: width }, (_, j) => j),
    classOf: [0, 1],
    labels: ['0', '1']
  };
  const names = Array.from({ length: width }, (_, j) => `f${j}`);
  const exactRows = xs.slice(0, 1000).map((x) => Array.from(x));
  console.log('  exact on 1,000 rows, 20 trees of depth 3, 12 editable features:');
  for (const eps of [0.1, 0.3, 1]) {
    const space = {
      names,
      editable: names.map(() => true),
      lower: names.map(() => -Infinity),
      upper: names.map(() => Infinity),
      eps
    };
    const counts = { certified: 0, success: 0, tie: 0, undecided: 0 };
    let boxes = 0;
    const t = process.hrtime.bigint();
    for (const x of exactRows) {
      const m = eg.margins(small, x)[0];
      const gold = m > 0 ? '1' : '0';
      const out = eg.treeExact(x, gold, null, view, space, null);
      boxes += out.boxes;
      if (out.certified === null) counts.undecided++;
      else if (out.certified) counts.certified++;
      else if (out.tie) counts.tie++;
      else counts.success++;
    }
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    console.log(
      `    eps ${eps}: ${seconds.toFixed(2)} s; certified ${counts.certified}, failures ${counts.success}, ` +
        `ties ${counts.tie}, undecided ${counts.undecided} (${((100 * counts.undecided) / exactRows.length).toFixed(1)}%); ` +
        `${fmt(boxes / exactRows.length)} boxes per row`
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
