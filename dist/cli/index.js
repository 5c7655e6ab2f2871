import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 654:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.COMMANDS = void 0;
/** The CLI's commands (a module of its own so the launcher can name them without loading the parser). */
exports.COMMANDS = ['run', 'merge', 'verify', 'explain', 'init'];


/***/ }),

/***/ 380:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.MAX_CACHE_BYTES = exports.CACHE_HEADER_BYTES = void 0;
exports.sealCacheFile = sealCacheFile;
exports.openCacheFile = openCacheFile;
exports.compileCacheDir = compileCacheDir;
exports.cacheFileName = cacheFileName;
exports.openCompileCache = openCompileCache;
/**
 * V8's code cache for the CLI bundle. A short run spends a tenth of its time parsing and
 * compiling the 1.4 MB bundle; with the bytecode of the previous run's functions at hand, that
 * work is skipped. Node 22 offers the same thing as `module.enableCompileCache()`; this one also
 * serves Node 20 and keeps its files private to the user.
 *
 * The cache is one file per bundle digest, Node build and command, so a rebuilt bundle or another
 * Node never reads a stale one (V8 would reject most of those anyway, but it compares only the
 * source's length). Cached bytecode runs as code, so a file is used only when it is a regular
 * file (no symlink) that this user owns and nobody else can write, in a folder of the same kind.
 * Every failure to read or write falls back to compiling, silently: the cache changes speed only.
 *
 * V8 checks little of what it is handed (its version, flags and the source's length): flipped
 * bits in the bytecode crash the process, and bytecode of another source of the same length runs
 * as that code. So each file starts with a header of our own — a magic, the SHA-256 of the engine
 * it was compiled from and the SHA-256 of the bytecode after it — and a file whose header does not
 * match is ignored (and replaced after the run), never handed to V8.
 */
const node_fs_1 = __nccwpck_require__(24);
const node_crypto_1 = __nccwpck_require__(598);
const node_os_1 = __nccwpck_require__(161);
const node_path_1 = __nccwpck_require__(760);
const hash_js_1 = __nccwpck_require__(138);
/** The first bytes of every cache file: this format, then two raw SHA-256 digests. */
const MAGIC = Buffer.from('EGV8CC1\n', 'latin1');
/** magic, the engine's SHA-256, the bytecode's SHA-256. */
exports.CACHE_HEADER_BYTES = MAGIC.length + 32 + 32;
/** The file's bytes: the header for `sourceSha256` (hex) and the digest of `bytecode`, then the bytecode. */
function sealCacheFile(sourceSha256, bytecode) {
    return Buffer.concat([MAGIC, Buffer.from(sourceSha256, 'hex'), Buffer.from((0, hash_js_1.sha256Hex)(bytecode), 'hex'), bytecode]);
}
/** The bytecode of a file sealed for `sourceSha256` whose digest still matches; undefined for anything else. */
function openCacheFile(file, sourceSha256) {
    if (file.length <= exports.CACHE_HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC))
        return undefined;
    if (file.toString('hex', MAGIC.length, MAGIC.length + 32) !== sourceSha256)
        return undefined;
    const bytecode = file.subarray(exports.CACHE_HEADER_BYTES);
    return file.toString('hex', MAGIC.length + 32, exports.CACHE_HEADER_BYTES) === (0, hash_js_1.sha256Hex)(bytecode) ? bytecode : undefined;
}
/** A cache file larger than this is not read (a sane one is about 1 MB). */
exports.MAX_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * The cache folder: NODE_COMPILE_CACHE when set (Node's own variable for its compile cache), else
 * evidence-gate/ under XDG_CACHE_HOME or ~/.cache. NODE_DISABLE_COMPILE_CACHE turns it off (null).
 */
function compileCacheDir(env, home = node_os_1.homedir) {
    if (env.NODE_DISABLE_COMPILE_CACHE)
        return null;
    if (env.NODE_COMPILE_CACHE)
        return env.NODE_COMPILE_CACHE;
    if (env.XDG_CACHE_HOME)
        return (0, node_path_1.join)(env.XDG_CACHE_HOME, 'evidence-gate');
    try {
        const h = home();
        return h ? (0, node_path_1.join)(h, '.cache', 'evidence-gate') : null;
    }
    catch {
        return null;
    }
}
function cacheFileName(bundleSha256, facts) {
    const key = (0, hash_js_1.sha256Hex)(JSON.stringify([bundleSha256, facts.node, facts.arch, facts.execArgv, facts.nodeOptions ?? '', facts.command]));
    return `cli-${key.slice(0, 40)}.v8cache`;
}
/** The current user, when the platform has one (POSIX); elsewhere ownership is not checked. */
function currentUid() {
    return typeof process.getuid === 'function' ? process.getuid() : null;
}
/** Owned by this user and not writable by group or others. */
function isPrivate(stats, uid) {
    return uid === null || (stats.uid === uid && (stats.mode & 0o022) === 0);
}
/** The folder, created private when missing, when it is a private folder of this user; else null. */
function privateDir(dir, uid) {
    try {
        (0, node_fs_1.mkdirSync)(dir, { recursive: true, mode: 0o700 });
        const stats = (0, node_fs_1.lstatSync)(dir);
        return stats.isDirectory() && isPrivate(stats, uid) ? dir : null;
    }
    catch {
        return null;
    }
}
/** The cache file's bytes when it is a private regular file of this user within the size bound; else undefined. */
function readPrivateFile(path, uid) {
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(path, node_fs_1.constants.O_RDONLY | (node_fs_1.constants.O_NOFOLLOW ?? 0));
    }
    catch {
        return undefined;
    }
    try {
        const stats = (0, node_fs_1.fstatSync)(fd);
        if (!stats.isFile() || !isPrivate(stats, uid) || stats.size === 0 || stats.size > exports.MAX_CACHE_BYTES)
            return undefined;
        const bytes = Buffer.allocUnsafe(stats.size);
        let at = 0;
        while (at < bytes.length) {
            const n = (0, node_fs_1.readSync)(fd, bytes, at, bytes.length - at, at);
            if (n === 0)
                return undefined;
            at += n;
        }
        return bytes;
    }
    catch {
        return undefined;
    }
    finally {
        (0, node_fs_1.closeSync)(fd);
    }
}
/** Writes through a private temporary file renamed into place, so a reader never sees half a file. */
function writePrivateFile(path, bytes) {
    const temporary = `${path}.${process.pid}-${(0, node_crypto_1.randomBytes)(6).toString('hex')}.tmp`;
    try {
        (0, node_fs_1.writeFileSync)(temporary, bytes, { flag: 'wx', mode: 0o600 });
        (0, node_fs_1.renameSync)(temporary, path);
        return true;
    }
    catch {
        (0, node_fs_1.rmSync)(temporary, { force: true });
        return false;
    }
}
/** `sourceSha256`: the hex SHA-256 of the source the bytecode belongs to (the engine bundle). */
function openCompileCache(dir, fileName, sourceSha256) {
    if (dir === null)
        return null;
    const uid = currentUid();
    const folder = privateDir(dir, uid);
    if (folder === null)
        return null;
    const path = (0, node_path_1.join)(folder, fileName);
    const file = readPrivateFile(path, uid);
    const data = file === undefined ? undefined : openCacheFile(file, sourceSha256);
    return {
        path,
        data,
        save(script) {
            if (data !== undefined && !script.cachedDataRejected)
                return false;
            try {
                return writePrivateFile(path, sealCacheFile(sourceSha256, script.createCachedData()));
            }
            catch {
                return false;
            }
        }
    };
}


/***/ }),

/***/ 706:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.fileDigest = fileDigest;
exports.setLaunch = setLaunch;
exports.launch = launch;
/** SHA-256 of the running bundle, for the manifest, and what the CLI's launcher tells its engine. */
const node_fs_1 = __nccwpck_require__(24);
const node_url_1 = __nccwpck_require__(136);
const hash_js_1 = __nccwpck_require__(138);
function fileDigest(moduleUrl) {
    try {
        return (0, hash_js_1.sha256Hex)((0, node_fs_1.readFileSync)((0, node_url_1.fileURLToPath)(moduleUrl)));
    }
    catch {
        return null;
    }
}
const LAUNCH = Symbol.for('evidence-gate.launch');
function setLaunch(launch) {
    globalThis[LAUNCH] = launch;
}
/** The launcher's hand-off, or null when the bundle was started some other way. */
function launch() {
    return globalThis[LAUNCH] ?? null;
}


/***/ }),

/***/ 953:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.ENGINE_ROLE = void 0;
exports.isEngineThread = isEngineThread;
exports.markDelegated = markDelegated;
exports.savesCompileCache = savesCompileCache;
/**
 * Which thread this is: a process entry (the CLI, the action) runs its command on an engine thread
 * while its main thread supervises (src/output/supervise.ts). A module of its own, without
 * dependencies, so that the CLI's launcher can ask without loading the engine: the thread that ran
 * the command stores the compile cache, because the bytecode V8 writes is that of the functions
 * its own thread compiled.
 */
const node_worker_threads_1 = __nccwpck_require__(919);
exports.ENGINE_ROLE = 'evidence-gate-engine';
function isEngineThread() {
    return !node_worker_threads_1.isMainThread && node_worker_threads_1.workerData?.role === exports.ENGINE_ROLE;
}
const DELEGATED = Symbol.for('evidence-gate.delegated');
/** Called by the main thread when it hands the command to an engine thread. */
function markDelegated() {
    globalThis[DELEGATED] = true;
}
/** Whether this thread stores the compile cache after its work: the engine thread, or a main thread that ran the command itself. */
function savesCompileCache() {
    return isEngineThread() || (node_worker_threads_1.isMainThread && globalThis[DELEGATED] !== true);
}


/***/ }),

/***/ 138:
/***/ (function(__unused_webpack_module, exports, __nccwpck_require__) {


var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.sha256Hex = sha256Hex;
const crypto = __importStar(__nccwpck_require__(598));
/** One-shot hashing (Node 20.12 and later) is several times cheaper than a Hash object for short inputs. */
const oneShot = crypto.hash;
function sha256Hex(data) {
    return oneShot ? oneShot('sha256', data, 'hex') : crypto.createHash('sha256').update(data).digest('hex');
}


/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 714:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:vm");

/***/ }),

/***/ 919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

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
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
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
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/************************************************************************/
var __webpack_exports__ = {};
// This entry need to be wrapped in an IIFE because it uses a non-standard name for the exports (exports).
(() => {
var exports = __webpack_exports__;

Object.defineProperty(exports, "B", ({ value: true }));
/**
 * The CLI's launcher (dist/cli/index.js). The engine (dist/cli/engine.js, built from engine.ts)
 * is a script rather than a module, so that it can be compiled with V8's code cache
 * (compile-cache.ts): a repeated run skips parsing and compiling most of its 1.4 MB. The
 * launcher compiles it, tells it where it came from (setLaunch), starts it and, after a first
 * run, stores the bytecode. The engine thread and a perturbation thread start from this file too
 * and compile the engine the same way; only the thread that ran the command writes the cache.
 *
 * This file only works in dist/, beside engine.js; tests load the sources instead.
 */
const node_fs_1 = __nccwpck_require__(24);
const node_module_1 = __nccwpck_require__(995);
const node_path_1 = __nccwpck_require__(760);
const node_url_1 = __nccwpck_require__(136);
const node_vm_1 = __nccwpck_require__(714);
const bundle_js_1 = __nccwpck_require__(706);
const hash_js_1 = __nccwpck_require__(138);
const commands_js_1 = __nccwpck_require__(654);
const compile_cache_js_1 = __nccwpck_require__(380);
const engine_thread_js_1 = __nccwpck_require__(953);
/** engine.js's bytes; without them (a partial copy of dist/) the CLI cannot run: say so and exit 3. */
function readEngine(path) {
    try {
        return (0, node_fs_1.readFileSync)(path);
    }
    catch (error) {
        process.stderr.write(`evidence-gate: internal error: cannot read the engine bundle ${path} (${error.code ?? String(error)}); it belongs beside this launcher: reinstall, or run \`npm run package\` in a clone\n`);
        process.exit(3);
    }
}
// Not new URL('./engine.js', import.meta.url): the bundler would take that for an asset to copy.
const enginePath = (0, node_path_1.join)((0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url)), 'engine.js');
const bytes = readEngine(enginePath);
const bundleSha256 = (0, hash_js_1.sha256Hex)(bytes);
const command = commands_js_1.COMMANDS.find((c) => c === process.argv[2]) ?? 'other';
const cache = (0, compile_cache_js_1.openCompileCache)((0, compile_cache_js_1.compileCacheDir)(process.env), (0, compile_cache_js_1.cacheFileName)(bundleSha256, { node: process.version, arch: process.arch, execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS, command }), bundleSha256);
const script = new node_vm_1.Script(bytes.toString('utf8'), { filename: enginePath, cachedData: cache?.data });
(0, bundle_js_1.setLaunch)({ entry: import.meta.url, bundleSha256 });
// No top-level await: the launcher is bundled without a type check (scripts/package.js), as a module
// that TypeScript alone cannot tell is ESM. A failing engine rejects, and Node reports it as before.
void script.runInThisContext()(node_module_1.createRequire, (0, node_url_1.pathToFileURL)(enginePath).href).then(() => {
    if ((0, engine_thread_js_1.savesCompileCache)())
        cache?.save(script);
});

})();

var __webpack_exports___esModule = __webpack_exports__.B;
export { __webpack_exports___esModule as __esModule };
