/**
 * The statistics PRNG. Expected seeds and indices come from scripts/golden/bootstrap.py:
 * hashlib for the seed derivation and a from-scratch 64-bit xoroshiro128+ (reference C
 * algorithm) plus pure-rand's rejection rule for the indices.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { cellParts, createStream, PRNG_NAME, STREAM_DERIVATION, streamSeed } from '../../src/metrics/random.js';
import { REPO_ROOT } from '../helpers.js';

interface StreamCase {
  seed: number;
  parts: string[];
  stream_seed: number;
  indices: Record<string, number[]>;
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
  streams: StreamCase[];
};

function draws(seed: number, parts: readonly string[], n: number, k: number): number[] {
  const stream = createStream(seed, parts);
  return Array.from({ length: k }, () => stream.nextIndex(n));
}

describe('stream seeds', () => {
  test('SHA-256 of [seed, ...parts] joined by NUL, first 4 bytes big-endian (golden, hashlib)', () => {
    expect(golden.streams.length).toBeGreaterThanOrEqual(8);
    for (const c of golden.streams) expect(streamSeed(c.seed, c.parts)).toBe(c.stream_seed);
  });

  test('a seed is a uint32 and every part, position and the run seed matter', () => {
    const base = streamSeed(42, ['delta', 'm', '', 'format', 'all']);
    expect(Number.isInteger(base) && base >= 0 && base < 2 ** 32).toBe(true);
    const variants = [
      streamSeed(43, ['delta', 'm', '', 'format', 'all']),
      streamSeed(42, ['delta', 'm2', '', 'format', 'all']),
      streamSeed(42, ['delta', 'm', 'x', 'format', 'all']),
      streamSeed(42, ['delta', 'm', '', 'append', 'all']),
      streamSeed(42, ['delta', 'm', '', 'format', 'challenge']),
      streamSeed(42, ['accuracy', 'm', '', 'format', 'all']),
      streamSeed(42, ['m', 'delta', '', 'format', 'all'])
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  test('cellParts fixes the order (metric, model, second model, condition, scope) with "" for absent names', () => {
    expect(cellParts({ metric: 'delta', model: 'nb', condition: 'format', scope: 'all' })).toEqual([
      'delta',
      'nb',
      '',
      'format',
      'all'
    ]);
    expect(cellParts({ metric: 'paired', model: 'nb', secondModel: 'tfidf', scope: 'challenge' })).toEqual([
      'paired',
      'nb',
      'tfidf',
      '',
      'challenge'
    ]);
  });

  test('the manifest constants name the generator and describe the derivation on one line', () => {
    expect(PRNG_NAME).toBe('xoroshiro128plus (pure-rand 8)');
    expect(STREAM_DERIVATION).toMatch(/SHA-256/);
    expect(STREAM_DERIVATION).toMatch(/xoroshiro128plus/);
    expect(STREAM_DERIVATION).not.toMatch(/\n/);
  });
});

describe('index streams', () => {
  test('indices equal an independent xoroshiro128+ with pure-rand seeding and rejection (golden)', () => {
    let checked = 0;
    for (const c of golden.streams) {
      for (const [n, expected] of Object.entries(c.indices)) {
        expect(draws(c.seed, c.parts, Number(n), expected.length)).toEqual(expected);
        checked += expected.length;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test('same seed and parts → same sequence; other parts → another sequence', () => {
    const parts = ['delta', 'nb', '', 'format', 'all'];
    expect(draws(7, parts, 184, 200)).toEqual(draws(7, parts, 184, 200));
    expect(draws(7, parts, 184, 200)).not.toEqual(draws(7, ['delta', 'nb', '', 'format', 'challenge'], 184, 200));
    expect(draws(7, parts, 184, 200)).not.toEqual(draws(8, parts, 184, 200));
  });

  test('streams are independent objects: interleaving two cells changes neither', () => {
    const x = ['delta', 'nb', '', 'format', 'all'];
    const y = ['delta', 'tfidf', '', 'format', 'all'];
    const alone = draws(1, x, 50, 100);
    const sx = createStream(1, x);
    const sy = createStream(1, y);
    const interleaved: number[] = [];
    for (let i = 0; i < 100; i++) {
      sy.nextIndex(13);
      interleaved.push(sx.nextIndex(50));
      sy.nextIndex(7);
    }
    expect(interleaved).toEqual(alone);
  });

  test('the unsigned seed and its int32 form seed the same pure-rand stream', () => {
    const s = streamSeed(42, ['delta', 'nb', '', 'format', 'all']);
    const a = xoroshiro128plus(s);
    const b = xoroshiro128plus(s | 0);
    for (let i = 0; i < 50; i++) expect(a.next()).toBe(b.next());
  });

  test('indices stay in [0, n) and are roughly uniform', () => {
    const stream = createStream(3, ['uniformity']);
    const bins = new Array<number>(10).fill(0);
    const total = 100_000;
    for (let i = 0; i < total; i++) {
      const k = stream.nextIndex(10);
      expect(k >= 0 && k < 10 && Number.isInteger(k)).toBe(true);
      bins[k] = (bins[k] as number) + 1;
    }
    // Chi-square with 9 degrees of freedom: P(χ² > 27.88) ≈ 0.001.
    const expected = total / 10;
    const chi2 = bins.reduce((s, b) => s + (b - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
    expect(createStream(3, ['one']).nextIndex(1)).toBe(0);
  });

  test('a range that is not a positive integer ≤ 2^32 is rejected', () => {
    const stream = createStream(1, []);
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 32 + 1])
      expect(() => stream.nextIndex(bad)).toThrow(RangeError);
    expect(stream.nextIndex(2 ** 32)).toBeLessThan(2 ** 32);
  });
});
