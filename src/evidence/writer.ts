/**
 * Streams evidence lines to disk in one pass. Lines are encoded as UTF-8 straight into 256 KiB
 * chunks; each full chunk is handed (transferred, not copied) to a writer thread
 * (writer-thread.ts; on this thread when run from the sources) that hashes it, writes it, and — once the file passes
 * `gzipAboveBytes` — compresses it (gzip level 6) and hashes the compressed bytes too, then hands the chunk back to
 * be filled again (collected without waiting, at each send). The evaluation never waits
 * for the disk or for gzip unless it runs more than IN_FLIGHT bytes ahead. Node writes a fixed
 * gzip header (no name, mtime 0), so the compressed bytes repeat for the same rows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { threadEntry } from '../util/threads.js';
import { MAX_ROW_BYTES } from './reader.js';
import {
  WriterServer,
  type Closed,
  type WriterReply,
  type WriterRequest,
  type WriterSetup,
  type WriterThreadData
} from './writer-thread.js';

export const EVIDENCE_FILE = 'evidence.jsonl';
export const EVIDENCE_GZ_FILE = 'evidence.jsonl.gz';
export const GZIP_LEVEL = 6;
/**
 * 256 KiB: small enough that a short run cycles through a few chunks the thread has handed back
 * (a head-to-head against 1 MiB in docs/performance.md#fresh-memory).
 */
const CHUNK_BYTES = 1 << 18;
/**
 * A row longer than the reader's limit (reader.ts) would make an output folder that verify, merge
 * and the next run's baseline refuse to read; endLine() throws this instead, and the run names
 * the row (src/pipeline/run.ts).
 */
export class EvidenceRowTooLong extends Error {
  constructor(readonly bytes: number) {
    super(`an evidence row of ${bytes} bytes is longer than the ${MAX_ROW_BYTES} bytes the evidence reader accepts`);
  }
}

/**
 * Chunks the thread has handed back, kept to be filled again: fresh memory costs a page fault per
 * 4 KiB on its first write, so a run that writes gigabytes reuses a few MiB instead
 * (docs/performance.md#fresh-memory).
 */
const SPARE_CHUNKS = 16;

/** Bytes handed to the writer thread and not yet written, before drain() waits. */
const IN_FLIGHT = 64 << 20;

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

/**
 * The worker's file, beside the bundle that started the run (scripts/package.js builds it from writer-worker.ts as
 * CommonJS).
 */
export const WRITER_WORKER_FILE = 'writer-worker.cjs';

/** The writer's side of the link: a worker, or a WriterServer on this thread over a MessageChannel. */
interface Link {
  post(request: WriterRequest, transfer: ArrayBuffer[]): void;
  /** Hands the replies already waiting to the reply handler now, without a turn of the event loop. */
  poll(): void;
  ref(): void;
  unref(): void;
  stop(): Promise<void>;
}

/** The worker file beside the running bundle; null when run from the sources (no bundle, or a .ts entry). */
function workerFile(): URL | null {
  const entry = threadEntry();
  const file = entry && new URL(WRITER_WORKER_FILE, entry);
  return file && existsSync(fileURLToPath(file)) ? file : null;
}

/** Every reply waiting on `port`, handed over synchronously (a run fills chunks without turning the event loop). */
function pollPort(port: MessagePort, on: Handlers): void {
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port))
    on.reply(m.message as WriterReply);
}

/** The thread is served over a port of its own, which this side can read synchronously (pollPort). */
function workerLink(file: URL, setup: WriterSetup, on: Handlers): Link {
  const { port1, port2 } = new MessageChannel();
  const data: WriterThreadData = { setup, port: port2 };
  const worker = new Worker(file, { workerData: data, transferList: [port2] });
  port1.on('message', on.reply);
  worker.on('error', on.error);
  worker.on('exit', on.exit);
  return {
    post: (request, transfer) => port1.postMessage(request, transfer),
    poll: () => pollPort(port1, on),
    ref: () => (worker.ref(), port1.ref()),
    unref: () => (worker.unref(), port1.unref()),
    stop: async () => {
      port1.close();
      await worker.terminate();
    }
  };
}

function localLink(setup: WriterSetup, on: Handlers): Link {
  const { port1, port2 } = new MessageChannel();
  new WriterServer(port2, setup);
  port1.on('message', on.reply);
  port1.on('close', () => on.exit(0));
  return {
    post: (request, transfer) => port1.postMessage(request, transfer),
    poll: () => pollPort(port1, on),
    ref: () => (port1.ref(), port2.ref()),
    unref: () => (port1.unref(), port2.unref()),
    stop: async () => port1.close()
  };
}

interface Handlers {
  reply: (m: WriterReply) => void;
  error: (error: Error) => void;
  exit: (code: number) => void;
}

export class EvidenceWriter {
  private readonly thread: Link;
  /** The chunk being filled: UTF-8 written straight into a buffer, no joined string in between. */
  private chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /** Written chunks back from the thread, ready to be filled again (at most SPARE_CHUNKS). */
  private readonly spare: Buffer[] = [];
  /** Chunks this writer allocated; the others it filled were reused (tests and docs/performance.md read it). */
  allocatedChunks = 1;
  private filled = 0;
  /** Bytes of the row being written so far (it may span chunks). */
  private rowBytes = 0;
  private rows = 0;
  private inFlight = 0;
  private waiting: (() => void) | null = null;
  private closed: Closed | null = null;
  /** A failed write (a full disk) surfaces at the next write, drain or close, not as a crash. */
  private failure: Error | null = null;

  constructor(dir: string, gzipAboveBytes: number) {
    const setup: WriterSetup = {
      plainPath: join(dir, EVIDENCE_FILE),
      gzPath: join(dir, EVIDENCE_GZ_FILE),
      gzipAboveBytes,
      level: GZIP_LEVEL
    };
    const worker = workerFile();
    const handlers: Handlers = {
      reply: (m) => {
        if ('done' in m) {
          this.inFlight -= m.done;
          if (m.chunk !== undefined && m.chunk.byteLength === CHUNK_BYTES && this.spare.length < SPARE_CHUNKS)
            this.spare.push(Buffer.from(m.chunk));
        } else if ('closed' in m) this.closed = m.closed;
        else
          this.fail(
            Object.assign(new Error(m.error.message), {
              code: m.error.code,
              syscall: m.error.syscall,
              path: m.error.path
            })
          );
        this.wake();
      },
      error: (error) => {
        this.fail(error);
        this.wake();
      },
      exit: (code) => {
        if (this.closed === null) this.fail(new Error(`the evidence writer thread stopped (exit code ${code})`));
        this.wake();
      }
    };
    this.thread = worker ? workerLink(worker, setup, handlers) : localLink(setup, handlers);
    // A writer that is never closed (its run failed) must not keep the process alive.
    this.thread.unref();
  }

  private fail(error: Error): void {
    if (this.failure === null) {
      this.failure = error;
      void this.thread.stop();
    }
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** Copies serialized bytes of the current row (see serialize.ts). */
  append(bytes: Uint8Array): void {
    if (this.filled + bytes.length > this.chunk.length) {
      this.check();
      this.send();
      if (bytes.length > this.chunk.length) this.chunk = Buffer.allocUnsafe(bytes.length);
    }
    this.chunk.set(bytes, this.filled);
    this.filled += bytes.length;
    this.rowBytes += bytes.length;
  }

  /** Adds a string of the current row as UTF-8 (see serialize.ts). */
  appendString(text: string): void {
    // A UTF-16 unit takes at most 3 UTF-8 bytes; a string that cannot fit goes in a chunk of its own.
    const most = 3 * text.length;
    if (this.filled + most > this.chunk.length) {
      this.check();
      this.send();
      if (most > this.chunk.length) this.chunk = Buffer.allocUnsafe(most);
    }
    const written = this.chunk.write(text, this.filled, 'utf8');
    this.filled += written;
    this.rowBytes += written;
  }

  /** Ends the current row; a row longer than the reader accepts throws EvidenceRowTooLong (the run then fails). */
  endLine(): void {
    const bytes = this.rowBytes;
    this.rowBytes = 0;
    if (bytes > MAX_ROW_BYTES) throw new EvidenceRowTooLong(bytes);
    if (this.filled === this.chunk.length) this.send();
    this.chunk[this.filled++] = 0x0a;
    this.rows++;
  }

  /** Adds one row's line (without the newline). */
  write(line: string): void {
    this.check();
    this.appendString(line);
    this.endLine();
  }

  private send(): void {
    if (this.filled === 0) return;
    const chunk = this.chunk.subarray(0, this.filled);
    this.inFlight += chunk.length;
    // A Buffer this large owns its ArrayBuffer, so handing it over moves it without a copy.
    this.thread.post(
      { chunk },
      chunk.byteOffset === 0 && chunk.buffer.byteLength === this.chunk.length ? [chunk.buffer as ArrayBuffer] : []
    );
    this.filled = 0;
    this.thread.poll();
    const spare = this.spare.pop();
    if (spare !== undefined) this.chunk = spare;
    else {
      this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      this.allocatedChunks++;
    }
  }

  /** Waits for the thread; the thread keeps the process alive only while someone waits for it. */
  private async until(done: () => boolean): Promise<void> {
    this.thread.ref();
    try {
      while (!done() && !this.failure) await new Promise<void>((resolve) => (this.waiting = resolve));
    } finally {
      this.thread.unref();
    }
  }

  /** Waits while the writer thread is far behind (call between chunks of work). */
  async drain(): Promise<void> {
    this.check();
    if (this.inFlight > IN_FLIGHT) await this.until(() => this.inFlight <= IN_FLIGHT / 2);
    this.check();
  }

  /** Flushes everything and closes the file; returns what the manifest records. */
  async close(): Promise<EvidenceFileInfo> {
    try {
      this.check();
      this.send();
      this.thread.post({ close: true }, []);
      await this.until(() => this.closed !== null);
      this.check();
    } finally {
      await this.thread.stop();
    }
    const c = this.closed as Closed;
    return {
      file: c.file === 'gz' ? EVIDENCE_GZ_FILE : EVIDENCE_FILE,
      rows: this.rows,
      sha256: c.sha256,
      bytes: c.bytes,
      gzip: c.gzip
    };
  }

  /** Stops writing (on an error); the staging folder that holds the files is discarded by the caller. */
  abort(): void {
    void this.thread.stop();
  }
}
