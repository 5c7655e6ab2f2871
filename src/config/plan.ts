/**
 * The typed plan that every later stage reads: the config, validated and normalised. It sits above
 * the registries (it names their plans); what the descriptors need lives below them
 * (docs/development.md#layers).
 */
import type { DataPlan } from '../data/dataset.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import type { ModelPlan } from '../models/registry.js';
import type { AttackPlan } from '../perturb/registry.js';
import type { FamilyGateKey, GateKey } from './defaults.js';
import type { FileRef } from './paths.js';
import type { ConfigSource } from './source.js';

/** The configured families' parameters, as each family's descriptor reads them (src/perturb/registry.ts). */
export type { AttackPlan };

export interface ThreatModelPlan {
  id: string;
  revision: string;
  protectedOutcome: string | null;
  objective: 'untargeted' | 'targeted';
  protectedTransitions: ProtectedTransition[];
  access: 'black-box' | 'white-box';
  attacks: AttackPlan;
  /** `against_policy`: a success also needs the model's review policy to accept the wrong decision. */
  againstPolicy: boolean;
  constraints: { maxCharEditRatio: number | null };
  /** Tabular feature space (docs/definitions.md#tabular); null for text. */
  tabular: TabularPlan | null;
}

export interface TabularPlan {
  eps: number;
  /** Editable features (all features unless restricted). */
  editable: string[];
  /** Inclusive bounds per feature; features without bounds are unbounded. */
  bounds: Record<string, [number, number]>;
}

/** A configured model, as its kind's descriptor reads it (src/models/registry.ts). */
export type { ModelPlan };

interface StatisticsPlan {
  seed: number;
  bootstrapIterations: number;
  pairedIterations: number;
  interval: number;
}

export interface Threshold {
  value: number;
  /** `gate.<key>` or `gate.families.<family>.<key>`: where the threshold is (or would be) set. */
  configKey: string;
  /** True when the threshold came from the frozen defaults. */
  isDefault: boolean;
  /** Line of the config key (the `gate:` line, or line 1, when the default applies). */
  line: number;
}

export interface GatePlan {
  thresholds: Record<GateKey, Threshold>;
  families: Record<string, Partial<Record<FamilyGateKey, Threshold>>>;
  /**
   * `gate.min_attack_strength`: per attack, the share of exact's failures it must find (absent or empty: reported
   * only).
   */
  minAttackStrength?: Record<string, Threshold>;
  /** `gate.min_certified_share`: the least share of decided rows exact must certify, per model (absent: none). */
  minCertifiedShare?: Threshold;
  allowNotEvaluated: boolean;
  /** Models the gate judges (all configured models when not restricted). */
  models: string[];
  /** Without a usable baseline the comparison checks are not evaluated (blocking) instead of not applicable. */
  requireBaseline: boolean;
  /** `gate.block_on` (absent: `all`): with `new`, known failures do not block when there is a baseline. */
  blockOn?: 'all' | 'new';
  /** `gate.require_release_record` and what the `release:` block leaves undeclared (absent: not required). */
  releaseRecord?: ReleaseRequirement;
}

/** Fields of the `release:` block, in the order reports list them (docs/explain-and-release.md). */
export const RELEASE_FIELDS = [
  'owner',
  'reviewer',
  'intended_use',
  'out_of_scope_uses',
  'known_limitations',
  'mitigations',
  'authorization'
] as const;
export type ReleaseField = (typeof RELEASE_FIELDS)[number];

/**
 * The release record as the config declares it, with the config's key names (the manifest copies it
 * as it is). `owner` is required inside the block; any other field left out is null.
 */
export interface ReleasePlan {
  owner: string;
  reviewer: string | null;
  intended_use: string | null;
  out_of_scope_uses: string[] | null;
  known_limitations: string[] | null;
  mitigations: string[] | null;
  authorization: string | null;
  /** Line of the `release:` key in the config. */
  config_line: number;
}

export interface ReleaseRequirement {
  /** `gate.require_release_record`. */
  required: boolean;
  /** Line of that key (the `gate:` line, or 1, when it is not set). */
  line: number;
  isDefault: boolean;
  /** Release fields not declared: every field when the config has no `release:` block. */
  missing: ReleaseField[];
  /** Whether the config has a `release:` block at all. */
  declared: boolean;
}

export interface Plan {
  version: 1;
  root: string;
  /** `text`: the file as read (UTF-8), recorded in the manifest so the gate can be checked against it. */
  config: FileRef & { sha256: string; text?: string };
  source: ConfigSource;
  task: 'text' | 'tabular';
  threatModel: ThreatModelPlan;
  data: DataPlan;
  models: ModelPlan[];
  statistics: StatisticsPlan;
  selective: { abstainBelow: Record<string, { on: 'probability' | 'margin'; threshold: number }> };
  /** `gzipAboveBytes`: evidence.jsonl larger than this is shipped as evidence.jsonl.gz. */
  output: { text: 'full' | 'hash' | 'none'; gzipAboveBytes: number; examplesPerCheck: number };
  manifest: { lockFiles: FileRef[] };
  gate: GatePlan;
  /** The `release:` block (who owns and reviewed the release, its intended use, limits); null when absent. */
  release?: ReleasePlan | null;
}
