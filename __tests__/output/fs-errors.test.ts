/** File-system failures of the environment as one-line user errors; anything else stays a bug. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUserError } from '../../src/errors.js';
import { asUserFsError, FileSystemError } from '../../src/util/fs-errors.js';
import { quote, quotePath } from '../../src/util/quote.js';
import { tempRepo } from '../helpers.js';

const sysError = (code: string, syscall: string, path?: string, errno?: number) =>
  Object.assign(new Error(`${code}: some words, ${syscall}${path ? ` '${path}'` : ''}`), {
    code,
    syscall,
    path,
    errno
  });

test.each([
  ['ENOSPC', 'write', -28, 'cannot write out/evidence.jsonl: no space left on device (ENOSPC)'],
  ['EDQUOT', 'write', -122, 'cannot write out/evidence.jsonl: disk quota exceeded (EDQUOT)'],
  ['EROFS', 'mkdir', -30, 'cannot create out/evidence.jsonl: read-only file system (EROFS)'],
  ['EACCES', 'open', -13, 'cannot open out/evidence.jsonl: permission denied (EACCES)'],
  ['EPERM', 'rename', -1, 'cannot rename out/evidence.jsonl: operation not permitted (EPERM)']
])('%s from %s: one line with the path relative to the root and the OS words', (code, syscall, errno, message) => {
  const root = '/repo';
  const mapped = asUserFsError(sysError(code, syscall, '/repo/out/evidence.jsonl', errno), root);
  expect(mapped).toBeInstanceOf(FileSystemError);
  expect(isUserError(mapped)).toBe(true);
  expect(mapped?.kind).toBe('filesystem');
  expect(mapped?.message).toBe(message);
});

test('without an errno the OS words come from the message; without a path, none is shown', () => {
  expect(asUserFsError(sysError('ENOSPC', 'write'), '/repo')?.message).toBe('cannot write: some words (ENOSPC)');
});

test('a path outside the root stays absolute; an odd name is quoted', () => {
  expect(asUserFsError(sysError('EACCES', 'open', '/etc/x', -13), '/repo')?.message).toBe(
    'cannot open /etc/x: permission denied (EACCES)'
  );
  expect(asUserFsError(sysError('EACCES', 'open', '/repo/a\n::error::b', -13), '/repo')?.message).toBe(
    'cannot open "a\\n::error::b": permission denied (EACCES)'
  );
});

test('a real failure from Node maps too', () => {
  const root = tempRepo({ 'f.txt': '' });
  let caught: unknown;
  try {
    mkdirSync(join(root, 'f.txt', 'sub'));
  } catch (error) {
    caught = error;
  }
  // ENOTDIR is not an environment failure: the caller's mistake or a bug, never hidden.
  expect(asUserFsError(caught, root)).toBeNull();
  writeFileSync(join(root, 'g.txt'), '');
});

test('everything else is left to be reported as a bug', () => {
  expect(asUserFsError(new Error('plain'))).toBeNull();
  expect(asUserFsError(sysError('ENOENT', 'open', '/repo/x'))).toBeNull();
  expect(asUserFsError(Object.assign(new Error('EPIPE'), { code: 'EPIPE', syscall: 'write' }))).toBeNull();
  expect(asUserFsError({ code: 'ENOSPC' })).toBeNull();
  expect(asUserFsError(null)).toBeNull();
  expect(asUserFsError('ENOSPC')).toBeNull();
});

test('an error object from another realm (no shared Error prototype) is recognised by shape', () => {
  const foreign = { message: 'ENOSPC: no space left on device, write', code: 'ENOSPC', syscall: 'write', errno: -28 };
  expect(asUserFsError(foreign)?.message).toBe('cannot write: no space left on device (ENOSPC)');
});

test('quote and quotePath keep messages on one line and visible', () => {
  expect(quotePath('out/summary.md')).toBe('out/summary.md');
  expect(quotePath('my out')).toBe('"my out"');
  expect(quote('a\u2028b\u200bc\u0085d\ufeff')).toBe('"a\\u2028b\\u200bc\\u0085d\\ufeff"');
  expect(quote('x\u202ey\u2066z')).toBe('"x\\u202ey\\u2066z"');
});
