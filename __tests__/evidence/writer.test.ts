/**
 * The evidence writer and its thread's server (src/evidence/writer-thread.ts). From the sources
 * the server runs on this thread over a MessageChannel, so these tests exercise it directly;
 * the smoke test at the end starts the bundled worker file the way a run from dist/ does.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { MAX_ROW_BYTES } from '../../src/evidence/reader.js';
import {
  EVIDENCE_FILE,
  EVIDENCE_GZ_FILE,
  EvidenceRowTooLong,
  EvidenceWriter,
  GZIP_LEVEL,
  WRITER_WORKER_FILE
} from '../../src/evidence/writer.js';
import type { WriterReply, WriterSetup, WriterThreadData } from '../../src/evidence/writer-thread.js';
import { REPO_ROOT } from '../helpers.js';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eg-writer-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Lines long enough to fill several 1 MiB chunks, with multi-byte text. */
const LINES = Array.from({ length: 3000 }, (_, i) => `{"id":"${i}","text":"${'é—x'.repeat(200 + (i % 50))}"}`);
const BYTES = LINES.map((l) => l + '\n').join('');

test('below the threshold the rows stay plain, with the digest and size of what was written', async () => {
  const dir = scratch();
  const writer = new EvidenceWriter(dir, Number.MAX_SAFE_INTEGER);
  for (const line of LINES) {
    writer.write(line);
    await writer.drain();
  }
  const info = await writer.close();
  const written = readFileSync(join(dir, EVIDENCE_FILE));
  expect(written.toString('utf8')).toBe(BYTES);
  expect(info).toEqual({
    file: EVIDENCE_FILE,
    rows: LINES.length,
    sha256: sha(written),
    bytes: written.length,
    gzip: null
  });
});

test('past the threshold the file is gzipped from its start, both digests kept and the plain file gone', async () => {
  const dir = scratch();
  const writer = new EvidenceWriter(dir, 1 << 20);
  for (const line of LINES) writer.write(line);
  const info = await writer.close();
  expect(existsSync(join(dir, EVIDENCE_FILE))).toBe(false);
  const gz = readFileSync(join(dir, EVIDENCE_GZ_FILE));
  expect(gunzipSync(gz).toString('utf8')).toBe(BYTES);
  expect(info).toEqual({
    file: EVIDENCE_GZ_FILE,
    rows: LINES.length,
    sha256: sha(BYTES),
    bytes: Buffer.byteLength(BYTES),
    gzip: { sha256: sha(gz), bytes: gz.length }
  });
});

test.each([
  ['plain', Number.MAX_SAFE_INTEGER],
  ['gzip', 1 << 20]
])('written chunks come back and are filled again (%s), the bytes unchanged', async (_mode, gzipAbove) => {
  const dir = scratch();
  const writer = new EvidenceWriter(dir, gzipAbove);
  // Eight copies of LINES (about 3.9 MiB each, so 16 chunks of 256 KiB): the chunks the server has written
  // between two turns of the event loop are filled again, so only the first turn's are new.
  for (let k = 0; k < 8; k++) {
    for (const line of LINES) writer.write(line);
    // Until the server has written everything sent (and handed those chunks back).
    while ((writer as unknown as { inFlight: number }).inFlight > 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const info = await writer.close();
  const all = BYTES.repeat(8);
  const written =
    gzipAbove === Number.MAX_SAFE_INTEGER
      ? readFileSync(join(dir, EVIDENCE_FILE))
      : gunzipSync(readFileSync(join(dir, EVIDENCE_GZ_FILE)));
  expect(written.toString('utf8')).toBe(all);
  expect(info.sha256).toBe(sha(all));
  expect(Buffer.byteLength(all) / (1 << 20)).toBeGreaterThan(31);
  // One turn's worth (16 chunks sent, the 17th being filled), then none: 126 chunks without reuse.
  expect(writer.allocatedChunks).toBeLessThanOrEqual(17);
});

test('a file that cannot be opened fails the writer with the system error, not a crash', async () => {
  const writer = new EvidenceWriter(join(scratch(), 'missing', 'folder'), Number.MAX_SAFE_INTEGER);
  writer.write('{}');
  await expect(writer.close()).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
});

test('smoke: the bundled worker file beside the CLI and the action serves the same protocol', async () => {
  for (const bundle of ['dist/cli', 'dist']) {
    const dir = scratch();
    const setup: WriterSetup = {
      plainPath: join(dir, EVIDENCE_FILE),
      gzPath: join(dir, EVIDENCE_GZ_FILE),
      gzipAboveBytes: 1 << 20,
      level: GZIP_LEVEL
    };
    const { port1, port2 } = new MessageChannel();
    const data: WriterThreadData = { setup, port: port2 };
    const worker = new Worker(join(REPO_ROOT, bundle, WRITER_WORKER_FILE), { workerData: data, transferList: [port2] });
    const replies: WriterReply[] = [];
    const closed = new Promise<void>((resolve, reject) => {
      port1.on('message', (m: WriterReply) => {
        replies.push(m);
        if ('closed' in m || 'error' in m) resolve();
      });
      worker.on('error', reject);
    });
    const chunk = Buffer.from(BYTES);
    const owned = new Uint8Array(new ArrayBuffer(chunk.length));
    owned.set(chunk);
    port1.postMessage({ chunk: owned }, [owned.buffer]);
    port1.postMessage({ close: true });
    await closed;
    port1.close();
    await worker.terminate();
    const gz = readFileSync(join(dir, EVIDENCE_GZ_FILE));
    // The chunk's memory comes back, whole, to be filled again.
    expect(replies).toEqual([
      { done: chunk.length, chunk: expect.any(ArrayBuffer) },
      { closed: { file: 'gz', sha256: sha(BYTES), bytes: chunk.length, gzip: { sha256: sha(gz), bytes: gz.length } } }
    ]);
    expect((replies[0] as { chunk: ArrayBuffer }).chunk.byteLength).toBe(chunk.length);
  }
});

describe('a row longer than the evidence reader accepts', () => {
  test('endLine refuses it, counting bytes across the chunks the row spans; a row at the limit is written', async () => {
    const dir = scratch();
    const writer = new EvidenceWriter(dir, Number.MAX_SAFE_INTEGER);
    // Exactly MAX_ROW_BYTES: three pieces that each overflow a 1 MiB chunk, two of them multi-byte.
    const piece = 'é'.repeat(3 * 2 ** 20); // 6 MiB of UTF-8
    writer.appendString(piece);
    writer.append(Buffer.from(piece, 'utf8'));
    writer.appendString('x'.repeat(MAX_ROW_BYTES - 12 * 2 ** 20));
    expect(() => writer.endLine()).not.toThrow();
    writer.appendString(piece);
    writer.appendString(piece);
    writer.appendString('xy'.repeat(2 ** 19)); // 1 MiB more: 13 MiB + 1 MiB... then one byte past the limit
    writer.appendString('x'.repeat(MAX_ROW_BYTES - 13 * 2 ** 20 + 1));
    let thrown: unknown;
    try {
      writer.endLine();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EvidenceRowTooLong);
    expect((thrown as EvidenceRowTooLong).bytes).toBe(MAX_ROW_BYTES + 1);
    writer.abort();
  });
});
