/**
 * The facts every derived file is computed from, read back from a manifest (docs/definitions.md#purity). A run
 * reads them from the manifest it is about to write, a merge from its shards' manifests and
 * `verify` from a downloaded artifact: the same function in every case, so the three agree.
 */
import type { FamilyGateKey, GateKey } from '../config/defaults.js';
import { familyNamed } from '../config/families.js';
import { recordedNotApplicable } from '../evaluate/applicability.js';
import type { GatePlan, Threshold } from '../config/plan.js';
import type { DataFileInfo } from '../data/dataset.js';
import type { DrillFacts } from '../drill/collect.js';
import type { ModelCounters } from '../run/facts.js';
import type { MetricFacts, Overlap } from '../metrics/metrics.js';
import type { Manifest, ManifestHead, ThresholdRecord } from './manifest.js';
import { readReleaseFacts, readReleaseRecord, releaseRequirement, type ReleaseFacts } from './release.js';

export interface ReportFacts {
  task: 'text' | 'tabular';
  configPath: string;
  threatModel: {
    id: string;
    revision: string;
    objective: string;
    access: string;
    protectedOutcome: string | null;
    againstPolicy: boolean;
  };
  files: DataFileInfo[];
  skippedRows: number;
  languages: string[];
  splits: string[];
  overlap: Overlap[];
  familiesNotConfigured: string[];
  conditions: string[];
  counters: ModelCounters[];
  textPolicy: 'full' | 'hash' | 'none';
  /** The release record and the frozen facts the release checklist asks about. */
  release: ReleaseFacts;
}

export interface DerivationFacts {
  metric: MetricFacts;
  drill: DrillFacts;
  gate: GatePlan;
}

/**
 * The attacks that cannot run against a recorded model (attack → reason), derived from its kind and the recorded
 * attacks, never read from its `not_applicable` list (verify compares that list with this).
 */
function notApplicableOf(
  m: ManifestHead | Manifest,
  entry: { name: string; kind: string }
): { notApplicable?: Record<string, string> } {
  const list = recordedNotApplicable(
    m.data.task,
    m.threat_model.attacks.map((a) => a.family),
    entry
  );
  return list.length > 0 ? { notApplicable: Object.fromEntries(list.map((n) => [n.attack, n.reason])) } : {};
}

/** A model's `repeat` as its manifest entry records it (params.repeat, only when above 1). */
function repeatOf(params: Record<string, unknown> | undefined): { repeat?: number } {
  const n = params?.repeat;
  return typeof n === 'number' && Number.isInteger(n) && n > 1 ? { repeat: n } : {};
}

function threshold(r: ThresholdRecord): Threshold {
  return { value: r.value, configKey: r.config_key, line: r.line, isDefault: r.is_default };
}

/** The search's budget as the manifest records its parameters (its descriptor's `queryBudget`); null without one. */
function searchBudgetOf(m: ManifestHead | Manifest): number | null {
  const task = m.data.task;
  const search = m.threat_model.attacks.find((f) => familyNamed(f.family, task)?.queryBudget !== undefined);
  const key = search && familyNamed(search.family, task)?.queryBudget;
  const queries = search && key ? search.parameters[key] : undefined;
  return typeof queries === 'number' ? queries : null;
}

export function readDerivationFacts(m: ManifestHead | Manifest): DerivationFacts {
  const plan = m.gate.plan;
  return {
    metric: {
      task: m.data.task,
      labels: m.data.labels,
      models: m.models.map((d) => ({
        name: d.name,
        probabilities: d.probabilities,
        ...repeatOf(d.params),
        ...notApplicableOf(m, d)
      })),
      conditions: m.conditions.evaluated,
      objective: m.threat_model.objective,
      transitions: m.threat_model.protected_transitions,
      seed: m.statistics.seed,
      bootstrapIterations: m.statistics.bootstrap_iterations,
      pairedIterations: m.statistics.paired_iterations,
      interval: m.statistics.interval,
      abstainBelow: m.selective.abstain_below,
      splits: m.data.splits,
      languages: m.data.languages,
      lengthHistogram: m.data.length_histogram.counts,
      overlap: m.data.train_overlap,
      searchBudget: searchBudgetOf(m),
      againstPolicy: m.threat_model.against_policy === true
    },
    drill: {
      models: m.models.map((d) => d.name),
      conditions: m.conditions.evaluated,
      transitions: m.threat_model.protected_transitions,
      examplesPerCheck: m.output.examples_per_check,
      withText: m.output.text === 'full'
    },
    gate: {
      thresholds: Object.fromEntries(Object.entries(plan.thresholds).map(([k, r]) => [k, threshold(r)])) as Record<
        GateKey,
        Threshold
      >,
      families: Object.fromEntries(
        Object.entries(plan.families).map(([f, keys]) => [
          f,
          Object.fromEntries(Object.entries(keys).map(([k, r]) => [k, threshold(r)])) as Partial<
            Record<FamilyGateKey, Threshold>
          >
        ])
      ),
      ...(plan.min_certified_share ? { minCertifiedShare: threshold(plan.min_certified_share) } : {}),
      ...(plan.min_attack_strength
        ? {
            minAttackStrength: Object.fromEntries(
              Object.entries(plan.min_attack_strength).map(([a, r]) => [a, threshold(r)])
            )
          }
        : {}),
      allowNotEvaluated: plan.allow_not_evaluated,
      models: [...plan.judged_models],
      requireBaseline: plan.require_baseline,
      blockOn: plan.block_on === 'new' ? 'new' : 'all',
      releaseRecord: releaseRequirement(
        plan.release_record?.required ?? false,
        plan.release_record?.line ?? 1,
        plan.release_record?.is_default ?? true,
        readReleaseRecord(m)
      )
    }
  };
}

export function readReportFacts(m: Manifest): ReportFacts {
  const tm = m.threat_model;
  return {
    task: m.data.task,
    configPath: m.config.path,
    threatModel: {
      id: tm.id,
      revision: tm.revision,
      objective: tm.objective,
      access: tm.access,
      protectedOutcome: tm.protected_outcome,
      againstPolicy: tm.against_policy === true
    },
    files: m.data.files,
    skippedRows: m.data.skipped_rows.length,
    languages: m.data.languages,
    splits: m.data.splits,
    overlap: m.data.train_overlap,
    familiesNotConfigured: m.conditions.families_not_configured,
    conditions: m.conditions.evaluated,
    counters: m.counters,
    textPolicy: m.output.text,
    release: readReleaseFacts(m)
  };
}
