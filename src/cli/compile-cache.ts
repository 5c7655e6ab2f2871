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
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Script } from 'node:vm';
import { sha256Hex } from '../util/hash.js';

/** The first bytes of every cache file: this format, then two raw SHA-256 digests. */
const MAGIC = Buffer.from('EGV8CC1\n', 'latin1');
/** magic, the engine's SHA-256, the bytecode's SHA-256. */
export const CACHE_HEADER_BYTES = MAGIC.length + 32 + 32;

/** The file's bytes: the header for `sourceSha256` (hex) and the digest of `bytecode`, then the bytecode. */
export function sealCacheFile(sourceSha256: string, bytecode: Uint8Array): Buffer {
  return Buffer.concat([MAGIC, Buffer.from(sourceSha256, 'hex'), Buffer.from(sha256Hex(bytecode), 'hex'), bytecode]);
}

/** The bytecode of a file sealed for `sourceSha256` whose digest still matches; undefined for anything else. */
function openCacheFile(file: Buffer, sourceSha256: string): Buffer | undefined {
  if (file.length <= CACHE_HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  if (file.toString('hex', MAGIC.length, MAGIC.length + 32) !== sourceSha256) return undefined;
  const bytecode = file.subarray(CACHE_HEADER_BYTES);
  return file.toString('hex', MAGIC.length + 32, CACHE_HEADER_BYTES) === sha256Hex(bytecode) ? bytecode : undefined;
}

/** A cache file larger than this is not read (a sane one is about 1 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The cache folder: NODE_COMPILE_CACHE when set (Node's own variable for its compile cache), else
 * evidence-gate/ under XDG_CACHE_HOME or ~/.cache. NODE_DISABLE_COMPILE_CACHE turns it off (null).
 */
export function compileCacheDir(env: NodeJS.ProcessEnv, home: () => string = homedir): string | null {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'evidence-gate');
  try {
    const h = home();
    return h ? join(h, '.cache', 'evidence-gate') : null;
  } catch {
    return null;
  }
}

/** What the compiled bytecode depends on besides the source: Node build, platform and V8 flags. */
export interface CompileFacts {
  node: string;
  arch: string;
  execArgv: readonly string[];
  nodeOptions: string | undefined;
  /** The CLI command: each keeps the functions its own runs compiled. */
  command: string;
}

export function cacheFileName(bundleSha256: string, facts: CompileFacts): string {
  const key = sha256Hex(
    JSON.stringify([bundleSha256, facts.node, facts.arch, facts.execArgv, facts.nodeOptions ?? '', facts.command])
  );
  return `cli-${key.slice(0, 40)}.v8cache`;
}

/** The current user, when the platform has one (POSIX); elsewhere ownership is not checked. */
function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** Owned by this user and not writable by group or others. */
function isPrivate(stats: Stats, uid: number | null): boolean {
  return uid === null || (stats.uid === uid && (stats.mode & 0o022) === 0);
}

/** The folder, created private when missing, when it is a private folder of this user; else null. */
function privateDir(dir: string, uid: number | null): string | null {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = lstatSync(dir);
    return stats.isDirectory() && isPrivate(stats, uid) ? dir : null;
  } catch {
    return null;
  }
}

/** The cache file's bytes when it is a private regular file of this user within the size bound; else undefined. */
function readPrivateFile(path: string, uid: number | null): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || !isPrivate(stats, uid) || stats.size === 0 || stats.size > MAX_CACHE_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stats.size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) return undefined;
      at += n;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Writes through a private temporary file renamed into place, so a reader never sees half a file. */
function writePrivateFile(path: string, bytes: Uint8Array): boolean {
  const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, bytes, { flag: 'wx', mode: 0o600 });
    renameSync(temporary, path);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

/** One bundle's cache entry: the bytes to hand to `vm.Script`, and the save after a run. */
interface CompileCache {
  readonly path: string;
  /** The cached bytecode, when a usable file with an intact header for this engine was found. */
  readonly data: Buffer | undefined;
  /**
   * Stores the script's bytecode (the functions compiled so far included) when nothing usable
   * was read or V8 rejected what was: a cache that V8 accepted is left as it is. Returns whether
   * a file was written.
   */
  save(script: Script): boolean;
}

/** `sourceSha256`: the hex SHA-256 of the source the bytecode belongs to (the engine bundle). */
export function openCompileCache(dir: string | null, fileName: string, sourceSha256: string): CompileCache | null {
  if (dir === null) return null;
  const uid = currentUid();
  const folder = privateDir(dir, uid);
  if (folder === null) return null;
  const path = join(folder, fileName);
  const file = readPrivateFile(path, uid);
  const data = file === undefined ? undefined : openCacheFile(file, sourceSha256);
  return {
    path,
    data,
    save(script) {
      if (data !== undefined && !script.cachedDataRejected) return false;
      try {
        return writePrivateFile(path, sealCacheFile(sourceSha256, script.createCachedData()));
      } catch {
        return false;
      }
    }
  };
}
