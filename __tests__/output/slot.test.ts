/**
 * The output slot: staging beside the folder, the three-rename swap, recovery of what an
 * interrupted swap or run left, and the checks repeated at commit time.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../src/errors.js';
import { runCleanups } from '../../src/output/cleanup.js';
import { openOutputSlot, type OutputSlot } from '../../src/output/slot.js';
import { tempRepo } from '../helpers.js';

/** Write a minimal output (a manifest listing one file) into `dir`. */
function writeOutput(dir: string, tag: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.md'), tag);
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({ tool: { name: 'evidence-gate' }, files: { 'summary.md': {} }, run: { stderr_files: {} } })
  );
}

function open(root: string, outputDir = 'out'): OutputSlot {
  return openOutputSlot({ root, outputDir });
}

const tagOf = (root: string, dir = 'out') => readFileSync(join(root, dir, 'summary.md'), 'utf8');

test('a first run: staging beside the folder, then in place; nothing else left', () => {
  const root = tempRepo();
  const slot = open(root, 'reports/out');
  expect(slot.staging).toBe(join(root, 'reports', `.out.tmp-${process.pid}`));
  expect(readdirSync(join(root, 'reports')).sort()).toEqual(['.out.lock', `.out.tmp-${process.pid}`]);
  writeOutput(slot.staging, 'new');
  slot.commit();
  expect(readdirSync(join(root, 'reports'))).toEqual(['out']);
  expect(tagOf(root, 'reports/out')).toBe('new');
  expect(slot.relative).toBe('reports/out');
});

test('replacing an earlier output leaves only the new one', () => {
  const root = tempRepo();
  writeOutput(join(root, 'out'), 'old');
  const slot = open(root);
  writeOutput(slot.staging, 'new');
  slot.commit();
  expect(readdirSync(root)).toEqual(['out']);
  expect(tagOf(root)).toBe('new');
});

test('discard keeps the earlier output and removes staging and lock; twice is harmless', () => {
  const root = tempRepo();
  writeOutput(join(root, 'out'), 'old');
  const slot = open(root);
  writeOutput(slot.staging, 'half');
  slot.discard(new Error('boom'));
  slot.discard();
  expect(readdirSync(root)).toEqual(['out']);
  expect(tagOf(root)).toBe('old');
  expect(() => slot.commit()).toThrow('output slot already closed');
});

test('a second slot on the same folder in this process is refused while the first is open', () => {
  const root = tempRepo();
  const first = open(root);
  expect(() => open(root)).toThrow(UsageError);
  first.discard();
  open(root).discard();
});

test('killed between the two renames: the next run restores the earlier output first', () => {
  const root = tempRepo();
  writeOutput(join(root, '.out.old-9999999'), 'old');
  const slot = open(root);
  // Restored before anything else: the folder is back under its name while this run works.
  expect(tagOf(root)).toBe('old');
  slot.discard();
  expect(readdirSync(root)).toEqual(['out']);
});

test('killed after the swap: the leftover backup is deleted, the new output kept', () => {
  const root = tempRepo();
  writeOutput(join(root, 'out'), 'new');
  writeOutput(join(root, '.out.old-9999999'), 'old');
  open(root).discard();
  expect(readdirSync(root)).toEqual(['out']);
  expect(tagOf(root)).toBe('new');
});

test('a lookalike backup holding other files is neither restored nor deleted', () => {
  const root = tempRepo({ '.out.old-9999999/thesis.tex': 'mine' });
  open(root).discard();
  expect(readFileSync(join(root, '.out.old-9999999', 'thesis.tex'), 'utf8')).toBe('mine');
  expect(existsSync(join(root, 'out'))).toBe(false);
});

test('a staging folder of a dead run is removed; a link named like one is left', () => {
  const root = tempRepo({ '.out.tmp-9999999/evidence.jsonl': 'x', 'elsewhere/keep': 'k' });
  symlinkSync(join(root, 'elsewhere'), join(root, '.out.tmp-9999998'));
  open(root).discard();
  expect(readdirSync(root).sort()).toEqual(['.out.tmp-9999998', 'elsewhere']);
  expect(readFileSync(join(root, 'elsewhere', 'keep'), 'utf8')).toBe('k');
});

test('a lookalike with this process id holding other files is refused, not deleted', () => {
  const root = tempRepo({ [`.out.tmp-${process.pid}/thesis.tex`]: 'mine' });
  expect(() => open(root)).toThrow(
    `output folder out: .out.tmp-${process.pid} exists and holds other files; expected nothing under that name (move it away)`
  );
  expect(readFileSync(join(root, `.out.tmp-${process.pid}`, 'thesis.tex'), 'utf8')).toBe('mine');
  expect(existsSync(join(root, '.out.lock'))).toBe(false);
});

test('files the user adds to the folder during the run stop the commit', () => {
  const root = tempRepo();
  writeOutput(join(root, 'out'), 'old');
  const slot = open(root);
  writeOutput(slot.staging, 'new');
  writeFileSync(join(root, 'out', 'notes.txt'), 'mine');
  expect(() => slot.commit()).toThrow('output folder out holds "notes.txt", which its manifest.json does not list');
  slot.discard();
  expect(tagOf(root)).toBe('old');
  expect(readdirSync(root)).toEqual(['out']);
});

test('a run whose lock was taken over does not put its output in place', () => {
  const root = tempRepo();
  const slot = open(root);
  writeOutput(slot.staging, 'new');
  writeFileSync(join(root, '.out.lock'), '{"pid": 1, "hostname": "x", "started_at": "t", "token": "other"}');
  expect(() => slot.commit()).toThrow(
    'output folder out: another run took over its lock .out.lock while this run was writing'
  );
  slot.discard();
  expect(existsSync(join(root, 'out'))).toBe(false);
  // The other run's lock is not ours to delete.
  expect(existsSync(join(root, '.out.lock'))).toBe(true);
});

test('a write error without a path is told as the output folder; one in staging as the same file in it', () => {
  const root = tempRepo();
  const slot = open(root, 'o');
  const noPath = Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    syscall: 'write'
  });
  const inStaging = Object.assign(new Error('EDQUOT'), {
    code: 'EDQUOT',
    syscall: 'open',
    path: join(slot.staging, 'metrics.json')
  });
  slot.discard(noPath);
  slot.discard(inStaging);
  expect((noPath as NodeJS.ErrnoException).path).toBe(join(root, 'o'));
  expect((inStaging as NodeJS.ErrnoException).path).toBe(join(root, 'o', 'metrics.json'));
});

test('signal cleanup removes what open slots hold and nothing else', () => {
  const root = tempRepo();
  writeOutput(join(root, 'out'), 'old');
  const slot = open(root);
  writeOutput(slot.staging, 'half');
  expect(runCleanups()).toBe(1);
  expect(readdirSync(root)).toEqual(['out']);
  expect(tagOf(root)).toBe('old');
  expect(runCleanups()).toBe(0);
});

test('a run that ends without output removes the parent folders it created, and only those', () => {
  const root = tempRepo({ 'reports/keep.txt': 'k' });
  open(root, 'reports/a/b/out').discard();
  expect(readdirSync(join(root, 'reports'))).toEqual(['keep.txt']);
  const kept = open(root, 'reports/a/b/out');
  writeOutput(kept.staging, 'new');
  kept.commit();
  expect(tagOf(root, 'reports/a/b/out')).toBe('new');
});
