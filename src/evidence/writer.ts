/** Streams evidence rows to disk with backpressure, hashing the bytes as they are written. */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { once } from 'node:events';

export class JsonlWriter {
  private readonly stream: WriteStream;
  private readonly hash = createHash('sha256');
  private count = 0;
  private bytes = 0;
  /** A failed write (a full disk) surfaces here, at the next write() or close(), not as a crash. */
  private failure: Error | null = null;

  constructor(readonly path: string) {
    // A large buffer: rows are small and many, and each drain wait costs a turn of the event loop.
    this.stream = createWriteStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  async write(line: string): Promise<void> {
    if (this.failure) throw this.failure;
    const chunk = line + '\n';
    this.hash.update(chunk, 'utf8');
    this.count++;
    this.bytes += Buffer.byteLength(chunk, 'utf8');
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Close the file; returns its SHA-256, row count and byte size. */
  async close(): Promise<{ sha256: string; rows: number; bytes: number }> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, 'finish');
    return { sha256: this.hash.digest('hex'), rows: this.count, bytes: this.bytes };
  }
}

/**
 * Replace `path` by `path.gz` (gzip, level 9); returns the compressed file's SHA-256 and size.
 * Node writes a fixed gzip header (no name, mtime 0), so the bytes repeat for the same input.
 */
export async function gzipFile(path: string): Promise<{ path: string; sha256: string; bytes: number }> {
  const target = `${path}.gz`;
  const hash = createHash('sha256');
  let bytes = 0;
  const gzip = createGzip({ level: 9 });
  gzip.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  await pipeline(createReadStream(path), gzip, createWriteStream(target));
  await rm(path);
  return { path: target, sha256: hash.digest('hex'), bytes };
}
