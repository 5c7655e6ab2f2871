/**
 * `run`: one job, or one shard of it (SPEC §2, §16): prepare → evaluate → stream evidence →
 * derive → render → manifest, in one output folder that appears only when complete.
 */
import { loadPlan } from '../config/load.js';
import type { ModelPlan } from '../config/plan.js';
import { evaluate } from '../evaluate/evaluate.js';
import { RowSerializer } from '../evidence/serialize.js';
import { EvidenceWriter } from '../evidence/writer.js';
import type { GateResult } from '../gate/checks.js';
import { readDerivationFacts, readReportFacts } from '../manifest/facts.js';
import { ExternalModel } from '../models/external/external-model.js';
import type { Model } from '../models/model.js';
import { evidenceEntry, finishManifest, writeStderrTails } from './finish.js';
import { OutputStaging } from './output.js';
import { describeForManifest, prepare } from './prepare.js';
import type { Comparison } from '../compare/comparison.js';
import type { Manifest } from '../manifest/manifest.js';
import { baselineUnexpected, Derivation, noBaselineReasonOf, renderDerived } from './derive.js';
import type { ShardSpec } from '../shard/select.js';
import { sha256Hex } from '../util/hash.js';
import { unicodeFacts } from '../util/unicode.js';
import { hostFacts, openBaseline, peakRssBytes, startRun, type BaselineSource, type RunDeps, type RunResult } from './common.js';

export interface RunOptions {
  /** Repository root: every path must stay inside it. */
  root: string;
  /** Config path, relative to `cwd` (default: the root) or absolute. */
  configPath: string;
  /** Output folder, relative to `cwd` or absolute (default `evidence-gate-out`). */
  outputDir?: string;
  cwd?: string;
  /** Evaluate only this shard's examples (SPEC §16): evidence and a shard manifest, no gate. */
  shard?: ShardSpec | null;
  /** Compare with an earlier output (SPEC §15); a string is a folder path; null: no baseline (with `noBaselineReason`). */
  baseline?: BaselineSource | null;
  /** Why there is no baseline, when the caller looked for one and found none. */
  noBaselineReason?: string;
  /** False when no comparison can exist for this run (a push run of the action): gate.require_baseline does not block then. */
  baselineExpected?: boolean;
  /** An absolute scratch folder outside the root (verify --rerun), instead of `outputDir`. */
  scratchOutput?: string;
}

export async function run(options: RunOptions, deps: RunDeps = {}): Promise<RunResult> {
  const { root, cwd, timestamp, log, started, wall, stage } = startRun(options, deps);
  const shard = options.shard ?? null;

  const plan = loadPlan({ root, configPath: options.configPath, cwd: options.cwd });
  // Checked and locked before any work; every exit below must reach commit() or discard().
  const staging = options.scratchOutput ? OutputStaging.scratch(options.scratchOutput) : OutputStaging.open(root, options.outputDir, options.cwd);
  stage('config');
  let models: Model[] = [];
  let writer: EvidenceWriter | null = null;
  try {
    const prepared = await prepare(plan, { root, shard, bundleSha256: deps.bundleSha256 ?? null, tool: { unicode: unicodeFacts() }, log }, stage);
    const { dataset, source, head } = prepared;
    models = prepared.models;
    stage('train');
    const baseline = shard ? null : await openBaseline(options.baseline, head, cwd, deps.warn ?? log, options.noBaselineReason, options.baselineExpected);
    if (baseline && 'index' in baseline) stage('baseline');
    writer = new EvidenceWriter(staging.dir, plan.output.gzipAboveBytes);
    const evidenceWriter = writer;
    const derivation = shard ? null : new Derivation(readDerivationFacts(head), baseline);
    const serializer = new RowSerializer(dataset.labels);
    const counters = await evaluate(
      plan,
      prepared.chunks,
      models,
      source,
      (row) => {
        serializer.write(row, evidenceWriter);
        derivation?.add(row);
      },
      { drain: () => evidenceWriter.drain(), progress: deps.progress && ((rows, total) => deps.progress?.({ stage: 'evaluate', rows, total })) }
    );
    const evidence = await evidenceWriter.close();
    await Promise.all(models.map((m) => m.close()));
    log(`evidence: ${evidence.rows} rows${shard ? ` (shard ${shard.index}/${shard.count})` : ''}`);
    stage('evaluate');

    const files = { ...evidenceEntry(evidence) };
    const stderrFiles = writeStderrTails(staging, models);
    const body: Manifest = {
      ...head,
      models: models.map((m, i) => describeForManifest(m, plan.models[i] as ModelPlan)),
      counters,
      baseline: baseline && 'record' in baseline ? baseline.record : null,
      no_baseline_reason: shard ? null : noBaselineReasonOf(baseline),
      ...(!shard && baselineUnexpected(baseline) ? { baseline_expected: false } : {}),
      evidence: { file: evidence.file, gzip: evidence.gzip !== null, gzip_above_bytes: plan.output.gzipAboveBytes },
      files,
      run: { started_at: started, finished_at: '', wall_ms: {}, host: hostFacts(), context: deps.context ?? {} }
    };
    let summary: string;
    let gate: GateResult | null = null;
    let derivedComparison: Comparison | null = null;
    let noBaselineReason: string | null = null;
    if (derivation) {
      const derived = derivation.finish();
      stage('metrics');
      gate = derived.gate;
      derivedComparison = derived.comparison;
      noBaselineReason = derived.noBaselineReason;
      const rendered = renderDerived(derived, readReportFacts(body));
      for (const [name, content] of Object.entries(rendered)) staging.write(name, content);
      summary = rendered['summary.md'] as string;
      stage('report');
    } else {
      summary = `Shard ${shard?.index}/${shard?.count}: ${evidence.rows} evidence rows; the gate runs after \`evidence-gate merge\`.\n`;
    }
    const manifestText = finishManifest(staging, body, gate, {
      finished_at: timestamp(),
      wall_ms: { ...wall, ...externalWallTimes(models) },
      peak_rss_bytes: peakRssBytes(),
      stderr_files: stderrFiles
    });
    staging.commit();
    return {
      kind: shard ? 'shard' : 'run',
      verdict: gate?.verdict ?? null,
      failedChecks: gate?.failing.length ?? 0,
      gate,
      comparison: derivedComparison,
      noBaselineReason,
      shard,
      outputDir: staging.absolute,
      outputPath: staging.relative,
      configPath: plan.config.path,
      manifestSha256: sha256Hex(manifestText),
      summary,
      files: [evidence.file, ...Object.keys(staging.files), ...Object.keys(stderrFiles), 'manifest.json']
    };
  } catch (error) {
    writer?.abort();
    await Promise.all(models.map((m) => m.close().catch(() => undefined)));
    staging.discard(error);
    throw error;
  }
}

/** Each external model's process wall time, for manifest.run. */
function externalWallTimes(models: readonly Model[]): Record<string, number> {
  return Object.fromEntries(models.flatMap((m) => (m instanceof ExternalModel ? [[`model:${m.name}`, m.counters().wall_ms]] : [])));
}
