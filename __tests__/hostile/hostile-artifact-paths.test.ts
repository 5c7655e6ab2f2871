/**
 * Finding 1 and part of 8 of the artifact round (docs/security.md, "Reading an output folder"):
 * the names a manifest lists are opened only as plain names inside the folder, only regular
 * files are read, and `verify` refuses a folder holding files its manifest does not list or
 * files linked from outside it.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, copyFolder, editJson, repoWithOutputs, shaOf } from './hostile-artifact-helpers.js';

let root = '';
beforeAll(async () => {
  root = await repoWithOutputs();
}, 120_000);

describe('a manifest naming a file outside its folder is refused before anything is read (exit 2, one line)', () => {
  const up = '../'.repeat(12);
  test.each([
    [
      'files',
      (m: any) =>
        (m.files[`${up}etc/passwd`] = { sha256: shaOf('/etc/passwd'), bytes: readFileSync('/etc/passwd').length })
    ],
    [
      'run.stderr_files',
      (m: any) =>
        (m.run.stderr_files = {
          [`${up}etc/passwd`]: { sha256: shaOf('/etc/passwd'), bytes: readFileSync('/etc/passwd').length }
        })
    ],
    [
      'an absolute name',
      (m: any) => (m.files['/etc/passwd'] = { sha256: shaOf('/etc/passwd'), bytes: readFileSync('/etc/passwd').length })
    ],
    ['a name in a sub-folder', (m: any) => (m.files['sub/evil.json'] = { sha256: '0'.repeat(64), bytes: 1 })],
    ['/dev/zero', (m: any) => (m.files[`${up}dev/zero`] = { sha256: '0'.repeat(64), bytes: 1 })]
  ])('%s: verify and run --baseline', async (_what, edit) => {
    const dir = copyFolder(root, 'out', 'outside');
    editJson(join(dir, 'manifest.json'), edit);
    const v = await cli(['verify', 'outside'], root);
    expect(v.stdout).toBe('');
    expect(v.stderr).toMatch(
      /^evidence-gate: usage error: outside\/manifest\.json: (files|run\.stderr_files): expected a plain file name inside the folder, found "[^"]+"\n$/
    );
    expect(v.code).toBe(2);
    const b = await cli(
      ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'outside', '--quiet'],
      root
    );
    expect(b.stderr).toMatch(
      /^evidence-gate: usage error: outside\/manifest\.json: (files|run\.stderr_files): expected a plain file name/
    );
    expect(b.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(b.code).toBe(2);
  });
});

describe('only regular files of the folder are read', () => {
  test('evidence that is a link to a file outside the folder, with the right content: verify names the link (exit 1), a baseline is refused (exit 2)', async () => {
    const dir = copyFolder(root, 'out', 'linked');
    mkdirSync(join(root, 'elsewhere'), { recursive: true });
    writeFileSync(join(root, 'elsewhere', 'evidence.jsonl'), readFileSync(join(dir, 'evidence.jsonl')));
    rmSync(join(dir, 'evidence.jsonl'));
    symlinkSync(join(root, 'elsewhere', 'evidence.jsonl'), join(dir, 'evidence.jsonl'));
    const v = await cli(['verify', 'linked'], root);
    expect(v.stdout).toContain('evidence.jsonl: a symbolic link; expected a regular file');
    expect(v.code).toBe(1);
    const b = await cli(
      ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'linked', '--quiet'],
      root
    );
    expect(b.stderr).toBe(
      'evidence-gate: usage error: linked/evidence.jsonl: a symbolic link; expected a regular file\n'
    );
    expect(b.code).toBe(2);
  });

  test('a derived file that is a link: verify names it', async () => {
    const dir = copyFolder(root, 'out', 'linked-metrics');
    const real = join(root, 'elsewhere-metrics.json');
    writeFileSync(real, readFileSync(join(dir, 'metrics.json')));
    rmSync(join(dir, 'metrics.json'));
    symlinkSync(real, join(dir, 'metrics.json'));
    const v = await cli(['verify', 'linked-metrics'], root);
    expect(v.stdout).toContain('metrics.json: a symbolic link; expected a regular file');
    expect(v.code).toBe(1);
  });

  test('evidence hard-linked from outside the folder: verify names it (exit 1)', async () => {
    const dir = copyFolder(root, 'out', 'hardlinked');
    linkSync(join(dir, 'evidence.jsonl'), join(root, 'outside-copy.jsonl'));
    const v = await cli(['verify', 'hardlinked'], root);
    expect(v.stdout).toMatch(/^evidence\.jsonl: has 2 hard links; expected a file of this folder alone/m);
    expect(v.code).toBe(1);
  });

  test('a listed name that is a folder is named, not read', async () => {
    const dir = copyFolder(root, 'out', 'folder-named');
    rmSync(join(dir, 'summary.md'));
    mkdirSync(join(dir, 'summary.md'));
    const v = await cli(['verify', 'folder-named'], root);
    expect(v.stdout).toContain('summary.md: a folder; expected a regular file');
    expect(v.code).toBe(1);
  });
});

describe('verify refuses entries the manifest does not list (exit 1)', () => {
  test.each([
    [
      'an extra file',
      (dir: string) => writeFileSync(join(dir, 'notes.txt'), 'planted'),
      /^notes\.txt: not listed in the manifest; expected only the files it lists$/m
    ],
    [
      'an extra folder',
      (dir: string) => mkdirSync(join(dir, 'more')),
      /^more\/: not listed in the manifest; expected only the files it lists$/m
    ],
    [
      'a link named like an output file',
      (dir: string) => symlinkSync('/etc/passwd', join(dir, 'comparison.json')),
      /^comparison\.json: not listed in the manifest; expected only the files it lists$/m
    ]
  ])('%s', async (_what, plant, message) => {
    const dir = copyFolder(root, 'out', 'extra');
    expect((await cli(['verify', 'extra'], root)).code).toBe(0);
    plant(dir);
    const v = await cli(['verify', 'extra'], root);
    expect(v.stdout).toMatch(message);
    expect(v.code).toBe(1);
  });
});
