/**
 * Reads an evidence file back line by line, plain or gzipped, in bounded memory, and hashes the
 * file's bytes and the uncompressed bytes on the way so a caller can check both digests against
 * a manifest once the last line is read.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

export interface ReadDigests {
  /** SHA-256 and size of the uncompressed content. */
  sha256: string;
  bytes: number;
  /** SHA-256 and size of the file as stored (equal to the above for a plain file). */
  fileSha256: string;
  fileBytes: number;
  /** Whether the content ended with a newline (a truncated file usually does not). */
  endsWithNewline: boolean;
}

export interface EvidenceLines {
  lines: AsyncGenerator<string>;
  /** Available once `lines` is exhausted. */
  digests(): ReadDigests;
}

/** Lines of `path` (without their newline); gzip when the name ends in .gz. A trailing newline gives no empty last line. */
export function readEvidenceLines(path: string): EvidenceLines {
  const fileHash = createHash('sha256');
  const hash = createHash('sha256');
  let fileBytes = 0;
  let bytes = 0;
  let last = 0x0a;
  let done: ReadDigests | null = null;
  async function* lines(): AsyncGenerator<string> {
    const file = createReadStream(path, { highWaterMark: 1 << 20 });
    const gz = path.endsWith('.gz');
    let source: AsyncIterable<Buffer> = file;
    if (gz) {
      // pipe() reads with 'data' events too, so this listener sees every compressed chunk.
      file.on('data', (chunk) => {
        fileHash.update(chunk as Buffer);
        fileBytes += (chunk as Buffer).length;
      });
      const gunzip = createGunzip();
      file.on('error', (e) => gunzip.destroy(e));
      source = file.pipe(gunzip);
    }
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for await (const chunk of source) {
      if (gz) hash.update(chunk);
      else {
        fileHash.update(chunk);
        fileBytes += chunk.length;
      }
      bytes += chunk.length;
      if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
      const text = rest + decoder.write(chunk);
      const parts = text.split('\n');
      rest = parts.pop() as string;
      for (const line of parts) yield line;
    }
    rest += decoder.end();
    if (rest !== '') yield rest;
    const fileDigest = fileHash.digest('hex');
    done = { sha256: gz ? hash.digest('hex') : fileDigest, bytes, fileSha256: fileDigest, fileBytes, endsWithNewline: last === 0x0a };
  }
  return {
    lines: lines(),
    digests: () => {
      if (done === null) throw new Error('evidence digests are known only after the last line');
      return done;
    }
  };
}
