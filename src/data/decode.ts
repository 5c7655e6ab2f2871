/** Strict UTF-8 decoding that reports where the first invalid byte sits. */
import { DataError } from '../errors.js';
import { visiblePath } from '../util/visible.js';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Where the first invalid byte sits, and a message for it; null when `bytes` is valid UTF-8. */
export function invalidUtf8At(bytes: Uint8Array): { line: number; column: number; message: string } | null {
  const at = firstInvalidUtf8(bytes);
  if (at < 0) return null;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return {
    line,
    column: at - lineStart + 1,
    message: `invalid UTF-8 (byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}); expected UTF-8 text`
  };
}

/** Decode a data file; strips a leading byte-order mark; invalid UTF-8 is a `file:line:column` error. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    const text = fatal.decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const bad = invalidUtf8At(bytes);
    throw new DataError(
      `${visiblePath(file)}:${bad?.line ?? 1}:${bad?.column ?? 1}: ` +
        `${bad?.message ?? 'invalid UTF-8; expected UTF-8 text'}`
    );
  }
}
