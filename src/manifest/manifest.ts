/**
 * manifest.json (docs/definitions.md#outputs): binds the result to the exact config, data, labels, models and tool
 * that produced it, and records every fact besides the evidence rows that the metrics, checks,
 * summary and report are derived from (facts.ts reads them back), so that a merge (docs/definitions.md#shards) and
 * `verify` (docs/definitions.md#verify) derive the same files from an artifact alone. Everything outside `run`
 * repeats byte for byte for the same inputs.
 */
import type { Condition } from '../evidence/condition.js';
import type { GatePlan, Plan, ReleasePlan } from '../config/plan.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { LABEL_DIGEST_DEFINITION, type Dataset, type DataFileInfo } from '../data/dataset.js';
import type { HostFacts, ModelCounters } from '../run/facts.js';
import type { AbstentionPolicy } from '../metrics/abstention.js';
import { BOOTSTRAP_METHOD } from '../metrics/bootstrap.js';
import type { LengthHistogram, Overlap } from '../metrics/metrics.js';
import { PRNG_NAME, STREAM_DERIVATION } from '../metrics/random.js';
import type { ModelDescription } from '../models/model.js';
import type { ShardSpec } from '../shard/select.js';
import { SHARD_RULE } from '../shard/select.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { preprocessingRecord, type PreprocessingRecord } from './preprocessing.js';

/**
 * Major version of this layout. v2: facts for re-derivation (gate plan, length histogram, output), shards, baseline.
 */
export const MANIFEST_SCHEMA_VERSION = 2;

export interface FileDigest {
  sha256: string;
  bytes: number;
  rows?: number;
  schema_version?: number;
  /** For a gzipped file: the digest of its uncompressed content. */
  uncompressed?: { name: string; sha256: string; bytes: number };
}

export interface RunSection {
  started_at: string;
  finished_at: string;
  wall_ms: Record<string, number>;
  host: HostFacts;
  context: Record<string, string | number | null>;
  stderr_files?: Record<string, FileDigest>;
  [key: string]: unknown;
}

export interface ThresholdRecord {
  value: number;
  config_key: string;
  line: number;
  is_default: boolean;
}

interface GatePlanRecord {
  thresholds: Record<string, ThresholdRecord>;
  families: Record<string, Record<string, ThresholdRecord>>;
  allow_not_evaluated: boolean;
  judged_models: string[];
  require_baseline: boolean;
  /** `gate.block_on`, recorded only when it is `new` (absent: `all`, as in manifests written before it existed). */
  block_on?: 'new';
  /** `gate.require_release_record` (absent in manifests written before it existed: not required). */
  release_record?: { required: boolean; config_key: string; line: number; is_default: boolean };
  /** `gate.min_attack_strength`, recorded only when the config sets it. */
  min_attack_strength?: Record<string, ThresholdRecord>;
  /** `gate.min_certified_share`, recorded only when the config sets it. */
  min_certified_share?: ThresholdRecord;
}

export interface FamilyRecord {
  family: string;
  label_preserving: boolean;
  parameters: Record<string, unknown>;
  validity_rule: string;
}

export interface BaselineRecord {
  /** Where the baseline came from: a folder given on the command line, or an artifact. */
  source: string;
  commit: string | null;
  run_id: number | null;
  artifact_id: number | null;
  manifest_sha256: string;
  stale: boolean;
  stale_reasons: string[];
  /** Where it came from, as far as this run could tell (docs/security.md#baselines). */
  origin?: BaselineOrigin;
}

/**
 * `artifact`: downloaded from a run of the base branch (its branch and the run's conclusion);
 * `folder`: a folder given by path, with whether this commit's diff against the base commit
 * touches it (null: unknown, `note` says why) and whether git tracks it.
 */
export type BaselineOrigin =
  | { kind: 'artifact'; branch: string | null; conclusion: string | null }
  | {
      kind: 'folder';
      tracked: boolean | null;
      changed_in_diff: boolean | null;
      base_commit: string | null;
      note: string;
    };

/** The manifest without the results of the run (counters, verdict, files, run). */
export interface ManifestHead {
  schema_version: number;
  kind: 'run' | 'shard';
  tool: { name: string; version: string; bundle_sha256: string | null; node: string; [key: string]: unknown };
  /**
   * `text`: the config file as read, so the recorded gate can be checked against it (absent in manifests written before
   * it was recorded).
   */
  config: { path: string; sha256: string; version: number; text?: string };
  threat_model: {
    id: string;
    revision: string;
    protected_outcome: string | null;
    objective: 'untargeted' | 'targeted';
    protected_transitions: ProtectedTransition[];
    access: string;
    attacks: FamilyRecord[];
    /**
     * Present (true) only when threat_model.against_policy is on: a success is then a wrong decision the review policy
     * accepts.
     */
    against_policy?: boolean;
    constraints: Record<string, unknown>;
    dictionaries: Array<{ path: string; sha256: string; version: number; languages: string[] }>;
  };
  data: {
    task: 'text' | 'tabular';
    files: DataFileInfo[];
    columns: Record<string, unknown>;
    on_bad_row: string;
    skipped_rows: unknown[];
    labels: string[];
    languages: string[];
    /** Evaluation splits in config order. */
    splits: string[];
    label_digest: string;
    label_digest_definition: string;
    train_overlap: Overlap[];
    length_histogram: LengthHistogram;
  };
  models: Array<ModelDescription & Record<string, unknown>>;
  statistics: {
    seed: number;
    bootstrap_iterations: number;
    paired_iterations: number;
    interval: number;
    prng: string;
    stream_derivation: string;
    bootstrap: string;
    perturbation_decisions: string;
  };
  selective: { abstain_below: Record<string, AbstentionPolicy> };
  conditions: { evaluated: Condition[]; families_not_configured: string[] };
  output: { text: 'full' | 'hash' | 'none'; examples_per_check: number; gzip_above_bytes: number };
  lock_files: Array<{ path: string; sha256: string }>;
  gate: { plan: GatePlanRecord };
  /** The config's `release:` block as declared (manifest/release.ts); null when there is none. */
  release: ReleasePlan | null;
  /** Per model, the exact input transformation (manifest/preprocessing.ts). */
  preprocessing: PreprocessingRecord;
  /** Shard manifests only (docs/definitions.md#shards). */
  shard?: { index: number; count: number; rule: string; examples: number };
}

/** The full manifest. */
export interface Manifest extends Omit<ManifestHead, 'gate'> {
  counters: ModelCounters[];
  gate: { plan: GatePlanRecord; verdict?: 'pass' | 'fail'; counts?: Record<string, number>; failing_checks?: string[] };
  baseline?: BaselineRecord | null;
  /** Why there is no comparison (the comparison checks are then not applicable). */
  no_baseline_reason?: string | null;
  /** Present (false) only when no comparison could exist for the run: gate.require_baseline did not apply. */
  baseline_expected?: false;
  /** Shards a merged run was built from. */
  merged_from?: Array<{ index: number; manifest_sha256: string }>;
  evidence: { file: string; gzip: boolean; gzip_above_bytes: number };
  files: Record<string, FileDigest>;
  run: RunSection;
}

interface HeadInput {
  plan: Plan;
  dataset: Dataset;
  models: Array<ModelDescription & Record<string, unknown>>;
  conditions: Condition[];
  familiesNotConfigured: string[];
  families: FamilyRecord[];
  dictionaries: ManifestHead['threat_model']['dictionaries'];
  lengthHistogram: LengthHistogram;
  lockFiles: Array<{ path: string; sha256: string }>;
  bundleSha256: string | null;
  /** Extra facts about the running tool (Unicode tables and the like). */
  tool?: Record<string, unknown>;
  shard?: { spec: ShardSpec; examples: number } | null;
}

/** The gate as the manifest records it: every threshold with the config key and line it came from. */
export function gatePlanRecord(gate: GatePlan): GatePlanRecord {
  const record = (t: { value: number; configKey: string; line: number; isDefault: boolean }): ThresholdRecord => ({
    value: t.value,
    config_key: t.configKey,
    line: t.line,
    is_default: t.isDefault
  });
  return {
    thresholds: Object.fromEntries(Object.entries(gate.thresholds).map(([k, t]) => [k, record(t)])),
    families: Object.fromEntries(
      Object.entries(gate.families).map(([f, keys]) => [
        f,
        Object.fromEntries(Object.entries(keys).flatMap(([k, t]) => (t ? [[k, record(t)]] : [])))
      ])
    ),
    allow_not_evaluated: gate.allowNotEvaluated,
    judged_models: [...gate.models],
    require_baseline: gate.requireBaseline,
    ...(gate.blockOn === 'new' ? { block_on: 'new' as const } : {}),
    ...(gate.minCertifiedShare ? { min_certified_share: record(gate.minCertifiedShare) } : {}),
    ...(gate.minAttackStrength
      ? {
          min_attack_strength: Object.fromEntries(
            Object.entries(gate.minAttackStrength).map(([a, t]) => [a, record(t)])
          )
        }
      : {}),
    ...(gate.releaseRecord
      ? {
          release_record: {
            required: gate.releaseRecord.required,
            config_key: 'gate.require_release_record',
            line: gate.releaseRecord.line,
            is_default: gate.releaseRecord.isDefault
          }
        }
      : {})
  };
}

export function buildManifestHead(input: HeadInput): ManifestHead {
  const { plan, dataset } = input;
  const tm = plan.threatModel;
  return {
    schema_version: MANIFEST_SCHEMA_VERSION,
    kind: input.shard ? 'shard' : 'run',
    tool: {
      name: TOOL_NAME,
      version: TOOL_VERSION,
      bundle_sha256: input.bundleSha256,
      node: process.version,
      ...(input.tool ?? {})
    },
    config: {
      path: plan.config.path,
      sha256: plan.config.sha256,
      version: plan.version,
      ...(plan.config.text !== undefined ? { text: plan.config.text } : {})
    },
    threat_model: {
      id: tm.id,
      revision: tm.revision,
      protected_outcome: tm.protectedOutcome,
      objective: tm.objective,
      protected_transitions: tm.protectedTransitions,
      access: tm.access,
      attacks: input.families,
      // Only when on, so that the manifests of runs without it stay as they were.
      ...(tm.againstPolicy ? { against_policy: true } : {}),
      constraints: { max_char_edit_ratio: tm.constraints.maxCharEditRatio },
      dictionaries: input.dictionaries
    },
    data: {
      task: plan.task,
      files: dataset.files,
      columns: { ...plan.data.columns },
      on_bad_row: plan.data.onBadRow,
      skipped_rows: dataset.skipped,
      labels: dataset.labels,
      languages: dataset.languages,
      splits: dataset.splits.map((s) => s.split),
      label_digest: dataset.labelDigest,
      label_digest_definition: LABEL_DIGEST_DEFINITION,
      train_overlap: dataset.overlap,
      length_histogram: input.lengthHistogram
    },
    models: input.models,
    statistics: {
      seed: plan.statistics.seed,
      bootstrap_iterations: plan.statistics.bootstrapIterations,
      paired_iterations: plan.statistics.pairedIterations,
      interval: plan.statistics.interval,
      prng: PRNG_NAME,
      stream_derivation: STREAM_DERIVATION,
      bootstrap: BOOTSTRAP_METHOD,
      perturbation_decisions:
        'each perturbation choice is u = uint32(first 4 bytes of SHA-256(seed NUL family NUL id NUL position)) / ' +
        '2^32, independent of row order and of other rows'
    },
    selective: { abstain_below: plan.selective.abstainBelow },
    conditions: { evaluated: input.conditions, families_not_configured: input.familiesNotConfigured },
    output: {
      text: plan.output.text,
      examples_per_check: plan.output.examplesPerCheck,
      gzip_above_bytes: plan.output.gzipAboveBytes
    },
    lock_files: input.lockFiles,
    gate: { plan: gatePlanRecord(plan.gate) },
    release: plan.release ? { ...plan.release } : null,
    preprocessing: preprocessingRecord(plan),
    ...(input.shard
      ? {
          shard: {
            index: input.shard.spec.index,
            count: input.shard.spec.count,
            rule: SHARD_RULE,
            examples: input.shard.examples
          }
        }
      : {})
  };
}
