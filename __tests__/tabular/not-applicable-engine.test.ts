/**
 * White-box attacks beside a model that exposes no gradient (docs/tabular.md#not-applicable): the config loads,
 * the command model's fgm/pgd/exact rows are uncovered (`not_applicable`), its figures and checks of those attacks
 * are not applicable with the reason, and everything about the built-in model is what it would be alone.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run } from '../../src/engine.js';
import { verify } from '../../src/pipeline/verify.js';
import { tempRepo } from '../helpers.js';
import { linearRowsCsv } from './linear-rows.js';

/** A command model scoring σ(6·(x1 + x2 − 1)); it counts the lines it was sent on stderr at exit. */
const MODEL = `
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, features } = JSON.parse(line);
  const p = 1 / (1 + Math.exp(-6 * (features.x1 + features.x2 - 1)));
  process.stdout.write(JSON.stringify({ id, scores: { 0: 1 - p, 1: p } }) + '\\n');
});
`;

function config(models: string[], extra: string[] = [], attacks = ATTACKS): string {
  return [
    'version: 1',
    'task: tabular',
    'threat_model:',
    '  id: wb',
    '  objective: untargeted',
    '  access: white-box',
    `  attacks: ${attacks}`,
    '  constraints: { linf_eps: 0.08, editable: [x1, x2], bounds: { x1: [0, 1], x2: [0, 1] } }',
    'data:',
    '  train: train.csv',
    '  evaluate: { test: test.csv }',
    '  columns: { id: id, label: label, features: [x1, x2] }',
    'models:',
    ...models,
    'statistics: { seed: 5, bootstrap_iterations: 50, paired_iterations: 50 }',
    ...extra
  ].join('\n');
}

const ATTACKS = '{ noise: {}, fgm: {}, pgd: { steps: 4 }, square: { queries: 30 }, exact: {} }';
const LOGISTIC = '  - logistic-regression';
const COMMAND = '  - { name: cmd, command: "node model.mjs", probabilities: true }';

function repo(): string {
  return tempRepo({
    'both.yml': config(
      [LOGISTIC, COMMAND],
      ['selective: { abstain_below: { cmd: { on: probability, threshold: 0.6 } } }']
    ),
    'white.yml': config([LOGISTIC, COMMAND], [], '{ noise: {}, fgm: {}, exact: {} }'),
    'alone.yml': config([LOGISTIC]),
    'model.mjs': MODEL,
    'train.csv': linearRowsCsv(0, 60),
    'test.csv': linearRowsCsv(100, 50)
  });
}

const read = (root: string, dir: string, file: string) => readFileSync(join(root, dir, file), 'utf8');
const json = (root: string, dir: string, file: string) => JSON.parse(read(root, dir, file));
const rows = (root: string, dir: string) =>
  read(root, dir, 'evidence.jsonl')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

const reason = (attack: string, reads: string) =>
  `${attack} reads the model's ${reads}, which cmd (kind external) does not expose`;
const GRADIENT = 'input gradient';
const AFFINE = 'logits as an affine function of the features';

describe('white-box attacks beside a command model', () => {
  let root: string;
  beforeAll(async () => {
    root = repo();
    await run({ root, configPath: 'both.yml', outputDir: 'both' });
    await run({ root, configPath: 'alone.yml', outputDir: 'alone' });
  }, 120_000);

  test('the manifest lists, per model, the attacks that cannot reach it and why', () => {
    const models = json(root, 'both', 'manifest.json').models;
    expect(models[0].not_applicable).toBeUndefined();
    expect(models[1].not_applicable).toEqual([
      { attack: 'fgm', reason: reason('fgm', GRADIENT) },
      { attack: 'pgd', reason: reason('pgd', GRADIENT) },
      { attack: 'exact', reason: reason('exact', AFFINE) }
    ]);
  });

  test('its rows of those attacks are uncovered (not_applicable), cost no query and claim no worst case', () => {
    const own = rows(root, 'both').filter((r) => r.model === 'cmd');
    const clean = new Map(own.filter((r) => r.condition === 'clean').map((r) => [r.id, r]));
    for (const condition of ['fgm', 'pgd', 'exact']) {
      const list = own.filter((r) => r.condition === condition);
      expect(list).toHaveLength(50);
      for (const r of list) {
        const c = clean.get(r.id);
        expect([r.id, r.changed, r.tested, r.success, r.queries, r.gradient_evaluations, r.exact]).toEqual([
          r.id,
          false,
          false,
          false,
          0,
          0,
          null
        ]);
        expect([r.id, r.perturbed_features, r.prediction]).toEqual([r.id, r.features, c.prediction]);
        expect([r.id, r.uncovered, r.uncovered_reason]).toEqual(
          r.eligible ? [r.id, true, 'not_applicable'] : [r.id, false, null]
        );
      }
    }
    // The black-box attack still reaches it.
    expect(own.filter((r) => r.condition === 'square' && r.tested).length).toBeGreaterThan(10);
    // Its requests: the clean rows and square's queries, nothing for the white-box attacks.
    const queries = own.reduce((n, r) => n + (r.queries ?? 0), 0);
    expect(json(root, 'both', 'manifest.json').counters[1].predictionEvaluations).toBe(queries);
  });

  test('its figures of those attacks and their checks are not applicable, with the reason', () => {
    const cmd = json(root, 'both', 'metrics.json').models[1];
    for (const [attack, reads] of [
      ['fgm', GRADIENT],
      ['pgd', GRADIENT],
      ['exact', AFFINE]
    ] as const) {
      const ledger = cmd.ledger.find((l: any) => l.family === attack && l.scope === 'all');
      expect(ledger.attack_success).toEqual({
        value: null,
        numerator: null,
        denominator: null,
        status: 'not_applicable',
        reason: reason(attack, reads)
      });
      const robust = cmd.robustness.find((r: any) => r.condition === attack && r.scope === 'all');
      expect([robust.flip_rate.status, robust.delta_interval_pp.status]).toEqual(['not_applicable', 'not_applicable']);
    }
    // With exact out of reach there is nothing to grade square against, and no certificate.
    expect(cmd.exact_certificate.certified.reason).toBe(reason('exact', AFFINE));
    expect(cmd.attack_strength.map((s: any) => [s.attack, s.strength.status])).toEqual([
      ['fgm', 'not_applicable'],
      ['pgd', 'not_applicable'],
      ['square', 'not_applicable']
    ]);
    // The union is square's alone.
    const union = cmd.union.find((u: any) => u.scope === 'all');
    const square = cmd.ledger.find((l: any) => l.family === 'square' && l.scope === 'all');
    expect(union.families).toEqual(['square']);
    expect(union.union_success).toEqual(square.attack_success);

    const checks = json(root, 'both', 'checks.json').checks;
    const status = (id: string) => checks.find((c: any) => c.id === id);
    for (const id of ['attack_success/cmd/fgm', 'flip_rate/cmd/pgd', 'eligible_coverage/cmd/exact']) {
      expect([id, status(id).status]).toEqual([id, 'not_applicable']);
    }
    expect(status('eligible_coverage/cmd/square').status).toBe('pass');
    expect(status('eligible_coverage/logistic-regression/fgm').status).toBe('pass');
  });

  test("the built-in model's rows, figures and checks are what they are without the command model", () => {
    const lr = (dir: string) => rows(root, dir).filter((r) => r.model === 'logistic-regression');
    expect(lr('both')).toEqual(lr('alone'));
    const metrics = (dir: string) => json(root, dir, 'metrics.json').models[0];
    expect(metrics('both')).toEqual(metrics('alone'));
    const checks = (dir: string) =>
      json(root, dir, 'checks.json').checks.filter((c: any) => c.id.split('/')[1] === 'logistic-regression');
    expect(checks('both')).toEqual(checks('alone'));
  });

  test('the summary and report say n/a where the counts do not apply, never "null"', () => {
    const summary = read(root, 'both', 'summary.md');
    expect(summary).toContain('| cmd | fgm | n/a | n/a | n/a |');
    expect(summary).toContain('| cmd | fgm | n/a | n/a | n/a | n/a | not_applicable ');
    expect(summary).toContain(`Not applicable in this run: ${reason('exact', AFFINE)}.`);
    expect(summary).not.toMatch(/\| null \|/);
    expect(read(root, 'both', 'report.html')).not.toMatch(/>null</);
  });

  test('two shards merge into the single run byte for byte, and verify re-derives it', async () => {
    for (const k of [1, 2])
      await run({ root, configPath: 'both.yml', outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md'])
      expect([f, read(root, 'merged', f) === read(root, 'both', f)]).toEqual([f, true]);
    expect(await verify({ dir: 'both', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 120_000);

  test('against a baseline, its regression checks of those attacks are not applicable too', async () => {
    await run({
      root,
      configPath: 'both.yml',
      outputDir: 'again',
      baseline: { dir: join(root, 'both'), shown: 'both', onError: 'refuse' }
    });
    const checks = json(root, 'again', 'checks.json').checks;
    const of = (id: string) => checks.find((c: any) => c.id === id);
    expect([of('regression/cmd/fgm').status, of('regression/cmd/fgm').reason]).toEqual([
      'not_applicable',
      reason('fgm', GRADIENT)
    ]);
    expect(of('regression/cmd/square').status).toBe('pass');
    // The comparison table says so instead of showing Δ 0 for inputs that were never attacked.
    const html = read(root, 'again', 'report.html');
    const table = html.slice(
      html.indexOf('id="compared-with-base"'),
      html.indexOf('</table>', html.indexOf('id="compared-with-base"'))
    );
    const cmdRow = table.slice(table.indexOf('<strong>cmd</strong>'));
    expect(cmdRow.match(/not applicable/g)).toHaveLength(3);
    expect(of('regression/logistic-regression/fgm').status).toBe('pass');
  }, 60_000);

  test('a model no configured attack reaches: its union and protected transitions are not applicable, not failing', async () => {
    const r = await run({ root, configPath: 'white.yml', outputDir: 'white' });
    const checks = json(root, 'white', 'checks.json').checks;
    const of = (id: string) => checks.find((c: any) => c.id === id);
    const none = `no configured attack can run against cmd: ${reason('fgm', GRADIENT)}; ${reason('exact', AFFINE)}`;
    for (const id of ['eligible_coverage/cmd/union', 'attack_success/cmd/union', 'protected_transitions/cmd'])
      expect([id, of(id).status, of(id).reason]).toEqual([id, 'not_applicable', none]);
    expect(r.gate?.failing.filter((id) => id.includes('/cmd'))).toEqual([]);
    const cmd = json(root, 'white', 'metrics.json').models[1];
    expect(cmd.union.find((u: any) => u.scope === 'all').families).toEqual([]);
    expect(cmd.protected_transitions.find((p: any) => p.scope === 'all').by_family).toEqual([]);
    // The built-in model is judged as ever.
    expect(of('eligible_coverage/logistic-regression/union').status).toBe('pass');
  }, 60_000);

  test('no row of an attack that cannot run stands behind a check in the drill-down', () => {
    const summary = read(root, 'both', 'summary.md');
    expect(summary).not.toMatch(/cmd · (fgm|pgd|exact)/);
  });

  test('verify goes by the recorded kinds, not an edited not_applicable list, and names the edit', async () => {
    const copy = join(root, 'forged');
    cpSync(join(root, 'both'), copy, { recursive: true });
    const path = join(copy, 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    manifest.models[0].not_applicable = [{ attack: 'square', reason: 'forged' }];
    writeFileSync(path, JSON.stringify(manifest, null, 2) + '\n');
    const result = await verify({ dir: 'forged', cwd: root, root });
    expect(result.differences).toContain(
      'manifest.json: models[0].not_applicable: recorded [{"attack":"square","reason":"forged"}], but its kind ' +
        '("logistic-regression") and the recorded attacks give []'
    );
    // Only the list is named: the figures and checks re-derive as the run wrote them.
    expect(result.differences.filter((d) => !d.startsWith('manifest.json'))).toEqual([]);
  }, 60_000);
});
