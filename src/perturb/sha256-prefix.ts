/**
 * SHA-256 (FIPS 180-4) for many short messages that share a prefix, returning only the first
 * 32 bits of the digest, which is all a perturbation choice reads (decision.ts). The prefix's
 * complete 64-byte blocks are compressed once; each message then costs one or two compressions
 * in plain integer arithmetic, with no call into the crypto binding. A test compares it with
 * node:crypto on random prefixes and suffixes across every block boundary.
 */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
]);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
]);

const encoder = new TextEncoder();
const W = new Int32Array(64);

/** Compresses the 64-byte block at `bytes[offset…]` into `state`. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const i = offset + 4 * t;
    W[t] =
      ((bytes[i] as number) << 24) |
      ((bytes[i + 1] as number) << 16) |
      ((bytes[i + 2] as number) << 8) |
      (bytes[i + 3] as number);
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + (K[t] as number) + (W[t] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

export class PrefixHash {
  /** The state after the prefix's complete blocks. */
  private readonly mid = new Int32Array(IV);
  /** Bytes the prefix has compressed so far. */
  private readonly done: number;
  private readonly state = new Int32Array(8);
  /** The prefix's last partial block, then each suffix and the padding. */
  private buffer = new Uint8Array(256);
  private readonly tail: number;

  /** `prefix` must not end with a high surrogate (a suffix could complete the pair); decide's ends with NUL. */
  constructor(readonly prefix: string) {
    const lastUnit = prefix.charCodeAt(prefix.length - 1);
    if (lastUnit >= 0xd800 && lastUnit <= 0xdbff)
      throw new Error('PrefixHash: a prefix cannot end with a high surrogate');
    const bytes = encoder.encode(prefix);
    const full = bytes.length - (bytes.length % 64);
    for (let offset = 0; offset < full; offset += 64) compress(this.mid, bytes, offset);
    this.done = full;
    this.tail = bytes.length - full;
    this.buffer.set(bytes.subarray(full));
  }

  /** The first four bytes, big-endian, of SHA-256(UTF-8 of prefix + suffix), as an unsigned number. */
  first32(suffix: string): number {
    let n = this.tail;
    // ASCII is written directly; anything else goes through the encoder.
    if (n + 3 * suffix.length + 72 > this.buffer.length) this.grow(n + 3 * suffix.length + 72);
    const buffer = this.buffer;
    let ascii = true;
    for (let i = 0; i < suffix.length; i++) {
      const c = suffix.charCodeAt(i);
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      buffer[n + i] = c;
    }
    n += ascii ? suffix.length : encoder.encodeInto(suffix, buffer.subarray(n)).written;
    const bits = (this.done + n) * 8;
    buffer[n++] = 0x80;
    const end = Math.ceil((n + 8) / 64) * 64;
    buffer.fill(0, n, end - 8);
    // The length in bits as a 64-bit big-endian number (messages here stay far below 2^53 bits).
    const high = Math.floor(bits / 4294967296);
    buffer[end - 8] = high >>> 24;
    buffer[end - 7] = (high >>> 16) & 0xff;
    buffer[end - 6] = (high >>> 8) & 0xff;
    buffer[end - 5] = high & 0xff;
    buffer[end - 4] = (bits >>> 24) & 0xff;
    buffer[end - 3] = (bits >>> 16) & 0xff;
    buffer[end - 2] = (bits >>> 8) & 0xff;
    buffer[end - 1] = bits & 0xff;
    const state = this.state;
    state.set(this.mid);
    for (let offset = 0; offset < end; offset += 64) compress(state, buffer, offset);
    return (state[0] as number) >>> 0;
  }

  private grow(least: number): void {
    const bigger = new Uint8Array(2 * least);
    bigger.set(this.buffer.subarray(0, this.tail));
    this.buffer = bigger;
  }
}
