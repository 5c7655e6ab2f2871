/**
 * The one engine both adapters call (SPEC §2): config → plan → data → models → evidence →
 * metrics → gate → reports, all written to one output folder. No GitHub or terminal I/O here:
 * the clock, the log and the run context are passed in.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname, platform, arch, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { FAMILIES, TABULAR_FAMILIES } from './config/families.js';
import { DEFAULT_OUTPUT_DIR } from './config/defaults.js';
import { loadPlan } from './config/load.js';
import type { ModelPlan, Plan } from './config/plan.js';
import { loadDataset, type Dataset } from './data/dataset.js';
import { UNKNOWN_LANGUAGE } from './data/example.js';
import { checkPlanAgainstData } from './config/against-data.js';
import { conditionsFor } from './evaluate/conditions.js';
import { evaluateTabular, featureSpace, tabularConditions } from './evaluate/tabular.js';
import { VALIDITY_RULE as TABULAR_VALIDITY_RULE } from './tabular/validity.js';
import { buildFamilies } from './perturb/registry.js';
import { evaluate } from './evaluate/evaluate.js';
import { EVIDENCE_SCHEMA_VERSION, serializeRow, type EvidenceRow } from './evidence/row.js';
import { gzipFile, JsonlWriter } from './evidence/writer.js';
import { evaluateGate, type GateResult } from './gate/checks.js';
import { buildMetrics, type DataFacts } from './metrics/build.js';
import { uniqueTokenTypes } from './metrics/shift.js';
import { buildModels } from './models/build.js';
import { ExternalModel } from './models/external/external-model.js';
import type { Model, ModelDescription } from './models/model.js';
import { buildManifest, type FileDigest, type RunSection } from './report/manifest.js';
import { openOutputSlot } from './output/slot.js';
import { renderReport } from './report/html.js';
import { renderSummary } from './report/summary.js';
import { sha256Hex } from './util/hash.js';
import { stableJson } from './util/json.js';

export interface RunOptions {
  /** Repository root: every path must stay inside it. */
  root: string;
  /** Config path, relative to `cwd` (default: the root) or absolute. */
  configPath: string;
  /** Output folder, relative to `cwd` or absolute (default `evidence-gate-out`). */
  outputDir?: string;
  cwd?: string;
}

export interface RunDeps {
  /** Milliseconds, for stage wall times. */
  now?: () => number;
  /** ISO timestamp for `manifest.run`. */
  timestamp?: () => string;
  /** Progress lines; never receives dataset text. */
  log?: (line: string) => void;
  /** Run context for `manifest.run.context` (repository, commit, workflow run, ...). */
  context?: Record<string, string | number | null>;
  /** SHA-256 of the running bundle, when known. */
  bundleSha256?: string | null;
}

export interface RunResult {
  verdict: 'pass' | 'fail';
  failedChecks: number;
  gate: GateResult;
  /** Absolute path of the output folder. */
  outputDir: string;
  /** Output folder relative to the root. */
  outputPath: string;
  /** Config file relative to the root (for annotations). */
  configPath: string;
  manifestSha256: string;
  summary: string;
  files: string[];
}

export const EVIDENCE_FILE = 'evidence.jsonl';

function dataFacts(dataset: Dataset): DataFacts {
  const rows: Record<string, number> = {};
  const languageRows: Record<string, Record<string, number>> = {};
  const labelRows: Record<string, Record<string, number>> = {};
  const tokenTypes: Record<string, number[]> = {};
  let hasLanguage = false;
  for (const { split, examples } of dataset.splits) {
    rows[split] = examples.length;
    const perLanguage: Record<string, number> = {};
    const perLabel: Record<string, number> = {};
    for (const e of examples) {
      perLanguage[e.language] = (perLanguage[e.language] ?? 0) + 1;
      perLabel[e.label] = (perLabel[e.label] ?? 0) + 1;
      if (e.language !== UNKNOWN_LANGUAGE) hasLanguage = true;
    }
    languageRows[split] = perLanguage;
    labelRows[split] = perLabel;
    tokenTypes[split] = examples.map((e) => (e.input.kind === 'text' ? uniqueTokenTypes(e.input.text) : 0));
  }
  return { splits: dataset.splits.map((s) => s.split), rows, languages: dataset.languages, languageRows, labelRows, tokenTypes, hasLanguage, overlap: dataset.overlap };
}

/** A model's manifest entry; external models add their command's file digests and protocol counters. */
function describeForManifest(model: Model, plan: ModelPlan): ModelDescription & Record<string, unknown> {
  const description: ModelDescription & Record<string, unknown> = { ...model.describe() };
  if (plan.kind !== 'external' || !(model instanceof ExternalModel)) return description;
  const files = plan.params.files.map((f) => ({ path: f.path, sha256: sha256Hex(readFileSync(f.absolute)) }));
  return {
    ...description,
    // The model's identity: its command line and the digests of the files it was declared to use.
    digest: sha256Hex(stableJson({ command: plan.params.command, files })),
    files,
    env: plan.params.env,
    // Wall time cannot repeat: it lives in manifest.run (see externalWallTimes).
    counters: { ...model.counters(), wall_ms: undefined }
  };
}

/** Each external model's process wall time, for manifest.run. */
function externalWallTimes(models: readonly Model[]): Record<string, number> {
  return Object.fromEntries(models.flatMap((m) => (m instanceof ExternalModel ? [[`model:${m.name}`, m.counters().wall_ms]] : [])));
}

/** The tail of each external model's stderr, when it wrote any, as `stderr-<model>.txt`. */
function writeStderrTails(dir: string, models: readonly Model[]): Record<string, FileDigest> {
  const out: Record<string, FileDigest> = {};
  models.forEach((m, i) => {
    if (!(m instanceof ExternalModel)) return;
    const tail = m.stderrTail();
    if (tail === '') return;
    const name = `stderr-${i + 1}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}.txt`;
    writeFile(dir, name, tail, out);
  });
  return out;
}

/** Families the threat model leaves out: reported as not tested. */
function familiesNotConfigured(plan: Plan): string[] {
  const all: readonly string[] = plan.task === 'tabular' ? TABULAR_FAMILIES : FAMILIES;
  return all.filter((f) => !(f in plan.threatModel.attacks));
}

/** The tabular families as the manifest records them: budget, bounds, editable set, validity rule. */
function tabularFamilies(plan: Plan): Array<{ family: string; label_preserving: boolean; parameters: Record<string, unknown>; validity_rule: string }> {
  const space = featureSpace(plan);
  const parameters = { eps: space.eps, editable: plan.threatModel.tabular?.editable ?? [], bounds: plan.threatModel.tabular?.bounds ?? {} };
  return tabularConditions(plan)
    .filter((c) => c !== 'clean')
    .map((family) => ({
      family,
      label_preserving: true,
      parameters: family === 'noise' ? { ...parameters, draw: 'uniform in [-eps, eps] per editable feature, seeded by (seed, noise, id, feature index), clipped to bounds' } : { ...parameters, step: 'one sign step of size eps on clean-correct rows, labels = the model\'s own predictions, clipped to bounds' },
      validity_rule: TABULAR_VALIDITY_RULE
    }));
}

function writeFile(dir: string, name: string, content: string, files: Record<string, FileDigest>): void {
  writeFileSync(join(dir, name), content, 'utf8');
  files[name] = { sha256: sha256Hex(content), bytes: Buffer.byteLength(content, 'utf8') };
}

export async function run(options: RunOptions, deps: RunDeps = {}): Promise<RunResult> {
  const now = deps.now ?? (() => performance.now());
  const timestamp = deps.timestamp ?? (() => new Date().toISOString());
  const log = deps.log ?? (() => {});
  const root = resolve(options.root);
  const started = timestamp();
  const wall: Record<string, number> = {};
  let mark = now();
  const stage = (name: string) => {
    const t = now();
    wall[name] = Math.round((t - mark) * 1000) / 1000;
    mark = t;
  };

  const plan = loadPlan({ root, configPath: options.configPath, cwd: options.cwd });
  // Output folder (src/output/slot.ts): checked, locked and staged before any work; the lock
  // is held until commit() or discard(), so every exit path below must reach one of them.
  const out = openOutputSlot({ root, outputDir: options.outputDir ?? DEFAULT_OUTPUT_DIR, cwd: options.cwd });
  stage('config');
  try {
    const dataset = loadDataset(plan.data);
    checkPlanAgainstData(plan, dataset);
    const families = buildFamilies(plan.threatModel.attacks, { seed: plan.statistics.seed, maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio });
    log(`data: ${dataset.train.length} training rows; ${dataset.splits.map((s) => `${s.examples.length} ${s.split}`).join(', ')}`);
    stage('data');

    const models = await buildModels(plan.models, dataset.train, dataset.labels, { features: plan.data.columns.features, root, log });
    stage('train');

    const staging = out.staging;
    const tabular = plan.task === 'tabular';
    const conditions = tabular ? tabularConditions(plan) : conditionsFor(families.runners);
    const rows: EvidenceRow[] = [];
    const writer = new JsonlWriter(join(staging, EVIDENCE_FILE));
    const sink = async (row: EvidenceRow) => {
      rows.push(row);
      await writer.write(serializeRow(row, dataset.labels));
    };
    const counters = tabular ? await evaluateTabular(plan, dataset, models, sink) : await evaluate(plan, dataset, models, families.runners, sink);
    const evidence = await writer.close();
    // Large evidence ships gzipped; the manifest keeps the digest of the uncompressed rows too.
    const compressed = evidence.bytes > plan.output.gzipAboveBytes ? await gzipFile(join(staging, EVIDENCE_FILE)) : null;
    await Promise.all(models.map((m) => m.close()));
    log(`evidence: ${evidence.rows} rows (${dataset.splits.reduce((n, s) => n + s.examples.length, 0)} examples × ${models.length} models × ${conditions.length} conditions)`);
    stage('evaluate');

    const descriptions = models.map((m, i) => describeForManifest(m, plan.models[i] as ModelPlan));
    const stderrFiles = writeStderrTails(staging, models);
    const metrics = buildMetrics(rows, dataFacts(dataset), {
      task: plan.task,
      labels: dataset.labels,
      models: descriptions.map((d) => ({ name: d.name, probabilities: d.probabilities })),
      conditions,
      objective: plan.threatModel.objective,
      transitions: plan.threatModel.protectedTransitions,
      seed: plan.statistics.seed,
      bootstrapIterations: plan.statistics.bootstrapIterations,
      pairedIterations: plan.statistics.pairedIterations,
      interval: plan.statistics.interval,
      abstainBelow: plan.selective.abstainBelow
    });
    const gate = evaluateGate(metrics, plan.gate);
    stage('metrics');

    const notConfigured = familiesNotConfigured(plan);
    const evidenceEntry: FileDigest = { ...evidence, schema_version: EVIDENCE_SCHEMA_VERSION };
    const files: Record<string, FileDigest> = compressed
      ? { [`${EVIDENCE_FILE}.gz`]: { sha256: compressed.sha256, bytes: compressed.bytes, rows: evidence.rows, schema_version: EVIDENCE_SCHEMA_VERSION, uncompressed: { name: EVIDENCE_FILE, sha256: evidence.sha256, bytes: evidence.bytes } } }
      : { [EVIDENCE_FILE]: evidenceEntry };
    writeFile(staging, 'metrics.json', stableJson(metrics, 2) + '\n', files);
    writeFile(staging, 'checks.json', stableJson(gate, 2) + '\n', files);
    const summary = renderSummary({ plan, dataset, metrics, gate, familiesNotConfigured: notConfigured, outputDir: out.relative, counters });
    writeFile(staging, 'summary.md', summary, files);
    const tm = plan.threatModel;
    writeFile(staging, 'report.html', renderReport({ metrics, gate, title: `Evidence Gate: ${tm.id}`, threatModel: { id: tm.id, revision: tm.revision, objective: tm.objective }, configPath: plan.config.path }), files);
    stage('report');

    const runSection: RunSection = {
      started_at: started,
      finished_at: timestamp(),
      wall_ms: { ...wall, ...externalWallTimes(models) },
      host: { hostname: hostname(), platform: platform(), arch: arch(), cpus: cpus().length },
      context: deps.context ?? {},
      // A user's model writes what it likes to stderr: kept for diagnosis, outside the determinism promise.
      stderr_files: stderrFiles
    };
    const manifest = buildManifest({
      plan,
      dataset,
      models: descriptions,
      counters,
      conditionsEvaluated: conditions,
      familiesNotConfigured: notConfigured,
      gate,
      files,
      families: tabular ? tabularFamilies(plan) : families.runners.map((r) => ({ family: r.family, label_preserving: r.labelPreserving, parameters: r.parameters, validity_rule: r.validityRule })),
      dictionaries: families.dictionaries,
      evidence: { file: compressed ? `${EVIDENCE_FILE}.gz` : EVIDENCE_FILE, gzip: compressed !== null, gzip_above_bytes: plan.output.gzipAboveBytes },
      lockFiles: plan.manifest.lockFiles.map((f) => ({ path: f.path, sha256: sha256Hex(readFileSync(f.absolute)) })),
      bundleSha256: deps.bundleSha256 ?? null,
      run: runSection
    });
    const manifestText = stableJson(manifest, 2) + '\n';
    writeFileSync(join(staging, 'manifest.json'), manifestText, 'utf8');
    out.commit();
    return {
      verdict: gate.verdict,
      failedChecks: gate.failing.length,
      gate,
      outputDir: out.absolute,
      outputPath: out.relative,
      configPath: plan.config.path,
      manifestSha256: sha256Hex(manifestText),
      summary,
      files: [...Object.keys(files), ...Object.keys(stderrFiles), 'manifest.json']
    };
  } catch (error) {
    out.discard(error);
    throw error;
  }
}
