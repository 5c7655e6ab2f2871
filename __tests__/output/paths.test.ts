/**
 * resolveInside (config/paths.ts) for every caller: config, data, dictionary and lock files
 * that exist, and output folders that do not exist yet. A link anywhere along the path must
 * stay inside the real root.
 */
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveInside, type ResolvedPath } from '../../src/config/paths.js';
import { tempRepo } from '../helpers.js';

function ok(result: ResolvedPath | string): ResolvedPath {
  if (typeof result === 'string') throw new Error(`refused: ${result}`);
  return result;
}

describe('existing files (config, data, dictionaries)', () => {
  test('a plain file: absolute, relative and real paths', () => {
    const root = tempRepo({ 'data/train.jsonl': '{}' });
    const r = ok(resolveInside(root, 'data/train.jsonl'));
    expect(r).toEqual({
      absolute: join(root, 'data/train.jsonl'),
      relative: 'data/train.jsonl',
      real: join(realpathSync(root), 'data/train.jsonl'),
      realRoot: realpathSync(root)
    });
  });

  test('a link to another file inside the root keeps its own relative name', () => {
    const root = tempRepo({ 'data/train.jsonl': '{}' });
    symlinkSync(join(root, 'data', 'train.jsonl'), join(root, 'data', 'alias.jsonl'));
    const r = ok(resolveInside(root, 'data/alias.jsonl'));
    expect(r.relative).toBe('data/alias.jsonl');
    expect(r.real).toBe(join(realpathSync(root), 'data', 'train.jsonl'));
  });

  test('a linked folder inside the root is followed', () => {
    const root = tempRepo({ 'real/d.json': '{}' });
    symlinkSync('real', join(root, 'alias'));
    expect(ok(resolveInside(root, 'alias/d.json')).real).toBe(join(realpathSync(root), 'real', 'd.json'));
  });

  test('a file reached through a link leading outside is refused', () => {
    const outside = tempRepo({ 'secret.jsonl': 'x' });
    const root = tempRepo();
    symlinkSync(outside, join(root, 'data'));
    expect(resolveInside(root, 'data/secret.jsonl')).toBe(
      'expected a path inside the repository root, found "data/secret.jsonl" (a link that leads outside)'
    );
  });

  test('a missing file below a link leading outside is refused too (it used to pass)', () => {
    const outside = tempRepo();
    const root = tempRepo();
    symlinkSync(outside, join(root, 'data'));
    expect(resolveInside(root, 'data/not-yet.jsonl')).toBe(
      'expected a path inside the repository root, found "data/not-yet.jsonl" (a link that leads outside)'
    );
  });

  test('a missing file in a real folder resolves (the caller reports it missing)', () => {
    const root = tempRepo({ 'data/x': '' });
    expect(ok(resolveInside(root, 'data/missing.jsonl')).relative).toBe('data/missing.jsonl');
  });

  test('a dangling link and a link loop are refused', () => {
    const root = tempRepo();
    symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));
    symlinkSync('loop-b', join(root, 'loop-a'));
    symlinkSync('loop-a', join(root, 'loop-b'));
    expect(resolveInside(root, 'dangling')).toBe(
      'expected a path that exists or can be created, found "dangling" (a link whose target does not exist)'
    );
    expect(resolveInside(root, 'loop-a/x')).toBe(
      'expected a path that exists or can be created, found "loop-a/x" (a link that cannot be resolved (ELOOP))'
    );
  });

  test('a file used as a folder is refused', () => {
    const root = tempRepo({ 'a.txt': '' });
    expect(resolveInside(root, 'a.txt/b/c')).toBe(
      'expected a path whose parents are folders, found "a.txt/b/c" (a.txt is not a folder)'
    );
  });
});

describe('the root and how paths are named', () => {
  test('`..` outside and absolute paths elsewhere are refused', () => {
    const root = tempRepo();
    expect(resolveInside(root, '../x')).toBe('expected a path inside the repository root, found "../x"');
    expect(resolveInside(root, '/etc/passwd')).toBe('expected a path inside the repository root, found "/etc/passwd"');
  });

  test('relative to cwd when given', () => {
    const root = tempRepo({ 'sub/f': '' });
    expect(ok(resolveInside(root, '../sub/f', join(root, 'sub'))).relative).toBe('sub/f');
  });

  test('a root given through a link accepts its real path as well as its linked one', () => {
    const real = tempRepo({ 'data/f.jsonl': '' });
    const holder = tempRepo();
    const linkedRoot = join(holder, 'repo');
    symlinkSync(real, linkedRoot);
    expect(ok(resolveInside(linkedRoot, 'data/f.jsonl')).relative).toBe('data/f.jsonl');
    expect(ok(resolveInside(linkedRoot, join(realpathSync(real), 'data/f.jsonl'))).relative).toBe('data/f.jsonl');
    expect(ok(resolveInside(linkedRoot, join(linkedRoot, 'data/f.jsonl'))).relative).toBe('data/f.jsonl');
  });

  test('a missing root is a reason, not a crash', () => {
    expect(resolveInside('/nonexistent-evidence-gate-root', 'x')).toBe(
      'expected an existing repository root folder, found "/nonexistent-evidence-gate-root"'
    );
  });

  test('names with line breaks or bidi controls are escaped in the reason', () => {
    const root = tempRepo();
    const reason = resolveInside(root, '../a\n::error::b\u202e') as string;
    expect(reason).toBe('expected a path inside the repository root, found "../a\\n::error::b\\u202e"');
  });

  test('a link inside the root to a folder inside the root, with missing levels below', () => {
    const root = tempRepo();
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'keep'), '');
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    expect(ok(resolveInside(root, 'alias/a/b')).real).toBe(join(realpathSync(root), 'real', 'a', 'b'));
  });
});
