const { createRequire: __WEBPACK_EXTERNAL_createRequire } = require("node:module");
const __workerUrl = require("node:url").pathToFileURL(__filename).href;
/******/ var __webpack_modules__ = ({

/***/ 759:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.WriterServer = void 0;
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
const node_crypto_1 = __nccwpck_require__(598);
const node_events_1 = __nccwpck_require__(474);
const node_fs_1 = __nccwpck_require__(24);
const node_zlib_1 = __nccwpck_require__(522);
class WriterServer {
    port;
    setup;
    hash = (0, node_crypto_1.createHash)('sha256');
    bytes = 0;
    plainFd = -1;
    gzip = null;
    failed = false;
    /** Requests are handled one after the other, in the order they were sent. */
    queue = Promise.resolve();
    constructor(port, setup) {
        this.port = port;
        this.setup = setup;
        port.on('message', (m) => {
            this.queue = this.queue
                .then(() => (this.failed ? undefined : 'close' in m ? this.onClose() : this.onChunk(m.chunk)))
                .catch((e) => this.fail(e));
        });
        try {
            this.plainFd = (0, node_fs_1.openSync)(setup.plainPath, 'w');
        }
        catch (error) {
            this.fail(error);
        }
    }
    fail(error) {
        if (this.failed)
            return;
        this.failed = true;
        const e = error;
        this.port.postMessage({
            error: { message: String(e?.message ?? error), code: e?.code, syscall: e?.syscall, path: e?.path }
        });
    }
    async startGzip() {
        (0, node_fs_1.closeSync)(this.plainFd);
        this.plainFd = -1;
        const stream = (0, node_zlib_1.createGzip)({ level: this.setup.level });
        const out = (0, node_fs_1.createWriteStream)(this.setup.gzPath);
        const state = { stream, out, hash: (0, node_crypto_1.createHash)('sha256'), bytes: 0, error: null };
        stream.on('data', (d) => {
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
        for await (const data of (0, node_fs_1.createReadStream)(this.setup.plainPath, { highWaterMark: 1 << 20 }))
            await this.gzWrite(data);
    }
    /** Resolves once gzip has consumed `data` (the write's callback), so that its memory can be reused. */
    async gzWrite(data) {
        const gzip = this.gzip;
        if (gzip.error)
            throw gzip.error;
        await new Promise((resolve, reject) => gzip.stream.write(data, (error) => (error ? reject(error) : resolve())));
        if (gzip.error)
            throw gzip.error;
    }
    async onChunk(chunk) {
        const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        this.hash.update(data);
        this.bytes += data.length;
        if (this.gzip)
            await this.gzWrite(data);
        else {
            for (let offset = 0; offset < data.length;)
                offset += (0, node_fs_1.writeSync)(this.plainFd, data, offset, data.length - offset);
            if (this.bytes > this.setup.gzipAboveBytes)
                await this.startGzip();
        }
        // The chunk goes back to be filled again: fresh memory costs a page fault per 4 KiB on its
        // first write (docs/performance.md#fresh-memory), reused memory does not.
        const whole = chunk.byteOffset === 0 ? chunk.buffer : null;
        if (whole)
            this.port.postMessage({ done: data.length, chunk: whole }, [whole]);
        else
            this.port.postMessage({ done: data.length });
    }
    async onClose() {
        const sha256 = this.hash.digest('hex');
        const gzip = this.gzip;
        if (gzip) {
            gzip.stream.end();
            await (0, node_events_1.once)(gzip.out, 'close');
            if (gzip.error)
                throw gzip.error;
            (0, node_fs_1.rmSync)(this.setup.plainPath, { force: true });
            this.port.postMessage({
                closed: { file: 'gz', sha256, bytes: this.bytes, gzip: { sha256: gzip.hash.digest('hex'), bytes: gzip.bytes } }
            });
        }
        else {
            (0, node_fs_1.closeSync)(this.plainFd);
            this.port.postMessage({ closed: { file: 'plain', sha256, bytes: this.bytes, gzip: null } });
        }
    }
}
exports.WriterServer = WriterServer;


/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(__workerUrl)("node:crypto");

/***/ }),

/***/ 474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(__workerUrl)("node:events");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(__workerUrl)("node:fs");

/***/ }),

/***/ 919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(__workerUrl)("node:worker_threads");

/***/ }),

/***/ 522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(__workerUrl)("node:zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', __workerUrl).pathname).slice(__workerUrl.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/************************************************************************/
var __webpack_exports__ = {};
// This entry need to be wrapped in an IIFE because it uses a non-standard name for the exports (exports).
(() => {
var exports = __webpack_exports__;

Object.defineProperty(exports, "B", ({ value: true }));
/** Entry of the evidence writer's worker (dist/writer-worker.cjs, dist/cli/writer-worker.cjs): serves its parent. */
const node_worker_threads_1 = __nccwpck_require__(919);
const writer_thread_js_1 = __nccwpck_require__(759);
if (!node_worker_threads_1.isMainThread) {
    const { setup, port } = node_worker_threads_1.workerData;
    new writer_thread_js_1.WriterServer(port, setup);
}

})();

var __webpack_exports___esModule = __webpack_exports__.B;
