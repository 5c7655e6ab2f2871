/**
 * An earlier output folder that also holds the user's own files is never replaced: the run
 * stops with a usage error naming the first foreign entry, and every file stays.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { run } from '../../src/engine.js';
import { minimalConfig, tinyRepo } from '../helpers.js';
import { leftovers, SLOW_MODEL, snapshot } from './hostile-output-helpers.js';

const CONFIG = 'evidence-gate.yml';
const TAIL =
  '; expected an empty folder or an earlier Evidence Gate output (move those entries away or choose another output folder)';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

/** A repository with an earlier output in `out/`. */
async function withEarlierOutput(): Promise<string> {
  const root = tinyRepo();
  await run({ root, configPath: CONFIG, outputDir: 'out' });
  return root;
}

describe('foreign entries in an earlier output folder', () => {
  test('notes.txt: exit 2 naming it, and the whole folder kept (the original silent deletion)', async () => {
    const root = await withEarlierOutput();
    writeFileSync(join(root, 'out', 'notes.txt'), 'my notes');
    const before = snapshot(join(root, 'out'));
    const r = await cli(['run', '--config', CONFIG, '--out', 'out'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `evidence-gate: usage error: output folder out holds "notes.txt", which its manifest.json does not list${TAIL}\n`
    );
    expect(snapshot(join(root, 'out'))).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });

  test('a sub/ folder is foreign too', async () => {
    const root = await withEarlierOutput();
    mkdirSync(join(root, 'out', 'sub'));
    writeFileSync(join(root, 'out', 'sub', 'a.txt'), 'a');
    await expect(run({ root, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      `output folder out holds "sub/", which its manifest.json does not list${TAIL}`
    );
    expect(readFileSync(join(root, 'out', 'sub', 'a.txt'), 'utf8')).toBe('a');
  });

  test('several foreign entries: the first by name, and how many more', async () => {
    const root = await withEarlierOutput();
    for (const n of ['zz.txt', 'aa.txt', 'mm.txt']) writeFileSync(join(root, 'out', n), n);
    await expect(run({ root, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      `output folder out holds "aa.txt" and 2 more entries its manifest.json does not list${TAIL}`
    );
  });

  test('a link named like an output file is not ours', async () => {
    const root = await withEarlierOutput();
    const elsewhere = join(root, 'precious.txt');
    writeFileSync(elsewhere, 'keep');
    writeFileSync(join(root, 'out', 'summary.md.bak'), 'x');
    symlinkSync(elsewhere, join(root, 'out', 'report.html.link'));
    await expect(run({ root, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      /^output folder out holds "report\.html\.link" and 1 more entries/
    );
    expect(readFileSync(elsewhere, 'utf8')).toBe('keep');
  });

  test('a listed name that is a folder instead of a file is foreign', async () => {
    const root = await withEarlierOutput();
    const manifest = readFileSync(join(root, 'out', 'manifest.json'), 'utf8');
    rmSync(join(root, 'out', 'summary.md'));
    mkdirSync(join(root, 'out', 'summary.md'));
    writeFileSync(join(root, 'out', 'summary.md', 'inner.md'), 'mine');
    await expect(run({ root, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      /^output folder out holds "summary\.md\/", which its manifest\.json does not list/
    );
    expect(readFileSync(join(root, 'out', 'manifest.json'), 'utf8')).toBe(manifest);
    expect(readFileSync(join(root, 'out', 'summary.md', 'inner.md'), 'utf8')).toBe('mine');
  });

  test('a folder without a manifest is refused, naming an entry', async () => {
    const root = tinyRepo({ 'src/keep.ts': 'x' });
    await expect(run({ root, configPath: CONFIG, outputDir: 'src' })).rejects.toThrow(
      `output folder src holds "keep.ts" and no Evidence Gate manifest.json${TAIL}`
    );
    expect(readFileSync(join(root, 'src', 'keep.ts'), 'utf8')).toBe('x');
  });

  test('a manifest of another tool, or a broken one, is not ours', async () => {
    const root = tinyRepo({
      'other/manifest.json': '{"tool":{"name":"something-else"},"files":{}}',
      'broken/manifest.json': '{not json'
    });
    await expect(run({ root, configPath: CONFIG, outputDir: 'other' })).rejects.toThrow(
      `output folder other holds a manifest.json that is not an Evidence Gate manifest${TAIL}`
    );
    await expect(run({ root, configPath: CONFIG, outputDir: 'broken' })).rejects.toThrow(
      `output folder broken holds a manifest.json that is not an Evidence Gate manifest${TAIL}`
    );
  });

  test('a file name carrying a line break and a workflow command is shown escaped, on one line', async () => {
    const root = await withEarlierOutput();
    writeFileSync(join(root, 'out', 'x\n::error::owned\u202e'), 'x');
    const r = await cli(['run', '--config', CONFIG, '--out', 'out'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('holds "x\\n::error::owned\\u202e"');
  });

  test('an earlier output with only its own files is replaced', async () => {
    const root = await withEarlierOutput();
    const first = readFileSync(join(root, 'out', 'manifest.json'), 'utf8');
    await run({ root, configPath: CONFIG, outputDir: 'out' }, { timestamp: () => '2001-01-01T00:00:00.000Z' });
    expect(readFileSync(join(root, 'out', 'manifest.json'), 'utf8')).not.toBe(first);
    expect(leftovers(root)).toEqual([]);
  });

  test('stderr tails listed in run.stderr_files count as ours', async () => {
    const model = 'process.stderr.write("warming up\\n");' + SLOW_MODEL;
    const config = minimalConfig().replace('  - naive-bayes', '  - { name: noisy, command: "node model.mjs 0" }');
    const root = tinyRepo({ [CONFIG]: config, 'model.mjs': model });
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    const tails = readdirSync(join(root, 'out')).filter((n) => n.startsWith('stderr-'));
    expect(tails).toHaveLength(1);
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    expect(readdirSync(join(root, 'out')).filter((n) => n.startsWith('stderr-'))).toEqual(tails);
  });

  test('an empty folder is used', async () => {
    const root = tinyRepo();
    mkdirSync(join(root, 'out'));
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    expect(readFileSync(join(root, 'out', 'manifest.json'), 'utf8')).toContain('"evidence-gate"');
  });
});
