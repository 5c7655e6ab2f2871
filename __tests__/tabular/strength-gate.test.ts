/**
 * `gate.min_attack_strength`: a release check per model and attack named, read from the attack
 * strength in metrics.json; not evaluated when exact found no failure; a config error without
 * exact or for an attack the run does not configure. It reaches checks.json, the summary and JUnit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { run } from '../../src/engine.js';
import { verify } from '../../src/pipeline/verify.js';
import { tempRepo } from '../helpers.js';

/** Three labels by x1 + x2 (a < 0.8 ≤ b < 1.2 ≤ c), a deterministic grid with jitter. */
function csv(first: number, n: number): string {
  const lines = ['id,x1,x2,label'];
  for (let i = first; i < first + n; i++) {
    const x1 = ((i * 37) % 101) / 101;
    const x2 = ((i * 53 + 11) % 97) / 97;
    const s = x1 + x2;
    lines.push(
      `r${String(i).padStart(3, '0')},${x1.toFixed(4)},${x2.toFixed(4)},${s < 0.8 ? 'a' : s < 1.2 ? 'b' : 'c'}`
    );
  }
  return lines.join('\n') + '\n';
}

function config(eps: number, gate: string[], attacks = 'fgm: {}, boundary: { queries: 1 }, exact: {}'): string {
  return [
    'version: 1',
    'task: tabular',
    'threat_model:',
    '  id: strength',
    '  access: white-box',
    `  attacks: { ${attacks} }`,
    `  constraints: { linf_eps: ${eps}, editable: [x1, x2], bounds: { x1: [0, 1], x2: [0, 1] } }`,
    'data:',
    '  train: train.csv',
    '  evaluate: { test: test.csv }',
    '  columns: { id: id, label: label, features: [x1, x2] }',
    'models:',
    '  - logistic-regression',
    'statistics: { seed: 3, bootstrap_iterations: 50, paired_iterations: 50 }',
    'gate:',
    ...gate
  ].join('\n');
}

const repo = (text: string) => tempRepo({ 'c.yml': text, 'train.csv': csv(0, 150), 'test.csv': csv(200, 120) });
const read = (root: string, f: string) => readFileSync(join(root, 'out', f), 'utf8');

describe('gate.min_attack_strength', () => {
  test('a check per model and attack named, decided from the strength figure; failing ones list the failures the attack missed', async () => {
    const root = repo(config(0.06, ['  min_attack_strength: { fgm: 0, boundary: 1 }']));
    const result = await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const metrics = JSON.parse(read(root, 'metrics.json'));
    const strength = metrics.models[0].attack_strength as Array<{
      attack: string;
      strength: { value: number; numerator: number; denominator: number };
    }>;
    const checks = JSON.parse(read(root, 'checks.json')).checks as Array<Record<string, any>>;
    const own = checks.filter((c) => c.check === 'attack_strength');
    expect(own.map((c) => c.id)).toEqual([
      'attack_strength/logistic-regression/fgm',
      'attack_strength/logistic-regression/boundary'
    ]);
    const [fgm, boundary] = own as [Record<string, any>, Record<string, any>];
    const figure = (a: string) =>
      strength.find((s) => s.attack === a)?.strength as { value: number; numerator: number; denominator: number };
    expect(figure('boundary').denominator).toBeGreaterThan(0);
    expect(fgm).toMatchObject({
      status: 'pass',
      threshold: 0,
      direction: 'min',
      config_key: 'gate.min_attack_strength.fgm',
      config_line: 16,
      threshold_is_default: false,
      numerator: figure('fgm').numerator
    });
    // One query per row cannot find every failure exact proves.
    expect(figure('boundary').numerator).toBeLessThan(figure('boundary').denominator);
    expect(boundary).toMatchObject({
      status: 'fail',
      threshold: 1,
      value: figure('boundary').value,
      config_key: 'gate.min_attack_strength.boundary'
    });
    expect(boundary.examples.count).toBe(figure('boundary').denominator - figure('boundary').numerator);
    expect(boundary.examples.shown.every((r: any) => r.condition === 'exact')).toBe(true);
    expect(result.gate?.failing).toContain('attack_strength/logistic-regression/boundary');
    expect(read(root, 'summary.md')).toContain('attack\\_strength/logistic\\-regression/boundary');
    expect(read(root, 'summary.md')).toContain('attack strength against exact');
    expect(read(root, 'checks.junit.xml')).toContain('attack_strength/logistic-regression/boundary');
    // The manifest records the thresholds; verify recomputes the same checks from the evidence.
    expect(JSON.parse(read(root, 'manifest.json')).gate.plan.min_attack_strength.boundary).toEqual({
      value: 1,
      config_key: 'gate.min_attack_strength.boundary',
      line: 16,
      is_default: false
    });
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 60_000);

  test('left out: no check (reported only)', async () => {
    const root = repo(config(0.06, ['  max_missing_rows: 0']));
    await run({ root, configPath: 'c.yml', outputDir: 'out' });
    expect(JSON.parse(read(root, 'checks.json')).checks.some((c: any) => c.check === 'attack_strength')).toBe(false);
  }, 60_000);

  test('not evaluated when exact finds no failure on the rows both tested', async () => {
    const root = repo(config(1e-9, ['  min_attack_strength: { fgm: 0.5 }']));
    await run({ root, configPath: 'c.yml', outputDir: 'out' });
    const check = JSON.parse(read(root, 'checks.json')).checks.find(
      (c: any) => c.id === 'attack_strength/logistic-regression/fgm'
    );
    expect(check).toMatchObject({
      status: 'not_evaluated',
      numerator: 0,
      denominator: 0,
      reason: 'exact found no failure on the rows both tested'
    });
  }, 60_000);

  const message = (text: string) => {
    try {
      loadPlan({ root: repo(text), configPath: 'c.yml' });
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  test('config errors: without exact, an attack not configured, a value outside [0, 1], an attack that is not graded', () => {
    expect(message(config(0.06, ['  min_attack_strength: { fgm: 0.9 }'], 'fgm: {}'))).toBe(
      "c.yml:16: gate.min_attack_strength: an attack's strength is its share of the failures exact finds, so it needs exact; expected threat_model.attacks.exact to be configured, found no exact"
    );
    expect(message(config(0.06, ['  min_attack_strength: { pgd: 0.9 }']))).toBe(
      'c.yml:16: gate.min_attack_strength.pgd: expected an attack configured in threat_model.attacks ("fgm", "boundary"), found "pgd"'
    );
    expect(message(config(0.06, ['  min_attack_strength: { fgm: 1.5 }']))).toMatch(
      /^c\.yml:16: gate\.min_attack_strength\.fgm: expected a number from 0 to 1, found number 1\.5$/
    );
    expect(message(config(0.06, ['  min_attack_strength: { exact: 1 }']))).toMatch(
      /^c\.yml:16: gate\.min_attack_strength\.exact: unknown key; expected one of fgm, pgd, square, boundary, search, found "exact"$/
    );
    expect(message(config(0.06, ['  min_attack_strength: 0.9']))).toMatch(
      /^c\.yml:16: gate\.min_attack_strength: expected a mapping, found number 0\.9$/
    );
  });
});
