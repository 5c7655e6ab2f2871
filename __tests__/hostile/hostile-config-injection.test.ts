/**
 * Injection through config and data values into config errors (hardening items 2, 8, 9, 10):
 * labels, languages, ids, keys, model names, split names and file paths all reach messages
 * escaped, and no message line can start a GitHub workflow command.
 */
import { loadPlan } from '../../src/config/load.js';
import { ConfigError, DataError } from '../../src/errors.js';
import { jsonl, minimalConfig, tinyRepo } from '../helpers.js';
import { PAYLOADS, expectInert, loadAll, thrown, yamlString } from './hostile-config-helpers.js';

const CONFIG = 'evidence-gate.yml';
const ENTRIES = Object.entries(PAYLOADS);

function configFailure(config: string, files: Record<string, string> = {}): Error {
  const root = tinyRepo({ [CONFIG]: config, ...files });
  const error = thrown(() => loadAll(root));
  expect(error).toBeInstanceOf(ConfigError);
  expectInert(error.message, CONFIG);
  return error;
}

const TRAIN_ROWS = (label: string) =>
  jsonl([
    { id: 't1', text: 'results show a gain', label: 'result', language: 'en' },
    { id: 't2', text: 'a limitation of the sample', label: 'limitation', language: 'en' },
    { id: 't3', text: 'something else entirely', label, language: 'en' }
  ]);

describe('values from data listed in config errors are escaped', () => {
  test.each(ENTRIES)('training labels (%s) in a protected_transitions error', (_name, payload) => {
    // Before: `expected a label of the training data (limitation, result, x` + newline + `::error::pwned)`.
    const config = minimalConfig().replace(
      '  id: tm',
      '  id: tm\n  protected_transitions:\n    - { from: limitation, to: reslt }'
    );
    const error = configFailure(config, { 'data/train.jsonl': TRAIN_ROWS(payload) });
    expect(error.message).toMatch(
      /^evidence-gate\.yml:5: threat_model\.protected_transitions\[0\]\.to: expected a label of the training data \(.*\), found "reslt"$/
    );
    expect(error.message).toContain('"limitation", "result"');
  });

  test.each(ENTRIES)('languages (%s) in an append.sentences error', (_name, payload) => {
    const config = minimalConfig().replace(
      '  id: tm',
      '  id: tm\n  attacks:\n    append: { sentences: { en: "More." } }'
    );
    const challenge = jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result', language: payload },
      { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: 'en' }
    ]);
    const error = configFailure(config, { 'data/challenge.jsonl': challenge });
    expect(error.message).toMatch(
      /^evidence-gate\.yml:5: threat_model\.attacks\.append\.sentences: expected a sentence for every language slice of the evaluation data \(.*\), found none for ".*"$/
    );
  });

  test('a data language named like an Object.prototype member still needs its own sentence', () => {
    const config = minimalConfig().replace(
      '  id: tm',
      '  id: tm\n  attacks:\n    append: { sentences: { en: "More.", es: "Más." } }'
    );
    const challenge = jsonl([{ id: 'h1', text: 'we observe gains', label: 'result', language: 'constructor' }]);
    const error = configFailure(config, { 'data/challenge.jsonl': challenge });
    expect(error.message).toContain('found none for "constructor"');
  });
});

describe('values from the config itself are escaped or refused', () => {
  test.each(ENTRIES)('an unknown key (%s) is quoted in the message and the key path', (_name, payload) => {
    const error = configFailure(minimalConfig(`${yamlString(payload)}: 1`));
    const [line] = error.message.split('\n');
    expect(line).toMatch(/^evidence-gate\.yml:11: \[".*"\]: unknown key; expected one of .*, found ".*"$/);
  });

  test.each(ENTRIES)('threat_model.id with a hidden character (%s) is refused', (_name, payload) => {
    const error = configFailure(minimalConfig().replace('id: tm', `id: ${yamlString(payload)}`));
    expect(error.message).toMatch(
      /^evidence-gate\.yml:3: threat_model\.id: expected a string of 1 to 200 characters without control, bidi or invisible characters, found ".*"$/
    );
  });

  test('a NUL in threat_model.id is shown, not passed on', () => {
    const error = configFailure(minimalConfig().replace('id: tm', 'id: "a\\0b"'));
    expect(error.message).toBe(
      'evidence-gate.yml:3: threat_model.id: expected a string of 1 to 200 characters without control, bidi or invisible characters, found "a\\u0000b"'
    );
  });

  test.each(ENTRIES)('a model name (%s) is refused', (_name, payload) => {
    const error = configFailure(minimalConfig(`  - { tfidf-word: {}, name: ${yamlString(payload)} }`));
    expect(error.message).toMatch(
      /^evidence-gate\.yml:11: models\[1\]\.name: expected a name of 1 to 200 characters, not blank, without control, bidi or invisible characters, found ".*"$/
    );
  });

  test.each(ENTRIES)('an external model name and command (%s) are refused', (_name, payload) => {
    const named = configFailure(minimalConfig(`  - { name: ${yamlString(payload)}, command: "python m.py" }`));
    expect(named.message).toMatch(/^evidence-gate\.yml:11: models\[1\]\.name: /);
    const command = configFailure(
      minimalConfig(`  - { name: mine, command: ${yamlString(`python m.py ${payload}`)} }`)
    );
    expect(command.message).toMatch(
      /^evidence-gate\.yml:11: models\[1\]\.command: expected a command on one line without control, bidi or invisible characters, found ".*"$/
    );
  });

  test('an over-long model name says the limit', () => {
    const error = configFailure(minimalConfig(`  - { hybrid: {}, name: ${'m'.repeat(201)} }`));
    expect(error.message).toBe(
      `evidence-gate.yml:11: models[1].name: expected a name of 1 to 200 characters, not blank, without control, bidi or invisible characters, found "${'m'.repeat(57)}..."`
    );
  });

  test.each(ENTRIES)('an evaluation split name (%s) is quoted', (_name, payload) => {
    const error = configFailure(
      minimalConfig().replace('    challenge: data/challenge.jsonl', `    ${yamlString(payload)}: data/challenge.jsonl`)
    );
    expect(error.message).toMatch(
      /^evidence-gate\.yml:8: data\.evaluate\[".*"\]: invalid name; expected a name starting with a letter, using letters, digits, "_" or "-", found ".*"$/
    );
  });

  test.each(ENTRIES)('a language key of append.sentences (%s) is refused', (_name, payload) => {
    const error = configFailure(
      minimalConfig().replace(
        '  id: tm',
        `  id: tm\n  attacks:\n    append: { sentences: { ${yamlString(payload)}: "More." } }`
      )
    );
    expect(error.message).toMatch(
      /^evidence-gate\.yml:5: threat_model\.attacks\.append\.sentences\[".*"\]: invalid name; expected a non-empty name without control, bidi or invisible characters, found ".*"$/
    );
  });

  test.each(ENTRIES)('labels, columns and gate model names (%s) are refused', (_name, payload) => {
    const label = configFailure(
      minimalConfig().replace(
        '  id: tm',
        `  id: tm\n  protected_transitions:\n    - { from: limitation, to: ${yamlString(payload)} }`
      )
    );
    expect(label.message).toMatch(
      /^evidence-gate\.yml:5: threat_model\.protected_transitions\[0\]\.to: expected a non-empty string without control, bidi or invisible characters, found ".*"$/
    );
    const column = configFailure(
      minimalConfig().replace('data:\n', `data:\n  columns: { text: ${yamlString(payload)} }\n`)
    );
    expect(column.message).toMatch(
      /^evidence-gate\.yml:5: data\.columns\.text: expected a non-empty string without control/
    );
    const gate = configFailure(minimalConfig(`gate:\n  models: [${yamlString(payload)}]`));
    expect(gate.message).toMatch(
      /^evidence-gate\.yml:12: gate\.models\[0\]: expected a non-empty string without control/
    );
  });

  test.each(ENTRIES)('a data path (%s) is refused before it is looked up', (_name, payload) => {
    const error = configFailure(
      minimalConfig().replace('train: data/train.jsonl', `train: ${yamlString(`data/${payload}.jsonl`)}`)
    );
    expect(error.message).toMatch(
      /^evidence-gate\.yml:5: data\.train: expected a non-empty string without control, bidi or invisible characters, found ".*"$/
    );
  });

  test.each(ENTRIES)('an abstain_below key (%s) that names no model is quoted', (_name, payload) => {
    const error = configFailure(
      minimalConfig(`selective:\n  abstain_below:\n    ${yamlString(payload)}: { on: margin, threshold: 0.1 }`)
    );
    expect(error.message).toMatch(
      /^evidence-gate\.yml:13: selective\.abstain_below\[".*"\]: expected a configured model name \("naive-bayes"\), found ".*"$/
    );
  });

  test.each(ENTRIES)('a duplicate key (%s) is quoted', (_name, payload) => {
    const error = configFailure(minimalConfig(`${yamlString(payload)}: 1\n${yamlString(payload)}: 2`));
    expect(error.message).toMatch(
      /^evidence-gate\.yml:12: invalid YAML: duplicate key ".*"; expected each key once per mapping$/
    );
  });

  test('an environment variable name with a line break is quoted', () => {
    const error = configFailure(minimalConfig('  - { name: mine, command: "python m.py", env: ["A\\n::error::B"] }'));
    expect(error.message).toBe(
      'evidence-gate.yml:11: models[1].env[0]: expected an environment variable name, found "A\\n::error::B"'
    );
  });

  test('tabular feature names in bounds are quoted', () => {
    const config = [
      'version: 1',
      'task: tabular',
      'threat_model:',
      '  id: t',
      `  constraints: { bounds: { ${yamlString(PAYLOADS.command)}: [0, 1] } }`,
      'data:',
      '  train: data/train.jsonl',
      '  evaluate: { test: data/controlled.jsonl }',
      '  columns: { features: [x1] }',
      'models: [logistic-regression]'
    ].join('\n');
    const error = configFailure(config);
    expect(error.message).toBe(
      'evidence-gate.yml:5: threat_model.constraints.bounds["x\\n::error::pwned"]: expected one of the feature columns ("x1"), found "x\\n::error::pwned"'
    );
  });
});

describe('file names in messages', () => {
  test('a config file whose name starts with "::" is named ./::… at the start of every line', () => {
    const name = '::error::pwned.yml';
    const root = tinyRepo({ [name]: minimalConfig('colour: blue\nshape: round') });
    const error = thrown(() => loadPlan({ root, configPath: name }));
    expect(error).toBeInstanceOf(ConfigError);
    expectInert(error.message, `./${name}`);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  test('a config file name with a line break is escaped', () => {
    const name = 'a\n::error::b.yml';
    const root = tinyRepo({ [name]: minimalConfig('colour: blue') });
    const error = thrown(() => loadPlan({ root, configPath: name }));
    expectInert(error.message, 'a\\n::error::b.yml');
  });

  test('a missing config file with a line break in its name', () => {
    const root = tinyRepo();
    const error = thrown(() => loadPlan({ root, configPath: 'x\n::error::y.yml' }));
    expect(error.message).toBe(
      "config file not found: x\\n::error::y.yml (expected a YAML file inside the repository; set --config or the action's config input)"
    );
  });

  test('a data file whose name starts with "::" is named ./::… in a data error', () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig().replace('train: data/train.jsonl', 'train: "::error::train.jsonl"'),
      '::error::train.jsonl': '{"id": "t1", "text": "x", "label": "a"}\n{not json\n'
    });
    const error = thrown(() => loadAll(root));
    expect(error).toBeInstanceOf(DataError);
    expectInert(error.message, './::error::train.jsonl');
    expect(error.message).toMatch(/^\.\/::error::train\.jsonl:2: malformed JSON \(/);
  });
});

describe('data errors that list values', () => {
  test.each(ENTRIES)(
    'an evaluation label (%s) the training data never had, with hostile training labels',
    (_name, payload) => {
      const root = tinyRepo({
        'data/train.jsonl': TRAIN_ROWS(payload),
        'data/controlled.jsonl': jsonl([{ id: 'c1', text: 'x', label: `${payload}!`, language: 'en' }])
      });
      const error = thrown(() => loadAll(root));
      expect(error).toBeInstanceOf(DataError);
      expectInert(error.message, 'data/controlled.jsonl');
      expect(error.message).toMatch(
        /^data\/controlled\.jsonl:1: label ".*" never occurs in the training data; expected one of ".*"(, ".*"){2}$/
      );
      expect(error.message).toContain('"limitation"');
    }
  );
});
