/**
 * JSON Schema of the config file, version 1 (docs/config.md). Every mapping closes its key set
 * (`additionalProperties: false`) so that a misspelt key is an error instead of a silently
 * ignored threshold. Model entries are checked by `models.ts`, one shape at a time, so that
 * their messages stay specific.
 */
import { FAMILY_REGISTRY, TABULAR_ATTACKS, TEXT_FAMILIES, type FamilyRegistry } from '../perturb/registry.js';
import { PRINTABLE_PATTERN } from '../util/visible.js';
import { FAMILY_GATE_KEYS, GATE_KEYS, type FamilyGateKey, type GateKey } from './defaults.js';
import { RELEASE_FIELDS, type ReleaseField } from './plan.js';
import { closed, count, name, path, pp, rate, type FromSchema, type Schema } from './schema-parts.js';

// Release record (docs/explain-and-release.md): names and references stay on one line; prose may span lines
// (load.ts refuses other hidden characters and blank text in it).
const oneLine = <const M extends number>(max: M) =>
  ({ type: 'string', minLength: 1, maxLength: max, pattern: PRINTABLE_PATTERN }) as const;
const prose = <const M extends number>(max: M) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const proseList = { type: 'array', minItems: 1, items: prose(1000) } as const;

const releaseRecord = {
  owner: oneLine(200),
  reviewer: oneLine(200),
  intended_use: prose(2000),
  out_of_scope_uses: proseList,
  known_limitations: proseList,
  mitigations: proseList,
  authorization: oneLine(500)
} as const satisfies Record<ReleaseField, Schema>;
// Reports list the fields in RELEASE_FIELDS order; the schema must hold exactly those.
if (Object.keys(releaseRecord).join() !== RELEASE_FIELDS.join()) throw new Error('schema and RELEASE_FIELDS disagree');

const gateThresholds = {
  min_challenge_examples: count,
  min_challenge_accuracy: rate,
  max_generalization_gap_pp: pp,
  min_language_examples: count,
  min_language_accuracy: rate,
  max_length_psi: { type: 'number', minimum: 0 },
  min_changed_examples: count,
  max_flip_rate: rate,
  max_accuracy_drop_pp: pp,
  min_eligible_coverage: rate,
  max_attack_success: rate,
  max_protected_transitions: count,
  max_missing_rows: count,
  max_regression_pp: { type: 'number', minimum: 0, maximum: 100 },
  max_new_protected_transitions: count
} as const satisfies Record<GateKey, Schema>;
for (const key of GATE_KEYS) if (!gateThresholds[key]) throw new Error(`schema lacks gate key ${key}`);

const familyOverrides = closed(
  Object.fromEntries(FAMILY_GATE_KEYS.map((k) => [k, gateThresholds[k]])) as Pick<typeof gateThresholds, FamilyGateKey>
);
// Conditions that are not attacks are only compared with the baseline (docs/definitions.md#comparison).
const regressionOnly = closed({ max_regression_pp: gateThresholds.max_regression_pp });

/**
 * `threat_model.attacks`: every family's own schema, tabular attacks first (the order unknown-key messages list them
 * in).
 */
type AttacksSchema = {
  [D in (typeof TABULAR_ATTACKS)[number] | (typeof TEXT_FAMILIES)[number] as D['name']]: D['schema'];
};
function attacksSchema(registry: FamilyRegistry): Record<string, Schema> {
  return Object.fromEntries([...registry.tabular, ...registry.text].map((d) => [d.name, d.schema]));
}

/**
 * `gate.families`: the per-family thresholds for attacks, then `clean` and the families that are
 * not attacks, which take only `max_regression_pp` (typed with the attack's keys: the others are
 * a subset).
 */
type GateFamiliesSchema = {
  type: 'object';
  properties: Record<string, typeof familyOverrides>;
  required: [];
  additionalProperties: false;
};
function gateFamiliesSchema(registry: FamilyRegistry): Schema {
  const families = [...registry.text, ...registry.tabular];
  return closed({
    ...Object.fromEntries(families.filter((d) => d.attack).map((d) => [d.name, familyOverrides])),
    clean: regressionOnly,
    ...Object.fromEntries(families.filter((d) => !d.attack).map((d) => [d.name, regressionOnly]))
  });
}

/**
 * `gate.min_attack_strength`: per attack graded against `exact` (every tabular attack but exact
 * itself), the share of exact's failures it must find (docs/tabular.md).
 */
type StrengthSchema = {
  type: 'object';
  properties: Record<string, typeof rate>;
  required: [];
  additionalProperties: false;
};
function strengthSchema(registry: FamilyRegistry): Schema {
  // Every attack but the reference (the one that solves for the worst case) is graded.
  const graded = [
    ...registry.tabular.filter((d) => d.attack && d.strategy !== 'exact'),
    // On text, the attacks whose candidates lie in exact's edit space (docs/search.md#exact).
    ...registry.text.filter((d) => d.withinExactSpace === true)
  ];
  return closed(Object.fromEntries(graded.map((d) => [d.name, rate])));
}

function schemaOf<const A extends Record<string, Schema>, const G extends Schema, const S extends Schema>(
  attacks: A,
  gateFamilies: G,
  strength: S
) {
  return closed(
    {
      version: { const: 1 },
      task: { enum: ['text', 'tabular'] },
      threat_model: closed(
        {
          id: { type: 'string', minLength: 1, maxLength: 200, pattern: PRINTABLE_PATTERN },
          revision: { type: ['integer', 'string'], minimum: 0, pattern: PRINTABLE_PATTERN },
          protected_outcome: { type: 'string', maxLength: 2000 },
          objective: { enum: ['untargeted', 'targeted'] },
          protected_transitions: {
            type: 'array',
            items: closed({ from: name, to: name }, ['from', 'to'])
          },
          access: { enum: ['black-box', 'white-box'] },
          attacks: closed(attacks),
          // A success must also be a decision the model's review policy accepts (docs/search.md#against-the-policy).
          against_policy: { type: 'boolean' },
          constraints: closed({
            max_char_edit_ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
            // Tabular (docs/definitions.md#tabular): an L∞ budget in raw feature units, editable features, bounds.
            linf_eps: { type: 'number', exclusiveMinimum: 0 },
            editable: { type: 'array', items: name, minItems: 1 },
            bounds: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }
            }
          })
        },
        ['id']
      ),
      data: closed(
        {
          train: path,
          evaluate: {
            type: 'object',
            minProperties: 1,
            propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
            additionalProperties: path
          },
          columns: closed({
            id: name,
            text: name,
            label: name,
            language: name,
            domain: name,
            features: { type: 'array', items: name, minItems: 1 }
          }),
          on_bad_row: { enum: ['error', 'skip'] }
        },
        ['train', 'evaluate']
      ),
      models: { type: 'array', minItems: 1 },
      statistics: closed({
        seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
        bootstrap_iterations: { type: 'integer', minimum: 1, maximum: 1000000 },
        paired_iterations: { type: 'integer', minimum: 1, maximum: 1000000 },
        interval: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }
      }),
      selective: closed({
        abstain_below: {
          type: 'object',
          additionalProperties: closed({ on: { enum: ['probability', 'margin'] }, threshold: { type: 'number' } }, [
            'on',
            'threshold'
          ])
        }
      }),
      output: closed({
        text: { enum: ['full', 'hash', 'none'] },
        gzip_above_bytes: { type: 'integer', minimum: 0 },
        examples_per_check: { type: 'integer', minimum: 0, maximum: 1000 }
      }),
      manifest: closed({ lock_files: { type: 'array', items: path } }),
      gate: closed({
        ...gateThresholds,
        families: gateFamilies,
        min_attack_strength: strength,
        // A floor on exact's certified share per model (docs/search.md#exact, docs/tabular.md).
        min_certified_share: { type: 'number', minimum: 0, maximum: 1 },
        allow_not_evaluated: { type: 'boolean' },
        require_baseline: { type: 'boolean' },
        block_on: { enum: ['all', 'new'] },
        require_release_record: { type: 'boolean' },
        models: { type: 'array', items: name, minItems: 1 }
      }),
      release: closed(releaseRecord, ['owner'])
    },
    ['version', 'threat_model', 'data', 'models']
  );
}

/** The schema for a registry of families (tests build one with a family of their own). */
export function configSchema(registry: FamilyRegistry): Schema {
  return schemaOf(attacksSchema(registry), gateFamiliesSchema(registry), strengthSchema(registry));
}

/** The config schema of this build, from the family registry; the generated validator is compiled from it. */
export const CONFIG_SCHEMA = schemaOf(
  attacksSchema(FAMILY_REGISTRY) as AttacksSchema,
  gateFamiliesSchema(FAMILY_REGISTRY) as GateFamiliesSchema,
  strengthSchema(FAMILY_REGISTRY) as StrengthSchema
);

/** The raw, schema-checked shape of a version 1 config file. */
export type RawConfig = FromSchema<typeof CONFIG_SCHEMA>;
