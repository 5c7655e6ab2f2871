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
exports.CACHE_HEADER_BYTES = void 0;
exports.sealCacheFile = sealCacheFile;
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
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
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
        if (!stats.isFile() || !isPrivate(stats, uid) || stats.size === 0 || stats.size > MAX_CACHE_BYTES)
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

/***/ 916:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.DataError = exports.ConfigError = exports.UsageError = exports.UserError = void 0;
exports.isUserError = isUserError;
exports.describeFound = describeFound;
const visible_js_1 = __nccwpck_require__(526);
class UserError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = new.target.name;
    }
}
exports.UserError = UserError;
class UsageError extends UserError {
    constructor(message) {
        super('usage', message);
    }
}
exports.UsageError = UsageError;
/**
 * A config problem: `file:line: key.path: expected …, found …`. When a file has several
 * problems the message holds one such line per problem (see `validateConfig`).
 */
class ConfigError extends UserError {
    constructor(message) {
        super('config', message);
    }
}
exports.ConfigError = ConfigError;
/** A data problem: `file:line[:column]: what is wrong`. */
class DataError extends UserError {
    constructor(message) {
        super('data', message);
    }
}
exports.DataError = DataError;
function isUserError(error) {
    return error instanceof UserError;
}
/**
 * Render a value found in user input, briefly, for an error message. Strings are quoted,
 * bounded and have hidden characters escaped (see util/visible.ts), so no value can add a
 * line, a workflow command or a bidi control to a message.
 */
function describeFound(value) {
    if (value === undefined)
        return 'nothing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
    if (typeof value === 'object')
        return Object.keys(value).length === 0 ? 'an empty mapping' : 'a mapping';
    if (typeof value === 'string')
        return (0, visible_js_1.quoted)(value);
    if (typeof value === 'number' && !Number.isFinite(value))
        return `the non-finite number ${String(value)}`;
    return `${typeof value} ${String(value)}`;
}


/***/ }),

/***/ 985:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.SIGNAL_EXIT = void 0;
exports.undoSlot = undoSlot;
exports.registerCleanup = registerCleanup;
exports.mirrorCleanupsTo = mirrorCleanupsTo;
exports.receiveCleanups = receiveCleanups;
exports.runCleanups = runCleanups;
exports.publishedLine = publishedLine;
exports.stoppedLine = stoppedLine;
exports.installSignalCleanup = installSignalCleanup;
/**
 * Cleanup when the process is stopped. Every open output slot registers what to undo (its staging
 * folder, its lock, the parent folders it created) as plain data, so that the undo can run on the
 * thread that handles the signal even when the slot lives on another (the CLI's engine thread,
 * supervise.ts): there each change is also posted to the supervisor, which replays them
 * once the engine thread has stopped. The undos never touch the output folder itself or a backup
 * of it, and a stop is refused once a swap has begun (stop.ts).
 *
 *   registerCleanup(undo): { update(change), unregister() }   // slot.ts
 *   runCleanups(): number                                      // undo every open slot
 *   mirrorCleanupsTo(port) / receiveCleanups(port)             // engine thread / supervisor
 *   installSignalCleanup(notify?): () => void                  // single-thread entries (the action)
 */
const node_fs_1 = __nccwpck_require__(24);
const node_path_1 = __nccwpck_require__(760);
const node_worker_threads_1 = __nccwpck_require__(919);
const lock_js_1 = __nccwpck_require__(325);
const stop_js_1 = __nccwpck_require__(877);
/** Remove the staging folder, release the lock, remove the created parents while empty. */
function undoSlot(undo) {
    if (undo.staging !== null)
        (0, node_fs_1.rmSync)(undo.staging, { recursive: true, force: true });
    (0, lock_js_1.releaseLock)(undo.lock);
    if (undo.parents === null)
        return;
    for (let dir = undo.parents.dir; dir.length >= undo.parents.firstCreated.length; dir = (0, node_path_1.dirname)(dir)) {
        try {
            (0, node_fs_1.rmdirSync)(dir);
        }
        catch {
            return;
        }
    }
}
const active = new Map();
let nextId = 1;
let mirror = null;
function post(id, undo) {
    mirror?.postMessage({ id, undo });
}
/** Register an open slot's undo; `update` records a change (the staging folder made), `unregister` its end. */
function registerCleanup(undo) {
    const id = nextId++;
    let current = { ...undo };
    active.set(id, current);
    post(id, current);
    return {
        update(change) {
            if (!active.has(id))
                return;
            current = { ...current, ...change };
            active.set(id, current);
            post(id, current);
        },
        unregister() {
            if (active.delete(id))
                post(id, null);
        }
    };
}
/** Engine thread: post every registration to `port` as well. */
function mirrorCleanupsTo(port) {
    mirror = port;
}
/** Supervisor, once the engine thread has stopped: take over the undos it posted and never closed. */
function receiveCleanups(port) {
    for (let message = (0, node_worker_threads_1.receiveMessageOnPort)(port); message !== undefined; message = (0, node_worker_threads_1.receiveMessageOnPort)(port)) {
        const { id, undo } = message.message;
        // Ids of another thread: kept apart from this thread's own by their sign.
        if (undo === null)
            active.delete(-id);
        else
            active.set(-id, undo);
    }
}
/** Run and forget every registered undo; returns how many there were. Never throws. */
function runCleanups() {
    const undos = [...active.values()];
    active.clear();
    for (const undo of undos) {
        try {
            undoSlot(undo);
        }
        catch {
            // Best effort while exiting; the next run on that folder clears what is left.
        }
    }
    return undos.length;
}
exports.SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };
/** What a signal handled after the output was put in place prints; the run then ends as it would have. */
function publishedLine(signal) {
    return (`evidence-gate: ${signal} came after the output was published; it stays in place and the run ends with its own ` +
        `status\n`);
}
/** The line a stop prints, depending on whether there was unfinished output to remove. */
function stoppedLine(signal, removed) {
    return removed > 0
        ? `evidence-gate: stopped by ${signal}; the unfinished output was removed and any earlier output left as it was\n`
        : `evidence-gate: stopped by ${signal}; no output was written\n`;
}
let installed = null;
/**
 * For single-thread process entries (the action): on SIGINT/SIGTERM remove the unfinished output
 * of every open slot and exit 130/143; `notify` receives one line when there was one. After an
 * output was put in place, `notify` is told so and the run goes on to its own end. The signal is
 * handled when the thread is next idle; the CLI supervises its engine instead.
 */
function installSignalCleanup(notify) {
    if (installed)
        return installed;
    let told = false;
    const onSignal = (signal) => {
        if ((0, stop_js_1.claimStop)() === 'published') {
            if (!told)
                notify?.(publishedLine(signal));
            told = true;
            return;
        }
        const removed = runCleanups();
        if (removed > 0)
            notify?.(stoppedLine(signal, removed));
        process.exit(exports.SIGNAL_EXIT[signal]);
    };
    const onExit = () => {
        runCleanups();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('exit', onExit);
    installed = () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        process.off('exit', onExit);
        installed = null;
    };
    return installed;
}


/***/ }),

/***/ 325:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.processStart = processStart;
exports.currentOwner = currentOwner;
exports.pidAlive = pidAlive;
exports.ownerState = ownerState;
exports.acquireLock = acquireLock;
exports.ownsLock = ownsLock;
exports.releaseLock = releaseLock;
/**
 * One run per output folder at a time. The lock is a file beside the folder (`.out.lock`),
 * created whole (written aside, then hard-linked into place, which fails if it exists) so exactly
 * one process can create it and none reads it half-written, holding who owns it:
 * pid, host name, start time, and on Linux the boot id and the kernel's start tick of the
 * process, so a reused pid is not mistaken for the owner. A lock whose owner is a dead
 * process of this host is taken over; one held by a live process, or by another host (whose
 * processes cannot be seen from here), refuses the run with a usage error naming the owner.
 *
 * Take-over is a rename of the stale file to a private name followed by a check that the
 * renamed file is the stale one, so two runs taking over at once cannot both succeed; and
 * before its output goes into place a run checks that the lock file is still its own.
 *
 *   acquireLock(path, output, shownLock): HeldLock   // throws UsageError when in use
 *   ownsLock(lock): boolean
 *   releaseLock(lock): void                        // removes the file only if still ours
 */
const node_crypto_1 = __nccwpck_require__(598);
const node_fs_1 = __nccwpck_require__(24);
const node_os_1 = __nccwpck_require__(161);
const errors_js_1 = __nccwpck_require__(916);
const quote_js_1 = __nccwpck_require__(796);
const version_js_1 = __nccwpck_require__(311);
/** An unreadable lock younger than this may still be being written by its creator. */
const PARTIAL_LOCK_GRACE_MS = 10_000;
const ATTEMPTS = 5;
function errorCode(error) {
    return error?.code;
}
function readOrNull(path) {
    try {
        return (0, node_fs_1.readFileSync)(path, 'utf8');
    }
    catch (error) {
        if (errorCode(error) === 'ENOENT')
            return null;
        throw error;
    }
}
function bootId() {
    return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null;
}
/** The kernel's start tick of `pid`, or null where /proc is not available. */
function processStart(pid) {
    let stat;
    try {
        stat = readOrNull(`/proc/${pid}/stat`);
    }
    catch {
        return null;
    }
    if (stat === null)
        return null;
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
}
function currentOwner(output, now = new Date()) {
    return {
        tool: version_js_1.TOOL_NAME,
        pid: process.pid,
        hostname: (0, node_os_1.hostname)(),
        started_at: now.toISOString(),
        boot_id: bootId(),
        proc_start: processStart(process.pid),
        token: (0, node_crypto_1.randomBytes)(8).toString('hex'),
        output
    };
}
function parseOwner(text) {
    try {
        const o = JSON.parse(text);
        if (typeof o.pid !== 'number' ||
            !Number.isInteger(o.pid) ||
            o.pid <= 0 ||
            typeof o.hostname !== 'string' ||
            typeof o.started_at !== 'string')
            return null;
        return {
            tool: String(o.tool ?? ''),
            pid: o.pid,
            hostname: o.hostname,
            started_at: o.started_at,
            boot_id: typeof o.boot_id === 'string' ? o.boot_id : null,
            proc_start: typeof o.proc_start === 'string' ? o.proc_start : null,
            token: String(o.token ?? ''),
            output: String(o.output ?? '')
        };
    }
    catch {
        return null;
    }
}
/** Whether a process of this host with this pid exists (EPERM: it exists, someone else's). */
function pidAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return errorCode(error) === 'EPERM';
    }
}
/** 'dead' only when this host can tell for sure; another host's process is 'unknown'. */
function ownerState(owner) {
    if (owner.hostname !== (0, node_os_1.hostname)())
        return 'unknown';
    const boot = bootId();
    if (owner.boot_id && boot && owner.boot_id !== boot)
        return 'dead';
    if (!pidAlive(owner.pid))
        return 'dead';
    const start = owner.proc_start ? processStart(owner.pid) : null;
    if (start !== null && start !== owner.proc_start)
        return 'dead';
    return 'alive';
}
function inUse(owner, output, shownLock) {
    const who = owner
        ? `(pid ${owner.pid} on host ${(0, quote_js_1.quote)(owner.hostname)}, started ` +
            `${/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(owner.started_at) ? owner.started_at : (0, quote_js_1.quote)(owner.started_at)})`
        : '(its lock file is still being written)';
    return new errors_js_1.UsageError(`output folder ${(0, quote_js_1.quotePath)(output)} is in use by another Evidence Gate run ${who}; wait for it to finish or ` +
        `choose another output folder (if no such run is active, delete ${(0, quote_js_1.quotePath)(shownLock)})`);
}
/**
 * Move the stale lock `path` (whose content was `stale`) out of the way. Returns quietly when
 * another run got there first; if what was moved is a fresh lock created meanwhile, it is put
 * back when the place is still free (its owner notices otherwise, see ownsLock).
 */
function reap(path, stale) {
    const aside = `${path}.reap-${process.pid}-${(0, node_crypto_1.randomBytes)(4).toString('hex')}`;
    try {
        (0, node_fs_1.renameSync)(path, aside);
    }
    catch (error) {
        if (errorCode(error) === 'ENOENT')
            return;
        throw error;
    }
    try {
        if ((0, node_fs_1.readFileSync)(aside, 'utf8') !== stale) {
            try {
                (0, node_fs_1.linkSync)(aside, path);
            }
            catch (error) {
                if (errorCode(error) !== 'EEXIST')
                    throw error;
            }
        }
    }
    finally {
        (0, node_fs_1.unlinkSync)(aside);
    }
}
/** Creates `path` holding `text` unless it exists; the O_EXCL create and the write happen one after the other. */
function createInPlace(path, text) {
    let fd;
    try {
        fd = (0, node_fs_1.openSync)(path, 'wx', 0o644);
    }
    catch (error) {
        if (errorCode(error) === 'EEXIST')
            return false;
        throw error;
    }
    try {
        (0, node_fs_1.writeSync)(fd, text);
        (0, node_fs_1.closeSync)(fd);
    }
    catch (error) {
        // A full disk can fail the write after the create: leave no empty lock behind.
        try {
            (0, node_fs_1.closeSync)(fd);
        }
        catch {
            // already closed
        }
        (0, node_fs_1.unlinkSync)(path);
        throw error;
    }
    return true;
}
/**
 * Creates `path` holding `text` unless it exists. The text is written to a private file first and
 * hard-linked into place, so the lock appears whole and no other run reads it half-written. Where
 * hard links are refused (some network or FUSE file systems), it is created in place.
 */
function create(path, text) {
    const draft = `${path}.new-${process.pid}-${(0, node_crypto_1.randomBytes)(4).toString('hex')}`;
    if (!createInPlace(draft, text))
        return createInPlace(path, text);
    try {
        (0, node_fs_1.linkSync)(draft, path);
        return true;
    }
    catch (error) {
        const code = errorCode(error);
        if (code === 'EEXIST')
            return false;
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS')
            return createInPlace(path, text);
        throw error;
    }
    finally {
        (0, node_fs_1.unlinkSync)(draft);
    }
}
/** Take the lock at `path` for the output folder `output` (shown relative to the root). */
function acquireLock(path, output, shownLock) {
    const owner = currentOwner(output);
    const text = JSON.stringify(owner, null, 2) + '\n';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (create(path, text))
            return { path, owner, text };
        const found = readOrNull(path);
        if (found === null)
            continue;
        const foundOwner = parseOwner(found);
        if (foundOwner === null) {
            let age = 0;
            try {
                age = Date.now() - (0, node_fs_1.statSync)(path).mtimeMs;
            }
            catch {
                continue;
            }
            if (age < PARTIAL_LOCK_GRACE_MS)
                throw inUse(null, output, shownLock);
        }
        else if (ownerState(foundOwner) !== 'dead') {
            throw inUse(foundOwner, output, shownLock);
        }
        reap(path, found);
    }
    throw new errors_js_1.UsageError(`output folder ${(0, quote_js_1.quotePath)(output)}: could not take its lock ${(0, quote_js_1.quotePath)(shownLock)} after ${ATTEMPTS} ` +
        `attempts, as other runs kept taking it; try again`);
}
function ownsLock(lock) {
    return readOrNull(lock.path) === lock.text;
}
function releaseLock(lock) {
    if (!ownsLock(lock))
        return;
    try {
        (0, node_fs_1.unlinkSync)(lock.path);
    }
    catch (error) {
        if (errorCode(error) !== 'ENOENT')
            throw error;
    }
}


/***/ }),

/***/ 877:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.StoppedError = void 0;
exports.shareStopState = shareStopState;
exports.resetStopState = resetStopState;
exports.beginPublish = beginPublish;
exports.endPublish = endPublish;
exports.claimStop = claimStop;
/**
 * Whether a stop request may still end a run without output, or comes after the output was put in
 * place. The CLI and the action run their engine on a second thread (supervise.ts) so that the
 * main thread is always free to take SIGINT and SIGTERM, however long a synchronous stage runs.
 * The two threads share one word of memory, and the change from "running" to either "publishing"
 * (the engine, in slot.commit) or "stopping" (the main thread, on a signal) is a compare-and-swap,
 * so exactly one of them wins:
 *
 *   running ──commit──▶ publishing ──swap done──▶ published
 *      │                    └──swap failed──▶ running
 *      └──signal──▶ stopping  (the engine thread is stopped, its unfinished output removed)
 *
 * A process without a supervisor (tests, the action) has no shared word: commits always proceed,
 * and a signal handled after one is told apart by a flag of this thread.
 *
 *   shareStopState(buffer?)       // both threads: use this word (a new one when none is given)
 *   beginPublish(): boolean       // engine: false when a stop was claimed first
 *   endPublish(published)         // engine: after the swap
 *   claimStop(): 'stop' | 'published'   // main thread, on a signal
 */
const errors_js_1 = __nccwpck_require__(916);
const RUNNING = 0;
const PUBLISHING = 1;
const PUBLISHED = 2;
const STOPPING = 3;
let word = null;
/** Without a shared word (a single-thread process): whether this thread put an output in place. */
let publishedHere = false;
/** Use `buffer` (from the other thread) as the shared state, or a new one; returns the buffer. */
function shareStopState(buffer) {
    const shared = buffer ?? new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    word = new Int32Array(shared);
    return shared;
}
/** Forget the shared state (tests). */
function resetStopState() {
    word = null;
    publishedHere = false;
}
/** Thrown by a commit that lost to a stop request; the run unwinds as for any other failure. */
class StoppedError extends errors_js_1.UserError {
    constructor() {
        super('usage', 'stopped before the output was put in place; any earlier output was left as it was');
    }
}
exports.StoppedError = StoppedError;
/** The engine is about to put its output in place: true unless a stop request was claimed first. */
function beginPublish() {
    if (word === null)
        return true;
    return Atomics.compareExchange(word, 0, RUNNING, PUBLISHING) === RUNNING;
}
/** The swap is over: the output is in place, or (on failure) the run goes on as before. */
function endPublish(published) {
    if (published)
        publishedHere = true;
    if (word === null)
        return;
    Atomics.store(word, 0, published ? PUBLISHED : RUNNING);
    Atomics.notify(word, 0);
}
/**
 * On a signal: 'stop' when the run had not begun to publish (the caller then stops the engine and
 * removes its unfinished output), 'published' when its output is already in place. A swap in
 * progress takes a few system calls; this waits for its end.
 */
function claimStop() {
    if (word === null)
        return publishedHere ? 'published' : 'stop';
    for (;;) {
        const seen = Atomics.compareExchange(word, 0, RUNNING, STOPPING);
        if (seen === RUNNING || seen === STOPPING)
            return 'stop';
        if (seen === PUBLISHED)
            return 'published';
        Atomics.wait(word, 0, PUBLISHING, 1000);
    }
}


/***/ }),

/***/ 575:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.joinSupervisor = joinSupervisor;
exports.reportExit = reportExit;
exports.superviseEngine = superviseEngine;
/**
 * A process's main thread while its command runs on the engine thread (the CLI's run, merge and
 * verify; the action). A synchronous stage (training,
 * a million bootstrap iterations, rendering) keeps its thread from handling signals until it
 * ends; with the command on a second thread, this one is idle and takes SIGINT or SIGTERM at
 * once. Before the output is put in place it stops the engine thread, removes the unfinished
 * output the engine registered (src/output/cleanup.ts), prints one line and exits 130 or 143;
 * once the output is in place it says so and lets the command end with its own status
 * (src/output/stop.ts decides which of the two happened first). docs/security.md lists what
 * each case leaves.
 */
const node_worker_threads_1 = __nccwpck_require__(919);
const engine_thread_js_1 = __nccwpck_require__(953);
const cleanup_js_1 = __nccwpck_require__(985);
const stop_js_1 = __nccwpck_require__(877);
/** Engine thread: join the supervisor's stop state and cleanup records; returns the start data. */
function joinSupervisor() {
    const data = node_worker_threads_1.workerData;
    (0, stop_js_1.shareStopState)(data.stop);
    (0, cleanup_js_1.mirrorCleanupsTo)(data.cleanups);
    return data;
}
/** Engine thread: hand the command's exit status to the supervisor. */
function reportExit(code) {
    node_worker_threads_1.parentPort?.postMessage({ exit: code });
}
/**
 * Main thread: run `argv` on an engine thread started from `entry`, and resolve with its exit
 * status. `write` prints the supervisor's own lines (stderr).
 */
function superviseEngine(entry, argv, write, stderrIsTTY) {
    (0, engine_thread_js_1.markDelegated)();
    const stop = (0, stop_js_1.shareStopState)();
    const { port1, port2 } = new node_worker_threads_1.MessageChannel();
    const data = {
        role: engine_thread_js_1.ENGINE_ROLE,
        argv: [...argv],
        cwd: process.cwd(),
        stderrIsTTY,
        stop,
        cleanups: port2
    };
    const worker = new node_worker_threads_1.Worker(new URL(entry), { argv: [...argv], workerData: data, transferList: [port2] });
    return new Promise((resolve) => {
        let status = null;
        let stopping = false;
        let told = false;
        const onSignal = (signal) => {
            if (stopping)
                return;
            if ((0, stop_js_1.claimStop)() === 'published') {
                if (!told)
                    write((0, cleanup_js_1.publishedLine)(signal));
                told = true;
                return;
            }
            stopping = true;
            void worker.terminate().then(() => {
                (0, cleanup_js_1.receiveCleanups)(port1);
                write((0, cleanup_js_1.stoppedLine)(signal, (0, cleanup_js_1.runCleanups)()));
                process.exit(cleanup_js_1.SIGNAL_EXIT[signal]);
            });
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        worker.on('message', (message) => {
            if (typeof message?.exit === 'number')
                status = message.exit;
        });
        worker.on('error', (error) => {
            write(`evidence-gate: internal error (a bug, please report it):\n${error.stack ?? String(error)}\n`);
            status = 3;
        });
        worker.on('exit', (code) => {
            if (stopping)
                return;
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
            // A thread that crashed left its unfinished output registered; one that ended left none.
            (0, cleanup_js_1.receiveCleanups)(port1);
            (0, cleanup_js_1.runCleanups)();
            port1.close();
            // The status the command reported, else the thread's own exit code (its process.exitCode).
            resolve(status ?? code);
        });
    });
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
exports.supervisesCommand = supervisesCommand;
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
/** The CLI commands that run on an engine thread: those that may write an output folder or run long. */
const SUPERVISED_COMMANDS = ['run', 'merge', 'verify'];
/**
 * Whether this main thread hands `argv`'s command to an engine thread: the decision src/start.ts
 * makes for the CLI's engine, and the launcher (src/cli/index.ts) makes without loading the engine.
 */
function supervisesCommand(argv) {
    return node_worker_threads_1.isMainThread && SUPERVISED_COMMANDS.includes(argv[0] ?? '');
}
function isEngineThread() {
    return !node_worker_threads_1.isMainThread && node_worker_threads_1.workerData?.role === exports.ENGINE_ROLE;
}
const DELEGATED = Symbol.for('evidence-gate.delegated');
/** Called by the main thread when it hands the command to an engine thread. */
function markDelegated() {
    globalThis[DELEGATED] = true;
}
/**
 * Whether this thread stores the compile cache after its work: the engine thread, or a main thread that ran the command
 * itself.
 */
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

/***/ 796:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Names taken from the file system or from config (paths, file names, host names) shown in a
 * one-line message: they cannot break the line, start a workflow command or hide behind
 * bidirectional or invisible characters.
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.quote = quote;
exports.quotePath = quotePath;
// JSON.stringify already escapes C0 controls, quotes and backslashes; these it leaves alone.
const UNSAFE = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** Always quoted, as JSON would, with the characters above as \u escapes. */
function quote(text) {
    return JSON.stringify(text).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** A plain path stays plain (`out/summary.md`); anything unusual is quoted. */
function quotePath(text) {
    return /^[A-Za-z0-9._/+=,@-]+$/.test(text) ? text : quote(text);
}


/***/ }),

/***/ 526:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Values read from data or config end up in error messages, logs and reports. Shown raw,
 * such a value can break a line (and start a GitHub workflow command such as `::error::`),
 * reorder the text around it (bidi controls: "\u202Eevil" reads as "live") or hide in plain
 * sight (zero-width characters). These helpers show every such character as a `\uXXXX`
 * escape and leave all other text (accents, CJK, emoji) as it is.
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.PRINTABLE_PATTERN = void 0;
exports.hasHidden = hasHidden;
exports.visible = visible;
exports.quoted = quoted;
exports.truncateText = truncateText;
exports.quotedList = quotedList;
exports.visiblePath = visiblePath;
/**
 * Characters that never show as themselves: C0 and C1 controls, DEL, line and paragraph
 * separators, bidi controls, zero-width and other invisible format characters, and lone
 * UTF-16 surrogates (which no encoder can write out).
 */
const HIDDEN_CHARS = '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
const HIDDEN_SOURCE = `[${HIDDEN_CHARS}]` + '|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const HIDDEN = new RegExp(HIDDEN_SOURCE, 'g');
/**
 * A /u pattern for a string without any hidden character: the same set as HIDDEN_SOURCE, where a
 * lone surrogate is a code point of its own in /u mode (a pair is one astral code point). The
 * config schema uses it; a test holds it equal to `!hasHidden` on every BMP unit and pair.
 */
exports.PRINTABLE_PATTERN = `^[^${HIDDEN_CHARS}\\ud800-\\udfff]*$`;
const HAS_HIDDEN = new RegExp(HIDDEN_SOURCE);
const SHORT = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeOne(c) {
    return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
/** True when `text` holds a character that `visible()` would escape. */
function hasHidden(text) {
    return HAS_HIDDEN.test(text);
}
/**
 * `text` with every hidden character written as `\t`, `\n`, `\r` or `\uXXXX`, except the
 * characters in `keep` (for example "\t\n" where the output may hold tabs and lines).
 */
function visible(text, keep = '') {
    return text.replace(HIDDEN, (c) => (keep.includes(c) ? c : escapeOne(c)));
}
/**
 * The first `max` code points of `text`, and whether anything was cut. Walks only as far as
 * needed, so a 50 MB value costs no more than a short one.
 */
function head(text, max) {
    let points = 0;
    let i = 0;
    while (i < text.length) {
        if (points === max)
            return { text: text.slice(0, i), cut: true };
        const c = text.charCodeAt(i);
        const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
        i += pair ? 2 : 1;
        points++;
    }
    return { text, cut: false };
}
/**
 * A value as it appears in a message: double-quoted, at most `max` code points of it (longer
 * values end in `...`), backslash and quote escaped as in JSON, hidden characters escaped.
 */
function quoted(value, max = 60) {
    return `"${visible(truncateText(value, max).replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}
/** At most `max` code points of `text`; a longer text keeps `max - 3` of them and ends in `...`. */
function truncateText(text, max) {
    return head(text, max).cut ? head(text, Math.max(1, max - 3)).text + '...' : text;
}
/** Several values, each `quoted()`, comma-separated; past `maxItems` only a count of the rest. */
function quotedList(values, maxItems = 20) {
    const shown = values.slice(0, maxItems).map((v) => quoted(v));
    const rest = values.length - shown.length;
    return rest > 0 ? `${shown.join(', ')} (and ${rest} more)` : shown.join(', ');
}
/**
 * A file path where a message starts with it (`file:line: …`): hidden characters escaped, and
 * a path that itself starts with ":" read as "./…", so that no line of a message can begin
 * with `::`.
 */
function visiblePath(path) {
    const shown = visible(path);
    return shown.startsWith(':') ? `./${shown}` : shown;
}


/***/ }),

/***/ 311:
/***/ (function(__unused_webpack_module, exports, __nccwpck_require__) {


var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.TOOL_VERSION = exports.TOOL_NAME = void 0;
/**
 * Tool identity recorded in every manifest. The version is package.json's, read at build time (the
 * bundler inlines it), so a release bumps one file and `--version`, the manifest and the npm
 * package always agree.
 */
const package_json_1 = __importDefault(__nccwpck_require__(330));
exports.TOOL_NAME = 'evidence-gate';
exports.TOOL_VERSION = package_json_1.default.version;


/***/ }),

/***/ 573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

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

/***/ }),

/***/ 330:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"name":"evidence-gate","version":"1.0.0","description":"Evaluate a classifier under a declared threat model and gate the release on per-example evidence.","license":"MIT","type":"module","keywords":["machine-learning","robustness","evaluation","classifier","release-gate","github-action","cli"],"engines":{"node":">=20"},"files":["bin/","dist/cli/","docs/","CHANGELOG.md"],"bin":{"evidence-gate":"bin/evidence-gate.js"},"scripts":{"typecheck":"tsc --noEmit -p tsconfig.check.json","lint":"eslint . && prettier --check .","format":"prettier --write .","test":"NODE_OPTIONS=--experimental-vm-modules NODE_NO_WARNINGS=1 jest","package":"node scripts/package.js","generate:validator":"tsx scripts/generate-validator.ts","generate:runner":"node scripts/generate-python-runner.js","local-action":"local-action run . src/index.ts .env.example","bench":"node scripts/bench-all.js","example:tabular:generate":"node examples/inspection-tabular/generate.js","example":"node dist/cli/index.js run --config examples/academic-intent/evidence-gate.yml --out evidence-gate-out","example:generate":"node examples/academic-intent/generate.js","all":"npm run typecheck && npm run lint && npm test && npm run package"},"devDependencies":{"@actions/artifact":"^6.2.1","@actions/cache":"^6.3.0","@actions/core":"^3.0.1","@actions/github":"^9.1.1","@eslint/js":"^9.39.0","@github/local-action":"^7.0.1","@types/jest":"^30.0.0","@types/node":"^20.19.0","@vercel/ncc":"^0.45.0","ajv":"^8.20.0","csv-parse":"^7.0.3","esbuild":"^0.28.2","eslint":"^9.39.0","fast-check":"^4.11.0","jest":"^30.2.0","playwright-core":"1.65.1","prettier":"3.10.2","pure-rand":"^8.4.2","tsx":"^4.23.15","typescript":"~5.9.3","typescript-eslint":"^8.46.0","yaml":"^2.9.1"}}');

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
 * A command that runs on an engine thread (run, merge, verify) does not load the engine on the
 * main thread at all: the launcher starts the engine thread itself and supervises it, so the
 * main thread's part of a run is this small file (a head-to-head in docs/performance.md).
 *
 * This file only works in dist/, beside engine.js; tests load the sources instead.
 */
const node_buffer_1 = __nccwpck_require__(573);
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
const supervise_js_1 = __nccwpck_require__(575);
/** engine.js's bytes; without them (a partial copy of dist/) the CLI cannot run: say so and exit 3. */
function readEngine(path) {
    try {
        return (0, node_fs_1.readFileSync)(path);
    }
    catch (error) {
        process.stderr.write(`evidence-gate: internal error: cannot read the engine bundle ${path} (` +
            `${error.code ?? String(error)}); it belongs beside this launcher: reinstall, ` +
            `or run \`npm run package\` in a clone\n`);
        process.exit(3);
    }
}
/**
 * Compile and start the engine on this thread (the engine thread, a perturbation thread, or a command run in place).
 */
function startEngine() {
    // Not new URL('./engine.js', import.meta.url): the bundler would take that for an asset to copy.
    const enginePath = (0, node_path_1.join)((0, node_path_1.dirname)((0, node_url_1.fileURLToPath)(import.meta.url)), 'engine.js');
    const bytes = readEngine(enginePath);
    const bundleSha256 = (0, hash_js_1.sha256Hex)(bytes);
    const command = commands_js_1.COMMANDS.find((c) => c === process.argv[2]) ?? 'other';
    const cache = (0, compile_cache_js_1.openCompileCache)((0, compile_cache_js_1.compileCacheDir)(process.env), (0, compile_cache_js_1.cacheFileName)(bundleSha256, {
        node: process.version,
        arch: process.arch,
        execArgv: process.execArgv,
        nodeOptions: process.env.NODE_OPTIONS,
        command
    }), bundleSha256);
    // The packaged engine is pure ASCII (scripts/engine-script.js), which Latin-1 reads as a plain copy.
    const source = (0, node_buffer_1.isAscii)(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    const script = new node_vm_1.Script(source, { filename: enginePath, cachedData: cache?.data });
    (0, bundle_js_1.setLaunch)({ entry: import.meta.url, bundleSha256 });
    // No top-level await: the launcher is bundled without a type check (scripts/package.js), as a module
    // that TypeScript alone cannot tell is ESM. A failing engine rejects, and Node reports it as before.
    void script.runInThisContext()(node_module_1.createRequire, (0, node_url_1.pathToFileURL)(enginePath).href).then(() => {
        if ((0, engine_thread_js_1.savesCompileCache)())
            cache?.save(script);
    });
}
const argv = process.argv.slice(2);
if ((0, engine_thread_js_1.supervisesCommand)(argv)) {
    // The engine thread starts from this file and lands in startEngine() there.
    void (0, supervise_js_1.superviseEngine)(import.meta.url, argv, (line) => process.stderr.write(line), process.stderr.isTTY === true).then((code) => {
        process.exitCode = code;
    });
}
else
    startEngine();

})();

var __webpack_exports___esModule = __webpack_exports__.B;
export { __webpack_exports___esModule as __esModule };
