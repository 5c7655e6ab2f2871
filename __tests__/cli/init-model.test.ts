/**
 * `evidence-gate init --model FILE` (docs/models.md#python-models): a saved estimator becomes a
 * `sklearn:` entry, a module a `python:` entry with the function init finds; the config it writes
 * loads and, with a Python that has scikit-learn, runs as written. Other files are refused.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import { modelEntry } from '../../src/init/model-entry.js';
import { REPO_ROOT, jsonl, tempRepo } from '../helpers.js';
import { python, pythonSuite } from '../models/python/interpreter.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const FIXTURES = join(REPO_ROOT, '__tests__/models/python/fixtures');

/** The fixture's text rows as train and evaluation files (ids made unique per split). */
function dataRepo(files: Record<string, string> = {}): string {
  const rows = readFileSync(join(FIXTURES, 'text.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; text: string; label: string });
  const split = (prefix: string, part: typeof rows) => jsonl(part.map((r) => ({ ...r, id: `${prefix}${r.id}` })));
  return tempRepo({
    'data/train.jsonl': split('tr-', rows.slice(0, 60)),
    'data/test.jsonl': split('te-', rows.slice(60)),
    ...files
  });
}

const INIT = ['init', '--train', 'data/train.jsonl', '--evaluate', 'data/test.jsonl'];

test('which entry a file becomes', () => {
  expect(modelEntry('models/intent.joblib', () => '')).toMatchObject({
    name: 'intent',
    kind: 'sklearn',
    path: 'models/intent.joblib',
    function: null
  });
  expect(modelEntry('m/x.PKL', () => '').kind).toBe('sklearn');
  const py = (source: string) => modelEntry('serve.py', () => source).function;
  expect(py('def setup():\n  pass\ndef predict(texts):\n  pass\ndef predict_proba(texts):\n  pass\n')).toBe(
    'predict_proba'
  );
  expect(py('def _helper(x):\n  pass\ndef setup():\n  pass\nasync def classify(texts):\n  pass\n')).toBe('classify');
  expect(py('class M:\n    def predict(self, texts):\n        pass\ndef run(texts):\n  pass\n')).toBe('run');
  // A built-in's name would read as the built-in.
  expect(modelEntry('naive-bayes.joblib', () => '').name).toBe('naive-bayes-model');
});

test.each([
  [
    'model.onnx',
    "expected a saved scikit-learn estimator (.joblib, .pkl), a Python module (.py), XGBoost's JSON model or " +
      "LightGBM's text model, found a .onnx file"
  ],
  ['serve.py', 'expected a module defining a top-level function'],
  ['nowhere.py', 'no such file']
])('--model %s is refused: %s', async (file, expected) => {
  const root = dataRepo({ 'model.onnx': 'x', 'serve.py': 'import os\n_x = 1\ndef _private():\n    pass\n' });
  const r = await cli([...INIT, '--model', file], root);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(expected);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(existsSync(join(root, '.github'))).toBe(false);
});

test('a module: a python entry with the function found, and a config that loads', async () => {
  const root = dataRepo({ 'models/serve.py': 'def predict(texts):\n    return ["pos" for _ in texts]\n' });
  const r = await cli([...INIT, '--model', 'models/serve.py'], root);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  expect(r.stdout).toContain('and your model "serve" (python: models/serve.py)');
  const config = parse(readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8'));
  expect(config.models.at(-1)).toEqual({
    name: 'serve',
    python: { file: 'models/serve.py', function: 'predict', batch: 64 }
  });
});

pythonSuite('init --model, then run', () => {
  test('a saved pipeline runs as init wrote it', async () => {
    const root = dataRepo();
    copyFileSync(join(FIXTURES, 'text.joblib'), join(root, 'intent.joblib'));
    const r = await cli([...INIT, '--model', 'intent.joblib'], root);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const configPath = join(root, '.github/evidence-gate.yml');
    const text = readFileSync(configPath, 'utf8');
    expect(parse(text).models.at(-1)).toEqual({ name: 'intent', sklearn: { file: 'intent.joblib' } });
    // The written line `# interpreter: python3` is where a team names its Python; here, the tests' one.
    writeFileSync(
      configPath,
      text.replace('    # interpreter: python3', `    interpreter: ${JSON.stringify(python())}`)
    );
    const run = await cli(['run', '--config', '.github/evidence-gate.yml', '--out', 'out', '--quiet'], root);
    expect(run.stderr).toBe('');
    const rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8').trim().split('\n');
    const mine = rows.map((l) => JSON.parse(l)).filter((row) => row.model === 'intent');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.status === 'ok')).toBe(true);
  });
});

test('tabular data with a model: black-box attacks instead of fgm, and the config loads', async () => {
  const rows = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${i}`,
      x1: (i * 37) % 11,
      x2: (i * 13) % 7,
      label: i % 2 === 0 ? 'ok' : 'bad'
    }));
  const root = tempRepo({
    'data/train.jsonl': jsonl(rows('tr', 40)),
    'data/test.jsonl': jsonl(rows('te', 12)),
    'rule.py': 'def predict(records):\n    return ["ok" if r["x1"] > 5 else "bad" for r in records]\n'
  });
  const r = await cli([...INIT, '--model', 'rule.py'], root);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  expect(r.stdout).toContain('families noise, boundary');
  const config = parse(readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8'));
  expect(config.threat_model).toMatchObject({
    access: 'black-box',
    attacks: { noise: {}, boundary: { queries: 1000 } }
  });
  expect(config.threat_model.attacks.fgm).toBeUndefined();
});

describe('a tree ensemble file (docs/models.md#tree-ensembles)', () => {
  const TREES = join(REPO_ROOT, 'examples/trees-tabular');
  const treeRepo = () =>
    tempRepo({
      'data/train.csv': readFileSync(join(TREES, 'data/train.csv'), 'utf8'),
      'data/test.csv': readFileSync(join(TREES, 'data/test.csv'), 'utf8'),
      'models/parcels.json': readFileSync(join(TREES, 'models/parcels-xgb.json'), 'utf8'),
      'models/parcels.txt': readFileSync(join(TREES, 'models/parcels-lgb.txt'), 'utf8')
    });
  const TREE_INIT = ['init', '--train', 'data/train.csv', '--evaluate', 'data/test.csv'];

  test.each([
    ['models/parcels.json', 'xgboost'],
    ['models/parcels.txt', 'lightgbm']
  ])(
    '%s becomes a %s entry, and the config init writes runs as written',
    async (file, kind) => {
      const root = treeRepo();
      const r = await cli([...TREE_INIT, '--model', file], root);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const config = parse(readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8'));
      expect(config.models).toContainEqual({ name: 'parcels', [kind]: { file } });
      const ran = await cli(['run', '--config', '.github/evidence-gate.yml', '--quiet'], root);
      expect(ran.stderr).toBe('');
      expect([0, 1]).toContain(ran.code);
      const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out/manifest.json'), 'utf8'));
      expect(manifest.models.find((m: { name: string }) => m.name === 'parcels')).toMatchObject({ kind });
    },
    30_000
  );

  test('on text data it is refused, naming the task it serves', async () => {
    const root = dataRepo({ 'm.json': readFileSync(join(TREES, 'models/parcels-xgb.json'), 'utf8') });
    const r = await cli([...INIT, '--model', 'm.json'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--model "m.json": a xgboost model serves task tabular; this data is read as text');
  });

  test('a .json or .txt file that is neither model is refused as before', () => {
    expect(() => modelEntry('m.json', () => '{"a": 1}')).toThrow(/XGBoost's JSON model or LightGBM's text model/);
    expect(() => modelEntry('notes.txt', () => 'hello\n')).toThrow(/found a \.txt file/);
  });
});
