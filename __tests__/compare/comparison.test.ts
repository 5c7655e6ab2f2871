/** Comparison with a baseline (SPEC §15) end to end: pairing, staleness, the gate's comparison checks, refusals. */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { main } from '../../src/cli/main.js';
import type { Comparison } from '../../src/compare/comparison.js';
import { EXAMPLE_CONFIG, smallExampleRepo } from '../helpers.js';
import { compareRepo } from './fixture.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const rows = (root: string, out: string) =>
  readFileSync(join(root, out, 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
const comparisonOf = (root: string, out: string) =>
  JSON.parse(readFileSync(join(root, out, 'comparison.json'), 'utf8')) as Comparison;

/*
 * One run of the small example with no baseline, in its own repository: the baseline of the same config twice, the
 * undamaged base each refusal damages a copy of, and the baseline the models on one side only are compared with.
 */
let shared: Promise<{ root: string; base: string }> | undefined;
const sharedBase = () =>
  (shared ??= (async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    return { root, base: join(root, 'base') };
  })());

describe('the same config twice', () => {
  let root: string;
  beforeAll(async () => {
    root = (await sharedBase()).root;
    await run({
      root,
      configPath: EXAMPLE_CONFIG,
      outputDir: 'head',
      baseline: { dir: join(root, 'base'), shown: 'base' }
    });
  });

  test('every Δ is 0, nothing fixed or broken, and every comparison check passes', async () => {
    const c = comparisonOf(root, 'head');
    expect(c.rows).toMatchObject({
      baseline: 5888,
      head: 5888,
      paired: 5888,
      dropped: 0,
      new: 0,
      changed: 0,
      not_ok: 0
    });
    expect(c.baseline.stale).toBe(false);
    for (const m of c.models) {
      for (const cell of m.cells) {
        expect([cell.fixed.value, cell.broken.value, cell.delta_pp.value]).toEqual([0, 0, 0]);
        expect([cell.interval_pp.low, cell.interval_pp.high]).toEqual([0, 0]);
        expect(cell.mcnemar_p.value).toBe(1);
      }
      expect(m.new_protected_transition_ids).toEqual([]);
    }
    const checks = JSON.parse(readFileSync(join(root, 'head', 'checks.json'), 'utf8')).checks as Array<{
      id: string;
      check: string;
      status: string;
    }>;
    const comparisonChecks = checks.filter((x) => x.check === 'regression' || x.check === 'new_protected_transitions');
    expect(comparisonChecks).toHaveLength(4 * 8 + 4);
    expect(comparisonChecks.every((x) => x.status === 'pass')).toBe(true);
    const manifest = JSON.parse(readFileSync(join(root, 'head', 'manifest.json'), 'utf8'));
    expect(manifest.baseline).toMatchObject({
      manifest_sha256: sha(readFileSync(join(root, 'base', 'manifest.json'))),
      stale: false
    });
  });

  test('comparison.json is deterministic: the same inputs give the same bytes', async () => {
    // The beforeAll's head run had the same inputs: a second run is compared with it.
    await run({
      root,
      configPath: EXAMPLE_CONFIG,
      outputDir: 'head2',
      baseline: { dir: join(root, 'base'), shown: 'base' }
    });
    expect(sha(readFileSync(join(root, 'head2', 'comparison.json')))).toBe(
      sha(readFileSync(join(root, 'head', 'comparison.json')))
    );
  });
});

describe('a changed model and changed data', () => {
  const root = compareRepo();
  beforeAll(async () => {
    await run({ root, configPath: 'compare/base.yml', outputDir: 'base' });
    await run({ root, configPath: 'compare/head.yml', outputDir: 'head', baseline: { dir: join(root, 'base') } });
  });

  test('fixed and broken equal a recount from the two evidence files, and Δ = (fixed − broken) / n', () => {
    const base = new Map(rows(root, 'base').map((r) => [`${r.split}|${r.id}|${r.model}|${r.condition}`, r]));
    const head = rows(root, 'head');
    const c = comparisonOf(root, 'head');
    for (const m of c.models) {
      for (const cell of m.cells.filter((x) => x.scope === 'all')) {
        let fixed = 0;
        let broken = 0;
        let n = 0;
        for (const r of head.filter((x) => x.model === m.model && x.condition === cell.condition)) {
          const b = base.get(`${r.split}|${r.id}|${r.model}|${r.condition}`);
          if (!b || b.input_sha256 !== r.input_sha256 || b.status !== 'ok' || r.status !== 'ok') continue;
          n++;
          const before = b.prediction === b.label;
          const after = r.prediction === r.label;
          if (!before && after) fixed++;
          if (before && !after) broken++;
        }
        expect([cell.pairs, cell.fixed.value, cell.broken.value]).toEqual([n, fixed, broken]);
        expect(cell.delta_pp.value).toBe((100 * (fixed - broken)) / n);
        expect(cell.fixed_ids).toHaveLength(fixed);
        expect(cell.broken_ids).toHaveLength(broken);
      }
    }
  });

  test('changed evaluation data marks the baseline stale; paired, dropped and new add up', () => {
    const c = comparisonOf(root, 'head');
    expect(c.baseline.stale).toBe(true);
    expect(c.baseline.stale_reasons).toEqual(['evaluation data differs (challenge)']);
    const r = c.rows;
    // One challenge text edited (18 rows: 3 models × 6 conditions), one removed (18), one added (18).
    expect(r).toMatchObject({ changed: 18, baseline_only: 18, head_only: 18, dropped: 36, new: 36 });
    expect(r.paired + r.changed + r.baseline_only + r.not_ok).toBe(r.baseline);
    expect(r.paired + r.changed + r.head_only + r.not_ok).toBe(r.head);
    const summary = readFileSync(join(root, 'head', 'summary.md'), 'utf8');
    expect(summary).toContain('**Stale baseline** (evaluation data differs \\(challenge\\))');
    expect(summary).toContain(`Rows: ${r.paired} paired, 36 dropped`);
  });

  test('a model worse by more than max_regression_pp fails regression/<model>/<condition>, with its broken rows', async () => {
    const strict = join(root, 'compare', 'strict.yml');
    writeFileSync(
      strict,
      readFileSync(join(root, 'compare', 'head.yml'), 'utf8') + 'gate: { max_regression_pp: 0.0 }\n'
    );
    const result = await run({
      root,
      configPath: 'compare/strict.yml',
      outputDir: 'strict',
      baseline: { dir: join(root, 'base') }
    });
    const c = result.comparison as Comparison;
    const worse = c.models.flatMap((m) =>
      m.cells
        .filter((x) => x.scope === 'all' && (x.broken.value as number) > (x.fixed.value as number))
        .map((x) => ({ model: m.model, cell: x }))
    );
    expect(worse.length).toBeGreaterThan(0);
    for (const { model, cell } of worse) {
      const check = result.gate?.checks.find((x) => x.id === `regression/${model}/${cell.condition}`);
      expect(check).toMatchObject({
        status: 'fail',
        numerator: (cell.broken.value as number) - (cell.fixed.value as number),
        denominator: cell.pairs,
        config_key: 'gate.max_regression_pp'
      });
      expect(check?.examples?.count).toBe(cell.broken.value);
      expect(check?.examples?.shown.map((x) => x.id).sort()).toEqual([...(cell.broken_ids ?? [])].sort().slice(0, 20));
    }
    expect(result.gate?.failing).toContain(`regression/${worse[0]?.model}/${worse[0]?.cell.condition}`);
  });
});

describe('no usable baseline', () => {
  test('without one, the comparison checks are not applicable and the summary says why', async () => {
    const root = smallExampleRepo();
    const r = await run({
      root,
      configPath: EXAMPLE_CONFIG,
      outputDir: 'out',
      noBaselineReason: 'no successful run of this workflow on main yet'
    });
    const checks = r.gate?.checks.filter((x) => x.check === 'regression') ?? [];
    expect(
      checks.every(
        (x) => x.status === 'not_applicable' && x.reason === 'no successful run of this workflow on main yet'
      )
    ).toBe(true);
    expect(r.summary).toContain('No comparison: no successful run of this workflow on main yet.');
  });

  test('gate.require_baseline makes them not evaluated, which blocks', async () => {
    const root = smallExampleRepo();
    const config = join(root, EXAMPLE_CONFIG);
    writeFileSync(config, readFileSync(config, 'utf8').replace('gate:\n', 'gate:\n  require_baseline: true\n'));
    const r = await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    expect(r.gate?.failing).toContain('regression/hybrid/clean');
    expect(r.gate?.checks.find((x) => x.id === 'new_protected_transitions/hybrid')?.status).toBe('not_evaluated');
  });

  test.each([
    [
      'an unknown schema version',
      (dir: string) => {
        const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, schema_version: 9 }));
      },
      /base\/manifest\.json: schema_version 9 is not one this build reads \(2\)/
    ],
    [
      'a file that does not match its digest',
      (dir: string) => writeFileSync(join(dir, 'metrics.json'), '{}'),
      /base\/metrics\.json: SHA-256 does not match the manifest/
    ],
    [
      'truncated evidence',
      (dir: string) => {
        const text = readFileSync(join(dir, 'evidence.jsonl'), 'utf8');
        writeFileSync(join(dir, 'evidence.jsonl'), text.slice(0, text.length / 2));
      },
      /base\/evidence\.jsonl(:\d+: not JSON|: SHA-256 does not match the manifest)/
    ],
    [
      'a folder that is not an output',
      (dir: string) => writeFileSync(join(dir, 'manifest.json'), '{"x": 1}'),
      /base\/manifest\.json: not an Evidence Gate manifest/
    ]
  ])('%s: the CLI refuses it in one line (exit 2); the action warns and goes on', async (_what, damage, message) => {
    // One undamaged base for all four cases, each damaging its own copy in its own repository.
    const root = smallExampleRepo();
    cpSync((await sharedBase()).base, join(root, 'base'), { recursive: true });
    damage(join(root, 'base'));
    let stderr = '';
    const code = await main(['run', '--config', EXAMPLE_CONFIG, '--baseline', 'base', '--quiet'], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
      cwd: root
    });
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    const warnings: string[] = [];
    const r = await run(
      {
        root,
        configPath: EXAMPLE_CONFIG,
        outputDir: 'out',
        baseline: { dir: join(root, 'base'), shown: 'base', onError: 'warn' }
      },
      { warn: (l) => warnings.push(l) }
    );
    expect(warnings).toHaveLength(1);
    expect(r.comparison).toBeNull();
    expect(r.gate?.checks.find((x) => x.id === 'regression/hybrid/clean')?.status).toBe('not_applicable');
  });
});

describe('models on one side only', () => {
  test('are listed, not compared, and their comparison checks are not applicable', async () => {
    // The baseline is the shared run of the same example config (in another repository).
    const { base } = await sharedBase();
    const root = smallExampleRepo();
    const config = join(root, 'examples/academic-intent/other.yml');
    writeFileSync(
      config,
      readFileSync(join(root, EXAMPLE_CONFIG), 'utf8').replace(
        '  - tfidf-char\n',
        '  - { tfidf-char: {}, name: char-2 }\n'
      )
    );
    const r = await run({
      root,
      configPath: 'examples/academic-intent/other.yml',
      outputDir: 'head',
      baseline: { dir: base }
    });
    const c = r.comparison as Comparison;
    expect(c.models_only_in_head).toEqual(['char-2']);
    expect(c.models_only_in_baseline).toEqual(['tfidf-char']);
    expect(r.gate?.checks.find((x) => x.id === 'regression/char-2/clean')).toMatchObject({
      status: 'not_applicable',
      reason: 'the baseline has no model of this name'
    });
    expect(c.rows).toMatchObject({ head_only: 184 * 8, baseline_only: 184 * 8 });
  });
});
