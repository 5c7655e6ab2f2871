/**
 * The half of the evidence writer that runs on its own thread (writer.ts holds the other half):
 * it receives filled chunks in order, hashes the uncompressed bytes, writes them plain until
 * they pass the gzip threshold, then re-reads what it wrote through gzip (level 6) and sends
 * every later chunk into the same gzip stream, hashing the compressed bytes too. Node built-ins
 * only, as source text, so the bundle needs no separate worker file.
 *
 * Messages in: { chunk: Uint8Array } (transferred) · { close: true }.
 * Messages out: { done: bytes } after each chunk · { closed: info } · { error: {message, code, syscall, path} }.
 */
export const WRITER_THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const { createGzip } = require('node:zlib');
const { once } = require('node:events');

const { plainPath, gzPath, gzipAboveBytes, level } = workerData;
const hash = createHash('sha256');
let bytes = 0;
let plainFd = fs.openSync(plainPath, 'w');
let gzip = null;
let failed = false;

function fail(error) {
  if (failed) return;
  failed = true;
  parentPort.postMessage({ error: { message: String(error && error.message || error), code: error && error.code, syscall: error && error.syscall, path: error && error.path } });
}

function writeAll(fd, data) {
  let offset = 0;
  while (offset < data.length) offset += fs.writeSync(fd, data, offset, data.length - offset);
}

async function startGzip() {
  fs.closeSync(plainFd);
  plainFd = -1;
  const stream = createGzip({ level });
  const out = fs.createWriteStream(gzPath);
  const gzHash = createHash('sha256');
  const state = { stream, out, hash: gzHash, bytes: 0, error: null };
  stream.on('data', (d) => { gzHash.update(d); state.bytes += d.length; });
  stream.on('error', (e) => { state.error = state.error || e; });
  // A failed file write stops the gzip stream too, so a wait for its 'drain' ends with the error.
  out.on('error', (e) => { state.error = state.error || e; stream.destroy(e); });
  stream.pipe(out);
  gzip = state;
  for await (const data of fs.createReadStream(plainPath, { highWaterMark: 1 << 20 })) await gzWrite(data);
}

async function gzWrite(data) {
  if (gzip.error) throw gzip.error;
  if (!gzip.stream.write(data)) await once(gzip.stream, 'drain');
  if (gzip.error) throw gzip.error;
}

async function onChunk(chunk) {
  const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  hash.update(data);
  bytes += data.length;
  if (gzip) await gzWrite(data);
  else {
    writeAll(plainFd, data);
    if (bytes > gzipAboveBytes) await startGzip();
  }
  parentPort.postMessage({ done: data.length });
}

async function onClose() {
  const sha256 = hash.digest('hex');
  if (gzip) {
    gzip.stream.end();
    await once(gzip.out, 'close');
    if (gzip.error) throw gzip.error;
    fs.rmSync(plainPath, { force: true });
    parentPort.postMessage({ closed: { file: 'gz', sha256, bytes, gzip: { sha256: gzip.hash.digest('hex'), bytes: gzip.bytes } } });
  } else {
    fs.closeSync(plainFd);
    parentPort.postMessage({ closed: { file: 'plain', sha256, bytes, gzip: null } });
  }
}

// Messages are handled one after the other, in the order they were sent.
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue.then(() => (failed ? undefined : m.close ? onClose() : onChunk(m.chunk))).catch(fail);
});
`;
