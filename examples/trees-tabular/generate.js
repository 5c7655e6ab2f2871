#!/usr/bin/env node
// Synthetic "parcel screening" dataset for the tree-ensemble example (docs/models.md#tree-ensembles).
//
// The design:
//
//   * 2,400 parcels, each with four observed features in [0, 1]:
//       weight     the parcel's weight, scaled
//       value      its declared value, scaled
//       density    weight per volume, scaled
//       distance   how far it travels, scaled (a recorded fact: not editable in the threat model)
//   * A parcel is held for inspection ("hold") when its latent risk is above 0.5, else "release". The risk is
//     piecewise: light parcels of high declared value, and dense parcels that travel far, are risky. The boundary
//     is made of thresholds and one interaction, the kind of rule trees fit and a linear model does not.
//   * Observation noise N(0, 0.03²) is added to each feature after the label is fixed, clipped to [0, 1].
//   * Rows 1..1,800 are the training split, 1,801..2,400 the test split; ids parcel-0001 .. parcel-2400.
//
// Writes, byte-identically on every run: data/train.csv (1,800 rows) and data/test.csv (600 rows), header
// `id,weight,value,density,distance,label`, values with toFixed(6), `\n` line ends, final newline.
// The models in models/ are trained on data/train.csv by train.py (run once; its outputs are committed).
//
// Randomness: one seeded PRNG (mulberry32, SEED below), Gaussian draws by Box-Muller on it; nothing reads the
// clock, Math.random, the locale or the environment. Draw order: all latent features parcel by parcel, then all
// noise parcel by parcel.
//
// Usage: node examples/trees-tabular/generate.js

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SEED = 2512;
const N = 2400;
const N_TRAIN = 1800;
const NOISE_SD = 0.03;
const FEATURES = ['weight', 'value', 'density', 'distance'];

// mulberry32: a 32-bit state advanced by a Weyl increment and mixed by two multiply-xorshift rounds; floats in
// [0, 1) with 2^-32 resolution, identical on every platform (Math.imul and >>> keep 32-bit integer arithmetic).
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
  let spare = null;
  // Box-Muller, both branches used (cosine first): every two normals take two uniforms.
  const normal = (sd) => {
    if (spare !== null) {
      const z = spare;
      spare = null;
      return sd * z;
    }
    const r = Math.sqrt(-2 * Math.log(1 - next()));
    const theta = 2 * Math.PI * next();
    spare = r * Math.sin(theta);
    return sd * r * Math.cos(theta);
  };
  return { next, normal };
}

const clip = (v) => Math.min(1, Math.max(0, v));

/** The latent risk: high value for its weight, or dense and far; a small share of each parcel's own base rate. */
function risk(weight, value, density, distance) {
  const declared = value > 0.55 && weight < 0.45 ? 0.45 : 0;
  const route = density > 0.6 && distance > 0.5 ? 0.4 : 0;
  return 0.2 * value + 0.15 * density + declared + route;
}

function generate() {
  const rng = makeRng(SEED);
  const latent = [];
  for (let i = 0; i < N; i++) latent.push(FEATURES.map(() => rng.next()));
  return latent.map((z, i) => {
    const noisy = z.map((v) => clip(v + rng.normal(NOISE_SD)));
    const row = { id: `parcel-${String(i + 1).padStart(4, '0')}`, label: risk(...z) > 0.5 ? 'hold' : 'release' };
    FEATURES.forEach((f, k) => (row[f] = noisy[k]));
    return row;
  });
}

function toCsv(rows) {
  const lines = ['id,' + FEATURES.join(',') + ',label'];
  for (const r of rows) lines.push([r.id, ...FEATURES.map((f) => r[f].toFixed(6)), r.label].join(','));
  return lines.join('\n') + '\n';
}

const rows = generate();
for (const label of ['hold', 'release'])
  for (const [name, part] of [
    ['train', rows.slice(0, N_TRAIN)],
    ['test', rows.slice(N_TRAIN)]
  ])
    if (!part.some((r) => r.label === label)) throw new Error(`design check failed: ${name} has no ${label}`);

mkdirSync(join(HERE, 'data'), { recursive: true });
const report = [`trees-tabular: seed ${SEED}, ${N} parcels (mulberry32 + Box-Muller)`];
for (const [name, part] of [
  ['train', rows.slice(0, N_TRAIN)],
  ['test', rows.slice(N_TRAIN)]
]) {
  const body = toCsv(part);
  writeFileSync(join(HERE, 'data', `${name}.csv`), body, 'utf8');
  const hold = part.filter((r) => r.label === 'hold').length;
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  report.push(`  data/${name}.csv  ${part.length} rows  hold: ${hold}  release: ${part.length - hold}  sha256 ${digest}`);
}
process.stdout.write(report.join('\n') + '\n');
