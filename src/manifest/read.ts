/**
 * What every reader of an output folder written earlier shares: the error for a folder that is
 * not a readable Evidence Gate output, and schema-version parsing. The folder itself is read by
 * evidence/output-folder.ts.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** A folder that is not a readable Evidence Gate output of a schema this build knows. */
export class ArtifactError extends UsageError {}

/** The integer major version of a schema_version value ("2", 2, "2.1" → 2), or null. */
export function majorVersion(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)*$/.test(value)) return Number(value.split('.')[0]);
  return null;
}

/** SHA-256 of a file, read in chunks. */
export function fileSha256(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let n = readSync(fd, buffer, 0, buffer.length, null); n > 0; n = readSync(fd, buffer, 0, buffer.length, null))
      hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
