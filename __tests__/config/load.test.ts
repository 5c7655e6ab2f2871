import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import type { Plan } from '../../src/config/plan.js';
import { ConfigError } from '../../src/errors.js';
import { EXAMPLE_CONDITIONS, EXAMPLE_CONFIG, REPO_ROOT, minimalConfig, tempRepo, tinyRepo } from '../helpers.js';

// minimalConfig() lines, for reading the expected line numbers below:
//  1 version: 1
//  2 threat_model:
//  3   id: tm
//  4 data:
//  5   train: data/train.jsonl
//  6   evaluate:
//  7     controlled: data/controlled.jsonl
//  8     challenge: data/challenge.jsonl
//  9 models:
// 10   - naive-bayes
// 11 <extra>

const CONFIG = 'evidence-gate.yml';

/** Load `config` as evidence-gate.yml of a tiny repository (data files present). */
function load(config: string, files: Record<string, string | Uint8Array> = {}): Plan {
  const root = tinyRepo({ [CONFIG]: config, ...files });
  return loadPlan({ root, configPath: CONFIG });
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, but none was thrown');
}

/** Assert that loading `config` fails with a ConfigError whose message is exactly `message`. */
function expectConfigError(config: string, message: string, files: Record<string, string | Uint8Array> = {}): void {
  const error = thrown(() => load(config, files));
  expect(error).toBeInstanceOf(ConfigError);
  expect(error.message).toBe(message);
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

// SPEC §9, written out independently of src/config/defaults.ts.
const SPEC_GATE_DEFAULTS: Array<[string, number]> = [
  ['min_challenge_examples', 50],
  ['min_challenge_accuracy', 0.75],
  ['max_generalization_gap_pp', 22],
  ['min_language_examples', 10],
  ['min_language_accuracy', 0.58],
  ['max_length_psi', 0.5],
  ['min_changed_examples', 20],
  ['max_flip_rate', 0.2],
  ['max_accuracy_drop_pp', 5],
  ['min_eligible_coverage', 0.9],
  ['max_attack_success', 0.25],
  ['max_protected_transitions', 0],
  ['max_missing_rows', 0],
  // SPEC §15: the comparison with a baseline.
  ['max_regression_pp', 1],
  ['max_new_protected_transitions', 0]
];

const TOP_LEVEL_KEYS =
  'version, task, threat_model, data, models, statistics, selective, output, manifest, gate, release';
const GATE_ALLOWED_KEYS = [
  ...SPEC_GATE_DEFAULTS.map(([k]) => k),
  'families',
  'min_attack_strength',
  'min_certified_share',
  'allow_not_evaluated',
  'require_baseline',
  'block_on',
  'require_release_record',
  'models'
].join(', ');

describe('loadPlan: unknown keys', () => {
  test('an unknown top-level key names its line, the allowed keys and the key found', () => {
    expectConfigError(
      minimalConfig('colour: blue'),
      `evidence-gate.yml:11: colour: unknown key; expected one of ${TOP_LEVEL_KEYS}, found "colour"`
    );
  });

  test('a misspelt gate key names file:line, the key path, the allowed keys and the key found', () => {
    expectConfigError(
      minimalConfig('gate:\n  max_flip_rat: 0.3'),
      `evidence-gate.yml:12: gate.max_flip_rat: unknown key; expected one of ${GATE_ALLOWED_KEYS}, found "max_flip_rat"; did you mean \`max_flip_rate\`?`
    );
  });

  test('gate.block_on takes all or new (default all)', () => {
    expect(load(minimalConfig('')).gate.blockOn).toBe('all');
    expect(load(minimalConfig('gate:\n  block_on: new')).gate.blockOn).toBe('new');
    expectConfigError(
      minimalConfig('gate:\n  block_on: known'),
      'evidence-gate.yml:12: gate.block_on: expected one of "all", "new", found "known"'
    );
  });

  test('a destructive family takes only a regression override (its other checks do not exist)', () => {
    expectConfigError(
      minimalConfig('gate:\n  families:\n    truncate:\n      max_flip_rate: 0.3'),
      'evidence-gate.yml:14: gate.families.truncate.max_flip_rate: unknown key; expected one of max_regression_pp, found "max_flip_rate"'
    );
    const plan = load(minimalConfig('gate:\n  families:\n    truncate:\n      max_regression_pp: 3'));
    expect(plan.gate.families.truncate?.max_regression_pp).toEqual({
      value: 3,
      configKey: 'gate.families.truncate.max_regression_pp',
      isDefault: false,
      line: 14
    });
  });

  test('an unknown family is an unknown key', () => {
    expectConfigError(
      minimalConfig('gate:\n  families:\n    typos:\n      max_flip_rate: 0.3'),
      'evidence-gate.yml:13: gate.families.typos: unknown key; expected one of format, transpose, typo, dictionary, append, search, exact, fgm, pgd, square, boundary, clean, truncate, noise, found "typos"; did you mean `typo`?'
    );
  });

  test('a misspelt key at any depth gets the nearest allowed key, as a mistyped CLI option does', () => {
    const near = (extra: string, path: string, hint: string) => {
      const error = thrown(() => load(minimalConfig(extra)));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toMatch(
        new RegExp(
          `^evidence-gate\\.yml:\\d+: ${path.replace(/[.[\]]/g, '\\$&')}: unknown key; .*; did you mean \`${hint}\`\\?$`
        )
      );
    };
    near('statistcs: { seed: 1 }', 'statistcs', 'statistics');
    near('output:\n  txt: full', 'output.txt', 'text');
    near('gate:\n  families:\n    fromat: {}', 'gate.families.fromat', 'format');
    near(
      'gate:\n  families:\n    format:\n      max_flip_rat: 0.3',
      'gate.families.format.max_flip_rat',
      'max_flip_rate'
    );
    near('  - { hybrid: { word_weigth: 0.5 } }', 'models[1].hybrid.word_weigth', 'word_weight');
    near('  - { name: m, command: "x", timout_s: 5 }', 'models[1].timout_s', 'timeout_s');
    near('  - { name: m, http: { url: "http://127.0.0.1:1/", batchh: 2 } }', 'models[1].http.batchh', 'batch');
    // A built-in model's name misspelt is not a key, but is suggested the same way.
    expect(thrown(() => load(minimalConfig('  - naive-bayse'))).message).toMatch(
      /found "naive-bayse"; did you mean `naive-bayes`\?$/
    );
    // Nothing near: no guess.
    expect(thrown(() => load(minimalConfig('colour: blue'))).message).not.toContain('did you mean');
  });

  test('a non-family gate key under a family is an unknown key', () => {
    expectConfigError(
      minimalConfig('gate:\n  families:\n    format:\n      min_challenge_examples: 3'),
      'evidence-gate.yml:14: gate.families.format.min_challenge_examples: unknown key; expected one of min_changed_examples, max_flip_rate, max_accuracy_drop_pp, min_eligible_coverage, max_attack_success, max_regression_pp, found "min_challenge_examples"; did you mean `min_changed_examples`?'
    );
  });

  test('several problems are all reported, one complete line each, by line', () => {
    expectConfigError(
      minimalConfig('colour: blue\ngate:\n  max_flip_rat: 0.3'),
      [
        `evidence-gate.yml:11: colour: unknown key; expected one of ${TOP_LEVEL_KEYS}, found "colour"`,
        `evidence-gate.yml:13: gate.max_flip_rat: unknown key; expected one of ${GATE_ALLOWED_KEYS}, found "max_flip_rat"; did you mean \`max_flip_rate\`?`
      ].join('\n')
    );
  });
});

describe('loadPlan: types and ranges', () => {
  test('a string where a rate is expected', () => {
    expectConfigError(
      minimalConfig('gate:\n  max_flip_rate: high'),
      'evidence-gate.yml:12: gate.max_flip_rate: expected a number from 0 to 1, found "high"'
    );
  });

  test('a string where a count is expected', () => {
    expectConfigError(
      minimalConfig('gate:\n  min_challenge_examples: "fifty"'),
      'evidence-gate.yml:12: gate.min_challenge_examples: expected a whole number ≥ 0, found "fifty"'
    );
  });

  test('a number where a path is expected', () => {
    expectConfigError(
      minimalConfig().replace('train: data/train.jsonl', 'train: 5'),
      'evidence-gate.yml:5: data.train: expected a non-empty string, found number 5'
    );
  });

  test('a rate above 1', () => {
    expectConfigError(
      minimalConfig('gate:\n  max_flip_rate: 1.5'),
      'evidence-gate.yml:12: gate.max_flip_rate: expected a number from 0 to 1, found number 1.5'
    );
  });

  test('a negative count', () => {
    expectConfigError(
      minimalConfig('gate:\n  min_challenge_examples: -1'),
      'evidence-gate.yml:12: gate.min_challenge_examples: expected a whole number ≥ 0, found number -1'
    );
  });

  test('a fractional count', () => {
    expectConfigError(
      minimalConfig('gate:\n  min_challenge_examples: 2.5'),
      'evidence-gate.yml:12: gate.min_challenge_examples: expected a whole number ≥ 0, found number 2.5'
    );
  });

  test('version 2 is refused', () => {
    expectConfigError(
      minimalConfig().replace('version: 1', 'version: 2'),
      'evidence-gate.yml:1: version: expected 1, found number 2'
    );
  });

  test('an empty config file is refused', () => {
    expectConfigError('', 'evidence-gate.yml:1: expected a mapping of config keys at the top level, found null');
  });
});

describe('loadPlan: required keys', () => {
  test('missing threat_model', () => {
    expectConfigError(
      minimalConfig().replace('threat_model:\n  id: tm\n', ''),
      'evidence-gate.yml:1: threat_model: missing required key; expected a mapping, found nothing'
    );
  });

  test('missing data.train names the line of the data key', () => {
    // Line 5 is the first line of the `data` mapping (`evaluate:` once `train:` is gone).
    expectConfigError(
      minimalConfig().replace('  train: data/train.jsonl\n', ''),
      'evidence-gate.yml:4: data.train: missing required key; expected a non-empty string, found nothing'
    );
  });
});

describe('loadPlan: YAML syntax', () => {
  test('invalid YAML names the line', () => {
    expectConfigError(
      minimalConfig().replace('  id: tm', '  id: tm: x'),
      'evidence-gate.yml:3: invalid YAML: Nested mappings are not allowed in compact mappings'
    );
  });

  test('a tab used as indentation names the line', () => {
    expectConfigError(
      minimalConfig().replace('  id: tm', '\tid: tm'),
      'evidence-gate.yml:3: invalid YAML: Tabs are not allowed as indentation'
    );
  });

  test('a duplicate key is a YAML error at the repeated key', () => {
    expectConfigError(
      minimalConfig('version: 1'),
      'evidence-gate.yml:11: invalid YAML: duplicate key "version"; expected each key once per mapping'
    );
  });
});

describe('loadPlan: paths stay inside the repository', () => {
  test('a data path that climbs out of the root', () => {
    const outside = tempRepo({ 'outside.jsonl': '{}\n' });
    const p = `../${outside.split('/').pop()}/outside.jsonl`;
    expectConfigError(
      minimalConfig().replace('train: data/train.jsonl', `train: ${p}`),
      `evidence-gate.yml:5: data.train: expected a path inside the repository root, found ${JSON.stringify(p)}`
    );
  });

  test('an absolute path outside the root', () => {
    expectConfigError(
      minimalConfig().replace('train: data/train.jsonl', 'train: /etc/passwd'),
      'evidence-gate.yml:5: data.train: expected a path inside the repository root, found "/etc/passwd"'
    );
  });

  test('a symbolic link inside the repository that leads outside', () => {
    const outside = tempRepo({ 'secret.jsonl': '{"id":"x","text":"y","label":"z"}\n' });
    const root = tinyRepo({ [CONFIG]: minimalConfig().replace('train: data/train.jsonl', 'train: data/link.jsonl') });
    symlinkSync(join(outside, 'secret.jsonl'), join(root, 'data', 'link.jsonl'));
    const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      'evidence-gate.yml:5: data.train: expected a path inside the repository root, found "data/link.jsonl" (a link that leads outside)'
    );
  });

  test('a symbolic link that stays inside the repository is accepted under its own name', () => {
    const root = tinyRepo({ [CONFIG]: minimalConfig().replace('train: data/train.jsonl', 'train: data/link.jsonl') });
    symlinkSync(join(root, 'data', 'train.jsonl'), join(root, 'data', 'link.jsonl'));
    expect(loadPlan({ root, configPath: CONFIG }).data.train.path).toBe('data/link.jsonl');
  });

  test('a missing data file', () => {
    expectConfigError(
      minimalConfig().replace('train: data/train.jsonl', 'train: data/missing.jsonl'),
      'evidence-gate.yml:5: data.train: file not found; expected an existing file, found "data/missing.jsonl"'
    );
  });

  test('a missing evaluation file names its split', () => {
    expectConfigError(
      minimalConfig().replace('challenge: data/challenge.jsonl', 'challenge: data/nope.jsonl'),
      'evidence-gate.yml:8: data.evaluate.challenge: file not found; expected an existing file, found "data/nope.jsonl"'
    );
  });

  test('a directory given as a data file', () => {
    expectConfigError(
      minimalConfig().replace('train: data/train.jsonl', 'train: data'),
      'evidence-gate.yml:5: data.train: expected a regular file, found a folder "data"'
    );
  });

  test('a FIFO given as a data file is refused without calling it a directory', () => {
    const root = tinyRepo({ [CONFIG]: minimalConfig().replace('train: data/train.jsonl', 'train: data/pipe.jsonl') });
    execFileSync('mkfifo', [join(root, 'data', 'pipe.jsonl')]);
    const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^evidence-gate\.yml:5: data\.train: expected a (regular )?file/);
    expect(error.message).not.toContain('directory');
  });

  test('a folder given as the config: says so, and names the YAML files in it, the usual name first', () => {
    const root = tinyRepo({
      '.github/evidence-gate.yml': minimalConfig(),
      '.github/a.yml': 'x: 1\n',
      '.github/notes.txt': 'n\n',
      'empty/readme.md': ''
    });
    for (const given of ['.github', '.github/']) {
      const error = thrown(() => loadPlan({ root, configPath: given }));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toBe(
        `config ${given} is a folder; expected a YAML file: did you mean ".github/evidence-gate.yml"? (also in it: ".github/a.yml")`
      );
    }
    const empty = thrown(() => loadPlan({ root, configPath: 'empty' }));
    expect(empty.message).toBe(
      "config empty is a folder, and it holds no .yml or .yaml file; expected a YAML file (set --config or the action's config input to the file)"
    );
  });

  test('a named pipe given as the config is refused by what it is, without waiting on it', () => {
    const root = tinyRepo();
    execFileSync('mkfifo', [join(root, 'pipe.yml')]);
    expect(thrown(() => loadPlan({ root, configPath: 'pipe.yml' })).message).toBe(
      'config pipe.yml: expected a YAML file, found a named pipe'
    );
  });

  test('a missing config file', () => {
    const root = tinyRepo();
    const error = thrown(() => loadPlan({ root, configPath: 'nope.yml' }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      "config file not found: nope.yml (expected a YAML file inside the repository; set --config or the action's config input)"
    );
  });

  test('a config file outside the root', () => {
    const outside = tempRepo({ 'evidence-gate.yml': minimalConfig() });
    const root = tinyRepo();
    const given = join(outside, 'evidence-gate.yml');
    const error = thrown(() => loadPlan({ root, configPath: given }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      `config ${JSON.stringify(given)}: expected a path inside the repository root, found ${JSON.stringify(given)}`
    );
  });
});

describe('loadPlan: models', () => {
  test('an unknown model name', () => {
    expectConfigError(
      minimalConfig().replace('  - naive-bayes', '  - nb'),
      'evidence-gate.yml:10: models[0]: expected one of naive-bayes, tfidf-word, tfidf-char, hybrid, logistic-regression or a mapping, found "nb"'
    );
  });

  test('a model listed twice', () => {
    expectConfigError(
      minimalConfig('  - naive-bayes'),
      'evidence-gate.yml:11: models[1]: duplicate model name; expected each model once, found "naive-bayes" again'
    );
  });

  test('all four built-ins are accepted, in config order, with their parameters', () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig(
        '  - tfidf-word\n  - tfidf-char\n  - { hybrid: { word_weight: 0.3 } }\n  - { hybrid: {}, name: hybrid-even }'
      )
    });
    expect(loadPlan({ root, configPath: CONFIG }).models).toEqual([
      { name: 'naive-bayes', kind: 'naive-bayes', params: { alpha: 1 } },
      { name: 'tfidf-word', kind: 'tfidf-word', params: {} },
      { name: 'tfidf-char', kind: 'tfidf-char', params: {} },
      { name: 'hybrid', kind: 'hybrid', params: { word_weight: 0.3 } },
      { name: 'hybrid-even', kind: 'hybrid', params: { word_weight: 0.5 } }
    ]);
  });

  test('a hybrid weight outside [0, 1]', () => {
    expectConfigError(
      minimalConfig('  - { hybrid: { word_weight: 1.5 } }'),
      'evidence-gate.yml:11: models[1].hybrid.word_weight: expected a number from 0 to 1, found number 1.5'
    );
  });

  test('an unknown model parameter', () => {
    expectConfigError(
      minimalConfig('  - { tfidf-char: { ngrams: 3 } }'),
      'evidence-gate.yml:11: models[1].tfidf-char.ngrams: unknown key; expected no parameters, found "ngrams"'
    );
  });

  test('one kind twice needs distinct names', () => {
    expectConfigError(
      minimalConfig('  - hybrid\n  - { hybrid: { word_weight: 0.2 } }'),
      'evidence-gate.yml:12: models[2]: duplicate model name; expected each model once, found "hybrid" again'
    );
  });

  test('an external command model with its defaults', () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig('  - { name: mine, command: "python predict.py", files: [data/train.jsonl] }')
    });
    expect(loadPlan({ root, configPath: CONFIG }).models[1]).toEqual({
      name: 'mine',
      kind: 'external',
      params: {
        command: 'python predict.py',
        timeout_s: 600,
        request_timeout_s: 30,
        probabilities: false,
        files: [{ absolute: join(root, 'data', 'train.jsonl'), path: 'data/train.jsonl' }],
        env: [],
        window: 256,
        repeat: 1
      }
    });
  });

  test.each([
    [
      '{ name: m, command: "x", timeout: 5 }',
      'evidence-gate.yml:11: models[1].timeout: unknown key; expected one of name, command, timeout_s, request_timeout_s, probabilities, env, files, window, repeat, found "timeout"; did you mean `timeout_s`?'
    ],
    ['{ name: m, command: "" }', 'evidence-gate.yml:11: models[1].command: expected a non-empty string, found ""'],
    [
      '{ command: "x" }',
      'evidence-gate.yml:11: models[1].name: expected a name of 1 to 200 characters, not blank, without control, bidi or invisible characters, found nothing'
    ],
    [
      '{ name: m, command: "x", timeout_s: 0 }',
      'evidence-gate.yml:11: models[1].timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found number 0'
    ],
    [
      '{ name: m, command: "x", request_timeout_s: 1e9 }',
      'evidence-gate.yml:11: models[1].request_timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found number 1000000000'
    ],
    [
      '{ name: m, command: "x", env: [GITHUB_TOKEN] }',
      'evidence-gate.yml:11: models[1].env[0]: expected a variable that is not a token or secret (model processes never receive those), found "GITHUB_TOKEN"'
    ],
    [
      '{ name: m, command: "x", env: ["A-B"] }',
      'evidence-gate.yml:11: models[1].env[0]: expected an environment variable name, found "A-B"'
    ],
    [
      '{ name: m, command: "x", files: [../outside.py] }',
      'evidence-gate.yml:11: models[1].files[0]: expected a path inside the repository root, found "../outside.py"'
    ],
    [
      '{ name: m, command: "x", probabilities: "yes" }',
      'evidence-gate.yml:11: models[1].probabilities: expected true or false, found "yes"'
    ],
    [
      '{ name: m, command: "x", window: 0 }',
      'evidence-gate.yml:11: models[1].window: expected a whole number ≥ 1, found number 0'
    ]
  ])('external model %s is refused', (entry, message) => {
    expectConfigError(minimalConfig(`  - ${entry}`), message);
  });

  test('a mapping of unknown shape', () => {
    expectConfigError(
      minimalConfig('  - { foo: 1 }'),
      'evidence-gate.yml:11: models[1]: expected a built-in name (naive-bayes, tfidf-word, tfidf-char, hybrid, logistic-regression), { hybrid: { word_weight } }, { name, command } or { name, http }, found a mapping with keys "foo"'
    );
  });

  test('gate.models naming a model that is not configured', () => {
    expectConfigError(
      minimalConfig('gate:\n  models: [naive-bayes, tfidf-word]'),
      'evidence-gate.yml:12: gate.models[1]: expected a configured model name ("naive-bayes"), found "tfidf-word"'
    );
  });

  test('selective.abstain_below for a model that is not configured', () => {
    expectConfigError(
      minimalConfig('selective:\n  abstain_below:\n    nb: { on: probability, threshold: 0.6 }'),
      'evidence-gate.yml:13: selective.abstain_below.nb: expected a configured model name ("naive-bayes"), found "nb"'
    );
  });
});

describe('loadPlan: threat model, task and splits', () => {
  test('a targeted objective without protected transitions', () => {
    expectConfigError(
      minimalConfig().replace('  id: tm', '  id: tm\n  objective: targeted'),
      'evidence-gate.yml:4: threat_model.objective: a targeted objective needs threat_model.protected_transitions; expected at least one { from, to }, found none'
    );
  });

  test('a targeted objective with an empty transition list', () => {
    expectConfigError(
      minimalConfig().replace('  id: tm', '  id: tm\n  objective: targeted\n  protected_transitions: []'),
      'evidence-gate.yml:4: threat_model.objective: a targeted objective needs threat_model.protected_transitions; expected at least one { from, to }, found none'
    );
  });

  test('a protected transition from a label to itself', () => {
    expectConfigError(
      minimalConfig().replace('  id: tm', '  id: tm\n  protected_transitions:\n    - { from: result, to: result }'),
      'evidence-gate.yml:5: threat_model.protected_transitions[0]: expected two different labels, found "result" twice'
    );
  });

  test('task: tabular without feature columns', () => {
    expectConfigError(
      minimalConfig('task: tabular'),
      'evidence-gate.yml:4: data.columns: task tabular needs data.columns.features; expected a list of numeric feature columns, found none'
    );
  });

  test('an evaluation split named train', () => {
    expectConfigError(
      minimalConfig().replace(
        '    challenge: data/challenge.jsonl',
        '    challenge: data/challenge.jsonl\n    train: data/train.jsonl'
      ),
      'evidence-gate.yml:9: data.evaluate.train: expected an evaluation split name other than "train", found "train"'
    );
  });
});

describe('loadPlan: gate thresholds', () => {
  test('every SPEC §9 key has its version-1 default, on line 1 when there is no gate mapping', () => {
    const plan = load(minimalConfig());
    expect(Object.keys(plan.gate.thresholds).sort()).toEqual(SPEC_GATE_DEFAULTS.map(([k]) => k).sort());
    for (const [key, value] of SPEC_GATE_DEFAULTS) {
      expect([key, plan.gate.thresholds[key as keyof Plan['gate']['thresholds']]]).toEqual([
        key,
        { value, configKey: `gate.${key}`, isDefault: true, line: 1 }
      ]);
    }
  });

  test('defaults point at the gate: line when a gate mapping exists', () => {
    const plan = load(minimalConfig('gate:\n  allow_not_evaluated: false'));
    for (const [key, value] of SPEC_GATE_DEFAULTS) {
      expect([key, plan.gate.thresholds[key as keyof Plan['gate']['thresholds']]]).toEqual([
        key,
        { value, configKey: `gate.${key}`, isDefault: true, line: 11 }
      ]);
    }
    expect(plan.gate.allowNotEvaluated).toBe(false);
  });

  test('an overridden threshold is not a default and points at its own line', () => {
    const plan = load(minimalConfig('gate:\n  allow_not_evaluated: true\n  max_flip_rate: 0.3'));
    expect(plan.gate.thresholds.max_flip_rate).toEqual({
      value: 0.3,
      configKey: 'gate.max_flip_rate',
      isDefault: false,
      line: 13
    });
    expect(plan.gate.thresholds.max_attack_success).toEqual({
      value: 0.25,
      configKey: 'gate.max_attack_success',
      isDefault: true,
      line: 11
    });
    expect(plan.gate.allowNotEvaluated).toBe(true);
  });

  test('a threshold set to 0 is an override, not a default', () => {
    const plan = load(minimalConfig('gate: { min_challenge_examples: 0 }'));
    expect(plan.gate.thresholds.min_challenge_examples).toEqual({
      value: 0,
      configKey: 'gate.min_challenge_examples',
      isDefault: false,
      line: 11
    });
  });

  test('dictionary eligible coverage defaults to 0.1', () => {
    const plan = load(minimalConfig());
    expect(plan.gate.families.dictionary?.min_eligible_coverage).toEqual({
      value: 0.1,
      configKey: 'gate.families.dictionary.min_eligible_coverage',
      isDefault: true,
      line: 1
    });
  });

  test('a family override is recorded with its key and line', () => {
    const plan = load(minimalConfig('gate:\n  families:\n    transpose:\n      max_flip_rate: 0.3'));
    expect(plan.gate.families.transpose).toEqual({
      max_flip_rate: { value: 0.3, configKey: 'gate.families.transpose.max_flip_rate', isDefault: false, line: 14 }
    });
    expect(plan.gate.families.dictionary?.min_eligible_coverage).toEqual({
      value: 0.1,
      configKey: 'gate.families.dictionary.min_eligible_coverage',
      isDefault: true,
      line: 11
    });
  });

  test('overriding dictionary coverage replaces the built-in family default', () => {
    const plan = load(minimalConfig('gate:\n  families:\n    dictionary: { min_eligible_coverage: 0.05 }'));
    expect(plan.gate.families.dictionary?.min_eligible_coverage).toEqual({
      value: 0.05,
      configKey: 'gate.families.dictionary.min_eligible_coverage',
      isDefault: false,
      line: 13
    });
  });

  test('the gate judges every configured model unless restricted', () => {
    expect(load(minimalConfig()).gate.models).toEqual(['naive-bayes']);
    expect(load(minimalConfig('gate:\n  models: [naive-bayes]')).gate.models).toEqual(['naive-bayes']);
  });
});

describe('loadPlan: the resulting plan', () => {
  test('the bundled example config loads from the repository root', () => {
    const plan = loadPlan({ root: REPO_ROOT, configPath: EXAMPLE_CONFIG });
    expect(plan.config.path).toBe(EXAMPLE_CONFIG);
    expect(plan.task).toBe('text');
    expect(plan.threatModel.id).toBe('academic-intent-evasion');
    expect(plan.threatModel.protectedTransitions).toEqual([
      { from: 'limitation', to: 'result' },
      { from: 'limitation', to: 'implication' },
      { from: 'gap', to: 'result' }
    ]);
    expect(Object.keys(plan.threatModel.attacks)).toEqual(EXAMPLE_CONDITIONS.slice(1));
    expect(plan.threatModel.attacks.dictionary?.file.path).toBe('examples/academic-intent/dictionary.yml');
    expect(plan.threatModel.constraints.maxCharEditRatio).toBe(0.25);
    expect(plan.data.train.path).toBe('examples/academic-intent/data/train.jsonl');
    expect(plan.data.evaluate.map((e) => [e.split, e.file.path])).toEqual([
      ['controlled', 'examples/academic-intent/data/controlled.jsonl'],
      ['challenge', 'examples/academic-intent/data/challenge.jsonl']
    ]);
    expect(plan.models.map((m) => m.name)).toEqual(['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid']);
  });

  test('paths are repository-relative with forward slashes, evaluation splits in config order', () => {
    const root = tinyRepo({
      '.github/evidence-gate.yml': minimalConfig().replace(
        'train: data/train.jsonl',
        'train: ./data/../data/train.jsonl'
      )
    });
    const plan = loadPlan({ root, configPath: join(root, '.github', 'evidence-gate.yml') });
    expect(plan.config.path).toBe('.github/evidence-gate.yml');
    expect(plan.data.train).toEqual({ absolute: join(root, 'data', 'train.jsonl'), path: 'data/train.jsonl' });
    expect(plan.data.evaluate.map((e) => [e.split, e.file.path])).toEqual([
      ['controlled', 'data/controlled.jsonl'],
      ['challenge', 'data/challenge.jsonl']
    ]);
  });

  test('a relative config path resolves against cwd', () => {
    const root = tinyRepo({ '.github/evidence-gate.yml': minimalConfig() });
    const plan = loadPlan({ root, configPath: 'evidence-gate.yml', cwd: join(root, '.github') });
    expect(plan.config.path).toBe('.github/evidence-gate.yml');
  });

  test('the config digest is the sha256 of the file bytes', () => {
    const root = tinyRepo();
    const plan = loadPlan({ root, configPath: CONFIG });
    expect(plan.config.sha256).toBe(sha256(readFileSync(join(root, CONFIG))));
  });

  test('a config with a byte-order mark loads and is digested with the mark', () => {
    const bytes = Buffer.from('\uFEFF' + minimalConfig(), 'utf8');
    const root = tinyRepo({ [CONFIG]: bytes });
    const plan = loadPlan({ root, configPath: CONFIG });
    expect(plan.config.sha256).toBe(sha256(bytes));
    expect(plan.threatModel.id).toBe('tm');
  });

  test('a numeric revision becomes a string', () => {
    const plan = load(minimalConfig().replace('  id: tm', '  id: tm\n  revision: 3'));
    expect(plan.threatModel.revision).toBe('3');
  });

  test('a string revision is kept as written', () => {
    const plan = load(minimalConfig().replace('  id: tm', '  id: tm\n  revision: "3b"'));
    expect(plan.threatModel.revision).toBe('3b');
  });

  test('defaults of a minimal config', () => {
    const plan = load(minimalConfig());
    expect(plan.version).toBe(1);
    expect(plan.threatModel.objective).toBe('untargeted');
    expect(plan.threatModel.access).toBe('black-box');
    expect(plan.data.columns).toEqual({
      id: 'id',
      text: 'text',
      label: 'label',
      language: 'language',
      domain: 'domain',
      features: []
    });
    expect(plan.data.onBadRow).toBe('error');
    expect(plan.statistics).toEqual({ seed: 1637, bootstrapIterations: 1000, pairedIterations: 500, interval: 0.95 });
    expect(plan.output.text).toBe('full');
    expect(plan.models).toEqual([{ name: 'naive-bayes', kind: 'naive-bayes', params: { alpha: 1 } }]);
  });

  test('a dictionary attack file is resolved inside the repository', () => {
    const config = minimalConfig().replace(
      '  id: tm',
      '  id: tm\n  attacks:\n    dictionary: { file: dict/words.yml }'
    );
    const plan = load(config, { 'dict/words.yml': 'a: b\n' });
    expect(plan.threatModel.attacks.dictionary?.file.path).toBe('dict/words.yml');
  });
});

describe('loadPlan: abstention policies', () => {
  test('on: probability needs a probability model', () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig(
        '  - tfidf-word\nselective:\n  abstain_below:\n    tfidf-word: { on: probability, threshold: 0.6 }'
      )
    });
    expect(() => loadPlan({ root, configPath: CONFIG })).toThrow(
      'evidence-gate.yml:14: selective.abstain_below.tfidf-word.on: expected "margin" for a model without probabilities (tfidf-word), found "probability"'
    );
  });

  test('on: margin works for any scoring model', () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig(
        '  - tfidf-word\nselective:\n  abstain_below:\n    tfidf-word: { on: margin, threshold: 0.1 }'
      )
    });
    expect(loadPlan({ root, configPath: CONFIG }).selective.abstainBelow).toEqual({
      'tfidf-word': { on: 'margin', threshold: 0.1 }
    });
  });
});
