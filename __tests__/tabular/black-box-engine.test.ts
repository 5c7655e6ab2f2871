/**
 * `square` and `boundary` through the whole engine with models the user runs: an external
 * command (scores, label-only, failing on some inputs, crashing mid-attack), shards and a merge,
 * verify, and their config errors.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run } from '../../src/engine.js';
import { loadPlan } from '../../src/config/load.js';
import { verify } from '../../src/pipeline/verify.js';
import { tempRepo } from '../helpers.js';
import { linearRowsCsv } from './linear-rows.js';
import { json, serve } from '../models/http/servers.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/**
 * A command model: scores σ(6·(x1 + x2 − 1)). `mode`: `scores`, `labels` (label only), `bad`
 * (a malformed answer whenever x1 is at 0.9 or above), `crash` (exits after `after` answers).
 */
const MODEL = `
import { createInterface } from 'node:readline';
const mode = process.argv[2] ?? 'scores';
const after = Number(process.argv[3] ?? Infinity);
let answered = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, features } = JSON.parse(line);
  if (mode === 'crash' && answered >= after) process.exit(1);
  answered++;
  const p = 1 / (1 + Math.exp(-6 * (features.x1 + features.x2 - 1)));
  if (mode === 'bad' && features.x1 >= 0.9) return process.stdout.write(JSON.stringify({ id, scores: 'none' }) + '\\n');
  if (mode === 'labels') return process.stdout.write(JSON.stringify({ id, label: p > 0.5 ? '1' : '0' }) + '\\n');
  process.stdout.write(JSON.stringify({ id, scores: { 0: 1 - p, 1: p } }) + '\\n');
});
`;

function config(model: string, attacks = 'square: { queries: 40 }, boundary: { queries: 40 }', extra = ''): string {
  return [
    'version: 1',
    'task: tabular',
    'threat_model:',
    '  id: bb',
    '  objective: untargeted',
    '  access: black-box',
    `  attacks: { noise: {}, ${attacks} }`,
    '  constraints: { linf_eps: 0.08, editable: [x1, x2], bounds: { x1: [0, 1], x2: [0, 1] } }',
    'data:',
    '  train: train.csv',
    '  evaluate: { test: test.csv }',
    '  columns: { id: id, label: label, features: [x1, x2] }',
    'models:',
    `  - { name: cmd, command: "node model.mjs ${model}" }`,
    'statistics: { seed: 5, bootstrap_iterations: 50, paired_iterations: 50 }',
    extra
  ].join('\n');
}

function repo(model = 'scores', attacks?: string): string {
  return tempRepo({
    'c.yml': config(model, attacks),
    'model.mjs': MODEL,
    'train.csv': linearRowsCsv(0, 60),
    'test.csv': linearRowsCsv(100, 80)
  });
}

const evidence = (root: string, dir = 'out') =>
  readFileSync(join(root, dir, 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('square and boundary against an external command', () => {
  test('eligible rows only, one query per candidate within the budget, every candidate in F(x), no gradients', async () => {
    const root = repo();
    const result = await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const rows = evidence(root);
    expect(rows.slice(0, 4).map((r) => r.condition)).toEqual(['clean', 'noise', 'square', 'boundary']);
    for (const name of ['square', 'boundary']) {
      const own = rows.filter((r) => r.condition === name);
      expect(own).toHaveLength(80);
      for (const r of own) {
        expect([r.id, r.gradient_evaluations]).toEqual([r.id, 0]);
        if (!r.eligible) {
          expect([r.id, r.queries, r.changed]).toEqual([r.id, 0, false]);
          continue;
        }
        expect(r.queries).toBeGreaterThanOrEqual(1);
        expect(r.queries).toBeLessThanOrEqual(40);
        expect([r.id, r.valid, r.tested]).toEqual([r.id, true, true]);
        for (const f of ['x1', 'x2']) {
          expect(Math.abs(r.perturbed_features[f] - r.features[f])).toBeLessThanOrEqual(0.08 + 1e-6);
          expect(r.perturbed_features[f]).toBeGreaterThanOrEqual(0);
          expect(r.perturbed_features[f]).toBeLessThanOrEqual(1);
        }
        // A row that stopped early stopped on its success.
        if (r.queries < 40 && name === 'square') expect(r.success).toBe(true);
      }
      expect(own.filter((r) => r.success).length).toBeGreaterThan(3);
    }
    // Every query went to the model: its predictions count them.
    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    const queries = rows.reduce((n, r) => n + (r.queries ?? 0), 0);
    expect(manifest.counters[0].predictions).toBe(rows.length + queries);
    expect(manifest.counters[0].predictionEvaluations).toBe(queries);
    expect(result.gate?.checks.find((c) => c.id === 'attack_success/cmd/square')?.status).toMatch(/^(pass|fail)$/);
    expect(result.gate?.checks.find((c) => c.id === 'eligible_coverage/cmd/boundary')?.status).toBe('pass');
    expect(result.summary).toContain('| cmd | square |');
  }, 60_000);

  test('deterministic, and two shards merge into the single run byte for byte; verify agrees', async () => {
    const root = repo();
    await run({ root, configPath: 'c.yml', outputDir: 'single' });
    await run({ root, configPath: 'c.yml', outputDir: 'again' });
    for (const k of [1, 2]) await run({ root, configPath: 'c.yml', outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md']) {
      expect([f, sha(readFileSync(join(root, 'again', f)))]).toEqual([f, sha(readFileSync(join(root, 'single', f)))]);
      expect([f, sha(readFileSync(join(root, 'merged', f)))]).toEqual([f, sha(readFileSync(join(root, 'single', f)))]);
    }
    expect(await verify({ dir: 'merged', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 90_000);

  test('a malformed answer mid-attack marks that row an error with the reason; the run goes on and missing_rows fails', async () => {
    const root = repo('bad', 'square: { queries: 40 }');
    const result = await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const rows = evidence(root);
    const clean = rows.filter((r) => r.condition === 'clean');
    const square = rows.filter((r) => r.condition === 'square');
    const cleanOk = new Set(clean.filter((r) => r.status === 'ok').map((r) => r.id));
    // Rows whose clean answer failed are not attacked and keep that failure; the others failed mid-attack.
    for (const r of square.filter((x) => !cleanOk.has(x.id)))
      expect([r.id, r.status, r.queries]).toEqual([r.id, 'error', 0]);
    const failed = square.filter((r) => r.status === 'error' && cleanOk.has(r.id));
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.features.x1).toBeLessThan(0.9);
      expect(r.perturbed_features.x1).toBeGreaterThanOrEqual(0.9);
      expect(r.prediction).toBeNull();
      expect(r.queries).toBeGreaterThanOrEqual(1);
      expect(r.error).toMatch(/scores/);
    }
    expect(square.filter((r) => r.status === 'ok' && r.eligible).length).toBeGreaterThan(10);
    expect(result.gate?.checks.find((c) => c.id === 'missing_rows/cmd')?.status).toBe('fail');
  }, 60_000);

  test('a model that crashes mid-attack: the rows it did not answer are errors, the run completes', async () => {
    // 80 clean rows and 80 noise rows are answered first (about 160 lines), then the attack's queries.
    const root = repo('crash 300', 'square: { queries: 40 }');
    const result = await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const square = evidence(root).filter((r) => r.condition === 'square');
    expect(square.some((r) => r.status !== 'ok')).toBe(true);
    expect(result.gate?.verdict).toBe('fail');
    expect(result.gate?.checks.find((c) => c.id === 'missing_rows/cmd')?.status).toBe('fail');
  }, 60_000);

  test('a label-only model: square rows are errors naming why; boundary works on labels', async () => {
    const root = repo('labels');
    await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const rows = evidence(root);
    const square = rows.filter((r) => r.condition === 'square' && r.eligible);
    expect(square.length).toBeGreaterThan(0);
    expect(
      square.every(
        (r) =>
          r.status === 'error' &&
          r.error === 'the model answered with a label only; square needs its scores' &&
          r.queries === 1
      )
    ).toBe(true);
    const boundary = rows.filter((r) => r.condition === 'boundary' && r.eligible);
    expect(boundary.every((r) => r.status === 'ok')).toBe(true);
    expect(boundary.filter((r) => r.success).length).toBeGreaterThan(3);
  }, 60_000);
});

describe('an HTTP model', () => {
  test('the same evidence as the same scorer behind a command, byte for byte (queries batched per request)', async () => {
    const sigma = (f: Record<string, number>) => 1 / (1 + Math.exp(-6 * ((f.x1 as number) + (f.x2 as number) - 1)));
    const server = await serve((body, res) =>
      json(res, {
        outputs: body.inputs.map((i: any) => ({ id: i.id, scores: { 0: 1 - sigma(i.features), 1: sigma(i.features) } }))
      })
    );
    try {
      const root = repo();
      const text = readFileSync(join(root, 'c.yml'), 'utf8');
      await run({ root, configPath: 'c.yml', outputDir: 'command' });
      writeFileSync(
        join(root, 'http.yml'),
        text.replace(
          '  - { name: cmd, command: "node model.mjs scores" }',
          `  - { name: cmd, http: { url: "${server.url}", batch: 16, concurrency: 2 } }`
        )
      );
      await run({ root, configPath: 'http.yml', outputDir: 'http' });
      const rows = evidence(root, 'http');
      expect(rows.filter((r) => r.condition === 'square' && r.success).length).toBeGreaterThan(3);
      expect(readFileSync(join(root, 'http/evidence.jsonl'), 'utf8')).toBe(
        readFileSync(join(root, 'command/evidence.jsonl'), 'utf8')
      );
      // Each step's points go out in requests of at most 16 inputs.
      expect(server.bodies.every((b: any) => b.inputs.length <= 16)).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('square and boundary join every figure built on the families', () => {
  test('union, protected transitions, abstention per condition, family overrides and the comparison with a baseline', async () => {
    const root = tempRepo({
      'c.yml': config(
        'scores',
        undefined,
        [
          'selective: { abstain_below: { cmd: { on: margin, threshold: 0.2 } } }',
          'gate:',
          '  families: { square: { max_attack_success: 0.5 }, boundary: { min_eligible_coverage: 0.5 } }'
        ].join('\n')
      ).replace(
        '  objective: untargeted',
        '  objective: untargeted\n  protected_transitions: [{ from: "1", to: "0" }]'
      ),
      'model.mjs': MODEL,
      'train.csv': linearRowsCsv(0, 60),
      'test.csv': linearRowsCsv(100, 80)
    });
    await run({ root, configPath: 'c.yml', outputDir: 'base' });
    const result = await run({ root, configPath: 'c.yml', outputDir: 'out', baseline: { dir: join(root, 'base') } });
    const rows = evidence(root);
    const metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
    const m = metrics.models[0];
    // Union: the ids with a success in either attack, over the ids either tested.
    const attacked = rows.filter((r) => r.condition === 'square' || r.condition === 'boundary');
    const failed = new Set(attacked.filter((r) => r.success).map((r) => r.id));
    const tested = new Set(attacked.filter((r) => r.tested).map((r) => r.id));
    const union = m.union.find((u: any) => u.scope === 'all');
    expect([union.union_success.numerator, union.union_success.denominator]).toEqual([failed.size, tested.size]);
    // Protected transitions: ids the attacks moved from 1 to 0.
    const moved = new Set(attacked.filter((r) => r.tested && r.label === '1' && r.prediction === '0').map((r) => r.id));
    expect(moved.size).toBeGreaterThan(0);
    expect(m.protected_transitions.find((p: any) => p.scope === 'all').protected_transitions.numerator).toBe(
      moved.size
    );
    // Abstention per condition, square and boundary included.
    expect(m.abstention.filter((a: any) => a.scope === 'all').map((a: any) => a.condition)).toEqual([
      'clean',
      'noise',
      'square',
      'boundary'
    ]);
    // Family checks with their own overrides.
    const check = (id: string) => result.gate?.checks.find((c) => c.id === id);
    expect(check('attack_success/cmd/square')).toMatchObject({
      threshold: 0.5,
      config_key: 'gate.families.square.max_attack_success'
    });
    expect(check('eligible_coverage/cmd/boundary')).toMatchObject({
      threshold: 0.5,
      config_key: 'gate.families.boundary.min_eligible_coverage'
    });
    expect(check('attack_success/cmd/boundary')).toMatchObject({ config_key: 'gate.max_attack_success' });
    // The same run as its own baseline: every square and boundary row pairs, none fixed or broken.
    const comparison = JSON.parse(readFileSync(join(root, 'out/comparison.json'), 'utf8'));
    for (const condition of ['square', 'boundary']) {
      const cell = comparison.models[0].cells.find((c: any) => c.condition === condition && c.scope === 'all');
      expect([condition, cell.pairs, cell.fixed.value, cell.broken.value]).toEqual([condition, 80, 0, 0]);
    }
    expect(check('regression/cmd/square')?.status).toBe('pass');
  }, 90_000);
});

describe('square and boundary config', () => {
  const load = (attacks: string) => {
    const root = tempRepo({
      'c.yml': config('scores', attacks),
      'model.mjs': MODEL,
      'train.csv': linearRowsCsv(0, 10),
      'test.csv': linearRowsCsv(100, 10)
    });
    return loadPlan({ root, configPath: 'c.yml' });
  };
  const message = (attacks: string) => {
    try {
      load(attacks);
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  test('defaults: 1,000 queries, p_init 0.3', () => {
    expect(load('square: {}, boundary: {}').threatModel.attacks).toMatchObject({
      square: { queries: 1000, pInit: 0.3 },
      boundary: { queries: 1000 }
    });
  });

  test.each([
    ['square: { queries: 0 }', /^c\.yml:7: threat_model\.attacks\.square\.queries: expected .*1.*, found .*0/],
    [
      'square: { queries: 100001 }',
      /^c\.yml:7: threat_model\.attacks\.square\.queries: expected .*100000.*, found .*100001/
    ],
    [
      'square: { queries: 2.5 }',
      /^c\.yml:7: threat_model\.attacks\.square\.queries: expected a whole number from 1 to 100000, found number 2\.5/
    ],
    ['square: { p_init: 0 }', /^c\.yml:7: threat_model\.attacks\.square\.p_init: expected .*> 0.*, found .*0/],
    ['square: { p_init: 1.5 }', /^c\.yml:7: threat_model\.attacks\.square\.p_init: expected .*1.*, found .*1\.5/],
    ['boundary: { queries: 0 }', /^c\.yml:7: threat_model\.attacks\.boundary\.queries: expected .*1.*, found .*0/],
    [
      'boundary: { p_init: 0.3 }',
      /^c\.yml:7: threat_model\.attacks\.boundary\.p_init: unknown key; expected .*queries.*, found "p_init"/
    ]
  ])('%s is refused with key, expected and found', (attacks, pattern) => {
    expect(message(attacks)).toMatch(pattern);
  });
});
