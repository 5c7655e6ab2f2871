/**
 * Streams evidence lines to disk in one pass, hashing the uncompressed bytes as they go. Lines
 * are gathered into ~1 MiB chunks (one hash update and one write each). While the file is
 * small it is plain `evidence.jsonl`; once it grows past `gzipAboveBytes` the bytes written so
 * far are fed through gzip (level 6, in the thread pool, beside the evaluation) and every later
 * chunk goes straight to `evidence.jsonl.gz`, whose bytes are hashed too. Node writes a fixed
 * gzip header (no name, mtime 0), so the compressed bytes repeat for the same rows.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { createGzip, type Gzip } from 'node:zlib';

export const EVIDENCE_FILE = 'evidence.jsonl';
export const EVIDENCE_GZ_FILE = 'evidence.jsonl.gz';
export const GZIP_LEVEL = 6;
const CHUNK_BYTES = 1 << 20;

export interface EvidenceFileInfo {
  /** The file kept: evidence.jsonl or evidence.jsonl.gz. */
  file: string;
  rows: number;
  /** SHA-256 and size of the uncompressed rows. */
  sha256: string;
  bytes: number;
  /** SHA-256 and size of the gzip file, when the rows were compressed. */
  gzip: { sha256: string; bytes: number } | null;
}

export class EvidenceWriter {
  private readonly plainPath: string;
  private readonly gzPath: string;
  private readonly hash = createHash('sha256');
  private readonly plain: WriteStream;
  private gzip: { stream: Gzip; out: WriteStream; hash: Hash; bytes: number } | null = null;
  /** In gzip mode every chunk is written through this chain, so chunks keep their order across the hand-over. */
  private tail: Promise<void> | null = null;
  private backpressure: Promise<unknown> | null = null;
  /** The chunk being filled: UTF-8 written straight into a buffer, no joined string in between. */
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private filled = 0;
  private rows = 0;
  private bytes = 0;
  /** A failed write (a full disk) surfaces at the next write, drain or close, not as a crash. */
  private failure: Error | null = null;

  constructor(
    dir: string,
    private readonly gzipAboveBytes: number
  ) {
    this.plainPath = join(dir, EVIDENCE_FILE);
    this.gzPath = join(dir, EVIDENCE_GZ_FILE);
    this.plain = this.watched(createWriteStream(this.plainPath));
  }

  private watched<T extends NodeJS.EventEmitter>(stream: T): T {
    stream.on('error', (error: Error) => {
      this.failure ??= error;
    });
    return stream;
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private readonly fail = (error: unknown): void => {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
  };

  /** Adds one row's line (without the newline). */
  write(line: string): void {
    this.check();
    // A UTF-16 unit takes at most 3 UTF-8 bytes; a line that cannot fit goes in a chunk of its own.
    const most = 3 * line.length + 1;
    if (this.filled + most > this.chunk.length) {
      this.flushPending();
      if (most > this.chunk.length) this.chunk = Buffer.allocUnsafe(most);
    }
    this.filled += this.chunk.write(line, this.filled, 'utf8');
    this.chunk[this.filled++] = 0x0a;
    this.rows++;
  }

  /** Waits until the sink has taken what it was given (call between chunks of work). */
  async drain(): Promise<void> {
    this.check();
    if (this.tail) await this.tail;
    if (this.backpressure) {
      const wait = this.backpressure;
      this.backpressure = null;
      await wait;
    }
    this.check();
  }

  private flushPending(): void {
    if (this.filled === 0) return;
    const chunk = this.chunk.subarray(0, this.filled);
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.filled = 0;
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (this.tail) {
      this.tail = this.tail.then(() => this.writeGzip(chunk)).catch(this.fail);
      return;
    }
    // A waiting promise must never reject unobserved: the error listener has recorded the failure.
    if (!this.plain.write(chunk) && this.backpressure === null) this.backpressure = once(this.plain, 'drain').catch(this.fail);
    if (this.bytes > this.gzipAboveBytes) this.tail = this.startGzip().catch(this.fail);
  }

  private async writeGzip(chunk: Buffer): Promise<void> {
    const stream = (this.gzip as NonNullable<EvidenceWriter['gzip']>).stream;
    if (!stream.write(chunk)) await once(stream, 'drain');
  }

  /** Closes the plain file and re-reads it through gzip; later chunks follow it into the gzip stream. */
  private async startGzip(): Promise<void> {
    this.plain.end();
    await once(this.plain, 'finish');
    this.backpressure = null;
    const stream = this.watched(createGzip({ level: GZIP_LEVEL }));
    const out = this.watched(createWriteStream(this.gzPath));
    const hash = createHash('sha256');
    const gz = { stream, out, hash, bytes: 0 };
    stream.on('data', (data: Buffer) => {
      hash.update(data);
      gz.bytes += data.length;
    });
    stream.pipe(out);
    this.gzip = gz;
    for await (const data of createReadStream(this.plainPath, { highWaterMark: CHUNK_BYTES })) {
      if (!stream.write(data)) await once(stream, 'drain');
    }
  }

  /** Flushes everything and closes the file; returns what the manifest records. */
  async close(): Promise<EvidenceFileInfo> {
    this.flushPending();
    if (this.tail) await this.tail;
    this.check();
    const sha256 = this.hash.digest('hex');
    if (this.gzip) {
      const { stream, out } = this.gzip;
      stream.end();
      await once(out, 'finish');
      this.check();
      await rm(this.plainPath, { force: true });
      return { file: EVIDENCE_GZ_FILE, rows: this.rows, sha256, bytes: this.bytes, gzip: { sha256: this.gzip.hash.digest('hex'), bytes: this.gzip.bytes } };
    }
    this.plain.end();
    await once(this.plain, 'finish');
    this.check();
    return { file: EVIDENCE_FILE, rows: this.rows, sha256, bytes: this.bytes, gzip: null };
  }

  /** Stops writing (on an error); the staging folder that holds the files is discarded by the caller. */
  abort(): void {
    this.plain.destroy();
    this.gzip?.stream.destroy();
    this.gzip?.out.destroy();
  }
}
