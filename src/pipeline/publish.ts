/**
 * The last stage of `run` and `merge`: once every evidence row is written, derive and render the
 * outputs (a shard has none: its gate runs after the merge), write the manifest last, move the
 * folder into place and say what was published. Both commands end here, so a merged run and an
 * unsharded one publish through the same code.
 */
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/row.js';
import { EVIDENCE_FILE, type EvidenceFileInfo } from '../evidence/writer.js';
import type { GateResult } from '../gate/checks.js';
import { readReportFacts } from '../manifest/facts.js';
import type { FileDigest, Manifest, ManifestHead, RunSection } from '../manifest/manifest.js';
import { hostFacts, peakRssBytes, type ModelCounters } from '../run/facts.js';
import type { ShardSpec } from '../shard/select.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import type { RunResult } from './contract.js';
import {
  baselineUnexpected,
  noBaselineReasonOf,
  renderDerived,
  type BaselineInput,
  type Derivation
} from './derive.js';
import type { OutputStaging } from './output.js';
import type { Started } from './start.js';

interface Publication {
  staging: OutputStaging;
  head: ManifestHead;
  /** The manifest's model entries and work counters. */
  models: Manifest['models'];
  counters: ModelCounters[];
  /** A merge: the shards it was built from. */
  mergedFrom?: Manifest['merged_from'];
  baseline: BaselineInput;
  /** The evidence file, closed. */
  evidence: EvidenceFileInfo;
  /** The derivation that was fed every row; null for a shard. */
  derivation: Derivation | null;
  shard: ShardSpec | null;
  clock: Started;
  context: Record<string, string | number | null> | undefined;
  /** Wall times measured outside the stage clock (external model processes). */
  extraWallMs?: Record<string, number>;
  /** More of `manifest.run` (stderr tails of external models, wall times of shards). */
  runFields?: Partial<RunSection>;
  /** Files already in the folder that the manifest lists under `run` rather than `files`. */
  unlistedFiles?: string[];
}

/** The manifest's `files` entry for the evidence, plain or gzipped (both digests kept). */
function evidenceEntry(e: EvidenceFileInfo): Record<string, FileDigest> {
  const base = { rows: e.rows, schema_version: EVIDENCE_SCHEMA_VERSION };
  if (e.gzip)
    return {
      [e.file]: {
        sha256: e.gzip.sha256,
        bytes: e.gzip.bytes,
        ...base,
        uncompressed: { name: EVIDENCE_FILE, sha256: e.sha256, bytes: e.bytes }
      }
    };
  return { [e.file]: { sha256: e.sha256, bytes: e.bytes, ...base } };
}

/** Derives, renders and writes the outputs and the manifest, then commits the folder. */
export function publish(p: Publication): RunResult {
  const { staging, head, evidence, derivation, shard, clock } = p;
  const body: Manifest = {
    ...head,
    models: p.models,
    counters: p.counters,
    baseline: p.baseline && 'record' in p.baseline ? p.baseline.record : null,
    no_baseline_reason: derivation ? noBaselineReasonOf(p.baseline) : null,
    ...(derivation && baselineUnexpected(p.baseline) ? { baseline_expected: false } : {}),
    ...(p.mergedFrom ? { merged_from: p.mergedFrom } : {}),
    evidence: { file: evidence.file, gzip: evidence.gzip !== null, gzip_above_bytes: head.output.gzip_above_bytes },
    files: evidenceEntry(evidence),
    run: { started_at: clock.started, finished_at: '', wall_ms: {}, host: hostFacts(), context: p.context ?? {} }
  };
  let gate: GateResult | null = null;
  let summary: string;
  const derived = derivation?.finish() ?? null;
  if (derived) {
    clock.stage('metrics');
    gate = derived.gate;
    const rendered = renderDerived(derived, readReportFacts(body));
    for (const [name, content] of Object.entries(rendered)) staging.write(name, content);
    summary = rendered['summary.md'] as string;
    clock.stage('report');
  } else {
    summary =
      `Shard ${shard?.index}/${shard?.count}: ${evidence.rows} evidence rows; the gate runs after \`evidence-gate ` +
      `merge\`.\n`;
  }
  const manifest: Manifest = {
    ...body,
    gate: gate
      ? { plan: body.gate.plan, verdict: gate.verdict, counts: gate.counts, failing_checks: gate.failing }
      : { plan: body.gate.plan },
    files: { ...body.files, ...staging.files },
    run: {
      ...body.run,
      finished_at: clock.timestamp(),
      wall_ms: { ...clock.wall, ...p.extraWallMs },
      peak_rss_bytes: peakRssBytes(),
      ...p.runFields
    }
  };
  const manifestText = stableJson(manifest, 2) + '\n';
  staging.writeUnlisted('manifest.json', manifestText);
  staging.commit();
  return {
    kind: shard ? 'shard' : 'run',
    verdict: gate?.verdict ?? null,
    failedChecks: gate?.failing.length ?? 0,
    gate,
    comparison: derived?.comparison ?? null,
    noBaselineReason: derived?.noBaselineReason ?? null,
    shard,
    outputDir: staging.absolute,
    outputPath: staging.relative,
    configPath: head.config.path,
    manifestSha256: sha256Hex(manifestText),
    summary,
    files: [evidence.file, ...Object.keys(staging.files), ...(p.unlistedFiles ?? []), 'manifest.json']
  };
}
