/**
 * The output-folder lock: exclusive creation, who holds it, when a stale one is taken over
 * and when the run is refused instead.
 */
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/errors.js';
import {
  acquireLock,
  currentOwner,
  ownerState,
  ownsLock,
  processStart,
  releaseLock,
  type LockOwner
} from '../../src/output/lock.js';
import { tempRepo } from '../helpers.js';

const DEAD_PID = 9_999_999; // above any pid_max: never a live process

function lockAt(owner: Partial<LockOwner> | string): string {
  const dir = tempRepo();
  const path = join(dir, '.out.lock');
  writeFileSync(path, typeof owner === 'string' ? owner : JSON.stringify({ ...currentOwner('out'), ...owner }));
  return path;
}

function refusal(path: string): string {
  try {
    acquireLock(path, 'out', '.out.lock');
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

test('a free lock is created with pid, host, start time and a token, and released', () => {
  const path = join(tempRepo(), '.out.lock');
  const lock = acquireLock(path, 'out', '.out.lock');
  const written = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
  expect(written).toMatchObject({ tool: 'evidence-gate', pid: process.pid, hostname: hostname(), output: 'out' });
  expect(written.started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(written.token).toMatch(/^[0-9a-f]{16}$/);
  expect(ownsLock(lock)).toBe(true);
  releaseLock(lock);
  expect(existsSync(path)).toBe(false);
});

test('held by a live process (this one): refused, naming it and the file to delete', () => {
  const path = lockAt({ started_at: '2030-01-02T03:04:05.000Z' });
  expect(refusal(path)).toBe(
    `output folder out is in use by another Evidence Gate run (pid ${process.pid} on host ${JSON.stringify(hostname())}, started 2030-01-02T03:04:05.000Z); wait for it to finish or choose another output folder (if no such run is active, delete .out.lock)`
  );
});

test('held by a dead process of this host: taken over', () => {
  const path = lockAt({ pid: DEAD_PID });
  const lock = acquireLock(path, 'out', '.out.lock');
  expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
  expect(ownsLock(lock)).toBe(true);
});

test('held by a process of another host: refused, as its liveness cannot be seen', () => {
  const path = lockAt({ pid: DEAD_PID, hostname: 'elsewhere\n::warning::x' });
  expect(refusal(path)).toMatch(
    /^output folder out is in use by another Evidence Gate run \(pid 9999999 on host "elsewhere\\n::warning::x", started /
  );
});

test('a lock from before a reboot, or from a reused pid, is stale', () => {
  const me = currentOwner('out');
  expect(ownerState({ ...me, boot_id: me.boot_id === null ? null : 'another-boot' })).toBe(
    me.boot_id === null ? 'alive' : 'dead'
  );
  if (processStart(process.pid) !== null) expect(ownerState({ ...me, proc_start: '1' })).toBe('dead');
  expect(ownerState(me)).toBe('alive');
});

test('an unreadable lock is being written when young, and stale when old', () => {
  const young = lockAt('');
  expect(refusal(young)).toMatch(/is in use by another Evidence Gate run \(its lock file is still being written\)/);
  const old = lockAt('{"pid":');
  const past = new Date(Date.now() - 60_000);
  utimesSync(old, past, past);
  expect(ownsLock(acquireLock(old, 'out', '.out.lock'))).toBe(true);
});

test('a run whose lock was taken over no longer owns it, and does not delete the new one', () => {
  const path = join(tempRepo(), '.out.lock');
  const lock = acquireLock(path, 'out', '.out.lock');
  writeFileSync(path, JSON.stringify({ ...currentOwner('out'), token: 'someone-else' }));
  expect(ownsLock(lock)).toBe(false);
  releaseLock(lock);
  expect(existsSync(path)).toBe(true);
});

test('a started_at that is not a timestamp is shown quoted', () => {
  const path = lockAt({ started_at: 'soon\u202e' });
  expect(refusal(path)).toContain('started "soon\\u202e")');
});

test('the lock appears whole: it is written aside and linked into place, and nothing is left beside it', () => {
  const dir = tempRepo();
  const path = join(dir, '.out.lock');
  const before = readdirSync(dir).sort();
  const lock = acquireLock(path, 'out', '.out.lock');
  // Whatever a concurrent reader sees is the whole owner record (the link publishes the finished file).
  expect(readFileSync(path, 'utf8')).toBe(lock.text);
  expect(readdirSync(dir).sort()).toEqual([...before, '.out.lock'].sort());
  // A second run is refused and leaves no draft either.
  expect(refusal(path)).toMatch(/in use by another Evidence Gate run \(pid \d+/);
  expect(readdirSync(dir).sort()).toEqual([...before, '.out.lock'].sort());
  releaseLock(lock);
  expect(readdirSync(dir).sort()).toEqual(before);
});
