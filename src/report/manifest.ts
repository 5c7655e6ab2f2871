/**
 * manifest.json (SPEC §11): binds the result to the exact config, data, labels, models and
 * tool that produced it. Everything outside `run` repeats byte for byte for the same inputs.
 */
import type { Condition } from '../config/families.js';
import type { Plan } from '../config/plan.js';
import { LABEL_DIGEST_DEFINITION, type Dataset } from '../data/dataset.js';
import type { ModelCounters } from '../evaluate/evaluate.js';
import type { GateResult } from '../gate/checks.js';
import type { ModelDescription } from '../models/model.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { unicodeFacts } from '../util/unicode.js';
import { PRNG_NAME, STREAM_DERIVATION } from '../metrics/random.js';

export const MANIFEST_SCHEMA_VERSION = 1;

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
  host: { hostname: string; platform: string; arch: string; cpus: number };
  context: Record<string, string | number | null>;
  stderr_files?: Record<string, FileDigest>;
}

export interface ManifestInput {
  plan: Plan;
  dataset: Dataset;
  models: Array<ModelDescription & Record<string, unknown>>;
  counters: ModelCounters[];
  conditionsEvaluated: Condition[];
  familiesNotConfigured: string[];
  gate: GateResult;
  files: Record<string, FileDigest>;
  lockFiles: Array<{ path: string; sha256: string }>;
  evidence: { file: string; gzip: boolean; gzip_above_bytes: number };
  /** Each evaluated perturbation family: parameters and validity rule. */
  families: Array<{ family: string; label_preserving: boolean; parameters: Record<string, unknown>; validity_rule: string }>;
  dictionaries: Array<{ path: string; sha256: string; version: number; languages: string[] }>;
  bundleSha256: string | null;
  run: RunSection;
}

export function buildManifest(input: ManifestInput): Record<string, unknown> {
  const { plan, dataset, gate } = input;
  const tm = plan.threatModel;
  return {
    schema_version: MANIFEST_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION, bundle_sha256: input.bundleSha256, node: process.version, unicode: unicodeFacts() },
    config: { path: plan.config.path, sha256: plan.config.sha256, version: plan.version },
    threat_model: {
      id: tm.id,
      revision: tm.revision,
      protected_outcome: tm.protectedOutcome,
      objective: tm.objective,
      protected_transitions: tm.protectedTransitions,
      access: tm.access,
      attacks: input.families,
      constraints: { max_char_edit_ratio: tm.constraints.maxCharEditRatio },
      dictionaries: input.dictionaries
    },
    data: {
      task: plan.task,
      files: dataset.files,
      columns: plan.data.columns,
      on_bad_row: plan.data.onBadRow,
      skipped_rows: dataset.skipped,
      labels: dataset.labels,
      languages: dataset.languages,
      label_digest: dataset.labelDigest,
      label_digest_definition: LABEL_DIGEST_DEFINITION,
      train_overlap: dataset.overlap
    },
    models: input.models,
    statistics: {
      seed: plan.statistics.seed,
      bootstrap_iterations: plan.statistics.bootstrapIterations,
      paired_iterations: plan.statistics.pairedIterations,
      interval: plan.statistics.interval,
      prng: PRNG_NAME,
      stream_derivation: STREAM_DERIVATION,
      perturbation_decisions:
        'each perturbation choice is u = uint32(first 4 bytes of SHA-256(seed NUL family NUL id NUL position)) / 2^32, independent of row order and of other rows'
    },
    selective: { abstain_below: plan.selective.abstainBelow },
    conditions: { evaluated: input.conditionsEvaluated, families_not_configured: input.familiesNotConfigured },
    lock_files: input.lockFiles,
    counters: input.counters,
    gate: {
      verdict: gate.verdict,
      counts: gate.counts,
      failing_checks: gate.failing,
      allow_not_evaluated: gate.allow_not_evaluated,
      judged_models: plan.gate.models
    },
    evidence: input.evidence,
    files: input.files,
    run: input.run
  };
}
