import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 654:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ COMMANDS)
/* harmony export */ });
/** The CLI's commands (a module of its own so the launcher can name them without loading the parser). */
const COMMANDS = ['run', 'merge', 'verify', 'explain'];


/***/ }),

/***/ 955:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Ep: () => (/* binding */ cacheFileName),
  Jr: () => (/* binding */ compileCacheDir),
  _U: () => (/* binding */ openCompileCache)
});

// UNUSED EXPORTS: MAX_CACHE_BYTES

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(598);
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
// EXTERNAL MODULE: ./src/util/hash.ts
var hash = __nccwpck_require__(138);
;// CONCATENATED MODULE: ./src/cli/compile-cache.ts
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
 */





/** A cache file larger than this is not read (a sane one is about 1 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * The cache folder: NODE_COMPILE_CACHE when set (Node's own variable for its compile cache), else
 * evidence-gate/ under XDG_CACHE_HOME or ~/.cache. NODE_DISABLE_COMPILE_CACHE turns it off (null).
 */
function compileCacheDir(env, home = external_node_os_namespaceObject.homedir) {
    if (env.NODE_DISABLE_COMPILE_CACHE)
        return null;
    if (env.NODE_COMPILE_CACHE)
        return env.NODE_COMPILE_CACHE;
    if (env.XDG_CACHE_HOME)
        return (0,external_node_path_.join)(env.XDG_CACHE_HOME, 'evidence-gate');
    try {
        const h = home();
        return h ? (0,external_node_path_.join)(h, '.cache', 'evidence-gate') : null;
    }
    catch {
        return null;
    }
}
function cacheFileName(bundleSha256, facts) {
    const key = (0,hash/* sha256Hex */.f)(JSON.stringify([bundleSha256, facts.node, facts.arch, facts.execArgv, facts.nodeOptions ?? '', facts.command]));
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
        (0,external_node_fs_.mkdirSync)(dir, { recursive: true, mode: 0o700 });
        const stats = (0,external_node_fs_.lstatSync)(dir);
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
        fd = (0,external_node_fs_.openSync)(path, external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0));
    }
    catch {
        return undefined;
    }
    try {
        const stats = (0,external_node_fs_.fstatSync)(fd);
        if (!stats.isFile() || !isPrivate(stats, uid) || stats.size === 0 || stats.size > MAX_CACHE_BYTES)
            return undefined;
        const bytes = Buffer.allocUnsafe(stats.size);
        let at = 0;
        while (at < bytes.length) {
            const n = (0,external_node_fs_.readSync)(fd, bytes, at, bytes.length - at, at);
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
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** Writes through a private temporary file renamed into place, so a reader never sees half a file. */
function writePrivateFile(path, bytes) {
    const temporary = `${path}.${process.pid}-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.tmp`;
    try {
        (0,external_node_fs_.writeFileSync)(temporary, bytes, { flag: 'wx', mode: 0o600 });
        (0,external_node_fs_.renameSync)(temporary, path);
        return true;
    }
    catch {
        (0,external_node_fs_.rmSync)(temporary, { force: true });
        return false;
    }
}
function openCompileCache(dir, fileName) {
    if (dir === null)
        return null;
    const uid = currentUid();
    const folder = privateDir(dir, uid);
    if (folder === null)
        return null;
    const path = (0,external_node_path_.join)(folder, fileName);
    const data = readPrivateFile(path, uid);
    return {
        path,
        data,
        save(script) {
            if (data !== undefined && !script.cachedDataRejected)
                return false;
            try {
                return writePrivateFile(path, script.createCachedData());
            }
            catch {
                return false;
            }
        }
    };
}


/***/ }),

/***/ 486:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(24);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(995);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_module__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__nccwpck_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_vm__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(714);
/* harmony import */ var node_vm__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__nccwpck_require__.n(node_vm__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(919);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_5___default = /*#__PURE__*/__nccwpck_require__.n(node_worker_threads__WEBPACK_IMPORTED_MODULE_5__);
/* harmony import */ var _util_bundle_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(706);
/* harmony import */ var _util_hash_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(138);
/* harmony import */ var _commands_js__WEBPACK_IMPORTED_MODULE_9__ = __nccwpck_require__(654);
/* harmony import */ var _compile_cache_js__WEBPACK_IMPORTED_MODULE_8__ = __nccwpck_require__(955);
/**
 * The CLI's launcher (dist/cli/index.js). The engine (dist/cli/engine.js, built from engine.ts)
 * is a script rather than a module, so that it can be compiled with V8's code cache
 * (compile-cache.ts): a repeated run skips parsing and compiling most of its 1.4 MB. The
 * launcher compiles it, tells it where it came from (setLaunch), starts it and, after a first
 * run, stores the bytecode. A perturbation thread starts from this file too and compiles the
 * engine the same way; only the main thread writes the cache.
 *
 * This file only works in dist/, beside engine.js; tests load the sources instead.
 */










/** engine.js's bytes; without them (a partial copy of dist/) the CLI cannot run: say so and exit 3. */
function readEngine(path) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path);
    }
    catch (error) {
        process.stderr.write(`evidence-gate: internal error: cannot read the engine bundle ${path} (${error.code ?? String(error)}); it belongs beside this launcher: reinstall, or run \`npm run package\` in a clone\n`);
        process.exit(3);
    }
}
// Not new URL('./engine.js', import.meta.url): the bundler would take that for an asset to copy.
const enginePath = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)((0,node_url__WEBPACK_IMPORTED_MODULE_3__.fileURLToPath)(import.meta.url)), 'engine.js');
const bytes = readEngine(enginePath);
const bundleSha256 = (0,_util_hash_js__WEBPACK_IMPORTED_MODULE_7__/* .sha256Hex */ .f)(bytes);
const command = _commands_js__WEBPACK_IMPORTED_MODULE_9__/* .COMMANDS */ .L.find((c) => c === process.argv[2]) ?? 'other';
const cache = (0,_compile_cache_js__WEBPACK_IMPORTED_MODULE_8__/* .openCompileCache */ ._U)((0,_compile_cache_js__WEBPACK_IMPORTED_MODULE_8__/* .compileCacheDir */ .Jr)(process.env), (0,_compile_cache_js__WEBPACK_IMPORTED_MODULE_8__/* .cacheFileName */ .Ep)(bundleSha256, { node: process.version, arch: process.arch, execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS, command }));
const script = new node_vm__WEBPACK_IMPORTED_MODULE_4__.Script(bytes.toString('utf8'), { filename: enginePath, cachedData: cache?.data });
(0,_util_bundle_js__WEBPACK_IMPORTED_MODULE_6__/* .setLaunch */ .K4)({ entry: import.meta.url, bundleSha256 });
await script.runInThisContext()(node_module__WEBPACK_IMPORTED_MODULE_1__.createRequire, (0,node_url__WEBPACK_IMPORTED_MODULE_3__.pathToFileURL)(enginePath).href);
if (node_worker_threads__WEBPACK_IMPORTED_MODULE_5__.isMainThread)
    cache?.save(script);

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 706:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   K4: () => (/* binding */ setLaunch)
/* harmony export */ });
/* unused harmony exports fileDigest, launch */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(24);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_url__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _hash_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(138);
/** SHA-256 of the running bundle, for the manifest, and what the CLI's launcher tells its engine. */



function fileDigest(moduleUrl) {
    try {
        return sha256Hex(readFileSync(fileURLToPath(moduleUrl)));
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

/***/ 138:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ sha256Hex)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);

/** One-shot hashing (Node 20.12 and later) is several times cheaper than a Hash object for short inputs. */
const oneShot = node_crypto__WEBPACK_IMPORTED_MODULE_0__.hash;
function sha256Hex(data) {
    return oneShot ? oneShot('sha256', data, 'hex') : node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash('sha256').update(data).digest('hex');
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
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(486);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
