/**
 * The single source of randomness for perturbations. A choice is a pure function of
 * (seed, family, example id, position): hashing those four values, and nothing else,
 * keeps every candidate independent of row order and of the other rows in the data.
 */
import { PrefixHash } from './sha256-prefix.js';

const TWO_TO_32 = 4294967296;

// A row's choices come one after the other with the same (seed, family, id): the prefix's hash
// state is kept for the last one.
let last: PrefixHash | null = null;

/**
 * A number in [0, 1): the first four bytes (big-endian unsigned) of
 * SHA-256(UTF-8 of `${seed}\0${family}\0${id}\0${position}`), divided by 2^32.
 * `position` names the choice inside the row, e.g. a word index or `"3:swap"`.
 */
export function decide(seed: number, family: string, id: string, position: string | number): number {
  const prefix = `${seed}\u0000${family}\u0000${id}\u0000`;
  if (last === null || last.prefix !== prefix) last = new PrefixHash(prefix);
  return last.first32(String(position)) / TWO_TO_32;
}
