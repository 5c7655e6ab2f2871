#!/usr/bin/env node
// Synthetic "grading" dataset generator: the three-label tabular example.
//
// Design (deliberately artificial, for comparing tabular attacks against `exact`):
//   * 1,800 items, each with three hidden values z1, z2 ~ Uniform[0.1, 0.9) and a hidden
//     age z3 ~ Uniform[0, 1).
//   * Grade from s = z1 + z2 + 0.4·z3: "a" when s < 0.9, "b" when s < 1.3, else "c".
//     The grade belongs to the hidden item; perturbing the observed features never
//     regrades it.
//   * Observed x1, x2 = clip(z + N(0, 0.02²), 0, 1); observed age = z3 exactly (a recorded
//     date, not a measurement: the threat model makes it non-editable).
//   * Rows 1..1200 train, rows 1201..1800 test; ids lot-0001 .. lot-1800 across both files.
//
// Writes data/train.csv and data/test.csv byte-identically on every run: header
// `id,x1,x2,age,label`, features with toFixed(6), `\n` line ends, final newline.
// Randomness: mulberry32 seeded with SEED, Box–Muller for the Gaussian noise; draw order:
// all (z1, z2, z3) item by item, then all noise pairs item by item. Throws if a design
// check fails.
//
// Usage: node examples/grading-tabular/generate.js

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

const SEED = 2020;
const N_ITEMS = 1800;
const N_TRAIN = 1200;
const NOISE_SD = 0.02;
const DECIMALS = 6;
const FEATURES = ['x1', 'x2', 'age'];
const LABELS = ['a', 'b', 'c'];

// mulberry32 (public domain): 32-bit state, exact integer arithmetic, floats in [0, 1).
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
  const uniform = (lo, hi) => lo + (hi - lo) * next();
  let spare = null;
  // Box–Muller; both branches used (cosine first), u1 from (0, 1] so log(u1) is finite.
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
  return { uniform, normal };
}

const clip = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

function grade(s) {
  return s < 0.9 ? 'a' : s < 1.3 ? 'b' : 'c';
}

function generate() {
  const rng = makeRng(SEED);
  const latent = [];
  for (let i = 0; i < N_ITEMS; i++) latent.push([rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9), rng.uniform(0, 1)]);
  const items = latent.map(([z1, z2, z3], i) => {
    const e1 = rng.normal(0, NOISE_SD);
    const e2 = rng.normal(0, NOISE_SD);
    return {
      id: `lot-${String(i + 1).padStart(4, '0')}`,
      x1: clip(z1 + e1, 0, 1),
      x2: clip(z2 + e2, 0, 1),
      age: z3,
      label: grade(z1 + z2 + 0.4 * z3)
    };
  });
  return [
    { name: 'train', rows: items.slice(0, N_TRAIN) },
    { name: 'test', rows: items.slice(N_TRAIN) }
  ];
}

function toCsv(rows) {
  const lines = ['id,' + FEATURES.join(',') + ',label'];
  for (const r of rows) lines.push([r.id, ...FEATURES.map((f) => r[f].toFixed(DECIMALS)), r.label].join(','));
  return lines.join('\n') + '\n';
}

function checkDesign(splits) {
  const fail = (msg) => {
    throw new Error(`design check failed: ${msg}`);
  };
  const all = splits.flatMap((s) => s.rows);
  if (all.length !== N_ITEMS) fail(`expected ${N_ITEMS} rows, got ${all.length}`);
  for (const r of all) {
    for (const f of FEATURES) {
      const v = r[f];
      if (!Number.isFinite(v) || v < 0 || v > 1) fail(`${r.id} ${f}=${v} out of range`);
      if (v.toFixed(DECIMALS).startsWith('-')) fail(`${r.id} ${f} prints with a sign`);
    }
  }
  for (const s of splits) for (const label of LABELS) if (!s.rows.some((r) => r.label === label)) fail(`split ${s.name} has no label ${label}`);
}

const splits = generate();
checkDesign(splits);
mkdirSync(join(HERE, 'data'), { recursive: true });
const report = [`grading-tabular: seed ${SEED}, ${N_ITEMS} items (mulberry32 + Box-Muller)`];
for (const s of splits) {
  const body = toCsv(s.rows);
  writeFileSync(join(HERE, 'data', `${s.name}.csv`), body, 'utf8');
  const counts = LABELS.map((l) => `${l}: ${s.rows.filter((r) => r.label === l).length}`).join('  ');
  report.push(`  data/${s.name}.csv  ${String(s.rows.length).padStart(4)} rows  ${counts}`);
  report.push(`    sha256 ${createHash('sha256').update(body, 'utf8').digest('hex')}`);
}
process.stdout.write(report.join('\n') + '\n');
