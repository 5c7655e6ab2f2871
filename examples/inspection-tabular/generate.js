#!/usr/bin/env node
// Synthetic "inspection measurements" dataset generator (tabular numeric example).
//
// The design (docs/tabular.md describes the attacks run on it):
//
//   * 3,000 items, each with two dimensionless latent values z1, z2 ~ Uniform[0.1, 0.9).
//   * Reference label "1" if z1 + z2 > 1, else "0". The label belongs to the latent
//     item: perturbing an observation later never relabels the item.
//   * Observed features x_k = clip(z_k + N(0, 0.025^2), 0, 1), independently per feature
//     (a deliberately artificial measurement model, not a model of any real sensor).
//   * Rows 1..2000 are the training split, rows 2001..3000 the test split; ids run
//     item-0001 .. item-3000 across both files.
//
// Writes, byte-identically on every run (paths relative to this file):
//   data/train.csv   2,000 rows
//   data/test.csv    1,000 rows
// Format: header `id,x1,x2,label`, features printed with toFixed(6), `\n` line ends,
// final newline, UTF-8 without byte-order mark.
//
// Randomness: one seeded PRNG (mulberry32, SEED below). Gaussian draws use the
// Box-Muller transform on that PRNG. Nothing reads the clock, Math.random, the locale
// or the environment, so the output depends only on this file. The draw order is
// fixed: first all latent pairs (z1, z2) item by item, then all noise pairs (e1, e2)
// item by item.
//
// The script throws (non-zero exit) if a design check fails; see checkDesign().
//
// Usage: node examples/inspection-tabular/generate.js

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

const SEED = 63;
const N_ITEMS = 3000;
const N_TRAIN = 2000;
const LATENT_LO = 0.1;
const LATENT_HI = 0.9;
const NOISE_SD = 0.025;
const FEATURE_LO = 0;
const FEATURE_HI = 1;
const DECIMALS = 6;
const FEATURES = ['x1', 'x2'];

// ---------------------------------------------------------------------------
// PRNG: mulberry32 (Tommy Ettinger, public domain). A 32-bit state advanced by a
// Weyl increment and mixed with two multiply-xorshift rounds; returns floats in
// [0, 1) with 2^-32 resolution. Math.imul and >>> keep every step in exact 32-bit
// integer arithmetic, so the sequence is identical on every platform.
// ---------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRng(seed) {
  const next = mulberry32(seed);
  // Uniform on [lo, hi).
  const uniform = (lo, hi) => lo + (hi - lo) * next();
  // Standard normal via Box-Muller. u1 is taken from (0, 1] (1 - next()) so that
  // log(u1) is finite. Both outputs of each transform are used (cosine branch first,
  // then the cached sine branch), so every two normals consume exactly two uniforms.
  let spare = null;
  const normal = (mean, sd) => {
    if (spare !== null) {
      const z = spare;
      spare = null;
      return mean + sd * z;
    }
    const u1 = 1 - next();
    const u2 = next();
    const r = Math.sqrt(-2 * Math.log(u1));
    const theta = 2 * Math.PI * u2;
    spare = r * Math.sin(theta);
    return mean + sd * r * Math.cos(theta);
  };
  return { next, uniform, normal };
}

const clip = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------
function generate() {
  const rng = makeRng(SEED);
  const latent = [];
  for (let i = 0; i < N_ITEMS; i++) {
    const z1 = rng.uniform(LATENT_LO, LATENT_HI);
    const z2 = rng.uniform(LATENT_LO, LATENT_HI);
    latent.push([z1, z2]);
  }
  const items = [];
  for (let i = 0; i < N_ITEMS; i++) {
    const [z1, z2] = latent[i];
    const e1 = rng.normal(0, NOISE_SD);
    const e2 = rng.normal(0, NOISE_SD);
    items.push({
      id: `item-${String(i + 1).padStart(4, '0')}`,
      x1: clip(z1 + e1, FEATURE_LO, FEATURE_HI),
      x2: clip(z2 + e2, FEATURE_LO, FEATURE_HI),
      // The label is a property of the latent item, fixed before any observation noise.
      label: z1 + z2 > 1 ? '1' : '0'
    });
  }
  return [
    { name: 'train', rows: items.slice(0, N_TRAIN) },
    { name: 'test', rows: items.slice(N_TRAIN) }
  ];
}

function toCsv(rows) {
  const lines = ['id,' + FEATURES.join(',') + ',label'];
  for (const r of rows) {
    lines.push([r.id, ...FEATURES.map((f) => r[f].toFixed(DECIMALS)), r.label].join(','));
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------
// Design checks: counts, id continuity, both labels in each split, finite in-range
// features, and no value that would print as "-0.000000".
// ---------------------------------------------------------------------------
function checkDesign(splits) {
  const fail = (msg) => {
    throw new Error(`design check failed: ${msg}`);
  };
  const all = splits.flatMap((s) => s.rows);
  if (all.length !== N_ITEMS) fail(`expected ${N_ITEMS} rows, got ${all.length}`);
  if (splits[0].rows.length !== N_TRAIN) fail(`train must have ${N_TRAIN} rows`);
  all.forEach((r, i) => {
    const want = `item-${String(i + 1).padStart(4, '0')}`;
    if (r.id !== want) fail(`row ${i + 1} has id ${r.id}, expected ${want}`);
    for (const f of FEATURES) {
      const v = r[f];
      if (!Number.isFinite(v) || v < FEATURE_LO || v > FEATURE_HI) fail(`${r.id} ${f}=${v} out of range`);
      if (v.toFixed(DECIMALS).startsWith('-')) fail(`${r.id} ${f} prints with a sign`);
    }
    if (r.label !== '0' && r.label !== '1') fail(`${r.id} has label ${r.label}`);
  });
  for (const s of splits) {
    for (const label of ['0', '1']) {
      if (!s.rows.some((r) => r.label === label)) fail(`split ${s.name} has no label ${label}`);
    }
  }
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
const splits = generate();
checkDesign(splits);

mkdirSync(join(HERE, 'data'), { recursive: true });
const report = [`inspection-tabular: seed ${SEED}, ${N_ITEMS} items (mulberry32 + Box-Muller)`];
for (const s of splits) {
  const body = toCsv(s.rows);
  const file = join(HERE, 'data', `${s.name}.csv`);
  writeFileSync(file, body, 'utf8');
  const n0 = s.rows.filter((r) => r.label === '0').length;
  const n1 = s.rows.length - n0;
  const range = FEATURES.map((f) => {
    const vals = s.rows.map((r) => r[f]);
    const lo = Math.min(...vals).toFixed(DECIMALS);
    const hi = Math.max(...vals).toFixed(DECIMALS);
    return `${f} [${lo}, ${hi}]`;
  }).join('  ');
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  report.push(
    `  data/${s.name}.csv  ${String(s.rows.length).padStart(4)} rows  ` +
      `${s.rows[0].id}..${s.rows[s.rows.length - 1].id}  label 0: ${n0}  label 1: ${n1}`
  );
  report.push(`    ${range}`);
  report.push(`    sha256 ${digest}`);
}
process.stdout.write(report.join('\n') + '\n');
