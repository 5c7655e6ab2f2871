import { chmodSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { cacheFileName, compileCacheDir, openCompileCache, type CompileFacts } from '../../src/cli/compile-cache.js';
import { tempRepo } from '../helpers.js';

const POSIX = typeof process.getuid === 'function';
const posixTest = POSIX ? test : test.skip;

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
  test("takes NODE_COMPILE_CACHE as it is, and NODE_DISABLE_COMPILE_CACHE turns it off", () => {
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
    expect(second?.data?.equals(readFileSync(join(dir, 'a.v8cache')))).toBe(true);
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
    writeFileSync(join(dir, 'a.v8cache'), garbage, { mode: 0o600 });
    const cache = openCompileCache(dir, 'a.v8cache');
    expect(cache?.data?.equals(garbage)).toBe(true);
    const run = compiled('rejected', cache?.data);
    expect(run.script.cachedDataRejected).toBe(true);
    expect(run.value).toBe(328350);
    expect(cache?.save(run.script)).toBe(true);
    expect(readFileSync(join(dir, 'a.v8cache')).equals(garbage)).toBe(false);
    expect(compiled('rejected', openCompileCache(dir, 'a.v8cache')?.data).script.cachedDataRejected).toBe(false);
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
    const root = tempRepo({ 'cache': 'a file' });
    expect(openCompileCache(join(root, 'cache'), 'a.v8cache')).toBeNull();
    expect(openCompileCache(join(root, 'cache', 'below'), 'a.v8cache')).toBeNull();
    expect(existsSync(join(root, 'cache', 'below'))).toBe(false);
  });
});
