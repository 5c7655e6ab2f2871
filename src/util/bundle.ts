/** SHA-256 of the running file (the committed bundle in production), for the manifest. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function fileDigest(moduleUrl: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(fileURLToPath(moduleUrl))).digest('hex');
  } catch {
    return null;
  }
}
