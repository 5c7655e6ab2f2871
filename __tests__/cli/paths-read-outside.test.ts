/**
 * Which command-line paths may lie outside the root (docs/security.md, "Paths read from outside
 * the root"): folders and files that a command only reads — a downloaded artifact for `verify`, a
 * baseline, the shards of `merge`, the text of `explain` — may be anywhere; what a command writes
 * (`--out`) and the config with every file it names stay inside the root.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { tempRepo, tinyRepo } from '../helpers.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

/** A repository, and a folder elsewhere holding an output of it, its two shards and a text file. */
async function repoAndElsewhere() {
  const root = tinyRepo();
  const source = tinyRepo();
  const elsewhere = tempRepo({ 'text.txt': 'results show a gain\n' });
  for (const [argv, out] of [
    [['run', '--config', 'evidence-gate.yml', '--out', 'full', '--quiet'], 'full'],
    [['run', '--config', 'evidence-gate.yml', '--out', 's1', '--shard', '1/2', '--quiet'], 's1'],
    [['run', '--config', 'evidence-gate.yml', '--out', 's2', '--shard', '2/2', '--quiet'], 's2']
  ] as const) {
    const r = await cli([...argv], source);
    expect(r.stderr).toBe('');
    cpSync(join(source, out), join(elsewhere, out), { recursive: true });
  }
  return { root, elsewhere };
}

test('verify, verify --baseline, run --baseline, merge and explain --text-file read from outside the root; --out stays inside', async () => {
  const { root, elsewhere } = await repoAndElsewhere();
  const full = join(elsewhere, 'full');
  const rootBefore = readdirSync(root).sort();
  const elsewhereBefore = readdirSync(elsewhere).sort();

  const verified = await cli(['verify', full], root);
  expect(verified.stdout).toBe(`verified: every digest, metric and check of ${full} agrees\n`);
  expect(verified.code).toBe(0);

  const withBaseline = await cli(
    ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', full, '--quiet'],
    root
  );
  expect(withBaseline.stderr).toBe('');
  expect(withBaseline.stdout).toMatch(/^verdict: \w+ \(\d+ blocking checks?\); evidence in head\/\n$/);
  expect(existsSync(join(root, 'head', 'comparison.json'))).toBe(true);
  expect((await cli(['verify', 'head', '--baseline', full], root)).code).toBe(0);

  const merged = await cli(['merge', join(elsewhere, 's1'), join(elsewhere, 's2'), '--out', 'merged', '--quiet'], root);
  expect(merged.stderr).toBe('');
  expect(merged.stdout).toMatch(/evidence in merged\/\n$/);
  expect(existsSync(join(root, 'merged', 'manifest.json'))).toBe(true);

  const explained = await cli(
    ['explain', '--config', 'evidence-gate.yml', '--text-file', join(elsewhere, 'text.txt'), '--json'],
    root
  );
  expect(explained.stderr).not.toContain('error');
  expect(explained.code).toBe(0);
  expect(typeof JSON.parse(explained.stdout)).toBe('object');

  // Reading changed nothing where the inputs live; the outputs went into the root.
  expect(readdirSync(elsewhere).sort()).toEqual(elsewhereBefore);
  expect(readdirSync(root).sort()).toEqual([...rootBefore, 'head', 'merged'].sort());
});

test('what a command writes, and the config, stay inside the root', async () => {
  const { root, elsewhere } = await repoAndElsewhere();
  const out = join(elsewhere, 'new-out');
  for (const argv of [
    ['run', '--config', 'evidence-gate.yml', '--out', out, '--quiet'],
    ['merge', join(elsewhere, 's1'), join(elsewhere, 's2'), '--out', out, '--quiet']
  ]) {
    const r = await cli(argv, root);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `evidence-gate: usage error: output folder: expected a path inside the repository root, found ${JSON.stringify(out)}`
    );
  }
  expect(existsSync(out)).toBe(false);
  cpSync(join(root, 'evidence-gate.yml'), join(elsewhere, 'evidence-gate.yml'));
  const config = await cli(['run', '--config', join(elsewhere, 'evidence-gate.yml'), '--out', 'o', '--quiet'], root);
  expect(config.code).toBe(2);
  expect(config.stderr).toMatch(/inside the repository root/);
  expect(existsSync(join(root, 'o'))).toBe(false);
});
