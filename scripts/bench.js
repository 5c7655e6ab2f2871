// `npm run bench`: what a run costs, printed as three tables with ratios.
//   1. The bundled example end to end through `node dist/cli/index.js` (target ≤ 1.0 s).
//      Also the example with its five fixed families only (4,416 rows, the run the target was set
//      for before the search joined the example).
//   2. The fixed-family example's evaluation rows replicated ×1, ×16 and ×226 (4,416 → 998,016
//      evidence rows, every replica a distinct id and text): wall, peak RSS, cost per row, and the
//      exponent fitted from ×16 to ×226 (1.00 = linear). The search's cost grows with its budget,
//      not with the rows alone; section 4 measures it.
//   3. A seeded corpus of e-mail-sized documents (scripts/bench/email-corpus.js): Evidence Gate
//      end to end (fit, perturb, score, evidence, metrics, report), once keeping each text in the
//      evidence (output.text: full) and once only its SHA-256 (hash), beside scikit-learn doing only
//      the fit and scoring of the same distinct texts (scripts/bench/sklearn_fit_score.py, run
//      with /usr/bin/python3; skipped with a message when scikit-learn is not installed).
//   4. The adaptive search on the example's texts (scripts/bench/search-throughput.ts, built with
//      ncc): per built-in model its queries per second beside the same model's clean scoring rows
//      per second (target: at least half), then the echo model over the JSONL protocol (target
//      ≥ 100,000 queries/s). `--only-search` runs this part alone.
// Every figure is the median of 3 runs (`--repeats N` changes it). Wall is the process's, from
// spawn to exit; peak RSS is the manifest's run.peak_rss_bytes (worker threads included). The
// CLI keeps V8's compiled code in a cache (src/cli/compile-cache.ts): the bench gives it a fresh
// folder, reports the example's first run (empty cache) on its own, and the rest run warm.
// Usage: node scripts/bench.js [--repeats N] [--emails N] [--skip-scale] [--only-search]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { writeEmailProject } from './bench/email-corpus.js';
import { bundleEntry } from './bench/bundle.js';

const repo = resolve(import.meta.dirname, '..');
const cli = join(repo, 'dist/cli/index.js');
const example = join(repo, 'examples/academic-intent');
const python = '/usr/bin/python3';
const args = process.argv.slice(2);
// A misspelt flag would otherwise run the default (and much longer) bench without a word.
const FLAGS = { '--repeats': true, '--emails': true, '--skip-scale': false, '--only-search': false };
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (!(arg in FLAGS)) {
    console.error(`bench: unknown argument ${JSON.stringify(arg)}; expected ${Object.keys(FLAGS).join(', ')}`);
    process.exit(2);
  }
  if (FLAGS[arg]) {
    const value = Number(args[++i]);
    if (!(Number.isInteger(value) && value >= 1)) {
      console.error(`bench: ${arg} expects a whole number ≥ 1, found ${JSON.stringify(args[i] ?? '')}`);
      process.exit(2);
    }
  }
}
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const repeats = option('--repeats', 3);
const emails = option('--emails', 3000);
const scales = args.includes('--skip-scale') ? [] : [1, 16, 226];
const scratch = [];
const compileCache = join(mkdtempSync(join(tmpdir(), 'eg-bench-cache-')), 'v8');
scratch.push(dirname(compileCache));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const pad = (s, n) => String(s).padStart(n);

function tempRoot() {
  const root = mkdtempSync(join(tmpdir(), 'eg-bench-'));
  scratch.push(root);
  return root;
}

/**
 * The example under a fresh root, its evaluation rows replicated `factor` times as distinct texts;
 * `fixedOnly` takes the adaptive search and exact out of its config (the five fixed families remain).
 */
function scaledExample(factor, fixedOnly = false) {
  const root = tempRoot();
  cpSync(example, join(root, 'examples/academic-intent'), { recursive: true });
  if (fixedOnly) {
    const config = join(root, 'examples/academic-intent/evidence-gate.yml');
    const text = readFileSync(config, 'utf8');
    // The search, exact and the opt-in typo family (and the comments above each) come out: the run the target was set
    // for.
    let withoutSearch = text;
    for (const family of ['search', 'exact', 'typo'])
      withoutSearch = withoutSearch
        .replace(new RegExp(`(?:^ *#[^\\n]*\\n)+(?= *${family}:)`, 'm'), '')
        .replace(new RegExp(`^ *${family}: .*\\n`, 'm'), '');
    if (!/^ *search:/m.test(text) || /^ *(search|exact|typo):/m.test(withoutSearch))
      throw new Error('bench: the example config has no search line to take out');
    writeFileSync(config, withoutSearch);
  }
  if (factor === 1) return root;
  for (const split of ['controlled', 'challenge']) {
    const file = join(root, 'examples/academic-intent/data', `${split}.jsonl`);
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const out = [];
    for (let k = 0; k < factor; k++) {
      // A suffix keeps every replica a distinct text, so scoring each distinct text once cannot hide the work.
      for (const r of rows)
        out.push(JSON.stringify({ ...r, id: `${r.id}-${k}`, text: k === 0 ? r.text : `${r.text} (${k})` }));
    }
    writeFileSync(file, out.join('\n') + '\n');
  }
  return root;
}

/** One CLI run under `root`; exit 1 (a failing gate) is a normal outcome here. */
function runOnce(root, config) {
  const started = performance.now();
  const env = { ...process.env, NODE_COMPILE_CACHE: compileCache };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const r = spawnSync(process.execPath, [cli, 'run', '--config', config, '--quiet'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env
  });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`bench: the run under ${root} exited ${r.status}: ${r.stderr}`);
  const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out/manifest.json'), 'utf8'));
  // Rows written (the manifest's count), not predictions: the search asks far more than it writes.
  const rows = manifest.files[manifest.evidence.file]?.rows;
  if (!Number.isInteger(rows))
    throw new Error(`bench: the manifest under ${root} lists no row count for ${manifest.evidence.file}`);
  return { seconds, rss: manifest.run.peak_rss_bytes, rows, manifest };
}

function medianRuns(root, config) {
  const runs = Array.from({ length: repeats }, () => runOnce(root, config));
  return {
    seconds: median(runs.map((r) => r.seconds)),
    rss: median(runs.map((r) => r.rss)),
    rows: runs[0].rows,
    manifest: runs[0].manifest
  };
}

/** The distinct model inputs of the first model in a run's evidence (text on clean rows, else the perturbed text). */
async function distinctInputs(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out/manifest.json'), 'utf8'));
  const name = Object.keys(manifest.files).find((f) => f.startsWith('evidence.jsonl'));
  const file = join(root, 'evidence-gate-out', name);
  const stream = name.endsWith('.gz') ? createReadStream(file).pipe(createGunzip()) : createReadStream(file);
  const model = manifest.counters[0].model;
  const seen = new Set();
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    const row = JSON.parse(line);
    if (row.model === model && row.status === 'ok') seen.add(row.perturbed_text ?? row.text);
  }
  return { inputs: [...seen], expected: manifest.counters[0].distinctInputs };
}

function sklearnAvailable() {
  if (!existsSync(python)) return `${python} not found`;
  const r = spawnSync(python, ['-c', 'import sklearn, scipy, numpy'], { encoding: 'utf8' });
  return r.status === 0 ? null : 'scikit-learn is not installed (apt-get install -y python3-sklearn python3-scipy)';
}

function sklearnOnce(workFile) {
  const r = spawnSync(python, [join(repo, 'scripts/bench/sklearn_fit_score.py'), workFile], {
    encoding: 'utf8',
    maxBuffer: 1 << 26
  });
  if (r.status !== 0) throw new Error(`bench: scikit-learn side failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

function machine() {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, node ${process.version}, ${process.platform}`;
}

/** Section 4: the search's queries/s per built-in model and with the echo model, beside clean scoring rows/s. */
function searchSection() {
  const dir = tempRoot();
  const out = execFileSync(
    process.execPath,
    [bundleEntry(repo, 'scripts/bench/search-throughput.ts', dir), repo, String(repeats)],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24
    }
  );
  const r = JSON.parse(out.trim().split('\n').pop());
  const k = (x) => `${(x / 1000).toFixed(1)}k`;
  console.log("4. Adaptive search (scores, budget 200) on the example's texts: queries/s beside clean scoring rows/s");
  console.log('   model               clean rows/s   search queries/s   ratio   queries per pass');
  for (const m of r.models) {
    console.log(
      `   ${m.model.padEnd(18)}${pad(k(m.clean_rows_per_s), 14)}${pad(k(m.search_queries_per_s), 19)}${pad(m.ratio.toFixed(2), 8)}${pad(m.queries, 19)}   target ratio ≥ 0.50: ${m.ratio >= 0.5 ? 'met' : 'not met'}`
    );
  }
  const e = r.echo;
  console.log(
    `   ${e.model.padEnd(18)}${pad(k(e.clean_rows_per_s), 14)}${pad(k(e.search_queries_per_s), 19)}${pad(e.ratio.toFixed(2), 8)}${pad(e.queries, 19)}   target ≥ 100.0k queries/s: ${e.search_queries_per_s >= 100_000 ? 'met' : 'not met'}\n`
  );
}

async function main() {
  if (args.includes('--only-search')) {
    console.log(`Evidence Gate bench — ${machine()}; each figure the median of ${repeats} runs\n`);
    searchSection();
    return;
  }
  if (!existsSync(cli)) throw new Error('bench: dist/cli/index.js is missing; run `npm run package` first');
  console.log(`Evidence Gate bench — ${machine()}; each figure the median of ${repeats} runs\n`);

  const exampleRoot = scaledExample(1);
  const cold = runOnce(exampleRoot, 'examples/academic-intent/evidence-gate.yml');
  const ex = medianRuns(exampleRoot, 'examples/academic-intent/evidence-gate.yml');
  console.log('1. Bundled example end to end (node dist/cli/index.js run)');
  console.log(`   first run, empty compile cache: ${cold.seconds.toFixed(2)} s wall, ${mb(cold.rss)} MB peak RSS`);
  console.log(
    `   then, compile cache warm: ${ex.rows} evidence rows, ${ex.seconds.toFixed(2)} s wall, ${mb(ex.rss)} MB peak RSS (with the search)`
  );
  const fixed = medianRuns(scaledExample(1, true), 'examples/academic-intent/evidence-gate.yml');
  console.log(
    `   the five fixed families only: ${fixed.rows} evidence rows, ${fixed.seconds.toFixed(2)} s wall, ${mb(fixed.rss)} MB peak RSS; target ≤ 1.00 s: ${fixed.seconds <= 1 ? 'met' : 'not met'}\n`
  );

  if (scales.length > 0) {
    console.log("2. Scaling: the fixed-family example's evaluation rows replicated as distinct texts");
    console.log('   scale   evidence rows   wall s   peak RSS MB   µs per row   wall ratio   rows ratio');
    const results = scales.map((factor) => ({
      factor,
      ...(factor === 1 ? fixed : medianRuns(scaledExample(factor, true), 'examples/academic-intent/evidence-gate.yml'))
    }));
    for (const r of results) {
      console.log(
        `   ×${String(r.factor).padEnd(6)}${pad(r.rows, 14)}${pad(r.seconds.toFixed(2), 9)}${pad(mb(r.rss), 14)}${pad(((r.seconds * 1e6) / r.rows).toFixed(1), 13)}${pad((r.seconds / results[0].seconds).toFixed(1), 13)}${pad((r.rows / results[0].rows).toFixed(0), 13)}`
      );
    }
    const [a, b] = results.slice(-2);
    const exponent = (x, y) => (Math.log(y / x) / Math.log(b.rows / a.rows)).toFixed(2);
    console.log(
      `   fitted exponent ×${a.factor} → ×${b.factor} (1.00 = linear): wall ${exponent(a.seconds, b.seconds)}, peak RSS ${exponent(a.rss, b.rss)}\n`
    );
  }

  const root = tempRoot();
  const project = writeEmailProject(root, {
    train: Math.floor(emails / 2),
    evaluate: Math.ceil(emails / 2),
    seed: 20261201
  });
  const egFull = medianRuns(root, project.config);
  const work = await distinctInputs(root);
  const eg = medianRuns(root, project.hashConfig);
  if (work.inputs.length !== work.expected)
    throw new Error(
      `bench: ${work.inputs.length} distinct inputs in the evidence, the manifest counts ${work.expected}`
    );
  console.log(
    `3. E-mail corpus: ${emails} documents (${(project.bytes / 1e6).toFixed(1)} MB; 2–50 kB bodies with headers and HTML), ${eg.rows} evidence rows, ${work.inputs.length} distinct inputs per model`
  );
  const missing = sklearnAvailable();
  if (missing) {
    console.log(
      `   Evidence Gate end to end: ${eg.seconds.toFixed(2)} s, ${mb(eg.rss)} MB peak RSS (output.text: hash); ${egFull.seconds.toFixed(2)} s, ${mb(egFull.rss)} MB (output.text: full)`
    );
    console.log(`   scikit-learn side skipped: ${missing}`);
  } else {
    const train = readFileSync(join(root, 'bench-email/data/train.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const workFile = join(root, 'sklearn-work.json');
    writeFileSync(
      workFile,
      JSON.stringify({
        train: { texts: train.map((r) => r.text), labels: train.map((r) => r.label) },
        inputs: work.inputs
      })
    );
    const sk = Array.from({ length: repeats }, () => sklearnOnce(workFile));
    const part = (k) => median(sk.map((s) => s.seconds[k]));
    const total = part('total');
    const label = (s) => s.padEnd(48);
    console.log(`   ${label('side')}   seconds   peak RSS MB`);
    console.log(
      `   ${label('Evidence Gate, whole run, output.text: hash')}${pad(eg.seconds.toFixed(2), 10)}${pad(mb(eg.rss), 14)}`
    );
    console.log(
      `   ${label('Evidence Gate, whole run, output.text: full')}${pad(egFull.seconds.toFixed(2), 10)}${pad(mb(egFull.rss), 14)}`
    );
    console.log(
      `   ${label(`scikit-learn ${sk[0].sklearn}, fit + scoring only`)}${pad(total.toFixed(2), 10)}${pad(mb(median(sk.map((s) => s.peak_rss_bytes))), 14)}`
    );
    console.log(
      `     naive-bayes ${part('naive-bayes').toFixed(2)} s, tfidf-word ${part('tfidf-word').toFixed(2)} s, tfidf-char ${part('tfidf-char').toFixed(2)} s, hybrid ${part('hybrid').toFixed(2)} s`
    );
    console.log(
      `   ratio scikit-learn / Evidence Gate: ${(total / eg.seconds).toFixed(1)}× with hashed texts, ${(total / egFull.seconds).toFixed(1)}× with full texts (target ≥ 5×)`
    );
  }
  console.log('');
  searchSection();
}

try {
  await main();
} finally {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}
