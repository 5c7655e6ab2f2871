/** The tabular threat model of SPEC §13 in the config: budget, bounds, editable set, access. */
import { loadPlan } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

const CSV = 'id,x1,x2,label\na,0.1,0.2,0\nb,0.8,0.9,1\n';

function tabularConfig(threat: string[], extra: string[] = []): string {
  return [
    'version: 1',
    'task: tabular',
    'threat_model:',
    '  id: t',
    '  access: white-box',
    ...threat,
    'data:',
    '  train: train.csv',
    '  evaluate: { test: test.csv }',
    '  columns: { id: id, label: label, features: [x1, x2] }',
    'models:',
    '  - logistic-regression',
    ...extra
  ].join('\n');
}

function load(config: string) {
  const root = tempRepo({ 'c.yml': config, 'train.csv': CSV, 'test.csv': CSV });
  return loadPlan({ root, configPath: 'c.yml' });
}

function expectError(config: string, message: string): void {
  let error: unknown;
  try {
    load(config);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toBe(message);
}

const ATTACKS = ['  attacks: { noise: {}, fgm: {} }'];

describe('tabular config', () => {
  test('the bundled inspection example loads', () => {
    const plan = loadPlan({ root: REPO_ROOT, configPath: 'examples/inspection-tabular/evidence-gate.yml' });
    expect(plan.task).toBe('tabular');
    expect(plan.threatModel.tabular).toEqual({ eps: 0.05, editable: ['x1', 'x2'], bounds: { x1: [0, 1], x2: [0, 1] } });
    expect(plan.data.columns.features).toEqual(['x1', 'x2']);
    expect(plan.models).toEqual([{ name: 'logistic-regression', kind: 'logistic-regression', params: { C: 1 } }]);
  });

  test('editable defaults to every feature; bounds are optional', () => {
    const plan = load(tabularConfig([...ATTACKS, '  constraints: { linf_eps: 0.1 }']));
    expect(plan.threatModel.tabular).toEqual({ eps: 0.1, editable: ['x1', 'x2'], bounds: {} });
  });

  test.each([
    [
      ['  constraints: { linf_eps: 0 }'],
      'c.yml:6: threat_model.constraints.linf_eps: expected a number > 0, found number 0'
    ],
    [
      ['  constraints: { linf_eps: -0.05 }'],
      'c.yml:6: threat_model.constraints.linf_eps: expected a number > 0, found number -0.05'
    ],
    [
      [...ATTACKS],
      'c.yml:3: threat_model.constraints: noise, fgm, pgd, square, boundary and exact need an L∞ budget; expected threat_model.constraints.linf_eps > 0, found none'
    ],
    [
      ['  constraints: { linf_eps: 0.05, bounds: { x1: [1, 0] } }'],
      'c.yml:6: threat_model.constraints.bounds.x1: expected [lower, upper] with lower ≤ upper, found [1, 0]'
    ],
    [
      ['  constraints: { linf_eps: 0.05, bounds: { x9: [0, 1] } }'],
      'c.yml:6: threat_model.constraints.bounds.x9: expected one of the feature columns ("x1", "x2"), found "x9"'
    ],
    [
      ['  constraints: { linf_eps: 0.05, editable: [x1, x3] }'],
      'c.yml:6: threat_model.constraints.editable[1]: expected one of the feature columns ("x1", "x2"), found "x3"'
    ],
    [
      ['  constraints: { linf_eps: 0.05, bounds: { x1: [0] } }'],
      'c.yml:6: threat_model.constraints.bounds.x1: expected a list, found a list of 1'
    ],
    [
      ['  attacks: { format: {} }'],
      'c.yml:6: threat_model.attacks.format: the format family belongs to task text; expected a family of task tabular'
    ],
    [
      ['  constraints: { max_char_edit_ratio: 0.2 }'],
      'c.yml:6: threat_model.constraints.max_char_edit_ratio: this constraint belongs to task text; expected a constraint of task tabular'
    ]
  ])('%j is refused', (threat, message) => {
    expectError(tabularConfig(threat), message);
  });

  test('fgm needs white-box access', () => {
    expectError(
      tabularConfig([...ATTACKS, '  constraints: { linf_eps: 0.05 }']).replace(
        'access: white-box',
        'access: black-box'
      ),
      "c.yml:6: threat_model.attacks.fgm: fgm follows the model's gradient and needs threat_model.access: white-box; expected white-box access, found black-box"
    );
  });

  test('fgm beside a model without a gradient loads: the pair is not applicable, not an error', () => {
    // docs/tabular.md#not-applicable: the command's fgm checks are skipped with the reason (engine test).
    const plan = load(
      tabularConfig([...ATTACKS, '  constraints: { linf_eps: 0.05 }']).replace(
        '  - logistic-regression',
        '  - logistic-regression\n  - { name: mine, command: node m.js }'
      )
    );
    expect(plan.models.map((m) => m.kind)).toEqual(['logistic-regression', 'external']);
    expect(Object.keys(plan.threatModel.attacks)).toContain('fgm');
  });

  test('a text model does not fit a tabular task, nor the reverse', () => {
    expectError(
      tabularConfig([]).replace('  - logistic-regression', '  - naive-bayes'),
      'c.yml:11: models[0]: model kind "naive-bayes" does not fit task tabular; expected logistic-regression'
    );
    expectError(
      tabularConfig([])
        .replace('task: tabular', 'task: text')
        .replace('  columns: { id: id, label: label, features: [x1, x2] }', '  columns: { id: id, label: label }'),
      'c.yml:11: models[0]: model kind "logistic-regression" does not fit task text; expected a text model (naive-bayes, tfidf-word, tfidf-char, hybrid)'
    );
  });

  test('logistic-regression C must be positive', () => {
    expectError(
      tabularConfig([]).replace('  - logistic-regression', '  - { logistic-regression: { C: 0 } }'),
      'c.yml:11: models[0].logistic-regression.C: expected a number > 0, found number 0'
    );
  });
});
