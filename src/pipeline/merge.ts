/**
 * `evidence-gate merge DIR... --out DIR` (SPEC §16): checks that the shard folders belong to one
 * job — same config, data, labels, models, seeds and shard count, every index 1..N exactly once,
 * each holding the rows it should — then interleaves their evidence back into file order and
 * derives every output exactly as one unsharded run would. Any disagreement is a one-line
 * UsageError naming the shard; a shard whose evidence does not match its digest discards the
 * half-written output.
 */
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { readEvidenceLines, type EvidenceLines } from '../evidence/reader.js';
import { EvidenceParseError, parseRow, type EvidenceRow } from '../evidence/row.js';
import { EvidenceWriter } from '../evidence/writer.js';
import type { ModelCounters } from '../run/facts.js';
import { openBaseline, type BaselineSource } from './baseline.js';
import type { RunDeps, RunResult } from './contract.js';
import { readDerivationFacts } from '../manifest/facts.js';
import type { Manifest, ManifestHead } from '../manifest/manifest.js';
import { openArtifact, type OpenedArtifact } from '../manifest/read.js';
import { shardOf } from '../shard/select.js';
import { stableJson } from '../util/json.js';
import { compareCodePoints } from '../util/strings.js';
import { Derivation } from './derive.js';
import { OutputStaging } from './output.js';
import { publish } from './publish.js';
import { startRun } from './start.js';

export interface MergeOptions {
  root: string;
  /** Shard folders, relative to `cwd` or absolute; with `shown`, how a folder is named in messages (an artifact name). */
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

/** A model's identity, without the per-shard counters of an external model. */
function modelIdentity(m: Manifest['models'][number]): unknown {
  return Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'counters'));
}

function checkAgreement(shards: readonly OpenedArtifact[]): void {
  const first = shards[0] as OpenedArtifact;
  for (const s of shards) {
    if (s.manifest.kind !== 'shard' || !s.manifest.shard) throw new UsageError(`${s.shown}: not a shard output (run it with --shard K/N)`);
  }
  const count = first.manifest.shard?.count as number;
  for (const s of shards.slice(1)) {
    const m = s.manifest;
    if (m.shard?.count !== count) throw new UsageError(`${s.shown}: shard of ${m.shard?.count}, but ${first.shown} is a shard of ${count}`);
    if (m.tool.version !== first.manifest.tool.version) throw new UsageError(`${s.shown}: written by Evidence Gate ${m.tool.version}, ${first.shown} by ${first.manifest.tool.version}`);
    // The most specific difference first: a changed seed also changes the config file.
    if (stableJson(m.models.map(modelIdentity)) !== stableJson(first.manifest.models.map(modelIdentity))) {
      throw new UsageError(`${s.shown}: models (names, parameters or digests) differ from ${first.shown}'s`);
    }
    for (const [key, words] of SHARED) {
      if (stableJson(m[key]) !== stableJson(first.manifest[key])) throw new UsageError(`${s.shown}: ${words} from ${first.shown}'s; shards must come from one config, data and seed`);
    }
  }
  const seen = new Map<number, string>();
  for (const s of shards) {
    const k = s.manifest.shard?.index as number;
    const earlier = seen.get(k);
    if (earlier !== undefined) throw new UsageError(`shard ${k}/${count} given twice: ${earlier} and ${s.shown}`);
    seen.set(k, s.shown);
  }
  for (let k = 1; k <= count; k++) if (!seen.has(k)) throw new UsageError(`shard ${k}/${count} is missing; give every shard folder 1..${count}`);
  const total = first.manifest.data.files.filter((f) => f.split !== 'train').reduce((n, f) => n + f.rows, 0);
  const covered = shards.reduce((n, s) => n + (s.manifest.shard?.examples ?? 0), 0);
  if (covered !== total) throw new UsageError(`the shards hold ${covered} examples, the data ${total}; every example must be in exactly one shard`);
  const perExample = first.manifest.models.length * first.manifest.conditions.evaluated.length;
  for (const s of shards) {
    const rows = s.evidenceEntry.rows;
    const expected = (s.manifest.shard?.examples ?? 0) * perExample;
    if (rows !== expected) throw new UsageError(`${s.shown}: its manifest lists ${rows} evidence rows, expected ${expected} (${s.manifest.shard?.examples} examples × ${perExample})`);
  }
}

/** One shard's evidence, read an example at a time. */
class ShardCursor {
  private readonly reader: EvidenceLines;
  private readonly iterator: AsyncIterator<string>;
  private line = 0;
  private pending: { line: string; row: EvidenceRow } | null = null;
  /** The current example's lines and rows, in file order. */
  group: Array<{ line: string; row: EvidenceRow }> = [];
  done = false;

  constructor(
    readonly shard: OpenedArtifact,
    private readonly labels: readonly string[]
  ) {
    this.reader = readEvidenceLines(shard.evidencePath);
    this.iterator = this.reader.lines[Symbol.asyncIterator]();
  }

  private async next(): Promise<{ line: string; row: EvidenceRow } | null> {
    const r = await this.iterator.next();
    if (r.done) return null;
    this.line++;
    const where = `${this.shard.shown}/${this.shard.manifest.evidence.file}:${this.line}`;
    try {
      return { line: r.value, row: parseRow(r.value, this.labels, where) };
    } catch (error) {
      if (error instanceof EvidenceParseError) throw new UsageError(`${error.message} (a truncated or damaged shard)`);
      throw error;
    }
  }

  /** Loads the next example's rows into `group`; false at the end. */
  async advance(): Promise<boolean> {
    const first = this.pending ?? (await this.next());
    this.pending = null;
    if (first === null) {
      this.group = [];
      this.done = true;
      return false;
    }
    const group = [first];
    for (;;) {
      const n = await this.next();
      if (n === null) break;
      if (n.row.split !== first.row.split || n.row.id !== first.row.id) {
        this.pending = n;
        break;
      }
      group.push(n);
    }
    this.group = group;
    return true;
  }

  digests() {
    return this.reader.digests();
  }
}

export async function merge(options: MergeOptions, deps: RunDeps = {}): Promise<RunResult> {
  const clock = startRun(options, deps);
  const { root, cwd, log, stage } = clock;
  if (options.shards.length === 0) throw new UsageError('merge needs at least one shard folder');
  const shards = options.shards.map((d) => (typeof d === 'string' ? openArtifact(resolve(cwd, d), d) : openArtifact(resolve(cwd, d.dir), d.shown)));
  checkAgreement(shards);
  shards.sort((a, b) => (a.manifest.shard?.index as number) - (b.manifest.shard?.index as number));
  const first = shards[0] as OpenedArtifact;
  const shared = Object.fromEntries(Object.entries(first.manifest).filter(([k]) => k !== 'shard')) as unknown as ManifestHead;
  const head: ManifestHead = { ...shared, kind: 'run', models: first.manifest.models.map((m) => modelIdentity(m) as Manifest['models'][number]) };
  const staging = OutputStaging.open(root, options.outputDir, options.cwd);
  let writer: EvidenceWriter | null = null;
  try {
    const baseline = await openBaseline(options.baseline, head, cwd, deps.warn ?? log, options.noBaselineReason, options.baselineExpected);
    stage('config');
    writer = new EvidenceWriter(staging.dir, first.manifest.output.gzip_above_bytes);
    const facts = readDerivationFacts(head);
    const derivation = new Derivation(facts, baseline);
    const splitRank = new Map(head.data.splits.map((s, i) => [s, i]));
    const cursors = shards.map((s) => new ShardCursor(s, head.data.labels));
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
          if (((splitRank.get(a.split) ?? 0) - (splitRank.get(b.split) ?? 0) || compareCodePoints(a.id, b.id)) < 0) best = c;
        }
      }
      if (best === null) break;
      const index = best.shard.manifest.shard?.index as number;
      const count = best.shard.manifest.shard?.count as number;
      const k = key(best);
      if (shardOf(k.split, k.id, count) !== index) throw new UsageError(`${best.shard.shown}: example ${JSON.stringify(k.id)} (${k.split}) belongs to shard ${shardOf(k.split, k.id, count)}, not ${index}`);
      for (const { line, row } of best.group) {
        writer.write(line);
        derivation.add(row);
      }
      rows += best.group.length;
      if (rows % 65536 < best.group.length) {
        await writer.drain();
        deps.progress?.({ stage: 'merge', rows, total });
      }
      await best.advance();
    }
    for (const c of cursors) {
      const d = c.digests();
      const e = c.shard.evidenceEntry;
      const expected = e.uncompressed?.sha256 ?? e.sha256;
      if (d.fileSha256 !== e.sha256 || d.sha256 !== expected) throw new UsageError(`${c.shard.shown}/${c.shard.manifest.evidence.file}: SHA-256 does not match its manifest (a truncated or changed shard)`);
    }
    const evidence = await writer.close();
    stage('merge');
    const result = publish({
      staging,
      head,
      models: mergedModels(shards),
      counters: mergedCounters(shards),
      mergedFrom: shards.map((s) => ({ index: s.manifest.shard?.index as number, manifest_sha256: s.manifestSha256 })),
      baseline,
      evidence,
      derivation,
      shard: null,
      clock,
      context: deps.context,
      runFields: { shard_wall_ms: shards.map((s) => s.manifest.run?.wall_ms ?? {}) }
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
function mergedCounters(shards: readonly OpenedArtifact[]): ModelCounters[] {
  const first = (shards[0] as OpenedArtifact).manifest.counters;
  return first.map((c, i) => {
    const sum = (k: keyof ModelCounters) => shards.reduce((n, s) => n + (((s.manifest.counters[i] as ModelCounters)[k] as number | undefined) ?? 0), 0);
    return {
      ...c,
      predictions: sum('predictions'),
      distinctInputs: sum('distinctInputs'),
      modelCalls: sum('modelCalls'),
      ...(c.gradientEvaluations !== undefined ? { gradientEvaluations: sum('gradientEvaluations'), predictionEvaluations: sum('predictionEvaluations') } : {})
    };
  });
}

/** Model entries with an external or HTTP model's counters summed over the shards. */
function mergedModels(shards: readonly OpenedArtifact[]): Manifest['models'] {
  return (shards[0] as OpenedArtifact).manifest.models.map((m, i) => {
    const counters = (m as Record<string, unknown>).counters as Record<string, unknown> | undefined;
    if (!counters) return m;
    const all = shards.map((s) => ((s.manifest.models[i] as Record<string, unknown>).counters ?? {}) as Record<string, unknown>);
    const add = (k: string) => all.reduce((n, c) => n + (typeof c[k] === 'number' ? (c[k] as number) : 0), 0);
    const failures: Record<string, number> = {};
    for (const c of all) for (const [k, v] of Object.entries((c.failures ?? {}) as Record<string, number>)) failures[k] = (failures[k] ?? 0) + v;
    // Work counters add up (an HTTP model's retries and bytes too); an exit code does not.
    const summed = Object.fromEntries(['requests', 'responses', 'retries', 'bytes_sent', 'bytes_received'].filter((k) => k in counters).map((k) => [k, add(k)]));
    return { ...m, counters: { ...counters, ...summed, failures } };
  });
}
