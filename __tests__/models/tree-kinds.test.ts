/**
 * The `xgboost:` and `lightgbm:` model kinds end to end (SPEC §25.1–2): the bundled tree example's clean rows predict
 * what the libraries' own predict gives on every test row, the black-box attacks reach the trees, the gradient
 * attacks are not applicable with their reason, the digest is the file's SHA-256, and every file or config mistake
 * is a config error naming the file.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run } from '../../src/engine.js';
import { main } from '../../src/cli/main.js';
import { ConfigError } from '../../src/errors.js';
import { evidenceRowsOf, REPO_ROOT, tempRepo } from '../helpers.js';

const CONFIG = 'examples/trees-tabular/evidence-gate.yml';
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/trees.json'), 'utf8')) as {
  cases: { file: string; proba: number[][]; labels: number[] }[];
};

function exampleRepo(): string {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples/trees-tabular'), join(root, 'examples/trees-tabular'), { recursive: true });
  return root;
}

/** The example with fewer bootstrap draws (and queries, unless `fullBudgets`): behaviour, not scale. */
function smallConfig(root: string, edit: (text: string) => string = (t) => t, fullBudgets = false): void {
  const path = join(root, CONFIG);
  const text = readFileSync(path, 'utf8')
    .replace(/queries: 1000/g, fullBudgets ? 'queries: 1000' : 'queries: 50')
    .replace('bootstrap_iterations: 1000, paired_iterations: 500', 'bootstrap_iterations: 50, paired_iterations: 50');
  writeFileSync(path, edit(text));
}

describe('the bundled tree example, at its full query budgets', () => {
  const root = exampleRepo();
  // The two tree models; the logistic regression beside them is checked in the shard test below.
  smallConfig(root, (t) => t.replace('  - { logistic-regression: { C: 1 } }\n', ''), true);
  let rows: Array<Record<string, any>> = [];
  beforeAll(async () => {
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    rows = evidenceRowsOf(root, 'out');
  }, 60_000);

  test.each([
    ['parcels-xgb', 'examples/trees-tabular/models/parcels-xgb.json'],
    ['parcels-lgb', 'examples/trees-tabular/models/parcels-lgb.txt']
  ])('%s: every clean row predicts the library’s label, with its predict_proba', (model, file) => {
    const expected = golden.cases.find((c) => c.file === file);
    const clean = rows.filter((r) => r.model === model && r.condition === 'clean');
    expect(clean).toHaveLength(600);
    expect(expected?.labels).toHaveLength(600);
    clean.forEach((r, i) => {
      expect([r.id, r.prediction]).toEqual([r.id, ['hold', 'release'][expected?.labels[i] as number]]);
      const p = expected?.proba[i] as number[];
      expect(Math.abs(r.scores.hold - (p[0] as number))).toBeLessThanOrEqual(2 ** -22);
      expect(Math.abs(r.scores.release - (p[1] as number))).toBeLessThanOrEqual(2 ** -22);
    });
    // Both labels are predicted: the comparison above is not of a constant.
    expect(new Set(clean.map((r) => r.prediction)).size).toBe(2);
  });

  test('black-box attacks and exact reach the trees; gradient attacks are not applicable, with the reason', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    for (const model of ['parcels-xgb', 'parcels-lgb']) {
      const entry = manifest.models.find((m: any) => m.name === model);
      expect(entry.not_applicable.map((n: any) => n.attack)).toEqual(['fgm', 'pgd']);
      expect(entry.not_applicable[0].reason).toMatch(/input gradient/);
      const of = (condition: string) => rows.filter((r) => r.model === model && r.condition === condition);
      for (const c of ['fgm', 'pgd']) {
        // Every row the attack should have tried is uncovered for that reason, and none is tried.
        const eligible = of(c).filter((r) => r.eligible);
        expect(eligible.length).toBeGreaterThan(500);
        expect(new Set(eligible.map((r) => r.uncovered_reason))).toEqual(new Set(['not_applicable']));
        expect(of(c).some((r) => r.tested)).toBe(false);
      }
      const square = of('square').filter((r) => r.tested);
      expect(square.length).toBeGreaterThan(400);
      expect(square.every((r) => r.queries > 0 && r.queries <= 1000)).toBe(true);
      expect(of('square').some((r) => r.success)).toBe(true);
      expect(of('boundary').some((r) => r.success)).toBe(true);
    }
    // The logistic regression beside them is still attacked by all.
    for (const model of ['parcels-xgb', 'parcels-lgb']) {
      const exact = rows.filter((r) => r.model === model && r.condition === 'exact' && r.tested);
      expect(exact.length).toBeGreaterThan(500);
      // Every row decided: certified, or a success; the success set is what square is graded against.
      expect(exact.every((r) => r.certified === true || r.success === true)).toBe(true);
      const failures = new Set(exact.filter((r) => r.success).map((r) => r.id));
      expect(failures.size).toBeGreaterThan(20);
      const square = rows.filter((r) => r.model === model && r.condition === 'square' && r.success);
      // No attack finds a failure exact rules out; square finds at least 0.8 of exact's at 1,000 queries.
      expect(square.every((r) => failures.has(r.id))).toBe(true);
      expect(square.length / failures.size).toBeGreaterThanOrEqual(0.8);
    }
  });

  test('the manifest binds each tree model to its file', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    const xgb = manifest.models.find((m: any) => m.name === 'parcels-xgb');
    const bytes = readFileSync(join(root, 'examples/trees-tabular/models/parcels-xgb.json'));
    expect(xgb.digest).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(xgb.params).toMatchObject({
      format: 'xgboost',
      version: '1.7.4',
      objective: 'binary:logistic',
      trees: 40,
      features: 'by name',
      classes: ['hold', 'release']
    });
    const lgb = manifest.models.find((m: any) => m.name === 'parcels-lgb');
    expect(lgb.params).toMatchObject({ format: 'lightgbm', objective: 'binary', trees: 40 });
  });
});

describe('mistakes in a tree model entry or file are config errors naming the file', () => {
  const XGB = 'examples/trees-tabular/models/parcels-xgb.json';
  const LGB = 'examples/trees-tabular/models/parcels-lgb.txt';

  async function expectConfigError(edit: (root: string) => void, ...patterns: RegExp[]): Promise<void> {
    const root = exampleRepo();
    smallConfig(root);
    edit(root);
    const error = await run({ root, configPath: CONFIG, outputDir: 'out' }).then(
      () => null,
      (e: unknown) => e
    );
    expect(error).toBeInstanceOf(ConfigError);
    for (const p of patterns) expect((error as Error).message).toMatch(p);
  }
  const editFile = (root: string, file: string, f: (text: string) => string) =>
    writeFileSync(join(root, file), f(readFileSync(join(root, file), 'utf8')));
  const editJson = (root: string, f: (m: any) => void) =>
    editFile(root, XGB, (t) => {
      const m = JSON.parse(t);
      f(m);
      return JSON.stringify(m);
    });

  test('not JSON, or JSON that is not an XGBoost model', async () => {
    await expectConfigError(
      (root) => writeFileSync(join(root, XGB), 'tree\nversion=v4\n'),
      /evidence-gate\.yml:\d+: models\[0\]\.xgboost\.file: examples\/trees-tabular\/models\/parcels-xgb\.json: not JSON/
    );
    await expectConfigError((root) => writeFileSync(join(root, XGB), '{"a": 1}'), /parcels-xgb\.json: .*learner/);
  });

  test('an objective or booster this reader cannot predict exactly, a categorical split without its categories', async () => {
    await expectConfigError(
      (root) => editJson(root, (m) => (m.learner.objective.name = 'reg:squarederror')),
      /learner\.objective\.name: expected one of binary:logistic.*found "reg:squarederror"/
    );
    await expectConfigError(
      (root) => editJson(root, (m) => (m.learner.gradient_booster.name = 'dart')),
      /expected gbtree .*found "dart"/
    );
    await expectConfigError(
      (root) => editJson(root, (m) => (m.learner.gradient_booster.model.trees[3].split_type[0] = 1)),
      /trees\[3\]\.split_type\[0\]: expected 0 \(numerical\) or 1 \(categorical, with categories\)/
    );
    await expectConfigError(
      (root) => editFile(root, LGB, (t) => t.replace('objective=binary sigmoid:1', 'objective=regression')),
      /models\[1\]\.lightgbm\.file: .*parcels-lgb\.txt: objective: expected binary or multiclass/
    );
    await expectConfigError(
      (root) => editFile(root, LGB, (t) => t.replace(/num_cat=0/, 'num_cat=1')),
      /parcels-lgb\.txt: line \d+: cat_boundaries= missing/
    );
  });

  test('a broken tree: a child outside the tree, a node reached twice, a file cut short', async () => {
    await expectConfigError(
      (root) => editJson(root, (m) => (m.learner.gradient_booster.model.trees[0].left_children[0] = 99)),
      /trees\[0\]: node 0 has child 99; expected a node from 0 to \d+/
    );
    await expectConfigError(
      (root) =>
        editJson(root, (m) => {
          const t = m.learner.gradient_booster.model.trees[0];
          t.right_children[0] = t.left_children[0];
        }),
      /reached twice/
    );
    await expectConfigError(
      (root) => editFile(root, LGB, (t) => t.slice(0, t.indexOf('end of trees'))),
      /parcels-lgb\.txt: no "end of trees" line/
    );
    await expectConfigError(
      (root) => editFile(root, LGB, (t) => t.replace(/^left_child=(-?\d+)/m, 'left_child=41')),
      /Tree at line \d+: node 0 has child 41/
    );
  });

  test('a feature the data lacks, a class count that is not the labels’, bad labels', async () => {
    await expectConfigError(
      (root) => editJson(root, (m) => (m.learner.feature_names[1] = 'declared_value')),
      /parcels-xgb\.json: the model uses feature "declared_value"; expected columns of data\.columns\.features/
    );
    await expectConfigError(
      (root) =>
        editFile(root, LGB, (t) => t.replace(/^feature_names=.*$/m, 'feature_names=Column_0 Column_1 Column_2')),
      /feature_names: expected 4 names/
    );
    await expectConfigError(
      (root) =>
        editJson(root, (m) => {
          m.learner.feature_names = [];
          m.learner.learner_model_param.num_feature = '5';
        }),
      /taken by position; expected data\.columns\.features to list 5 columns, found 4/
    );
    await expectConfigError(
      (root) =>
        editJson(root, (m) => {
          m.learner.objective.name = 'multi:softprob';
          m.learner.learner_model_param.num_class = '3';
        }),
      /the model has 3 classes; expected one per label of the training data \(2: "hold", "release"\)/
    );
    const root = exampleRepo();
    smallConfig(root, (t) => t.replace('parcels-xgb.json }', 'parcels-xgb.json, labels: [hold] }'));
    await expect(run({ root, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      /models\[0\]\.xgboost\.labels: expected the label of each class/
    );
    await expectConfigError(
      (r) => smallConfig(r, (t) => t.replace('parcels-xgb.json }', 'parcels-xgb.json, labels: [hold, pass] }')),
      /labels "hold", "pass": expected each label of the training data once \("hold", "release"\); "pass" is not one/
    );
  });
});

test('labels: a model whose classes are in another order scores each label from its own class', async () => {
  const root = exampleRepo();
  smallConfig(root, (t) =>
    t
      .replace(/ {4}noise: \{\}\n[\s\S]*? {4}exact: \{\}\n/, '    noise: {}\n')
      .replace('parcels-xgb.json }', 'parcels-xgb.json, labels: [release, hold] }')
  );
  await run({ root, configPath: CONFIG, outputDir: 'out' });
  const rows = evidenceRowsOf(root, 'out').filter((r) => r.model === 'parcels-xgb' && r.condition === 'clean');
  const expected = golden.cases.find((c) => c.file.endsWith('parcels-xgb.json'));
  rows.forEach((r, i) => {
    // Class 0 now means "release": the same probabilities, given to the other labels.
    expect(r.scores.release).toBeCloseTo(expected?.proba[i]?.[0] as number, 6);
    expect(r.prediction).toBe(['release', 'hold'][expected?.labels[i] as number]);
  });
}, 30_000);

test('shards of the tree example merge to the single run byte for byte; verify and its rerun agree', async () => {
  const root = exampleRepo();
  // The attacks that read the model (the query attacks' byte identity is the tabular merge test's).
  smallConfig(root, (t) => t.replace(/ {4}square: .*\n {4}boundary: .*\n/, ''));
  expect(readFileSync(join(root, CONFIG), 'utf8')).not.toMatch(/square:|boundary:/);
  await run({ root, configPath: CONFIG, outputDir: 'single' });
  // The logistic regression beside the trees is still attacked by the gradient attacks and exact.
  const lr = evidenceRowsOf(root, 'single').filter((r) => r.model === 'logistic-regression');
  expect(lr.some((r) => r.condition === 'exact' && r.certified)).toBe(true);
  expect(lr.some((r) => r.condition === 'fgm' && r.tested)).toBe(true);
  const dirs: string[] = [];
  for (let k = 1; k <= 2; k++) {
    await run({ root, configPath: CONFIG, outputDir: `s${k}`, shard: { index: k, count: 2 } });
    dirs.push(`s${k}`);
  }
  await merge({ root, shards: dirs, outputDir: 'merged' });
  const sha = (p: string) =>
    createHash('sha256')
      .update(readFileSync(join(root, p)))
      .digest('hex');
  for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html'])
    expect([f, sha(`merged/${f}`)]).toEqual([f, sha(`single/${f}`)]);
  let stdout = '';
  const code = await main(['verify', 'single', '--rerun'], {
    stdout: (t) => (stdout += t),
    stderr: () => {},
    cwd: root
  });
  expect([code, stdout]).toEqual([
    0,
    'verified: every digest, metric and check of single agrees, and the rerun reproduces the evidence byte for byte\n'
  ]);
  // A model file edited after the run is named by verify --rerun before anything is rerun.
  const model = join(root, 'examples/trees-tabular/models/parcels-lgb.txt');
  writeFileSync(model, readFileSync(model, 'utf8').replace('shrinkage=1', 'shrinkage=1 '));
  let out = '';
  expect(
    await main(['verify', 'single', '--rerun'], { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: root })
  ).not.toBe(0);
  expect(out).toMatch(/parcels-lgb/);
}, 60_000);

describe('exact: { time_limit_ms } (SPEC §25)', () => {
  test('a tabular task takes it and the manifest records it; a text task refuses it, and tabular refuses other keys', async () => {
    const root = exampleRepo();
    smallConfig(root, (t) =>
      t.replace(/ {4}noise: \{\}\n[\s\S]*? {4}exact: \{\}\n/, '    exact: { time_limit_ms: 500 }\n')
    );
    await run({ root, configPath: CONFIG, outputDir: 'out' });
    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    expect(manifest.threat_model.attacks.map((a: any) => [a.family, a.parameters.settings])).toEqual([
      ['exact', { time_limit_ms: 500 }]
    ]);
    const other = exampleRepo();
    smallConfig(other, (t) => t.replace('    exact: {}\n', '    exact: { max_candidates: 10 }\n'));
    await expect(run({ root: other, configPath: CONFIG, outputDir: 'out' })).rejects.toThrow(
      /threat_model\.attacks\.exact\.max_candidates: exact on a tabular task solves the feature-space worst case and takes only time_limit_ms; found max_candidates/
    );
  });
});
