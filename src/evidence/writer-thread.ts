/**
 * The half of the evidence writer that runs off the evaluation's thread (writer.ts holds the
 * other half): it receives filled chunks in order, hashes the uncompressed bytes, writes them
 * plain until they pass the gzip threshold, then re-reads what it wrote through gzip (level 6)
 * and sends every later chunk into the same gzip stream, hashing the compressed bytes too.
 *
 * It serves one message port: a worker's parentPort in the bundles (writer-worker.ts is that
 * worker's entry), or one end of a MessageChannel on the main thread when there is no bundle
 * to start a worker from (tests, library use).
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, createReadStream, createWriteStream, openSync, rmSync, writeSync, type WriteStream } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { createGzip, type Gzip } from 'node:zlib';

export interface WriterSetup {
  plainPath: string;
  gzPath: string;
  gzipAboveBytes: number;
  level: number;
}

export type WriterRequest = { chunk: Uint8Array } | { close: true };

/**
 * What the writer's worker is started with: its setup, and the port it serves (writer.ts reads the other end
 * synchronously).
 */
export interface WriterThreadData {
  setup: WriterSetup;
  port: MessagePort;
}

interface ThreadError {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
}

export interface Closed {
  file: 'plain' | 'gz';
  sha256: string;
  bytes: number;
  gzip: { sha256: string; bytes: number } | null;
}

/**
 * Sent after each chunk (`done`: its bytes, and the chunk's memory handed back for the next rows
 * when the chunk owned it), once at the end (`closed`), or once on a failure (`error`).
 */
export type WriterReply = { done: number; chunk?: ArrayBuffer } | { closed: Closed } | { error: ThreadError };

/** The port the server answers on: what a worker's parentPort and a MessagePort both offer. */
interface WriterPort {
  postMessage(reply: WriterReply, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (request: WriterRequest) => void): unknown;
}

interface GzipState {
  stream: Gzip;
  out: WriteStream;
  hash: Hash;
  bytes: number;
  error: Error | null;
}

export class WriterServer {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private plainFd = -1;
  private gzip: GzipState | null = null;
  private failed = false;
  /** Requests are handled one after the other, in the order they were sent. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly port: WriterPort,
    private readonly setup: WriterSetup
  ) {
    port.on('message', (m) => {
      this.queue = this.queue
        .then(() => (this.failed ? undefined : 'close' in m ? this.onClose() : this.onChunk(m.chunk)))
        .catch((e: unknown) => this.fail(e));
    });
    try {
      this.plainFd = openSync(setup.plainPath, 'w');
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    const e = error as Partial<NodeJS.ErrnoException> | null;
    this.port.postMessage({
      error: { message: String(e?.message ?? error), code: e?.code, syscall: e?.syscall, path: e?.path }
    });
  }

  private async startGzip(): Promise<void> {
    closeSync(this.plainFd);
    this.plainFd = -1;
    const stream = createGzip({ level: this.setup.level });
    const out = createWriteStream(this.setup.gzPath);
    const state: GzipState = { stream, out, hash: createHash('sha256'), bytes: 0, error: null };
    stream.on('data', (d: Buffer) => {
      state.hash.update(d);
      state.bytes += d.length;
    });
    stream.on('error', (e) => (state.error ??= e));
    // A failed file write stops the gzip stream too, so a wait for its 'drain' ends with the error.
    out.on('error', (e) => {
      state.error ??= e;
      stream.destroy(e);
    });
    stream.pipe(out);
    this.gzip = state;
    for await (const data of createReadStream(this.setup.plainPath, { highWaterMark: 1 << 20 }))
      await this.gzWrite(data as Buffer);
  }

  /** Resolves once gzip has consumed `data` (the write's callback), so that its memory can be reused. */
  private async gzWrite(data: Uint8Array): Promise<void> {
    const gzip = this.gzip as GzipState;
    if (gzip.error) throw gzip.error;
    await new Promise<void>((resolve, reject) =>
      gzip.stream.write(data, (error) => (error ? reject(error) : resolve()))
    );
    if (gzip.error) throw gzip.error;
  }

  private async onChunk(chunk: Uint8Array): Promise<void> {
    const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.hash.update(data);
    this.bytes += data.length;
    if (this.gzip) await this.gzWrite(data);
    else {
      for (let offset = 0; offset < data.length;) offset += writeSync(this.plainFd, data, offset, data.length - offset);
      if (this.bytes > this.setup.gzipAboveBytes) await this.startGzip();
    }
    // The chunk goes back to be filled again: fresh memory costs a page fault per 4 KiB on its
    // first write (docs/performance.md#fresh-memory), reused memory does not.
    const whole = chunk.byteOffset === 0 ? (chunk.buffer as ArrayBuffer) : null;
    if (whole) this.port.postMessage({ done: data.length, chunk: whole }, [whole]);
    else this.port.postMessage({ done: data.length });
  }

  private async onClose(): Promise<void> {
    const sha256 = this.hash.digest('hex');
    const gzip = this.gzip;
    if (gzip) {
      gzip.stream.end();
      await once(gzip.out, 'close');
      if (gzip.error) throw gzip.error;
      rmSync(this.setup.plainPath, { force: true });
      this.port.postMessage({
        closed: { file: 'gz', sha256, bytes: this.bytes, gzip: { sha256: gzip.hash.digest('hex'), bytes: gzip.bytes } }
      });
    } else {
      closeSync(this.plainFd);
      this.port.postMessage({ closed: { file: 'plain', sha256, bytes: this.bytes, gzip: null } });
    }
  }
}
