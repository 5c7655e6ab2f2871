/**
 * Interrupted runs: SIGINT and SIGTERM mid-run clean up and exit 130/143 with the earlier
 * output intact; a SIGKILL leaves staging and a lock behind, which the next run clears.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { minimalConfig, REPO_ROOT, tinyRepo } from '../helpers.js';
import { compiledSources, leftovers, SLOW_MODEL, sleep, snapshot, startNode } from './hostile-output-helpers.js';

let cli = '';

beforeAll(() => {
  // The engine module itself: the launcher (cli/index.js) expects the packaged engine script beside it.
  cli = join(compiledSources(), 'cli', 'engine.js');
}, 120_000);

/** A repository with an earlier output in `out/` and a slow config that touches `started` once evaluating. */
async function repoMidRun() {
  const slow = minimalConfig().replace(
    '  - naive-bayes',
    '  - { name: slow, command: "node model.mjs 60000 started" }'
  );
  const root = tinyRepo({ 'slow.yml': slow, 'model.mjs': SLOW_MODEL });
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  return { root, earlier: snapshot(join(root, 'out')) };
}

async function waitFor(path: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${path}`);
    await sleep(25);
  }
}

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143]
] as const)('%s mid-run', (signal, status) => {
  test(`exits ${status}, removes its staging and lock, keeps the earlier output`, async () => {
    const { root, earlier } = await repoMidRun();
    const { child, done } = startNode(cli, ['run', '--config', 'slow.yml', '--out', 'out', '--quiet'], root);
    await waitFor(join(root, 'started'));
    // The run is evaluating: its staging folder exists beside the output.
    expect(readdirSync(root).some((n) => n.startsWith('.out.tmp-'))).toBe(true);
    child.kill(signal);
    const result = await done;
    expect(result.code).toBe(status);
    expect(leftovers(root)).toEqual([]);
    expect(snapshot(join(root, 'out'))).toEqual(earlier);
  }, 30_000);
});

test('the packaged CLI (launcher and engine script) cleans up on SIGINT the same way', async () => {
  const { root, earlier } = await repoMidRun();
  const { child, done } = startNode(
    join(REPO_ROOT, 'dist/cli/index.js'),
    ['run', '--config', 'slow.yml', '--out', 'out', '--quiet'],
    root
  );
  await waitFor(join(root, 'started'));
  child.kill('SIGINT');
  const result = await done;
  expect(result.code).toBe(130);
  expect(leftovers(root)).toEqual([]);
  expect(snapshot(join(root, 'out'))).toEqual(earlier);
}, 30_000);

test('after a SIGKILL the next run takes the stale lock over and removes the dead staging', async () => {
  const { root, earlier } = await repoMidRun();
  const { child, done } = startNode(cli, ['run', '--config', 'slow.yml', '--out', 'out', '--quiet'], root);
  await waitFor(join(root, 'started'));
  child.kill('SIGKILL');
  await done;
  // SIGKILL cannot be caught: the staging folder (and the lock) stay behind for now.
  expect(leftovers(root).some((n) => n.startsWith('.out.tmp-'))).toBe(true);
  expect(snapshot(join(root, 'out'))).toEqual(earlier);
  const result = await startNode(cli, ['run', '--config', 'evidence-gate.yml', '--out', 'out', '--quiet'], root).done;
  expect(result.stderr).toBe('');
  expect([0, 1]).toContain(result.code);
  expect(leftovers(root)).toEqual([]);
  expect(readFileSync(join(root, 'out', 'manifest.json'), 'utf8')).toContain('"evidence-gate"');
}, 40_000);

test('staging folders of dead processes are removed by the next run', async () => {
  const root = tinyRepo();
  // pid_max is at most 2^22, so this process id can never be alive.
  const dead = join(root, '.out.tmp-9999999');
  mkdirSync(dead);
  writeFileSync(join(dead, 'evidence.jsonl'), 'x'.repeat(4096));
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  expect(leftovers(root)).toEqual([]);
});

test('a folder that only looks like staging but holds other files is left alone', async () => {
  const root = tinyRepo();
  const lookalike = join(root, '.out.tmp-9999999');
  mkdirSync(lookalike);
  writeFileSync(join(lookalike, 'thesis.tex'), 'mine');
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  expect(readFileSync(join(lookalike, 'thesis.tex'), 'utf8')).toBe('mine');
});

test('a run that fails on its data leaves the repository as it found it, new parent folders included', async () => {
  const root = tinyRepo({ 'data/challenge.jsonl': '{"id": "h1", "text": "x", "label": "nope"}\n' });
  const before = snapshot(root);
  await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'reports/eg' })).rejects.toThrow(
    'never occurs in the training data'
  );
  expect(snapshot(root)).toEqual(before);
});
