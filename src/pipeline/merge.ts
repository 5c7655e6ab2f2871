/**
 * `evidence-gate merge DIR... --out DIR` (docs/definitions.md#shards): checks that the shard folders belong to one
 * job — same config, data, labels, models, seeds and shard count, every index 1..N exactly once,
 * each holding the rows it should — then interleaves their evidence back into file order and
 * derives every output exactly as one unsharded run would. Any disagreement is a one-line
 * UsageError naming the shard; a shard whose evidence does not match its digest discards the
 * half-written output.
 */
import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { DEFAULT_OUTPUT_DIR } from '../config/defaults.js';
import { UsageError } from '../errors.js';
import { EvidenceReadError, OutputFolder, type NumberedRow } from '../evidence/output-folder.js';
import { EvidenceOrderError } from '../evidence/group.js';
import { EvidenceParseError, type EvidenceRow } from '../evidence/row.js';
import { EvidenceWriter } from '../evidence/writer.js';
import type { ModelCounters } from '../run/facts.js';
import { openBaseline, type BaselineSource } from './baseline.js';
import type { RunDeps, RunResult } from './contract.js';
import { readDerivationFacts } from '../manifest/facts.js';
import type { ManifestHead } from '../manifest/manifest.js';
import { checkRecordedGate } from '../manifest/gate-record.js';
import { resolveOutputFolder } from '../output/resolve.js';
import { shardOf } from '../shard/select.js';
import { stableJson } from '../util/json.js';
import { compareCodePoints } from '../util/strings.js';
import { Derivation } from './derive.js';
import { OutputStaging } from './output.js';
import { publish } from './publish.js';
import { startRun } from './start.js';
import { mergedModelWork } from './model-work.js';

export interface MergeOptions {
  root: string;
  /**
   * Shard folders, relative to `cwd` or absolute; with `shown`, how a folder is named in messages (an artifact name).
   */
  shards: Array<string | { dir: string; shown: string }>;
  outputDir?: string;
  cwd?: string;
  baseline?: BaselineSource | null;
  noBaselineReason?: string;
  /** As in RunOptions: false when no comparison can exist for this run. */
  baselineExpected?: boolean;
}

/** The sections every shard of one job must share, and how a difference is named. */
const SHARED: Array<[keyof ManifestHead, string]> = [
  ['statistics', 'seed or statistics differ'],
  ['data', 'data (files, labels, splits) differ'],
  ['threat_model', 'threat model differs'],
  ['conditions', 'conditions differ'],
  ['selective', 'abstention policy differs'],
  ['output', 'output settings differ'],
  ['lock_files', 'lock files differ'],
  ['gate', 'gate thresholds differ'],
  ['config', 'config file differs']
];

function checkAgreement(shards: readonly OutputFolder[]): void {
  const first = shards[0] as OutputFolder;
  for (const s of shards) {
    if (s.manifest.kind !== 'shard' || !s.manifest.shard)
      throw new UsageError(`${s.shown}: not a shard output (run it with --shard K/N)`);
  }
  const count = first.manifest.shard?.count as number;
  for (const s of shards.slice(1)) {
    const m = s.manifest;
    if (m.shard?.count !== count)
      throw new UsageError(`${s.shown}: shard of ${m.shard?.count}, but ${first.shown} is a shard of ${count}`);
    if (m.tool.version !== first.manifest.tool.version)
      throw new UsageError(
        `${s.shown}: written by Evidence Gate ${m.tool.version}, ${first.shown} by ${first.manifest.tool.version}`
      );
    // The most specific difference first: a changed seed also changes the config file.
    if (stableJson(m.models) !== stableJson(first.manifest.models)) {
      throw new UsageError(`${s.shown}: models (names, parameters or digests) differ from ${first.shown}'s`);
    }
    for (const [key, words] of SHARED) {
      if (stableJson(m[key]) !== stableJson(first.manifest[key]))
        throw new UsageError(
          `${s.shown}: ${words} from ${first.shown}'s; shards must come from one config, data and seed`
        );
    }
  }
  const seen = new Map<number, string>();
  for (const s of shards) {
    const k = s.manifest.shard?.index as number;
    const earlier = seen.get(k);
    if (earlier !== undefined) throw new UsageError(`shard ${k}/${count} given twice: ${earlier} and ${s.shown}`);
    seen.set(k, s.shown);
  }
  for (let k = 1; k <= count; k++)
    if (!seen.has(k)) throw new UsageError(`shard ${k}/${count} is missing; give every shard folder 1..${count}`);
  const total = first.manifest.data.files.filter((f) => f.split !== 'train').reduce((n, f) => n + f.rows, 0);
  const covered = shards.reduce((n, s) => n + (s.manifest.shard?.examples ?? 0), 0);
  if (covered !== total)
    throw new UsageError(
      `the shards hold ${covered} examples, the data ${total}; every example must be in exactly one shard`
    );
  const perExample = first.manifest.models.length * first.manifest.conditions.evaluated.length;
  for (const s of shards) {
    const rows = s.evidenceEntry.rows;
    const expected = (s.manifest.shard?.examples ?? 0) * perExample;
    if (rows !== expected)
      throw new UsageError(
        `${s.shown}: its manifest lists ${rows} evidence rows, expected ${expected} (` +
          `${s.manifest.shard?.examples} examples × ${perExample})`
      );
  }
}

/**
 * One shard's evidence, read an example at a time through the output-folder reader (bounded,
 * digest-checked). Rows must be in the order a run writes them — examples by split then id, each
 * example's rows by model then condition, none twice — so a damaged or doctored shard is named
 * here, with its line, rather than deep in the derivation.
 */
class ShardCursor {
  private readonly iterator: AsyncIterator<NumberedRow>;
  private pending: NumberedRow | null = null;
  /** The current example's lines and rows, in file order. */
  group: NumberedRow[] = [];
  done = false;
  private readonly splitRank: Map<string, number>;
  private readonly slotOf: (row: EvidenceRow) => number;

  constructor(readonly shard: OutputFolder) {
    this.iterator = shard.rows()[Symbol.asyncIterator]();
    const m = shard.manifest;
    this.splitRank = new Map(m.data.splits.map((s, i) => [s, i]));
    const models = new Map(m.models.map((d, i) => [d.name, i]));
    const conditions = new Map(m.conditions.evaluated.map((c, i) => [c as string, i]));
    this.slotOf = (row) => (models.get(row.model) ?? -1) * conditions.size + (conditions.get(row.condition) ?? -1);
  }

  private refuse(n: NumberedRow, what: string): never {
    const r = n.row;
    throw new UsageError(
      `${this.shard.shown}/${this.shard.evidenceName}:${n.number}: row of example ${JSON.stringify(r.id)} (` +
        `${r.split}, model ${JSON.stringify(r.model)}, condition ${JSON.stringify(r.condition)}) ${what} (a ` +
        `damaged or changed shard)`
    );
  }

  private async next(): Promise<NumberedRow | null> {
    try {
      const r = await this.iterator.next();
      return r.done ? null : r.value;
    } catch (error) {
      if (error instanceof EvidenceParseError) throw new UsageError(`${error.message} (a truncated or damaged shard)`);
      if (error instanceof EvidenceReadError && error.mismatch && error.detail.includes('SHA-256')) {
        throw new UsageError(
          `${this.shard.shown}/${this.shard.evidenceName}: SHA-256 does not match its manifest (a truncated or ` +
            `changed shard)`
        );
      }
      throw error;
    }
  }

  /** Loads the next example's rows into `group`; false at the end. */
  async advance(): Promise<boolean> {
    const previous = this.group[0];
    const first = this.pending ?? (await this.next());
    this.pending = null;
    if (first === null) {
      this.group = [];
      this.done = true;
      return false;
    }
    if (previous) {
      const p = previous.row;
      const order =
        (this.splitRank.get(first.row.split) ?? -1) - (this.splitRank.get(p.split) ?? -1) ||
        compareCodePoints(first.row.id, p.id);
      if (order === 0) this.refuse(first, 'appears twice');
      if (order < 0) this.refuse(first, 'is out of order; rows are sorted by split then id');
    }
    const group = [first];
    const slots = new Set([this.slotOf(first.row)]);
    let slot = this.slotOf(first.row);
    for (;;) {
      const n = await this.next();
      if (n === null) break;
      if (n.row.split !== first.row.split || n.row.id !== first.row.id) {
        this.pending = n;
        break;
      }
      const s = this.slotOf(n.row);
      if (slots.has(s)) this.refuse(n, 'appears twice');
      if (s < slot) this.refuse(n, 'is out of order within its example; rows are sorted by model then condition');
      slots.add(s);
      slot = s;
      group.push(n);
    }
    this.group = group;
    return true;
  }
}

/**
 * The output folder must not be, hold or lie inside a shard folder: the merge would replace or
 * write into an input it is still reading.
 */
function checkOutputApart(
  root: string,
  given: string | undefined,
  cwd: string | undefined,
  shards: readonly OutputFolder[]
): void {
  const out = resolveOutputFolder(root, given ?? DEFAULT_OUTPUT_DIR, cwd).real;
  for (const s of shards) {
    const dir = realpathSync(s.dir);
    if (out === dir)
      throw new UsageError(
        `output folder ${s.shown}: is one of the shards being merged; expected a folder apart from every shard ` +
          `(choose another --out)`
      );
    if (out.startsWith(dir + sep))
      throw new UsageError(
        `output folder: inside shard ${s.shown}; expected a folder apart from every shard (choose another --out)`
      );
    if (dir.startsWith(out + sep))
      throw new UsageError(
        `output folder: holds shard ${s.shown}; expected a folder apart from every shard (choose another --out)`
      );
  }
}

/** Each shard's recorded gate must be the one its recorded config declares (merge takes the gate from the shards). */
function checkRecordedGates(shards: readonly OutputFolder[]): void {
  for (const s of shards) {
    const check = checkRecordedGate(s.manifest);
    if (!check.ok)
      throw new UsageError(`${s.shown}/manifest.json: ${check.problem}; run the shard again with this build`);
  }
}

export async function merge(options: MergeOptions, deps: RunDeps = {}): Promise<RunResult> {
  const clock = startRun(options, deps);
  const { root, cwd, log, stage } = clock;
  if (options.shards.length === 0) throw new UsageError('merge needs at least one shard folder');
  const shards = options.shards.map((d) =>
    typeof d === 'string' ? OutputFolder.open(resolve(cwd, d), d) : OutputFolder.open(resolve(cwd, d.dir), d.shown)
  );
  checkAgreement(shards);
  checkRecordedGates(shards);
  checkOutputApart(root, options.outputDir, options.cwd, shards);
  shards.sort((a, b) => (a.manifest.shard?.index as number) - (b.manifest.shard?.index as number));
  const first = shards[0] as OutputFolder;
  const shared = Object.fromEntries(
    Object.entries(first.manifest).filter(([k]) => k !== 'shard')
  ) as unknown as ManifestHead;
  const head: ManifestHead = {
    ...shared,
    kind: 'run',
    models: first.manifest.models
  };
  const staging = OutputStaging.open(root, options.outputDir, options.cwd);
  let writer: EvidenceWriter | null = null;
  try {
    const baseline = await openBaseline(
      options.baseline,
      head,
      cwd,
      deps.warn ?? log,
      options.noBaselineReason,
      options.baselineExpected
    );
    stage('config');
    writer = new EvidenceWriter(staging.dir, first.manifest.output.gzip_above_bytes);
    const facts = readDerivationFacts(head);
    const derivation = new Derivation(facts, baseline);
    const splitRank = new Map(head.data.splits.map((s, i) => [s, i]));
    const cursors = shards.map((s) => new ShardCursor(s));
    for (const c of cursors) await c.advance();
    const total = shards.reduce((n, s) => n + (s.evidenceEntry.rows ?? 0), 0);
    let rows = 0;
    const key = (c: ShardCursor) => c.group[0]?.row as EvidenceRow;
    for (;;) {
      let best: ShardCursor | null = null;
      for (const c of cursors) {
        if (c.done) continue;
        if (best === null) best = c;
        else {
          const a = key(c);
          const b = key(best);
          if (((splitRank.get(a.split) ?? 0) - (splitRank.get(b.split) ?? 0) || compareCodePoints(a.id, b.id)) < 0)
            best = c;
        }
      }
      if (best === null) break;
      const index = best.shard.manifest.shard?.index as number;
      const count = best.shard.manifest.shard?.count as number;
      const k = key(best);
      if (shardOf(k.split, k.id, count) !== index)
        throw new UsageError(
          `${best.shard.shown}: example ${JSON.stringify(k.id)} (${k.split}) belongs to shard ` +
            `${shardOf(k.split, k.id, count)}, not ${index}`
        );
      for (const { line, row, number } of best.group) {
        writer.write(line);
        try {
          derivation.add(row);
        } catch (error) {
          if (!(error instanceof EvidenceOrderError)) throw error;
          throw new UsageError(
            `${best.shard.shown}/${best.shard.evidenceName}:${number}: ` +
              `${error.message.replace(/^evidence row \d+ /, 'row ')} (a damaged or changed shard)`
          );
        }
      }
      rows += best.group.length;
      if (rows % 65536 < best.group.length) {
        await writer.drain();
        deps.progress?.({ stage: 'merge', rows, total });
      }
      await best.advance();
    }
    const evidence = await writer.close();
    stage('merge');
    const result = publish({
      staging,
      head,
      models: (shards[0] as OutputFolder).manifest.models,
      counters: mergedCounters(shards),
      mergedFrom: shards.map((s) => ({ index: s.manifest.shard?.index as number, manifest_sha256: s.manifestSha256 })),
      baseline,
      evidence,
      derivation,
      shard: null,
      clock,
      context: deps.context,
      runFields: {
        shard_wall_ms: shards.map((s) => s.manifest.run?.wall_ms ?? {}),
        ...modelsRun(shards)
      }
    });
    log(`merged ${shards.length} shards: ${evidence.rows} evidence rows`);
    return result;
  } catch (error) {
    writer?.abort();
    staging.discard(error);
    throw error;
  }
}

/** Work counters add up across shards (a text shared by examples of two shards is scored in both). */
function mergedCounters(shards: readonly OutputFolder[]): ModelCounters[] {
  const first = (shards[0] as OutputFolder).manifest.counters;
  return first.map((c, i) => {
    const sum = (k: keyof ModelCounters) =>
      shards.reduce((n, s) => n + (((s.manifest.counters[i] as ModelCounters)[k] as number | undefined) ?? 0), 0);
    return {
      ...c,
      predictions: sum('predictions'),
      distinctInputs: sum('distinctInputs'),
      modelCalls: sum('modelCalls'),
      ...(c.gradientEvaluations !== undefined
        ? { gradientEvaluations: sum('gradientEvaluations'), predictionEvaluations: sum('predictionEvaluations') }
        : {}),
      // Each row's queries are its shard's, so the merged sum equals an unsharded run's.
      ...(c.searchQueries !== undefined ? { searchQueries: sum('searchQueries') } : {}),
      ...(c.exactQueries !== undefined ? { exactQueries: sum('exactQueries') } : {})
    };
  });
}

/** What the shards' models were asked (manifest.run.models), summed as one unsharded run would have counted. */
function modelsRun(shards: readonly OutputFolder[]): { models?: Record<string, Record<string, unknown>> } {
  const records = shards.map((s) => s.manifest.run?.models);
  if (records.every((r) => r === undefined)) return {};
  return { models: mergedModelWork(records) };
}
