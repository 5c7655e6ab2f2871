/**
 * The single source of randomness for perturbations. A choice is a pure function of
 * (seed, family, example id, position): hashing those four values, and nothing else,
 * keeps every candidate independent of row order and of the other rows in the data.
 */
import * as crypto from 'node:crypto';

const TWO_TO_32 = 4294967296;

type OneShotHash = (algorithm: string, data: string, outputEncoding: 'buffer') => Buffer;
// `crypto.hash` (Node ≥ 20.12) is several times cheaper than createHash for short inputs.
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

function sha256(text: string): Buffer {
  return oneShot ? oneShot('sha256', text, 'buffer') : crypto.createHash('sha256').update(text, 'utf8').digest();
}

/**
 * A number in [0, 1): the first four bytes (big-endian unsigned) of
 * SHA-256(UTF-8 of `${seed}\0${family}\0${id}\0${position}`), divided by 2^32.
 * `position` names the choice inside the row, e.g. a word index or `"3:swap"`.
 */
export function decide(seed: number, family: string, id: string, position: string | number): number {
  return sha256(`${seed}\u0000${family}\u0000${id}\u0000${position}`).readUInt32BE(0) / TWO_TO_32;
}
