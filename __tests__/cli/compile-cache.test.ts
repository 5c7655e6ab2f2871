import { chmodSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import {
  CACHE_HEADER_BYTES,
  cacheFileName,
  compileCacheDir,
  openCompileCache as openCache,
  sealCacheFile,
  type CompileFacts
} from '../../src/cli/compile-cache.js';
import { tempRepo } from '../helpers.js';

const POSIX = typeof process.getuid === 'function';
const posixTest = POSIX ? test : test.skip;

/** The SHA-256 of the engine every cache below belongs to (any 64 hex digits). */
const ENGINE = 'e'.repeat(64);
const openCompileCache = (dir: string | null, name: string, engine = ENGINE) => openCache(dir, name, engine);

const FACTS: CompileFacts = { node: 'v20.20.2', arch: 'x64', execArgv: [], nodeOptions: undefined, command: 'run' };

/**
 * A script with inner functions, so that running it compiles more than its top level. Each
 * compile names another file: V8 would otherwise take the script compiled earlier in this process
 * from its in-memory cache and never look at the cached data.
 */
const source = (tag: string) => `// ${tag}
(function () {
  function square(x) { return x * x; }
  function sum(n) { let s = 0; for (let i = 0; i < n; i++) s += square(i); return s; }
  return sum(100);
})()`;

let compiles = 0;
function compiled(tag: string, cachedData?: Buffer): { script: Script; value: unknown } {
  const script = new Script(source(tag), { filename: `cache-test-${++compiles}.js`, cachedData });
  return { script, value: script.runInThisContext() };
}

describe('compileCacheDir', () => {
  const home = () => '/home/ada';
  test('is ~/.cache/evidence-gate by default and follows XDG_CACHE_HOME', () => {
    expect(compileCacheDir({}, home)).toBe('/home/ada/.cache/evidence-gate');
    expect(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/ada' }, home)).toBe('/var/cache/ada/evidence-gate');
  });
  test('takes NODE_COMPILE_CACHE as it is, and NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    expect(compileCacheDir({ NODE_COMPILE_CACHE: '/tmp/v8', XDG_CACHE_HOME: '/x' }, home)).toBe('/tmp/v8');
    expect(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1', NODE_COMPILE_CACHE: '/tmp/v8' }, home)).toBeNull();
  });
  test('is off when there is no home folder', () => {
    expect(compileCacheDir({}, () => '')).toBeNull();
    expect(
      compileCacheDir({}, () => {
        throw new Error('no passwd entry');
      })
    ).toBeNull();
  });
});

describe('cacheFileName', () => {
  test('names one file per bundle, Node build, architecture, V8 flags and command', () => {
    const name = cacheFileName('a'.repeat(64), FACTS);
    expect(name).toMatch(/^cli-[0-9a-f]{40}\.v8cache$/);
    expect(cacheFileName('a'.repeat(64), { ...FACTS })).toBe(name);
    const variants = [
      cacheFileName('b'.repeat(64), FACTS),
      cacheFileName('a'.repeat(64), { ...FACTS, node: 'v22.0.0' }),
      cacheFileName('a'.repeat(64), { ...FACTS, arch: 'arm64' }),
      cacheFileName('a'.repeat(64), { ...FACTS, execArgv: ['--max-old-space-size=512'] }),
      cacheFileName('a'.repeat(64), { ...FACTS, nodeOptions: '--stack-size=2000' }),
      cacheFileName('a'.repeat(64), { ...FACTS, command: 'verify' })
    ];
    expect(new Set([name, ...variants]).size).toBe(7);
  });
});

describe('openCompileCache', () => {
  test('is null when caching is off', () => {
    expect(openCompileCache(null, 'x.v8cache')).toBeNull();
  });

  test('stores the bytecode after a first run and hands it back to the next, which V8 accepts', () => {
    const dir = join(tempRepo(), 'nested', 'cache');
    const first = openCompileCache(dir, 'a.v8cache');
    expect(first).not.toBeNull();
    expect(first?.data).toBeUndefined();
    const run1 = compiled('round trip', first?.data);
    expect(run1.value).toBe(328350);
    expect(first?.save(run1.script)).toBe(true);
    expect(readdirSync(dir)).toEqual(['a.v8cache']);
    if (POSIX) {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'a.v8cache')).mode & 0o777).toBe(0o600);
    }

    const second = openCompileCache(dir, 'a.v8cache');
    // The file is a header (magic, engine digest, bytecode digest) and the bytecode V8 wrote.
    expect(second?.data?.equals(readFileSync(join(dir, 'a.v8cache')).subarray(CACHE_HEADER_BYTES))).toBe(true);
    const run2 = compiled('round trip', second?.data);
    expect(run2.script.cachedDataRejected).toBe(false);
    expect(run2.value).toBe(328350);
    // An accepted cache is left as it is.
    expect(second?.save(run2.script)).toBe(false);
  });

  test('rewrites a file that V8 rejects', () => {
    const dir = join(tempRepo(), 'cache');
    const garbage = Buffer.from('not bytecode, just bytes '.repeat(8));
    openCompileCache(dir, 'a.v8cache');
    // Sealed correctly, so only V8 can tell that it is not bytecode.
    writeFileSync(join(dir, 'a.v8cache'), sealCacheFile(ENGINE, garbage), { mode: 0o600 });
    const cache = openCompileCache(dir, 'a.v8cache');
    expect(cache?.data?.equals(garbage)).toBe(true);
    const run = compiled('rejected', cache?.data);
    expect(run.script.cachedDataRejected).toBe(true);
    expect(run.value).toBe(328350);
    expect(cache?.save(run.script)).toBe(true);
    expect(readFileSync(join(dir, 'a.v8cache')).subarray(CACHE_HEADER_BYTES).equals(garbage)).toBe(false);
    expect(compiled('rejected', openCompileCache(dir, 'a.v8cache')?.data).script.cachedDataRejected).toBe(false);
  });

  test('never hands V8 a file whose bytecode no longer matches its digest, and replaces it', () => {
    const dir = join(tempRepo(), 'cache');
    const first = openCompileCache(dir, 'a.v8cache');
    first?.save(compiled('flipped').script);
    const file = join(dir, 'a.v8cache');
    const bytes = readFileSync(file);
    // Four bits flipped after the header: V8 alone would accept the file and crash on it.
    for (const [at, bit] of [
      [8, 1],
      [200, 4],
      [bytes.length - 300, 16],
      [bytes.length - 1, 128]
    ] as const) {
      const i = CACHE_HEADER_BYTES + at;
      if (i < bytes.length) bytes[i] = (bytes[i] as number) ^ bit;
    }
    writeFileSync(file, bytes);
    const damaged = openCompileCache(dir, 'a.v8cache');
    expect(damaged?.data).toBeUndefined();
    const run = compiled('flipped', damaged?.data);
    expect(run.value).toBe(328350);
    expect(damaged?.save(run.script)).toBe(true);
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeDefined();
  });

  test('ignores a file sealed for another engine, a file without the header and a header alone', () => {
    const dir = join(tempRepo(), 'cache');
    const first = openCompileCache(dir, 'a.v8cache');
    first?.save(compiled('other engine').script);
    const file = join(dir, 'a.v8cache');
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeDefined();
    // The same file, read for an engine of another digest (as a same-length rebuild would be).
    expect(openCompileCache(dir, 'a.v8cache', 'f'.repeat(64))?.data).toBeUndefined();
    const bytecode = readFileSync(file).subarray(CACHE_HEADER_BYTES);
    writeFileSync(file, bytecode);
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeUndefined();
    writeFileSync(file, sealCacheFile(ENGINE, Buffer.alloc(0)));
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeUndefined();
  });

  test('ignores an empty file', () => {
    const dir = join(tempRepo(), 'cache');
    openCompileCache(dir, 'a.v8cache');
    writeFileSync(join(dir, 'a.v8cache'), '', { mode: 0o600 });
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeUndefined();
  });

  posixTest('does not follow a symlink in place of the file', () => {
    const root = tempRepo({ 'elsewhere.bin': 'x'.repeat(100) });
    chmodSync(join(root, 'elsewhere.bin'), 0o600);
    const dir = join(root, 'cache');
    openCompileCache(dir, 'a.v8cache');
    symlinkSync(join(root, 'elsewhere.bin'), join(dir, 'a.v8cache'));
    const cache = openCompileCache(dir, 'a.v8cache');
    expect(cache?.data).toBeUndefined();
    // Saving replaces the link itself (rename), never writes through it.
    expect(cache?.save(compiled('symlink').script)).toBe(true);
    expect(readFileSync(join(root, 'elsewhere.bin'), 'utf8')).toBe('x'.repeat(100));
  });

  posixTest('ignores a file that others can write', () => {
    const dir = join(tempRepo(), 'cache');
    const first = openCompileCache(dir, 'a.v8cache');
    first?.save(compiled('writable').script);
    chmodSync(join(dir, 'a.v8cache'), 0o666);
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeUndefined();
    chmodSync(join(dir, 'a.v8cache'), 0o620);
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeUndefined();
    chmodSync(join(dir, 'a.v8cache'), 0o644);
    expect(openCompileCache(dir, 'a.v8cache')?.data).toBeDefined();
  });

  posixTest('is off in a folder that others can write, or that is a symlink', () => {
    const root = tempRepo();
    const shared = join(root, 'shared');
    openCompileCache(shared, 'a.v8cache');
    chmodSync(shared, 0o777);
    expect(openCompileCache(shared, 'a.v8cache')).toBeNull();
    const real = join(root, 'real');
    openCompileCache(real, 'a.v8cache');
    symlinkSync(real, join(root, 'link'));
    expect(openCompileCache(join(root, 'link'), 'a.v8cache')).toBeNull();
  });

  test('is off when the folder cannot be made (a file is in the way)', () => {
    const root = tempRepo({ cache: 'a file' });
    expect(openCompileCache(join(root, 'cache'), 'a.v8cache')).toBeNull();
    expect(openCompileCache(join(root, 'cache', 'below'), 'a.v8cache')).toBeNull();
    expect(existsSync(join(root, 'cache', 'below'))).toBe(false);
  });
});
