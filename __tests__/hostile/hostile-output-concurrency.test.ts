/**
 * Many CLI processes (compiled from src/) on one output folder. A run that starts while
 * another holds the folder stops with a usage error naming the holder; none crashes, no two
 * runs that overlap both report evidence, and nothing is left over.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimalConfig, tinyRepo } from '../helpers.js';
import {
  compiledSources,
  leftovers,
  SLOW_MODEL,
  sleep,
  startNode,
  type ChildResult
} from './hostile-output-helpers.js';

let cli = '';

beforeAll(() => {
  // The engine module itself: the launcher (cli/index.js) expects the packaged engine script beside it.
  cli = join(compiledSources(), 'cli', 'engine.js');
}, 120_000);

const seeded = (seed: number, models = '  - naive-bayes') =>
  minimalConfig(`statistics: { seed: ${seed} }`).replace('  - naive-bayes', models);
const IN_USE =
  /^evidence-gate: usage error: output folder out is in use by another Evidence Gate run \(pid (\d+) on host "[^"]+", started \d{4}-\d\d-\d\dT[^)]+\)/;

function checkConsistent(dir: string): { config: { path: string } } {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    config: { path: string };
    files: Record<string, { sha256: string }>;
  };
  for (const [name, { sha256 }] of Object.entries(manifest.files)) {
    expect(
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex')
    ).toBe(sha256);
  }
  return manifest;
}

test('while one run holds the folder, 11 others with other seeds are refused, naming it (the original: all reported evidence)', async () => {
  const files: Record<string, string> = {
    'model.mjs': SLOW_MODEL,
    'c1.yml': seeded(1, '  - { name: slow, command: "node model.mjs 0 started release" }')
  };
  for (let i = 2; i <= 12; i++) files[`c${i}.yml`] = seeded(i);
  const root = tinyRepo(files);
  const holder = startNode(cli, ['run', '--config', 'c1.yml', '--out', 'out', '--quiet'], root);
  const end = Date.now() + 20_000;
  while (!existsSync(join(root, 'started')) && Date.now() < end) await sleep(25);
  const others = await Promise.all(
    Array.from(
      { length: 11 },
      (_, i) => startNode(cli, ['run', '--config', `c${i + 2}.yml`, '--out', 'out', '--quiet'], root).done
    )
  );
  writeFileSync(join(root, 'release'), '');
  const held = await holder.done;

  for (const r of others) {
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(IN_USE);
    expect(Number(IN_USE.exec(r.stderr)?.[1])).toBe(holder.child.pid);
    expect(r.code).toBe(2);
  }
  expect(held.stdout).toMatch(/evidence in out\/\n$/);
  expect(checkConsistent(join(root, 'out')).config.path).toBe('c1.yml');
  expect(leftovers(root)).toEqual([]);
}, 60_000);

test('16 quick runs at once: each writes its output or is refused; the survivor is whole', async () => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 16; i++) files[`c${i}.yml`] = seeded(i);
  const root = tinyRepo(files);
  const results: ChildResult[] = await Promise.all(
    Array.from(
      { length: 16 },
      (_, i) => startNode(cli, ['run', '--config', `c${i + 1}.yml`, '--out', 'out', '--quiet'], root).done
    )
  );
  const succeeded: string[] = [];
  results.forEach((r, i) => {
    expect(r.signal).toBeNull();
    if (r.code === 2) expect(r.stderr).toMatch(IN_USE);
    else {
      expect(r.stderr).toBe('');
      expect([0, 1]).toContain(r.code);
      succeeded.push(`c${i + 1}.yml`);
    }
  });
  expect(succeeded.length).toBeGreaterThanOrEqual(1);
  expect(succeeded).toContain(checkConsistent(join(root, 'out')).config.path);
  expect(leftovers(root)).toEqual([]);
}, 60_000);
