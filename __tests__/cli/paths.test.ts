/** Paths in the CLI as a user meets them: the root is the git top level, subfolders work, path errors say what the root is. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { EXAMPLE_CONFIG, exampleRepo } from '../helpers.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

/** The example in a git repository (a .git folder is all the root lookup needs). */
function gitRepo(): string {
  const root = exampleRepo();
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'docs', 'deep'), { recursive: true });
  return root;
}

test('from a subfolder of a git repository: config paths resolve against the top level; --config and --out against the current folder', async () => {
  const root = gitRepo();
  const r = await cli(
    ['run', '--config', `../../${EXAMPLE_CONFIG}`, '--out', 'here', '--quiet'],
    join(root, 'docs', 'deep')
  );
  expect(r.stderr).toBe('');
  // Shown as the user can open it from where they are, not relative to the root.
  expect(r.stdout).toBe('verdict: fail (32 blocking checks); evidence in here/\n');
  expect(existsSync(join(root, 'docs', 'deep', 'here', 'manifest.json'))).toBe(true);
});

test('from a subfolder, an output folder elsewhere in the repository is shown relative to the current folder, in the short summary too', async () => {
  const root = gitRepo();
  const r = await cli(
    ['run', '--config', `../../${EXAMPLE_CONFIG}`, '--out', '../../out-top'],
    join(root, 'docs', 'deep')
  );
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('Report: ../../out-top/report.html (open it in a browser)');
  expect(r.stdout.endsWith('evidence in ../../out-top/\n')).toBe(true);
  expect(existsSync(join(root, 'out-top', 'report.html'))).toBe(true);
});

test('an output folder outside the root names the root and how to change it', async () => {
  const root = gitRepo();
  const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', '/tmp/elsewhere-eg', '--quiet'], root);
  expect(r.code).toBe(2);
  expect(r.stderr.split('\n')).toEqual([
    'evidence-gate: usage error: output folder: expected a path inside the repository root, found "/tmp/elsewhere-eg"',
    `(the repository root is ${JSON.stringify(root)}, the git top level of the current folder; paths inside the config are relative to it; set --root DIR to choose another)`,
    ''
  ]);
});

test('outside any git repository the root is the current folder, and a config path that is not there says so', async () => {
  const root = exampleRepo();
  const r = await cli(['run', '--config', 'academic-intent/evidence-gate.yml', '--quiet'], join(root, 'examples'));
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(
    `(the repository root is ${JSON.stringify(join(root, 'examples'))}, the current folder, which is in no git repository;`
  );
  const fixed = await cli(
    ['run', '--config', 'academic-intent/evidence-gate.yml', '--root', '..', '--quiet'],
    join(root, 'examples')
  );
  expect(fixed.code).toBe(1);
});
