/** Streams evidence rows to disk with backpressure, hashing the bytes as they are written. */
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export class JsonlWriter {
  private readonly stream: WriteStream;
  private readonly hash = createHash('sha256');
  private count = 0;
  private bytes = 0;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { encoding: 'utf8' });
  }

  async write(line: string): Promise<void> {
    const chunk = line + '\n';
    this.hash.update(chunk, 'utf8');
    this.count++;
    this.bytes += Buffer.byteLength(chunk, 'utf8');
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Close the file; returns its SHA-256, row count and byte size. */
  async close(): Promise<{ sha256: string; rows: number; bytes: number }> {
    this.stream.end();
    await once(this.stream, 'finish');
    return { sha256: this.hash.digest('hex'), rows: this.count, bytes: this.bytes };
  }
}
