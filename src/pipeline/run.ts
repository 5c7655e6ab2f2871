/**
 * `run`: one job, or one shard of it (docs/definitions.md#pipeline, docs/definitions.md#shards): prepare → evaluate →
 * stream evidence → derive → render → manifest, in one output folder that appears only when complete.
 */
import type { ClosedFormCheck } from '../perturb/exact/cross-check.js';
import { loadPlan } from '../config/load.js';
import type { ModelPlan } from '../config/plan.js';
import { evaluate } from '../evaluate/evaluate.js';
import { DataError } from '../errors.js';
import { MAX_ROW_BYTES } from '../evidence/reader.js';
import type { EvidenceRow } from '../evidence/row.js';
import { RowSerializer } from '../evidence/serialize.js';
import { EvidenceRowTooLong, EvidenceWriter } from '../evidence/writer.js';
import { readDerivationFacts } from '../manifest/facts.js';
import type { FileDigest } from '../manifest/manifest.js';
import type { Model } from '../models/model.js';
import { AnswerStore } from '../models/answers/store.js';
import { modelKind } from '../models/registry.js';
import type { ShardSpec } from '../shard/select.js';
import { sha256Hex } from '../util/hash.js';
import { maxOf } from '../util/numbers.js';
import { quote } from '../util/quote.js';
import { unicodeFacts } from '../util/unicode.js';
import { openBaseline, type BaselineSource } from './baseline.js';
import type { RunDeps, RunResult } from './contract.js';
import { Derivation } from './derive.js';
import { answerFolder } from './answer-folder.js';
import { cacheLines, modelWork } from './model-work.js';
import { OutputStaging } from './output.js';
import { describeForManifest, prepare } from './prepare.js';
import { publish } from './publish.js';
import { startRun } from './start.js';

export interface RunOptions {
  /** Repository root: every path must stay inside it. */
  root: string;
  /** Config path, relative to `cwd` (default: the root) or absolute. */
  configPath: string;
  /** Output folder, relative to `cwd` or absolute (default `evidence-gate-out`). */
  outputDir?: string;
  cwd?: string;
  /** Evaluate only this shard's examples (docs/definitions.md#shards): evidence and a shard manifest, no gate. */
  shard?: ShardSpec | null;
  /**
   * Compare with an earlier output (docs/definitions.md#comparison); a string is a folder path; null: no baseline (with
   * `noBaselineReason`).
   */
  baseline?: BaselineSource | null;
  /** Why there is no baseline, when the caller looked for one and found none. */
  noBaselineReason?: string;
  /**
   * False when no comparison can exist for this run (a push run of the action): gate.require_baseline does not block
   * then.
   */
  baselineExpected?: boolean;
  /** An absolute scratch folder outside the root (verify --rerun), instead of `outputDir`. */
  scratchOutput?: string;
  /**
   * The folder of kept answers (docs/answer-cache.md), relative to `cwd` or absolute, inside the root. Absent: models
   * are asked everything and nothing is kept.
   */
  cacheDir?: string | null;
  /** verify --rerun: re-derive a sample of exact's closed-form rows by asking every candidate (cross-check.ts). */
  crossCheckExact?: ClosedFormCheck;
}

export async function run(options: RunOptions, deps: RunDeps = {}): Promise<RunResult> {
  const clock = startRun(options, deps);
  const { root, cwd, log, stage } = clock;
  const shard = options.shard ?? null;

  const plan = loadPlan({ root, configPath: options.configPath, cwd: options.cwd });
  // Checked and locked before any work; every exit below must reach commit() or discard().
  const staging = options.scratchOutput
    ? OutputStaging.scratch(options.scratchOutput)
    : OutputStaging.open(root, options.outputDir, options.cwd);
  stage('config');
  let models: Model[] = [];
  let writer: EvidenceWriter | null = null;
  try {
    const answerStore = options.cacheDir
      ? new AnswerStore(answerFolder(root, options.cacheDir, options.cwd, staging.absolute))
      : null;
    const prepared = await prepare(
      plan,
      {
        root,
        shard,
        bundleSha256: deps.bundleSha256 ?? null,
        tool: { unicode: unicodeFacts() },
        log,
        secret: deps.secret,
        progress: deps.progress,
        answerStore
      },
      stage
    );
    const { dataset, head } = prepared;
    const check = options.crossCheckExact;
    const source =
      check && prepared.source.exact
        ? { ...prepared.source, exact: prepared.source.exact.crossChecked(check) }
        : prepared.source;
    models = prepared.models;
    stage('train');
    const baseline = shard
      ? null
      : await openBaseline(
          options.baseline,
          head,
          cwd,
          deps.warn ?? log,
          options.noBaselineReason,
          options.baselineExpected
        );
    if (baseline && 'index' in baseline) stage('baseline');
    writer = new EvidenceWriter(staging.dir, plan.output.gzipAboveBytes);
    const evidenceWriter = writer;
    const derivation = shard ? null : new Derivation(readDerivationFacts(head), baseline);
    const serializer = new RowSerializer(dataset.labels);
    const searchWallMs: Record<string, number> = {};
    const counters = await evaluate(
      plan,
      prepared.chunks,
      models,
      source,
      (row) => {
        writeRow(serializer, row, evidenceWriter);
        derivation?.add(row);
      },
      {
        drain: () => evidenceWriter.drain(),
        progress: deps.progress && ((rows, total) => deps.progress?.({ stage: 'evaluate', rows, total })),
        searchWallMs
      }
    );
    const evidence = await evidenceWriter.close();
    await Promise.all(models.map((m) => m.close()));
    log(`evidence: ${evidence.rows} rows${shard ? ` (shard ${shard.index}/${shard.count})` : ''}`);
    stage('evaluate');

    const stderrFiles = writeStderrTails(staging, models, plan.models);
    const work = modelWork(models, plan.models, prepared.answerCaches);
    for (const line of cacheLines(work)) log(line);
    if (answerStore) pruneAnswers(answerStore, plan.models, log);
    return publish({
      staging,
      head,
      models: models.map((m, i) => describeForManifest(m, plan, i)),
      counters,
      baseline,
      evidence,
      derivation,
      shard,
      clock,
      context: deps.context,
      extraWallMs: { ...externalWallTimes(models, plan.models), ...searchWallTimes(searchWallMs) },
      runFields: { stderr_files: stderrFiles, ...(Object.keys(work).length > 0 ? { models: work } : {}) },
      unlistedFiles: Object.keys(stderrFiles)
    });
  } catch (error) {
    writer?.abort();
    await Promise.all(models.map((m) => m.close().catch(() => undefined)));
    staging.discard(error);
    throw error;
  }
}

/** Holds the cache folder to the largest `cache.max_mb` of the run's models (docs/answer-cache.md#size-and-damage). */
function pruneAnswers(store: AnswerStore, plans: readonly ModelPlan[], log: (line: string) => void): void {
  const mb = maxOf([0, ...plans.map((p) => p.cache?.maxMb ?? 0)]);
  if (mb === 0) return;
  const removed = store.prune(Math.floor(mb * 1024 * 1024));
  if (removed > 0) log(`cache: removed the ${removed} oldest answers to stay within ${mb} MB`);
}

/** Each external or HTTP model's wall time (its kind's `remote`), for manifest.run. */
function externalWallTimes(models: readonly Model[], plans: readonly ModelPlan[]): Record<string, number> {
  return Object.fromEntries(
    models.flatMap((m, i) => {
      const ms = modelKind((plans[i] as ModelPlan).kind).remote?.wallMs(m) ?? null;
      return ms === null ? [] : [[`model:${m.name}`, ms]];
    })
  );
}

/** Each model's time in the adaptive search (docs/search.md#what-the-manifest-records), for manifest.run. */
function searchWallTimes(wall: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(wall).map(([model, ms]) => [`search:${model}`, Math.round(ms)]));
}

/**
 * The tail of each external model's stderr, when it wrote any, as `stderr-<n>-<model>.txt` (outside the determinism
 * promise).
 */
function writeStderrTails(
  staging: OutputStaging,
  models: readonly Model[],
  plans: readonly ModelPlan[]
): Record<string, FileDigest> {
  const out: Record<string, FileDigest> = {};
  models.forEach((m, i) => {
    const tail = modelKind((plans[i] as ModelPlan).kind).remote?.stderrTail?.(m) ?? '';
    if (tail === '') return;
    const name = `stderr-${i + 1}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}.txt`;
    staging.writeUnlisted(name, tail);
    out[name] = { sha256: sha256Hex(tail), bytes: Buffer.byteLength(tail, 'utf8') };
  });
  return out;
}

/** One evidence row; a row too long to be read back is a data error naming the row and the remedy. */
function writeRow(serializer: RowSerializer, row: EvidenceRow, writer: EvidenceWriter): void {
  try {
    serializer.write(row, writer);
  } catch (error) {
    if (!(error instanceof EvidenceRowTooLong)) throw error;
    throw new DataError(
      `example ${quote(row.id)} (split ${quote(row.split)}, model ${quote(row.model)}, condition ` +
        `${quote(row.condition)}): its evidence row would be ${error.bytes} bytes, more than the ${MAX_ROW_BYTES} ` +
        `bytes that verify, merge and the baseline comparison read back; set output.text: hash (the row then keeps ` +
        `the text's SHA-256) or shorten the text`
    );
  }
}
