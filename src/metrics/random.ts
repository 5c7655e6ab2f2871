/**
 * The one pseudo-random generator used for statistics (bootstrap resampling, docs/definitions.md#metrics).
 *
 * Generator: xoroshiro128+ from pure-rand 8, seeded with a 32-bit value. Every bootstrap
 * cell — (metric name, model, second model or '', condition, scope) — gets its own
 * stream, seeded from a SHA-256 of the run seed and the cell's names, so adding a model,
 * a condition or a split never shifts the draws of another cell, and computing cells in
 * any order gives the same numbers. A stream hands out uniform doubles in [0, 1) built from
 * two 32-bit outputs (53 bits), which the count-based bootstrap turns into binomial draws
 * (binomial.ts); indices for resampling rows one by one (the reference path in the tests)
 * come from pure-rand's unbiased (rejection-sampling) `uniformInt`.
 */
import { sha256Hex } from '../util/hash.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Recorded in the manifest: which generator produced every bootstrap draw. */
export const PRNG_NAME = 'xoroshiro128plus (pure-rand 8)';

/** Recorded in the manifest: how each cell's stream is seeded and how indices are drawn. */
export const STREAM_DERIVATION =
  "seed32 = first 4 bytes, big-endian uint32, of SHA-256(UTF-8([String(seed), metric, model, second model or '', " +
  "condition or '', scope].join('\\u0000'))); " +
  'rng = xoroshiro128plus(seed32); u = (((next() >>> 0) >>> 5) * 2^26 + ((next() >>> 0) >>> 6)) / 2^53, a double ' +
  'in [0, 1) from two 32-bit outputs';

/** Largest n accepted by `nextIndex` (pure-rand draws from one 32-bit output below this). */
const MAX_RANGE = 0x1_0000_0000;

/** A stream of uniform indices; stateful — each call advances it. */
export interface IndexStream {
  /** A uniform integer in [0, n), n a positive integer ≤ 2^32. */
  nextIndex(n: number): number;
}

/** A stream of uniform doubles; stateful — each call advances it. */
export interface UniformStream {
  /** A uniform double in [0, 1) with 53 random bits, from two 32-bit outputs. */
  nextUniform(): number;
}

const TWO_26 = 67108864;
const TWO_53 = 9007199254740992;

/** The names of one bootstrap cell, in the fixed order the seed derivation uses. */
interface StreamCell {
  metric: string;
  model: string;
  /** The second model of a paired comparison; '' (or omitted) otherwise. */
  secondModel?: string;
  /** '' (or omitted) for metrics that are not per condition. */
  condition?: string;
  scope: string;
}

/** `[metric, model, secondModel ?? '', condition ?? '', scope]` — the `parts` for a cell. */
export function cellParts(cell: StreamCell): string[] {
  return [cell.metric, cell.model, cell.secondModel ?? '', cell.condition ?? '', cell.scope];
}

/**
 * 32-bit seed of one stream: the first 4 bytes (big-endian, as an unsigned integer) of
 * SHA-256 over the UTF-8 of `[String(seed), ...parts].join('\u0000')`. pure-rand reduces
 * the seed to int32 itself, so the unsigned and the `| 0` forms seed identical streams.
 */
export function streamSeed(seed: number, parts: readonly string[]): number {
  return parseInt(sha256Hex([String(seed), ...parts].join('\u0000')).slice(0, 8), 16);
}

/**
 * A fresh, independent index stream for one cell (see `streamSeed`). Throws a RangeError
 * when `nextIndex` is asked for a range that is not a positive integer ≤ 2^32.
 */
export function createStream(seed: number, parts: readonly string[]): IndexStream & UniformStream {
  const rng = xoroshiro128plus(streamSeed(seed, parts));
  return {
    nextUniform(): number {
      const high = (rng.next() >>> 0) >>> 5;
      const low = (rng.next() >>> 0) >>> 6;
      return (high * TWO_26 + low) / TWO_53;
    },
    nextIndex(n: number): number {
      // No global lookups here (Number.isInteger, …): this is the bootstrap's innermost call,
      // and globals are slow inside sandboxed contexts such as jest's.
      if (!(n >= 1 && n <= MAX_RANGE && n % 1 === 0))
        throw new RangeError(`nextIndex needs a positive integer range ≤ 2^32, got ${n}`);
      return uniformInt(rng, 0, n - 1);
    }
  };
}
