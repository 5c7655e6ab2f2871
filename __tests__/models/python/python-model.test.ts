/**
 * Python models through the bundled runner (docs/models.md#python-models): scores equal the
 * estimator's own predict_proba in the same interpreter bit for bit, and the committed golden
 * (scripts/golden/python_models.py) within 1e-15 (BLAS kernels differ by CPU), a print
 * cannot disturb the protocol, an exception fails only its batch, setup runs once, and every
 * reason a model cannot be used is one line naming the file and the remedy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExampleInput } from '../../../src/data/example.js';
import { ConfigError } from '../../../src/errors.js';
import type { ScoreResult } from '../../../src/models/model.js';
import { PythonModel, type PythonModelPlan } from '../../../src/models/python/python-model.js';
import { REPO_ROOT, tempRepo } from '../../helpers.js';
import { ownProbabilities, python, pythonSuite } from './interpreter.js';

const FIXTURES = join(REPO_ROOT, '__tests__/models/python/fixtures');
const GOLDEN = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/python-models.json'), 'utf8')) as {
  text: Record<string, Record<string, string>>;
  tabular: Record<string, Record<string, string>>;
  text_svc: Record<string, string>;
};

interface Row {
  id: string;
  text?: string;
  x1?: number;
  x2?: number;
  x3?: number;
  label: string;
}

const rows = (file: string): Row[] =>
  readFileSync(join(FIXTURES, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);

function plan(root: string, file: string, over: Partial<PythonModelPlan> = {}): PythonModelPlan {
  return {
    name: 'py',
    kind: file.endsWith('.py') ? 'python' : 'sklearn',
    file: { path: file, absolute: join(root, file) },
    function: file.endsWith('.py') ? 'predict' : null,
    batch: 64,
    interpreter: python(),
    probabilities: false,
    timeoutS: 120,
    requestTimeoutS: 60,
    env: [],
    window: 256,
    repeat: 1,
    digest: 'test',
    ...over
  };
}

async function scoreWith(model: PythonModel, inputs: ExampleInput[]): Promise<ScoreResult[]> {
  try {
    return await model.score(inputs);
  } finally {
    await model.close();
  }
}

const text = (t: string): ExampleInput => ({ kind: 'text', text: t });

/** The config error building `p` raises: one line, naming the file. */
function refusal(p: PythonModelPlan, labels: string[], root: string): string {
  try {
    new PythonModel(p, labels, [], root, () => {});
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message.startsWith(`${p.file.path}: model "py" (${p.kind}): `)).toBe(true);
    return message;
  }
  throw new Error('expected a config error');
}

pythonSuite('Python models through the bundled runner', () => {
  const TEXT_LABELS = ['neg', 'neu', 'pos'];

  /*
   * The three saved estimators, each loaded once: built (the probe) one after the other, then scored side by side
   * while the interpreter computes each one's own predict_proba, so the Python starts overlap. The joblib text model
   * also serves the private-folder test: its folder is looked at before scoring and after closing.
   */
  interface Scored {
    model: PythonModel;
    results: ScoreResult[];
  }
  interface Estimators {
    text: Scored & { own: string[][]; folder: { path: string; mode: string; runner: string; after: boolean } };
    tabular: Scored & { own: string[][] };
    svc: Scored;
  }
  let estimators: Promise<Estimators>;
  const textData = rows('text.jsonl');
  const tabularData = rows('tabular.jsonl');
  const TABULAR_LABELS = ['high', 'low', 'mid'];
  beforeAll(() => {
    estimators = (async () => {
      const ownText = ownProbabilities(
        join(FIXTURES, 'text.joblib'),
        textData.map((r) => r.text as string)
      );
      const ownTabular = ownProbabilities(
        join(FIXTURES, 'tabular.pkl'),
        tabularData.map((r) => [r.x1 as number, r.x2 as number, r.x3 as number])
      );
      const textModel = new PythonModel(plan(FIXTURES, 'text.joblib'), TEXT_LABELS, [], FIXTURES, () => {});
      const folder = {
        path: textModel.folder,
        mode: (statSync(textModel.folder).mode & 0o777).toString(8),
        runner: (statSync(join(textModel.folder, 'runner.py')).mode & 0o777).toString(8),
        after: true
      };
      const tabularModel = new PythonModel(
        plan(FIXTURES, 'tabular.pkl'),
        TABULAR_LABELS,
        ['x1', 'x2', 'x3'],
        FIXTURES,
        () => {}
      );
      const svcModel = new PythonModel(plan(FIXTURES, 'text-svc.joblib'), TEXT_LABELS, [], FIXTURES, () => {});
      // The request's keys come in another order than the configured features: the runner follows the config.
      const tabularInputs: ExampleInput[] = tabularData.map((r) => ({
        kind: 'features',
        values: { x3: r.x3 as number, x1: r.x1 as number, x2: r.x2 as number }
      }));
      const [textResults, tabularResults, svcResults] = await Promise.all([
        scoreWith(
          textModel,
          textData.map((r) => text(r.text as string))
        ),
        scoreWith(tabularModel, tabularInputs),
        scoreWith(
          svcModel,
          textData.map((r) => text(r.text as string))
        )
      ]);
      folder.after = existsSync(folder.path);
      return {
        text: { model: textModel, results: textResults, own: await ownText, folder },
        tabular: { model: tabularModel, results: tabularResults, own: await ownTabular },
        svc: { model: svcModel, results: svcResults }
      };
    })();
  });

  test('sklearn (joblib): every text row scores exactly what predict_proba returned', async () => {
    const { model, results, own } = (await estimators).text;
    expect(model.describe().probabilities).toBe(true);
    expect(model.facts.class_path).toBe('sklearn.pipeline.Pipeline');
    results.forEach((r, i) => {
      expect(r).toEqual({ status: 'ok', scores: own[i]!.map(Number) });
      const golden = GOLDEN.text[textData[i]!.id]!;
      TEXT_LABELS.forEach((l, k) => expect(Math.abs(Number(golden[l]) - Number(own[i]![k]))).toBeLessThan(1e-15));
    });
    expect(results).toHaveLength(90);
  });

  test('sklearn (pickle), tabular: a float matrix in the configured feature order, scores exact', async () => {
    const { results, own } = (await estimators).tabular;
    results.forEach((r, i) => {
      expect(r).toEqual({ status: 'ok', scores: own[i]!.map(Number) });
      const golden = GOLDEN.tabular[tabularData[i]!.id]!;
      TABULAR_LABELS.forEach((l, k) => expect(Math.abs(Number(golden[l]) - Number(own[i]![k]))).toBeLessThan(1e-15));
    });
  });

  test('sklearn without predict_proba answers with predict’s label only', async () => {
    const { model, results } = (await estimators).svc;
    expect(model.describe().probabilities).toBe(false);
    results.forEach((r, i) =>
      expect(r).toEqual({ status: 'ok', scores: null, label: GOLDEN.text_svc[textData[i]!.id] })
    );
  });

  test('python: setup runs once, a print goes to stderr, stdin reads nothing, an exception fails only its batch', async () => {
    const root = tempRepo({
      'serve.py': [
        'import sys',
        'print("importing: this goes to stderr, not into the answers")',
        'calls = {"setup": 0}',
        'def setup():',
        '    calls["setup"] += 1',
        'def predict(texts):',
        '    print("a batch of", len(texts))',
        '    assert sys.stdin.read() == ""  # the requests are not the user code\'s to read',
        '    sys.stdout.write("{\\"id\\": \\"r1\\", \\"label\\": \\"b\\"}\\n")',
        '    if any("boom" in t for t in texts):',
        '        raise ValueError("cannot read " + texts[0])',
        '    return [{"a": float(calls["setup"]), "b": float(len(t))} for t in texts]',
        ''
      ].join('\n')
    });
    const model = new PythonModel(plan(root, 'serve.py', { batch: 2 }), ['a', 'b'], [], root, () => {});
    const inputs = ['one', 'two', 'three', 'boom', 'five', 'six'].map(text);
    const results = await scoreWith(model, inputs);
    expect(results[0]).toEqual({ status: 'ok', scores: [1, 3] });
    expect(results[1]).toEqual({ status: 'ok', scores: [1, 3] });
    expect(results[4]).toEqual({ status: 'ok', scores: [1, 4] });
    expect(results[5]).toEqual({ status: 'ok', scores: [1, 3] });
    // Batches of two, in order: "three" and "boom" fail together, with the exception's type and message.
    for (const i of [2, 3])
      expect(results[i]).toEqual({
        status: 'error',
        error: 'the model reported an error: "ValueError: cannot read three"'
      });
    expect(model.counters().failures).toEqual({ model_error: 2 });
    expect(model.stderrTail()).toContain('a batch of 2');
  });

  test('python, tabular: the function gets dicts in the configured feature order and may answer labels', async () => {
    const root = tempRepo({
      'rules.py': 'def classify(records):\n    return ["|".join(r) if r["x"] > 0 else "no" for r in records]\n'
    });
    const model = new PythonModel(
      plan(root, 'rules.py', { function: 'classify' }),
      ['no', 'x|y'],
      ['x', 'y'],
      root,
      () => {}
    );
    const results = await scoreWith(model, [
      { kind: 'features', values: { y: 1, x: 2 } },
      { kind: 'features', values: { x: -1, y: 0 } }
    ]);
    expect(results).toEqual([
      { status: 'ok', scores: null, label: 'x|y' },
      { status: 'ok', scores: null, label: 'no' }
    ]);
    // Probing and serving imported rules.py twice, and wrote nothing beside it (no __pycache__).
    expect(readdirSync(root)).toEqual(['rules.py']);
  });

  test('answers that break the contract fail their rows by name: NaN, a wrong count, an unknown label', async () => {
    const root = tempRepo({
      'bad.py': [
        'def predict(texts):',
        '    if texts[0] == "count":',
        '        return []',
        '    if texts[0] == "row":',
        '        return [[0.5, 0.5]]',
        '    return [{"a": float("nan"), "b": 1.0} if t == "nan" else "c" for t in texts]',
        ''
      ].join('\n')
    });
    const model = new PythonModel(plan(root, 'bad.py', { batch: 1 }), ['a', 'b'], [], root, () => {});
    const [nan, count, unknown, row] = await scoreWith(model, ['nan', 'count', 'other', 'row'].map(text));
    expect(row).toEqual({
      status: 'error',
      error: 'the model reported an error: "the function returned list, not a dict of scores or a label"'
    });
    expect(nan).toMatchObject({ status: 'error', error: expect.stringContaining('"a"') });
    expect(count).toEqual({
      status: 'error',
      error: 'the model reported an error: "the function returned 0 answers for 1 inputs"'
    });
    expect(unknown).toMatchObject({ status: 'error', error: expect.stringContaining('"c"') });
  });

  test('the value of a variable passed in env is masked in an exception, however long the message', async () => {
    const secret = 'sk-live-0123456789abcdef';
    process.env.EG_TEST_API_KEY = secret;
    try {
      const root = tempRepo({
        'leak.py': 'import os\ndef predict(texts):\n    raise RuntimeError("key " + os.environ["EG_TEST_API_KEY"])\n'
      });
      const model = new PythonModel(
        plan(root, 'leak.py', { env: ['EG_TEST_API_KEY'] }),
        ['a', 'b'],
        [],
        root,
        () => {}
      );
      const [r] = await scoreWith(model, [text('x')]);
      expect(r).toMatchObject({ status: 'error' });
      expect(JSON.stringify(r)).not.toContain(secret.slice(0, 8));
      expect(model.stderrTail()).not.toContain(secret);
      // A load error quoting it is masked too.
      const loading = tempRepo({ 'boot.py': 'import os\nraise RuntimeError(os.environ["EG_TEST_API_KEY"])\n' });
      const refused = refusal(plan(loading, 'boot.py', { env: ['EG_TEST_API_KEY'] }), ['a', 'b'], loading);
      expect(refused).toContain('importing it raised RuntimeError: ');
      expect(refused).not.toContain(secret.slice(0, 8));
    } finally {
      delete process.env.EG_TEST_API_KEY;
    }
  });

  test('the runner lives in a private folder, removed when the model closes', async () => {
    // The joblib text model's folder (built in beforeAll), looked at before it scored and after it closed.
    const { folder } = (await estimators).text;
    expect(folder.path.startsWith(join(tmpdir(), 'evidence-gate-python-'))).toBe(true);
    expect(folder.mode).toBe('700');
    expect(folder.runner).toBe('600');
    expect(folder.after).toBe(false);
  });

  describe('one line naming the file and the remedy, before any evaluation', () => {
    const root = tempRepo({
      'noimport.py': 'import evidence_gate_no_such_module\ndef predict(texts):\n    return texts\n',
      'nofunction.py': 'def score(texts):\n    return texts\ndef _private(x):\n    return x\n',
      'raises.py': 'raise RuntimeError("no weights")\n',
      'garbage.joblib': 'this is not a joblib file',
      'dict.pkl': Buffer.from('}.', 'latin1')
    });

    test('no interpreter', () => {
      const m = refusal(plan(root, 'nofunction.py', { interpreter: 'evidence-gate-no-such-python' }), ['a'], root);
      expect(m).toContain('the interpreter "evidence-gate-no-such-python" was not found on PATH');
      expect(m).toContain('install Python 3');
    });

    test('an interpreter that is not Python', () => {
      const m = refusal(plan(root, 'nofunction.py', { interpreter: 'true' }), ['a'], root);
      expect(m).toContain(`did not run Evidence Gate's runner`);
    });

    test('a missing module', () => {
      const m = refusal(plan(root, 'noimport.py'), ['a'], root);
      expect(m).toContain(`Python module 'evidence_gate_no_such_module' is not installed`);
      expect(m).toContain('install it for that interpreter');
    });

    test('a module that raises while importing', () => {
      expect(refusal(plan(root, 'raises.py'), ['a'], root)).toContain('importing it raised RuntimeError: no weights');
    });

    test('a missing function names the ones there are', () => {
      const m = refusal(plan(root, 'nofunction.py'), ['a'], root);
      expect(m).toContain(`it has no function 'predict'; set \`function\` to one of: score`);
    });

    test('a file that does not load', () => {
      expect(refusal(plan(root, 'garbage.joblib'), ['a'], root)).toContain('it does not load');
    });

    test('a file that holds no estimator', () => {
      expect(refusal(plan(root, 'dict.pkl'), ['a'], root)).toContain(
        'it holds a builtins.dict, which has neither predict_proba nor predict'
      );
    });

    test('classes that are not the training labels', () => {
      const m = refusal(plan(FIXTURES, 'text.joblib'), ['neg', 'pos'], FIXTURES);
      expect(m).toContain('its classes are "neg", "neu", "pos", the training labels are "neg", "pos"');
    });
  });
});

test('the runner embedded in the bundle is runner.py as committed (npm run generate:runner)', async () => {
  const { runnerModule } = (await import(join(REPO_ROOT, 'scripts/generate-python-runner.js'))) as {
    runnerModule: (source: string) => string;
  };
  const source = readFileSync(join(REPO_ROOT, 'src/models/python/runner.py'), 'utf8');
  expect(readFileSync(join(REPO_ROOT, 'src/models/python/runner-source.generated.ts'), 'utf8')).toBe(
    runnerModule(source)
  );
});
