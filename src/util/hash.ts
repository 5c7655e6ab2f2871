import * as crypto from 'node:crypto';

/** One-shot hashing (Node 20.12 and later) is several times cheaper than a Hash object for short inputs. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash;

export function sha256Hex(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha256', data, 'hex') : crypto.createHash('sha256').update(data).digest('hex');
}
