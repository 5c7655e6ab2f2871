/**
 * Gate thresholds frozen for config `version: 1` (docs/definitions.md#gate). A release that changes a default
 * must do so under a new config version, never by editing this table.
 */
export const GATE_KEYS = [
  'min_challenge_examples',
  'min_challenge_accuracy',
  'max_generalization_gap_pp',
  'min_language_examples',
  'min_language_accuracy',
  'max_length_psi',
  'min_changed_examples',
  'max_flip_rate',
  'max_accuracy_drop_pp',
  'min_eligible_coverage',
  'max_attack_success',
  'max_protected_transitions',
  'max_missing_rows',
  'max_regression_pp',
  'max_new_protected_transitions'
] as const;

export type GateKey = (typeof GATE_KEYS)[number];

export const GATE_DEFAULTS_V1: Readonly<Record<GateKey, number>> = Object.freeze({
  min_challenge_examples: 50,
  min_challenge_accuracy: 0.75,
  max_generalization_gap_pp: 22,
  min_language_examples: 10,
  min_language_accuracy: 0.58,
  max_length_psi: 0.5,
  min_changed_examples: 20,
  max_flip_rate: 0.2,
  max_accuracy_drop_pp: 5,
  min_eligible_coverage: 0.9,
  max_attack_success: 0.25,
  max_protected_transitions: 0,
  max_missing_rows: 0,
  // Comparison with a baseline (docs/definitions.md#comparison).
  max_regression_pp: 1.0,
  max_new_protected_transitions: 0
});

/** Keys that may be overridden per perturbation family under `gate.families.<family>`. */
export const FAMILY_GATE_KEYS = [
  'min_changed_examples',
  'max_flip_rate',
  'max_accuracy_drop_pp',
  'min_eligible_coverage',
  'max_attack_success',
  'max_regression_pp'
] as const satisfies readonly GateKey[];

export type FamilyGateKey = (typeof FAMILY_GATE_KEYS)[number];

/** Built-in per-family defaults: dictionary substitution is sparse by design (docs/definitions.md#gate). */
export const FAMILY_DEFAULTS_V1: Readonly<Record<string, Partial<Record<FamilyGateKey, number>>>> = Object.freeze({
  dictionary: { min_eligible_coverage: 0.1 }
});

export const STATISTICS_DEFAULTS_V1 = Object.freeze({
  seed: 1637,
  bootstrap_iterations: 1000,
  paired_iterations: 500,
  interval: 0.95
});

/** References listed per failing check in checks.json and the summary (docs/definitions.md#drill-down). */
export const DEFAULT_EXAMPLES_PER_CHECK = 20;

export const DEFAULT_CONFIG_PATH = '.github/evidence-gate.yml';
export const DEFAULT_OUTPUT_DIR = 'evidence-gate-out';

/** evidence.jsonl above this size (64 MiB) is shipped gzipped as evidence.jsonl.gz. */
export const DEFAULT_GZIP_ABOVE_BYTES = 64 * 1024 * 1024;
