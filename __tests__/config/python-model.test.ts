/** Config entries of Python models (docs/models.md#python-models): defaults, and every refusal as one line naming the key. */
import { entryRefusal, loadEntry } from './model-entry.js';

const FILES = { 'serve.py': 'def predict(texts):\n    return texts\n', 'model.joblib': 'x' };
const load = (entry: string) => loadEntry(entry, FILES);
const refusal = (entry: string) => entryRefusal(entry, FILES);

test('python: function predict, batch 64, interpreter python3 and the limits of a command model by default', () => {
  expect(load('{ name: fn, python: { file: serve.py } }').models[1]).toEqual({
    name: 'fn',
    kind: 'python',
    params: {
      file: { path: 'serve.py', absolute: expect.stringMatching(/serve\.py$/) },
      function: 'predict',
      batch: 64,
      interpreter: 'python3',
      files: [],
      timeout_s: 600,
      request_timeout_s: 30,
      probabilities: false,
      env: [],
      window: 256,
      repeat: 1
    }
  });
});

test('sklearn: no function, its own batch, another interpreter', () => {
  expect(
    load('{ name: est, sklearn: { file: model.joblib, batch: 500 }, interpreter: /usr/bin/python3 }').models[1]
  ).toMatchObject({
    kind: 'sklearn',
    params: { function: null, batch: 500, interpreter: '/usr/bin/python3' }
  });
});

test.each([
  [
    '{ name: fn, python: serve.py }',
    'models[1].python: expected a mapping with file, function, batch, found "serve.py"'
  ],
  ['{ name: fn, python: { file: serve.py, fn: predict } }', 'models[1].python.fn: unknown key'],
  ['{ name: fn, python: { file: serve.py, function: "predict()" } }', 'expected a Python function name'],
  ['{ name: fn, python: { file: serve.py, batch: 0 } }', 'expected a whole number from 1 to 65536, found number 0'],
  ['{ name: fn, python: { file: missing.py } }', 'missing.py'],
  ['{ name: fn, python: { file: ../serve.py } }', '../serve.py'],
  ['{ name: est, sklearn: { file: model.joblib, function: predict } }', 'models[1].sklearn.function: unknown key'],
  ['{ name: est, sklearn: { file: model.joblib }, probabilities: true }', 'models[1].probabilities: unknown key'],
  ['{ name: fn, python: { file: serve.py }, interpreter: "${PY}" }', 'without ${…}'],
  ['{ name: fn, python: { file: serve.py }, interpreter: "python3\\nrm -rf ." }', 'models[1].interpreter'],
  ['{ name: fn, python: { file: serve.py }, env: [GITHUB_TOKEN] }', 'not a token or secret'],
  ['{ python: { file: serve.py } }', 'models[1].name']
])('%s is refused: %s', (entry, expected) => {
  const message = refusal(entry);
  expect(message).toContain(expected);
  expect(message).not.toContain('\n');
});
