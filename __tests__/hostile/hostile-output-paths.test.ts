/**
 * Hostile output paths: symbolic links in the parents (leaf existing or not), `..` games, the
 * root itself, a file where a folder is expected. Every refusal happens before anything is
 * created or deleted, inside or outside the root.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { UsageError } from '../../src/errors.js';
import { tempRepo, tinyRepo } from '../helpers.js';
import { leftovers, snapshot } from './hostile-output-helpers.js';

const CONFIG = 'evidence-gate.yml';

async function refused(root: string, outputDir: string, message: string | RegExp, cwd?: string): Promise<void> {
  const error = await run({ root, configPath: CONFIG, outputDir, cwd }).then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(UsageError);
  if (typeof message === 'string') expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
}

/** A repository plus a folder outside it, and a link `inside/link` → outside. */
function linkedOutside(outsideFiles: Record<string, string> = {}) {
  const root = tinyRepo();
  const outside = tempRepo(outsideFiles);
  mkdirSync(join(root, 'inside'));
  symlinkSync(outside, join(root, 'inside', 'link'));
  return { root, outside };
}

describe('a symbolic link in the parents that leads outside the root', () => {
  test('with a missing leaf: refused, nothing written outside (the original escape)', async () => {
    const { root, outside } = linkedOutside();
    const before = snapshot(root);
    await refused(
      root,
      'inside/link/x',
      'output folder: expected a path inside the repository root, found "inside/link/x" (a link that leads outside)'
    );
    expect(snapshot(outside)).toEqual({});
    expect(snapshot(root)).toEqual(before);
  });

  test('with several missing levels below the link: refused, nothing created', async () => {
    const { root, outside } = linkedOutside({ 'a/keep.txt': 'k' });
    await refused(root, 'inside/link/a/b/c', /a link that leads outside/);
    expect(snapshot(outside)).toEqual({ 'a/': 'dir', 'a/keep.txt': 'k' });
  });

  test('an empty folder outside is neither replaced nor deleted', async () => {
    const { root, outside } = linkedOutside();
    mkdirSync(join(outside, 'empty'));
    await refused(root, 'inside/link/empty', /a link that leads outside/);
    expect(snapshot(outside)).toEqual({ 'empty/': 'dir' });
  });

  test('an earlier output outside is left as it is', async () => {
    const donor = tinyRepo();
    await run({ root: donor, configPath: CONFIG, outputDir: 'out' });
    const { root, outside } = linkedOutside();
    const earlier = snapshot(join(donor, 'out'));
    // Copy the donor's output outside, then aim at it through the link.
    mkdirSync(join(outside, 'out'));
    for (const [name, content] of Object.entries(earlier)) writeFileSync(join(outside, 'out', name), content);
    await refused(root, 'inside/link/out', /a link that leads outside/);
    expect(snapshot(join(outside, 'out'))).toEqual(earlier);
  });

  test('an absolute path that reaches outside through the link is refused too', async () => {
    const { root, outside } = linkedOutside();
    await refused(root, join(root, 'inside', 'link', 'x'), /a link that leads outside/);
    expect(snapshot(outside)).toEqual({});
  });

  test('a link as the output folder itself, leading outside', async () => {
    const root = tinyRepo();
    const outside = tempRepo();
    symlinkSync(outside, join(root, 'out'));
    await refused(root, 'out', /a link that leads outside/);
    expect(snapshot(outside)).toEqual({});
  });

  test('a dangling link as the output folder is refused, and left in place', async () => {
    const root = tinyRepo();
    const outside = tempRepo();
    symlinkSync(join(outside, 'not-yet'), join(root, 'out'));
    await refused(
      root,
      'out',
      'output folder: expected a path that exists or can be created, found "out" (a link whose target does not exist)'
    );
    expect(readlinkSync(join(root, 'out'))).toBe(join(outside, 'not-yet'));
    expect(existsSync(join(outside, 'not-yet'))).toBe(false);
  });
});

describe('links that stay inside the root keep working', () => {
  test('a linked parent inside the root: the output lands in the real folder', async () => {
    const root = tinyRepo();
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    const result = await run({ root, configPath: CONFIG, outputDir: 'alias/out' });
    expect(result.outputPath).toBe('alias/out');
    expect(existsSync(join(root, 'real', 'out', 'manifest.json'))).toBe(true);
    expect(leftovers(join(root, 'real'))).toEqual([]);
  });

  test('a linked output folder inside the root is replaced behind the link, which stays a link', async () => {
    const root = tinyRepo();
    mkdirSync(join(root, 'real-out'));
    symlinkSync('real-out', join(root, 'out'));
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    expect(lstatSync(join(root, 'out')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(root, 'real-out', 'manifest.json'))).toBe(true);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('.. games', () => {
  test('climbing out lexically is refused', async () => {
    const root = tinyRepo();
    await refused(
      root,
      'out/../../elsewhere',
      /^output folder: expected a path inside the repository root, found "out\/\.\.\/\.\.\/elsewhere"$/
    );
  });

  test('`link/..` is the folder holding the link by its letters, whatever the link points at', async () => {
    const { root, outside } = linkedOutside();
    symlinkSync(outside, join(root, 'top'));
    await refused(root, 'top/..', 'output folder: expected a folder below the repository root, found the root itself');
    await refused(root, 'inside/link/..', /^output folder inside holds "link" and no Evidence Gate manifest\.json/);
    // By its letters `inside/link/../x` is `inside/x`, a real folder of the repository.
    const result = await run({ root, configPath: CONFIG, outputDir: 'inside/link/../x' });
    expect(result.outputPath).toBe('inside/x');
    expect(existsSync(join(root, 'inside', 'x', 'manifest.json'))).toBe(true);
    expect(snapshot(outside)).toEqual({});
  });

  test('a detour that comes back inside is accepted, relative to the working folder', async () => {
    const root = tinyRepo();
    mkdirSync(join(root, 'sub'));
    const result = await run({
      root,
      configPath: join(root, CONFIG),
      outputDir: '../a/../out',
      cwd: join(root, 'sub')
    });
    expect(result.outputPath).toBe('out');
    expect(existsSync(join(root, 'out', 'manifest.json'))).toBe(true);
  });
});

describe('the root itself, and files where a folder belongs', () => {
  test.each(['.', './', 'sub/..', ''])('output %j is the root: refused', async (given) => {
    const root = tinyRepo();
    mkdirSync(join(root, 'sub'));
    await refused(root, given, 'output folder: expected a folder below the repository root, found the root itself');
  });

  test('the absolute root, and a link to the root, are refused as the root', async () => {
    const root = tinyRepo();
    await refused(root, root, 'output folder: expected a folder below the repository root, found the root itself');
    symlinkSync('.', join(root, 'self'));
    await refused(
      root,
      'self',
      'output folder: expected a folder below the repository root, found "self" (the root itself)'
    );
    expect(readFileSync(join(root, CONFIG), 'utf8')).toContain('threat_model');
  });

  test('an existing file as the output folder is refused and kept', async () => {
    const root = tinyRepo({ 'notes.txt': 'mine' });
    await refused(
      root,
      'notes.txt',
      'output notes.txt exists and is not a folder; expected a folder path for the evidence'
    );
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('mine');
  });

  test('a file in the parents is refused with one line, not a crash', async () => {
    const root = tinyRepo({ 'notes.txt': 'mine' });
    const before = snapshot(root);
    await refused(
      root,
      'notes.txt/out',
      'output folder: expected a path whose parents are folders, found "notes.txt/out" (notes.txt is not a folder)'
    );
    expect(snapshot(root)).toEqual(before);
  });
});
