// Head-to-head timing of CLI variants on the bundled example, runs alternated so that a machine
// whose speed drifts (a shared VM) slows every variant alike. Each variant is a CLI bundle plus
// environment settings; the first is the reference the ratios are taken against.
//
//   node scripts/bench/head-to-head.js [--runs 8] [--scale 1] \
//     --variant 'this build=dist/cli/index.js' \
//     --variant 'no compile cache=dist/cli/index.js,NODE_DISABLE_COMPILE_CACHE=1' \
//     --variant 'release=/tmp/old/dist/cli/index.js'
//
// --scale N replicates the example's evaluation rows N times as distinct texts (as `npm run bench`
// does); --fixed-only takes the adaptive search out of the example's config. Every variant gets its own compile-cache folder and one unmeasured warm-up run. Printed
// per variant: wall seconds (median, min, max), CPU seconds of the process and its threads
// (user + system, median; from /usr/bin/time when present) and the ratio of medians to the first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = option('--runs', 8);
const scale = option('--scale', 1);
const variants = args
  .map((a, i) => (a === '--variant' ? args[i + 1] : null))
  .filter((v) => v !== null)
  .map((spec) => {
    const [label, rest] = spec.split(/=(.*)/s);
    const [cli, ...settings] = rest.split(',');
    const env = Object.fromEntries(settings.map((s) => s.split(/=(.*)/s)));
    return { label, cli: resolve(cli), env, wall: [], cpu: [] };
  });
if (variants.length < 2) {
  console.error("head-to-head: give at least two --variant 'label=cli[,VAR=value…]'");
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'eg-h2h-'));
const root = join(scratch, 'project');
cpSync(join(repo, 'examples/academic-intent'), join(root, 'examples/academic-intent'), { recursive: true });
if (args.includes('--fixed-only')) {
  const config = join(root, 'examples/academic-intent/evidence-gate.yml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace(/^ *#[^\n]*\n(?= *search:)/m, '')
      .replace(/^ *search: .*\n/m, '')
  );
}
if (scale > 1) {
  for (const split of ['controlled', 'challenge']) {
    const file = join(root, 'examples/academic-intent/data', `${split}.jsonl`);
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const out = [];
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        out.push(JSON.stringify({ ...r, id: `${r.id}-${k}`, text: k === 0 ? r.text : `${r.text} (${k})` }));
    writeFileSync(file, out.join('\n') + '\n');
  }
}
const timeTool = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function once(variant, index) {
  const env = { ...process.env, NODE_COMPILE_CACHE: join(scratch, `cache-${index}`) };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  Object.assign(env, variant.env);
  const command = [
    variant.cli,
    'run',
    '--config',
    'examples/academic-intent/evidence-gate.yml',
    '--out',
    `out-${index}`,
    '--quiet'
  ];
  const started = performance.now();
  const r = timeTool
    ? spawnSync(timeTool, ['-f', 'EG_H2H_CPU %U %S', process.execPath, ...command], {
        cwd: root,
        env,
        encoding: 'utf8'
      })
    : spawnSync(process.execPath, command, { cwd: root, env, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`head-to-head: ${variant.label} exited ${r.status}: ${r.stderr}`);
  const m = /EG_H2H_CPU ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : NaN };
}

const low = (xs) => xs.reduce((a, b) => (b < a ? b : a));
const high = (xs) => xs.reduce((a, b) => (b > a ? b : a));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

variants.forEach((v, i) => once(v, i));
for (let round = 0; round < runs; round++) {
  // Alternate the order too, so that no variant always runs right after the same one.
  const order = round % 2 === 0 ? variants.map((_, i) => i) : variants.map((_, i) => variants.length - 1 - i);
  for (const i of order) {
    const r = once(variants[i], i);
    variants[i].wall.push(r.wall);
    variants[i].cpu.push(r.cpu);
  }
}

const digest = (v) => readFileSync(join(root, `out-${variants.indexOf(v)}`, 'metrics.json'), 'utf8');
const same = variants.every((v) => digest(v) === digest(variants[0]));
console.log(
  `head-to-head: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}; example ×${scale}${args.includes('--fixed-only') ? ' (fixed families only)' : ''}; ${runs} alternated runs per variant after one warm-up`
);
console.log('variant'.padEnd(28) + 'wall median   min     max     cpu median   ratio (wall)');
const ref = median(variants[0].wall);
for (const v of variants) {
  const w = median(v.wall);
  console.log(
    v.label.padEnd(28) +
      `${w.toFixed(3).padStart(8)} s ${low(v.wall).toFixed(3).padStart(7)} ${high(v.wall).toFixed(3).padStart(7)}   ${median(v.cpu).toFixed(2).padStart(7)} s   ${(w / ref).toFixed(3)}`
  );
}
console.log(same ? 'metrics.json identical across variants' : 'WARNING: metrics.json differs between variants');
rmSync(scratch, { recursive: true, force: true });
