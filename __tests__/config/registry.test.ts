/**
 * The registries are the one place a family or a model kind is declared: a family added to the
 * list in memory (its descriptor and nothing else) is accepted by the schema, read by the
 * loader, built, evaluated in registry order, judged as an attack and given gate thresholds.
 */
import { Ajv } from 'ajv';
import { FAMILIES, isAttackFamily, isDestructive, TABULAR_FAMILIES } from '../../src/config/families.js';
import { loadPlan } from '../../src/config/load.js';

const TEXT_CONDITIONS = ['clean', ...FAMILIES];
const CONDITIONS = [...TEXT_CONDITIONS, ...TABULAR_FAMILIES];
import { BUILTINS, parseModels } from '../../src/config/models.js';
import { CONFIG_SCHEMA, configSchema, type RawConfig } from '../../src/config/schema.js';
import { closed } from '../../src/config/schema-parts.js';
import { ConfigSource } from '../../src/config/source.js';
import { configError } from '../../src/config/validate.js';
import { VALIDATOR_OPTIONS } from '../../src/config/validator-build.js';
import { ConfigError } from '../../src/errors.js';
import { candidatesFor, conditionsFor } from '../../src/evaluate/conditions.js';
import { attackFamiliesOf } from '../../src/metrics/metrics.js';
import { builtinModel } from '../../src/models/descriptor.js';
import { MODEL_KINDS } from '../../src/models/registry.js';
import { tabularAttack, textFamily } from '../../src/perturb/descriptor.js';
import { checkedOutcome } from '../../src/perturb/outcome.js';
import {
  allFamilies,
  buildFamilies,
  FAMILY_REGISTRY,
  type AttackPlan,
  type FamilyRegistry
} from '../../src/perturb/registry.js';
import { jsonl, tempRepo } from '../helpers.js';

/** A family that exists only in this test: repeat the last word `times` times. */
const ECHO = textFamily({
  name: 'echo',
  task: 'text',
  schema: closed({ times: { type: 'integer', minimum: 1 } }),
  attack: true,
  destructive: false,
  read: (raw) => ({ times: raw.times ?? 2 }),
  build: (params) => ({
    runner: {
      family: 'echo',
      labelPreserving: true,
      validityRule: 'the original followed by copies of its last word',
      parameters: { times: params.times },
      perturb(input) {
        const last = input.text.split(' ').at(-1) ?? '';
        const candidate = input.text + ` ${last}`.repeat(params.times);
        return checkedOutcome(input.text, candidate, () => (candidate.startsWith(input.text) ? null : 'not a prefix'));
      }
    }
  })
});

/** A tabular attack that exists only in this test (a corruption baseline: not an attack). */
const ZERO = tabularAttack({
  name: 'zero',
  task: 'tabular',
  schema: closed({}),
  attack: false,
  destructive: false,
  needsGradients: false,
  perModel: false,
  method: { draw: 'every editable feature set to 0' },
  read: () => ({}),
  candidate: (row) => ({ values: row.x.map(() => 0), attempted: true, valid: true, invalidReason: null })
});

const REGISTRY: FamilyRegistry = { text: [...FAMILY_REGISTRY.text, ECHO], tabular: [...FAMILY_REGISTRY.tabular, ZERO] };

function compiled(registry: FamilyRegistry): (value: unknown) => boolean {
  return new Ajv(VALIDATOR_OPTIONS).compile(configSchema(registry));
}

const TRAIN = [
  { id: 't1', text: 'results show a gain', label: 'result', language: 'en' },
  { id: 't2', text: 'a limitation is the sample', label: 'limitation', language: 'en' }
];

function repo(attacks: string, gate = ''): string {
  const config = [
    'version: 1',
    'threat_model:',
    '  id: tm',
    `  attacks: ${attacks}`,
    'data:',
    '  train: train.jsonl',
    '  evaluate: { test: test.jsonl }',
    'models: [naive-bayes]',
    gate
  ].join('\n');
  return tempRepo({ 'c.yml': config, 'train.jsonl': jsonl(TRAIN), 'test.jsonl': jsonl(TRAIN) });
}

function loadWith(registry: FamilyRegistry, root: string) {
  return loadPlan({ root, configPath: 'c.yml', families: { registry, validate: compiled(registry) } });
}

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

type Node = { properties: Record<string, Node> };
const keysAt = (schema: unknown, ...path: string[]): string[] =>
  Object.keys(path.reduce((node, key) => node.properties[key] as Node, schema as Node).properties);

describe('the family registry', () => {
  test('this build: the schema, the condition lists and the attack lists all come from it, in its order', () => {
    expect(FAMILIES).toEqual(FAMILY_REGISTRY.text.map((d) => d.name));
    expect(TABULAR_FAMILIES).toEqual(FAMILY_REGISTRY.tabular.map((d) => d.name));
    expect(TEXT_CONDITIONS).toEqual([
      'clean',
      'format',
      'transpose',
      'typo',
      'dictionary',
      'append',
      'truncate',
      'search',
      'exact'
    ]);
    // `exact` names an attack of each task (the worst case over each task's threat model).
    expect(CONDITIONS).toEqual([...TEXT_CONDITIONS, 'noise', 'fgm', 'pgd', 'square', 'boundary', 'exact']);
    expect(keysAt(CONFIG_SCHEMA, 'threat_model', 'attacks')).toEqual([
      'noise',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'exact',
      'format',
      'transpose',
      'typo',
      'dictionary',
      'append',
      'truncate',
      'search'
    ]);
    expect(keysAt(CONFIG_SCHEMA, 'gate', 'families')).toEqual([
      'format',
      'transpose',
      'typo',
      'dictionary',
      'append',
      'search',
      'exact',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'clean',
      'truncate',
      'noise'
    ]);
    expect(attackFamiliesOf('text')).toEqual(['format', 'transpose', 'dictionary', 'append']);
    // The adaptive search is listed only where a run evaluated it.
    expect(attackFamiliesOf('text', FAMILY_REGISTRY, ['clean', 'format', 'search'])).toEqual([
      'format',
      'transpose',
      'dictionary',
      'append',
      'search'
    ]);
    expect(isAttackFamily('search')).toBe(true);
    expect(attackFamiliesOf('tabular')).toEqual(['fgm']);
    expect(['truncate', 'noise', 'clean'].map(isAttackFamily)).toEqual([false, false, false]);
    expect(isDestructive('truncate')).toBe(true);
    expect(
      allFamilies()
        .filter((d) => d.destructive)
        .map((d) => d.name)
    ).toEqual(['truncate']);
  });

  test('the raw config type and the plan type follow from the schema and the descriptors (npm run typecheck checks these lines)', () => {
    const raw: NonNullable<RawConfig['threat_model']['attacks']> = {
      transpose: { words_per_change: 3 },
      dictionary: { file: 'd.yml' },
      noise: {}
    };
    // @ts-expect-error the schema makes words_per_change a number
    const notNumber: NonNullable<RawConfig['threat_model']['attacks']> = { transpose: { words_per_change: 'three' } };
    // @ts-expect-error no family of that name
    const unknown: NonNullable<RawConfig['threat_model']['attacks']> = { shout: {} };
    // @ts-expect-error the dictionary's file is required
    const noFile: NonNullable<RawConfig['threat_model']['attacks']> = { dictionary: {} };
    // What `read` returns: defaults filled in (keep is required in the plan).
    const plan: AttackPlan = { truncate: { keep: 0.65 }, transpose: { words_per_change: 5 } };
    // @ts-expect-error truncate's plan has its keep filled in
    const partial: AttackPlan = { truncate: {} };
    expect([raw, notNumber, unknown, noFile, plan, partial]).toHaveLength(6);
  });

  test('every text family builds a runner under its own name, label-preserving exactly when not destructive', () => {
    for (const family of FAMILY_REGISTRY.text) {
      if (family.name === 'dictionary') continue; // needs a file; its own tests build it
      const raw = family.name === 'append' ? { sentences: { en: 'More.' } } : {};
      const params = family.read(raw as never, {
        source: ConfigSource.parse('c.yml', 'a: 1').source,
        at: [],
        file: () => ({ absolute: '/x', path: 'x' })
      });
      const { runner } = family.build(params, { seed: 1, maxCharEditRatio: null });
      expect([runner.family, runner.labelPreserving]).toEqual([family.name, !family.destructive]);
    }
  });

  test('a family added to the list is in the schema, in both places, with the gate keys its role takes', () => {
    const schema = configSchema(REGISTRY);
    expect(keysAt(schema, 'threat_model', 'attacks')).toEqual([
      'noise',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'exact',
      'zero',
      'format',
      'transpose',
      'typo',
      'dictionary',
      'append',
      'truncate',
      'search',
      'echo'
    ]);
    expect(keysAt(schema, 'gate', 'families')).toEqual([
      'format',
      'transpose',
      'typo',
      'dictionary',
      'append',
      'search',
      'exact',
      'echo',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'clean',
      'truncate',
      'noise',
      'zero'
    ]);
    expect(keysAt(schema, 'gate', 'families', 'echo')).toEqual(keysAt(schema, 'gate', 'families', 'format'));
    expect(keysAt(schema, 'gate', 'families', 'zero')).toEqual(['max_regression_pp']);
    expect(new Ajv({ strict: true, allowUnionTypes: true }).validateSchema(schema)).toBe(true);
  });

  test('the loader reads it through its descriptor (defaults filled in) and takes its gate thresholds', () => {
    const plan = loadWith(
      REGISTRY,
      repo('{ format: {}, echo: {} }', 'gate: { families: { echo: { max_flip_rate: 0.5 } } }')
    );
    expect(plan.threatModel.attacks).toEqual({ format: {}, echo: { times: 2 } });
    expect(plan.gate.families.echo?.max_flip_rate).toMatchObject({
      value: 0.5,
      configKey: 'gate.families.echo.max_flip_rate',
      isDefault: false
    });
    expect(loadWith(REGISTRY, repo('{ echo: { times: 3 } }')).threatModel.attacks).toEqual({ echo: { times: 3 } });
  });

  test('its schema fragment is enforced with the usual messages, and task rules apply to it', () => {
    const root = repo('{ echo: { time: 3 } }');
    expect(messageOf(() => loadWith(REGISTRY, root))).toBe(
      'c.yml:4: threat_model.attacks.echo.time: unknown key; expected one of times, found "time"; did you mean `times`?'
    );
    expect(messageOf(() => loadWith(REGISTRY, repo('{ echo: { times: 0 } }')))).toBe(
      'c.yml:4: threat_model.attacks.echo.times: expected a whole number ≥ 1, found number 0'
    );
    expect(messageOf(() => loadWith(REGISTRY, repo('{ zero: {} }')))).toBe(
      'c.yml:4: threat_model.attacks.zero: the zero family belongs to task tabular; expected a family of task text'
    );
    // The build's own registry and validator know nothing of it.
    expect(messageOf(() => loadPlan({ root, configPath: 'c.yml' }))).toMatch(
      /^c\.yml:4: threat_model\.attacks\.echo: unknown key; expected one of noise, fgm, pgd, square, boundary, exact, format, transpose, typo, dictionary, append, truncate, search, found "echo"$/
    );
  });

  test('it is built, evaluated after the built-in families (registry order) and judged as an attack', () => {
    const plan = loadWith(REGISTRY, repo('{ echo: {}, format: {} }'));
    const { runners } = buildFamilies(plan.threatModel.attacks, { seed: 1, maxCharEditRatio: null }, REGISTRY.text);
    expect(conditionsFor(runners)).toEqual(['clean', 'format', 'echo']);
    const example = {
      id: 'x',
      split: 'test',
      label: 'result',
      language: 'en',
      domain: 'unknown',
      input: { kind: 'text' as const, text: 'a gain' }
    };
    const echo = candidatesFor(example as never, runners).find((c) => (c.condition as string) === 'echo');
    expect(echo).toMatchObject({ perturbedText: 'a gain gain gain', changed: true, valid: true });
    expect(attackFamiliesOf('text', REGISTRY)).toEqual(['format', 'transpose', 'dictionary', 'append', 'echo']);
    expect(attackFamiliesOf('tabular', REGISTRY)).toEqual(['fgm']);
  });
});

describe('the model registry', () => {
  test('built-ins come from it, and every kind states its preprocessing for the task it serves', () => {
    expect(BUILTINS).toEqual(['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid', 'logistic-regression']);
    expect(new Set(MODEL_KINDS.map((d) => d.kind)).size).toBe(MODEL_KINDS.length);
    for (const kind of MODEL_KINDS) {
      if (kind.task !== 'tabular') expect(kind.preprocessing.text).toBeDefined();
      if (kind.task !== 'text') expect(kind.preprocessing.tabular).toBeDefined();
    }
  });

  test('a kind added to the list is read by name, with its parameters checked by its descriptor', () => {
    const CONSTANT = builtinModel({
      kind: 'constant',
      task: 'text',
      selectedBy: 'name',
      parameters: ['label'],
      read(params, { source, at }) {
        if (params.label !== undefined && typeof params.label !== 'string')
          throw configError(source, [...at, 'label'], 'expected a label');
        return { label: (params.label as string | undefined) ?? null };
      },
      probabilities: () => false,
      labelOnly: true,
      gradients: false,
      build: () => {
        throw new Error('not built in this test');
      },
      preprocessing: { text: () => ({ vectorizers: [], scores: 'always the same label' }) }
    });
    const kinds = [...MODEL_KINDS, CONSTANT];
    const parse = (yaml: string) => {
      const { source } = ConfigSource.parse('c.yml', yaml);
      return parseModels(
        (source.value() as { models: unknown[] }).models,
        source,
        () => ({ absolute: '/x', path: 'x' }),
        kinds
      );
    };
    expect(parse('models: [constant, { constant: { label: b }, name: other }]')).toEqual([
      { name: 'constant', kind: 'constant', params: { label: null } },
      { name: 'other', kind: 'constant', params: { label: 'b' } }
    ]);
    expect(messageOf(() => parse('models: [{ constant: { colour: red } }]'))).toBe(
      'c.yml:1: models[0].constant.colour: unknown key; expected one of label, found "colour"'
    );
    expect(messageOf(() => parse('models: [constnt]'))).toBe(
      'c.yml:1: models[0]: expected one of naive-bayes, tfidf-word, tfidf-char, hybrid, logistic-regression, constant or a mapping, found "constnt"; did you mean `constant`?'
    );
  });
});
