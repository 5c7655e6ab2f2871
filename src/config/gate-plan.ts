/** The `gate:` block (docs/gate.md): every threshold with where it is set, or its frozen default. */
import { releaseRequirement } from '../manifest/release.js';
import { familiesOf } from '../perturb/registry.js';
import { STRENGTH_REFERENCE } from './families.js';
import { quoted, quotedList } from '../util/visible.js';
import { FAMILY_DEFAULTS_V1, FAMILY_GATE_KEYS, GATE_DEFAULTS_V1, GATE_KEYS, type FamilyGateKey } from './defaults.js';
import type { GatePlan, ReleasePlan, Threshold } from './plan.js';
import type { RawConfig } from './schema.js';
import type { ConfigSource } from './source.js';
import { configError } from './validate.js';

export function buildGate(
  raw: RawConfig,
  source: ConfigSource,
  modelNames: string[],
  release: ReleasePlan | null
): GatePlan {
  const gate = raw.gate ?? {};
  const gateLine = source.has(['gate']) ? source.keyLineOf(['gate']) : 1;
  const threshold = (path: string[], value: number | undefined, fallback: number): Threshold =>
    value === undefined
      ? { value: fallback, configKey: path.join('.'), isDefault: true, line: gateLine }
      : { value, configKey: path.join('.'), isDefault: false, line: source.keyLineOf(path) };

  const thresholds = Object.fromEntries(
    GATE_KEYS.map((key) => [key, threshold(['gate', key], gate[key] as number | undefined, GATE_DEFAULTS_V1[key])])
  ) as GatePlan['thresholds'];

  const families: GatePlan['families'] = {};
  const familyNames = new Set([...Object.keys(FAMILY_DEFAULTS_V1), ...Object.keys(gate.families ?? {})]);
  for (const family of familyNames) {
    const set = gate.families?.[family] ?? {};
    const builtin = FAMILY_DEFAULTS_V1[family] ?? {};
    const entry: Partial<Record<FamilyGateKey, Threshold>> = {};
    for (const key of FAMILY_GATE_KEYS) {
      if (set[key] !== undefined) entry[key] = threshold(['gate', 'families', family, key], set[key], 0);
      else if (builtin[key] !== undefined)
        entry[key] = threshold(['gate', 'families', family, key], undefined, builtin[key]);
    }
    families[family] = entry;
  }

  const minAttackStrength = strengthThresholds(raw, source, threshold);
  const minCertifiedShare = certifiedShareThreshold(raw, source, threshold);
  const judged = gate.models ?? modelNames;
  judged.forEach((name, i) => {
    if (!modelNames.includes(name))
      throw configError(
        source,
        ['gate', 'models', i],
        `expected a configured model name (${quotedList(modelNames)}), found ${quoted(name)}`
      );
  });
  const requireRelease = gate.require_release_record;
  const releaseLine = requireRelease === undefined ? gateLine : source.keyLineOf(['gate', 'require_release_record']);
  return {
    thresholds,
    families,
    ...(minAttackStrength === null ? {} : { minAttackStrength }),
    ...(minCertifiedShare === null ? {} : { minCertifiedShare }),
    allowNotEvaluated: gate.allow_not_evaluated ?? false,
    models: [...judged],
    requireBaseline: gate.require_baseline ?? false,
    blockOn: gate.block_on ?? 'all',
    releaseRecord: releaseRequirement(requireRelease ?? false, releaseLine, requireRelease === undefined, release)
  };
}

/** `gate.min_certified_share`: a floor on exact's certified share, so the run must configure exact. Null when unset. */
function certifiedShareThreshold(
  raw: RawConfig,
  source: ConfigSource,
  threshold: (path: string[], value: number | undefined, fallback: number) => Threshold
): Threshold | null {
  const value = raw.gate?.min_certified_share;
  if (value === undefined) return null;
  if (STRENGTH_REFERENCE === undefined || !(STRENGTH_REFERENCE in (raw.threat_model.attacks ?? {})))
    throw configError(
      source,
      ['gate', 'min_certified_share'],
      'a certified share is the share of rows exact certifies, so it needs exact; expected ' +
        'threat_model.attacks.exact to be configured, found no exact'
    );
  return threshold(['gate', 'min_certified_share'], value, 0);
}

/**
 * `gate.min_attack_strength` (docs/tabular.md): a strength is a share of `exact`'s failures, so
 * the run must configure exact, and each attack named must be configured too. Null when unset.
 */
function strengthThresholds(
  raw: RawConfig,
  source: ConfigSource,
  threshold: (path: string[], value: number | undefined, fallback: number) => Threshold
): Record<string, Threshold> | null {
  const set = raw.gate?.min_attack_strength;
  if (set === undefined) return null;
  const attacks = raw.threat_model.attacks ?? {};
  if (STRENGTH_REFERENCE === undefined || !(STRENGTH_REFERENCE in attacks)) {
    throw configError(
      source,
      ['gate', 'min_attack_strength'],
      "an attack's strength is its share of the failures exact finds, so it needs exact; expected " +
        'threat_model.attacks.exact to be configured, found no exact'
    );
  }
  // Graded against exact: every other tabular attack; on text, the attacks inside exact's edit space.
  const task = raw.task ?? 'text';
  const graded = familiesOf(task)
    .filter((d) => d.attack && d.name !== STRENGTH_REFERENCE && d.name in attacks)
    .filter((d) => task === 'tabular' || d.withinExactSpace === true)
    .map((d) => d.name);
  const out: Record<string, Threshold> = {};
  for (const [attack, value] of Object.entries(set)) {
    if (!graded.includes(attack)) {
      throw configError(
        source,
        ['gate', 'min_attack_strength', attack],
        `expected an attack configured in threat_model.attacks (${quotedList(graded)}), found ${quoted(attack)}`
      );
    }
    out[attack] = threshold(['gate', 'min_attack_strength', attack], value as number, 0);
  }
  return out;
}
