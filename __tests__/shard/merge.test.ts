/**
 * Shards and merge (SPEC §16): the merged evidence.jsonl, metrics.json, checks.json and summary.md
 * are byte-identical to one unsharded run — for the text example, the tabular example and an
 * external-model config, at N = 1, 2 or 3, and 7 — and every way shards can disagree is refused.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run } from '../../src/engine.js';
import { main } from '../../src/cli/main.js';
import { shardOf } from '../../src/shard/select.js';
import { EXAMPLE_CONFIG, REPO_ROOT, smallExampleRepo, tempRepo, tinyRepo } from '../helpers.js';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const DERIVED = ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html'];

async function shardAndMerge(root: string, config: string, n: number): Promise<string> {
  const dirs: string[] = [];
  for (let k = 1; k <= n; k++) {
    const r = await run({ root, configPath: config, outputDir: `shards-${n}/s${k}`, shard: { index: k, count: n } });
    expect(r).toMatchObject({ kind: 'shard', verdict: null, gate: null });
    dirs.push(`shards-${n}/s${k}`);
  }
  // Given in any order.
  await merge({ root, shards: dirs.reverse(), outputDir: `merged-${n}` });
  return `merged-${n}`;
}

/** Byte identity does not depend on scale: 11 runs per example, so the tabular query budgets are a tenth. */
function smallBudgets(root: string, config: string): void {
  const path = join(root, config);
  const text = readFileSync(path, 'utf8');
  expect(text).toMatch(/queries: 1000/);
  writeFileSync(path, text.replace(/queries: 1000/g, 'queries: 100'));
}

function expectSameAsSingle(root: string, merged: string, single: string): void {
  for (const f of DERIVED) expect([f, sha(join(root, merged, f))]).toEqual([f, sha(join(root, single, f))]);
}

describe('merged output equals one unsharded run, byte for byte', () => {
  test('the bundled text example at N = 1, 3 and 7', async () => {
    // A tenth of the search budget and bootstrap: 12 runs of the example.
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'single' });
    for (const n of [1, 3, 7]) expectSameAsSingle(root, await shardAndMerge(root, EXAMPLE_CONFIG, n), 'single');
  }, 120_000);

  test('the tabular example at N = 1, 2 and 7', async () => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(root, 'examples', 'inspection-tabular'), {
      recursive: true
    });
    const config = 'examples/inspection-tabular/evidence-gate.yml';
    smallBudgets(root, config);
    const single = await run({ root, configPath: config, outputDir: 'single' });
    for (const n of [1, 2, 7]) expectSameAsSingle(root, await shardAndMerge(root, config, n), 'single');
    // Per-row work adds up across shards: predictions and the work inside attack generation.
    const perRow = (dir: string) =>
      JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8')).counters.map((c: any) => [
        c.predictions,
        c.gradientEvaluations,
        c.predictionEvaluations
      ]);
    expect(perRow('merged-7')).toEqual(perRow('single'));
    expect(single.verdict).not.toBeNull();
  }, 120_000);

  test('an external model: its requests split across shards, each distinct input scored once per shard that needs it', async () => {
    const root = tempRepo();
    for (const ex of ['academic-intent', 'external-model'])
      cpSync(join(REPO_ROOT, 'examples', ex), join(root, 'examples', ex), { recursive: true });
    const config = join(root, 'examples/external-model/node-only.yml');
    // The Node model only (this machine's python3 may lack nothing, but CI should not depend on it), fewer iterations.
    const text = readFileSync(join(root, 'examples/external-model/evidence-gate.yml'), 'utf8')
      .replace(/ {2}- name: keywords-python[\s\S]*?files: \[examples\/external-model\/keyword_model\.py\]\n/, '')
      .replace(
        'bootstrap_iterations: 1000, paired_iterations: 500',
        'bootstrap_iterations: 200, paired_iterations: 100'
      );
    writeFileSync(config, text);
    const cfg = 'examples/external-model/node-only.yml';
    await run({ root, configPath: cfg, outputDir: 'single' });
    const requests = (dir: string) =>
      JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8')).run.models['keywords-node'].requests as number;
    // Which shards need each distinct input of the model (texts shared by examples of different shards are scored in each).
    const evidence = readFileSync(join(root, 'single', 'evidence.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    const shared = (n: number) => {
      const shards = new Map<string, Set<number>>();
      for (const r of evidence.filter((x) => x.model === 'keywords-node')) {
        const set = shards.get(r.input_sha256 as string) ?? new Set<number>();
        set.add(shardOf(r.split as string, r.id as string, n));
        shards.set(r.input_sha256 as string, set);
      }
      return { distinct: shards.size, extra: [...shards.values()].reduce((a, s) => a + s.size - 1, 0) };
    };
    expect(requests('single')).toBe(shared(1).distinct);
    for (const n of [1, 2, 3, 7]) {
      const merged = await shardAndMerge(root, cfg, n);
      expectSameAsSingle(root, merged, 'single');
      const perShard = Array.from({ length: n }, (_, k) => requests(`shards-${n}/s${k + 1}`));
      // No input is scored twice inside a shard; across shards only the shared ones are.
      expect(perShard.reduce((a, b) => a + b, 0)).toBe(requests('single') + shared(n).extra);
      expect(requests(merged)).toBe(requests('single') + shared(n).extra);
    }
  }, 180_000);

  test('an empty shard is fine: 3 examples over 7 shards', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'single' });
    expectSameAsSingle(root, await shardAndMerge(root, 'evidence-gate.yml', 7), 'single');
    const sizes = Array.from(
      { length: 7 },
      (_, k) =>
        JSON.parse(readFileSync(join(root, `shards-7/s${k + 1}/manifest.json`), 'utf8')).shard.examples as number
    );
    expect(sizes.filter((x) => x === 0).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the shard rule', () => {
  test('is the documented SHA-256 remainder, and spreads examples evenly', () => {
    // uint64(first 8 bytes of SHA-256("controlled\0c-0001")) mod N, computed here independently.
    const digest = createHash('sha256').update('controlled\0c-0001').digest();
    const value = digest.readBigUInt64BE(0);
    expect(shardOf('controlled', 'c-0001', 5)).toBe(Number(value % 5n) + 1);
    const counts = new Array<number>(4).fill(0);
    for (let i = 0; i < 4000; i++) {
      const k = shardOf('challenge', `id-${i}`, 4) - 1;
      counts[k] = (counts[k] as number) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });
});

describe('merge refuses shards that do not belong together (one line, exit 2)', () => {
  const root = tinyRepo({}, 'statistics: { bootstrap_iterations: 50, paired_iterations: 20 }');
  const cli = async (argv: string[]) => {
    let stderr = '';
    const code = await main(argv, { stdout: () => {}, stderr: (t) => (stderr += t), cwd: root });
    return { code, stderr };
  };
  beforeAll(async () => {
    for (const k of [1, 2, 3])
      await run({ root, configPath: 'evidence-gate.yml', outputDir: `s${k}`, shard: { index: k, count: 3 } });
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(
      join(root, 'seed.yml'),
      readFileSync(config, 'utf8').replace('bootstrap_iterations: 50', 'seed: 99, bootstrap_iterations: 50')
    );
    await run({ root, configPath: 'seed.yml', outputDir: 'other-seed', shard: { index: 3, count: 3 } });
    writeFileSync(
      join(root, 'models.yml'),
      readFileSync(config, 'utf8').replace('  - naive-bayes\n', '  - naive-bayes\n  - tfidf-word\n')
    );
    await run({ root, configPath: 'models.yml', outputDir: 'other-models', shard: { index: 3, count: 3 } });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'of-four', shard: { index: 3, count: 4 } });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'unsharded' });
    cpSync(join(root, 's3'), join(root, 'truncated'), { recursive: true });
    const ev = join(root, 'truncated', 'evidence.jsonl');
    const text = readFileSync(ev, 'utf8');
    writeFileSync(ev, text.slice(0, Math.floor(text.length * 0.6)));
    cpSync(join(root, 'data'), join(root, 'data2'), { recursive: true });
  });

  test.each([
    [
      ['s1', 's2', 'other-seed'],
      /^evidence-gate: usage error: other-seed: seed or statistics differ from s1's; shards must come from one config, data and seed\n$/
    ],
    [
      ['s1', 's2', 'other-models'],
      /^evidence-gate: usage error: other-models: models \(names, parameters or digests\) differ from s1's\n$/
    ],
    [['s1', 's2'], /^evidence-gate: usage error: shard 3\/3 is missing; give every shard folder 1\.\.3\n$/],
    [['s1', 's2', 's2', 's3'], /^evidence-gate: usage error: shard 2\/3 given twice: s2 and s2\n$/],
    [['s1', 's2', 'of-four'], /^evidence-gate: usage error: of-four: shard of 4, but s1 is a shard of 3\n$/],
    [
      ['s1', 's2', 'unsharded'],
      /^evidence-gate: usage error: unsharded: not a shard output \(run it with --shard K\/N\)\n$/
    ],
    [
      ['s1', 's2', 'truncated'],
      /^evidence-gate: usage error: truncated\/evidence\.jsonl(:\d+: not JSON|: SHA-256 does not match its manifest)/
    ],
    [
      ['s1', 's2', 'missing-folder'],
      /^evidence-gate: usage error: missing-folder: not a folder; expected an Evidence Gate output folder\n$/
    ]
  ])('merge %j', async (shards, message) => {
    const r = await cli(['merge', ...shards, '--out', 'merged']);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  test('a shard whose data changed after it ran is refused', async () => {
    const manifest = join(root, 's2', 'manifest.json');
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    m.data.files[1].sha256 = '0'.repeat(64);
    cpSync(join(root, 's2'), join(root, 's2-data'), { recursive: true });
    writeFileSync(join(root, 's2-data', 'manifest.json'), JSON.stringify(m));
    const r = await cli(['merge', 's1', 's2-data', 's3', '--out', 'merged']);
    expect(r).toEqual({
      code: 2,
      stderr:
        "evidence-gate: usage error: s2-data: data (files, labels, splits) differ from s1's; shards must come from one config, data and seed\n"
    });
  });

  test('after a refusal no merged folder exists', async () => {
    await cli(['merge', 's1', 's2', 'truncated', '--out', 'never']);
    expect(() => readFileSync(join(root, 'never', 'manifest.json'))).toThrow();
  });
});
