/**
 * Which shard evaluates an example (docs/definitions.md#shards): the first 8 bytes of SHA-256 of the UTF-8 of
 * `split + "\0" + id`, read as a big-endian unsigned 64-bit integer, modulo the shard count.
 * Shard K of N (1-based) takes the examples whose remainder is K − 1.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../errors.js';

export interface ShardSpec {
  /** 1-based. */
  index: number;
  count: number;
}

export const SHARD_RULE = 'uint64(first 8 bytes of SHA-256(UTF-8(split + "\\0" + id)), big-endian) mod N = K - 1';

export function shardOf(split: string, id: string, count: number): number {
  const digest = createHash('sha256').update(`${split}\0${id}`, 'utf8').digest();
  return Number(digest.readBigUInt64BE(0) % BigInt(count)) + 1;
}

/** Reads "K/N" (1 ≤ K ≤ N ≤ 1000). */
export function parseShard(text: string, what: string): ShardSpec {
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1 && count <= 1000 && index >= 1 && index <= count)) {
    throw new UsageError(
      `${what}: expected K/N with 1 ≤ K ≤ N ≤ 1000 (e.g. 2/4), found ${JSON.stringify(text.slice(0, 40))}`
    );
  }
  return { index, count };
}
