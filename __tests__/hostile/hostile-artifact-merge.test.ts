/**
 * Finding 6 and the shard-as-baseline part of finding 8 of the artifact round (docs/security.md,
 * "Reading an output folder"): `merge --out` that is, holds or lies inside one of its shards is
 * refused before anything is written; a shard with a duplicated row is one line naming the shard,
 * the line and the row (exit 2); a shard folder given as a baseline is refused in one line (a
 * warning in the action), since it holds only part of the examples.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { cli, copyFolder, relist, repoWithOutputs, shaOf } from './hostile-artifact-helpers.js';

let root = '';
beforeAll(async () => {
  root = await repoWithOutputs();
  mkdirSync(join(root, 'group'));
  for (const k of [1, 2, 3]) copyFolder(root, `s${k}`, `group/s${k}`);
}, 120_000);

describe('merge --out apart from every shard (exit 2, nothing written)', () => {
  test.each([
    [
      'is a shard',
      ['s1', 's2', 's3', '--out', 's2'],
      /^evidence-gate: usage error: output folder s2: is one of the shards being merged; expected a folder apart from every shard \(choose another --out\)\n$/
    ],
    [
      'is a shard, named another way',
      ['s1', 's2', 's3', '--out', './s3/'],
      /^evidence-gate: usage error: output folder s3: is one of the shards being merged/
    ],
    [
      'lies inside a shard',
      ['s1', 's2', 's3', '--out', 's1/merged'],
      /^evidence-gate: usage error: output folder: inside shard s1; expected a folder apart from every shard \(choose another --out\)\n$/
    ],
    [
      'holds the shards',
      ['group/s1', 'group/s2', 'group/s3', '--out', 'group'],
      /^evidence-gate: usage error: output folder: holds shard group\/s1; expected a folder apart from every shard \(choose another --out\)\n$/
    ]
  ])('%s', async (_what, argv, message) => {
    const before = ['s1', 's2', 's3', 'group/s1'].map((s) => shaOf(join(root, s, 'manifest.json')));
    const r = await cli(['merge', ...argv], root);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(['s1', 's2', 's3', 'group/s1'].map((s) => shaOf(join(root, s, 'manifest.json')))).toEqual(before);
    expect(() => readFileSync(join(root, 's1', 'merged', 'manifest.json'))).toThrow();
  });

  test('an output folder beside the shards is fine', async () => {
    const r = await cli(['merge', 'group/s1', 'group/s2', 'group/s3', '--out', 'group-merged'], root);
    expect(r.stderr).toMatch(/^merged 3 shards: \d+ evidence rows\n$/);
    expect([0, 1]).toContain(r.code);
  });
});

describe('a shard with a duplicated row (exit 2, naming the shard, line and row)', () => {
  test('a row repeated in place of the next one, digests recorded again', async () => {
    const dir = copyFolder(root, 's2', 'dup');
    const lines = readFileSync(join(dir, 'evidence.jsonl'), 'utf8').split('\n');
    lines[1] = lines[0] as string;
    writeFileSync(join(dir, 'evidence.jsonl'), lines.join('\n'));
    relist(dir, 'evidence.jsonl');
    const r = await cli(['merge', 's1', 'dup', 's3', '--out', 'merged-dup'], root);
    expect(r.stderr).toMatch(
      /^evidence-gate: usage error: dup\/evidence\.jsonl:2: row of example "[^"]+" \(\w+, model "naive-bayes", condition "[^"]+"\) appears twice \(a damaged or changed shard\)\n$/
    );
    expect(r.code).toBe(2);
  });

  test.each([
    ['right after its rows', 1, 'appears twice'],
    ['after the next example', 2, 'is out of order; rows are sorted by split then id']
  ])('an example repeated %s, digests recorded again', async (_where, after, what) => {
    const dir = copyFolder(root, 's2', 'dup-example');
    const lines = readFileSync(join(dir, 'evidence.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const firstId = JSON.parse(lines[0] as string).id;
    const n = lines.filter((l) => JSON.parse(l).id === firstId).length;
    // The first example's rows once more, in place of the rows of a later example (same row count).
    const doctored = [...lines.slice(0, after * n), ...lines.slice(0, n), ...lines.slice((after + 1) * n)];
    writeFileSync(join(dir, 'evidence.jsonl'), doctored.join('\n') + '\n');
    relist(dir, 'evidence.jsonl');
    const r = await cli(['merge', 's1', 'dup-example', 's3', '--out', 'merged-dup'], root);
    const line = after * n + 1;
    expect(r.stderr).toBe(
      `evidence-gate: usage error: dup-example/evidence.jsonl:${line}: row of example "${firstId}" (controlled, model "naive-bayes", condition "clean") ${what} (a damaged or changed shard)\n`
    );
    expect(r.code).toBe(2);
  });
});

describe('a shard folder given as a baseline', () => {
  test('the CLI refuses it in one line (exit 2)', async () => {
    const r = await cli(['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 's1', '--quiet'], root);
    expect(r.stderr).toMatch(
      /^evidence-gate: usage error: s1: a shard output \(1\/3, \d+ examples\), not a full run; expected the output of a whole run or of a merge \(merge the shards first\)\n$/
    );
    expect(r.code).toBe(2);
  });

  test('the action warns, compares nothing and says why', async () => {
    const warnings: string[] = [];
    const r = await run(
      {
        root,
        configPath: 'evidence-gate.yml',
        outputDir: 'head',
        baseline: { dir: join(root, 's2'), shown: 's2', onError: 'warn' }
      },
      { warn: (l) => warnings.push(l) }
    );
    expect(warnings).toEqual([
      expect.stringMatching(/^baseline refused: s2: a shard output \(2\/3, \d+ examples\), not a full run/)
    ]);
    expect(r.comparison).toBeNull();
    expect(r.noBaselineReason).toMatch(/^the baseline was refused \(s2: a shard output/);
  });

  test('the merged shards are a fine baseline', async () => {
    await cli(['merge', 's1', 's2', 's3', '--out', 'merged-base'], root);
    const r = await run({
      root,
      configPath: 'evidence-gate.yml',
      outputDir: 'head',
      baseline: { dir: join(root, 'merged-base'), shown: 'merged-base', onError: 'refuse' }
    });
    expect(r.comparison).not.toBeNull();
  });
});
