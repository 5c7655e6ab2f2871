/** Pieces every command of the engine shares: options and results, the stage clock, the host, and opening a baseline. */
import { hostname, platform, arch, cpus } from 'node:os';
import { resolve } from 'node:path';
import { loadBaseline } from '../compare/baseline.js';
import { readBaselineChecks } from '../compare/baseline-checks.js';
import type { Comparison } from '../compare/comparison.js';
import type { GateResult } from '../gate/checks.js';
import type { BaselineRecord, Manifest, ManifestHead } from '../manifest/manifest.js';
import { ArtifactError } from '../manifest/read.js';
import type { ShardSpec } from '../shard/select.js';
import type { BaselineInput } from './derive.js';

/** A baseline folder to compare with (SPEC §15), and where it came from when it was downloaded. */
export interface BaselineSource {
  /** Absolute path, or relative to `cwd`. */
  dir: string;
  /** How to name it in messages and the manifest (default: the path). */
  shown?: string;
  origin?: { commit?: string | null; runId?: number | null; artifactId?: number | null };
  /** `refuse` (CLI): a bad baseline is an error. `warn` (action): it is reported and the comparison checks are not applicable. */
  onError?: 'refuse' | 'warn';
}

export interface Progress {
  stage: 'evaluate' | 'merge' | 'verify';
  rows: number;
  total: number;
}

export interface RunDeps {
  /** Milliseconds, for stage wall times. */
  now?: () => number;
  /** ISO timestamp for `manifest.run`. */
  timestamp?: () => string;
  /** Progress lines; never receives dataset text. */
  log?: (line: string) => void;
  /** Warnings (a refused baseline in the action); never receives dataset text. */
  warn?: (line: string) => void;
  /** Rows done, for a progress display. */
  progress?: (p: Progress) => void;
  /** Run context for `manifest.run.context` (repository, commit, workflow run, ...). */
  context?: Record<string, string | number | null>;
  /** SHA-256 of the running bundle, when known. */
  bundleSha256?: string | null;
}

export interface RunResult {
  kind: 'run' | 'shard';
  /** Null for a shard (no gate until the merge). */
  verdict: 'pass' | 'fail' | null;
  failedChecks: number;
  gate: GateResult | null;
  comparison: Comparison | null;
  /** Why the comparison checks are not applicable, when there is no comparison. */
  noBaselineReason: string | null;
  shard: ShardSpec | null;
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

/** A clock for stage wall times. */
export function stageClock(now: () => number): { wall: Record<string, number>; stage: (name: string) => void } {
  const wall: Record<string, number> = {};
  let mark = now();
  return {
    wall,
    stage: (name) => {
      const t = now();
      wall[name] = Math.round((t - mark) * 1000) / 1000;
      mark = t;
    }
  };
}

/** What `run` and `merge` both start from: the resolved root and current folder, clocks, the log and the stage timer. */
export function startRun(options: { root: string; cwd?: string }, deps: RunDeps) {
  const timestamp = deps.timestamp ?? (() => new Date().toISOString());
  const root = resolve(options.root);
  return {
    root,
    cwd: options.cwd ?? root,
    timestamp,
    log: deps.log ?? (() => {}),
    started: timestamp(),
    ...stageClock(deps.now ?? (() => performance.now()))
  };
}

export function hostFacts(): Manifest['run']['host'] {
  return { hostname: hostname(), platform: platform(), arch: arch(), cpus: cpus().length };
}

/** The process's peak resident memory so far, in bytes (worker threads included: they share the process). */
export function peakRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** Evaluation data digests and threat model of a manifest: what makes a baseline stale when it differs. */
export function staleReasons(head: Pick<ManifestHead, 'data' | 'threat_model'>, base: Pick<ManifestHead, 'data' | 'threat_model'>): string[] {
  const reasons: string[] = [];
  const digests = (m: Pick<ManifestHead, 'data'>) => new Map(m.data.files.filter((f) => f.split !== 'train').map((f) => [f.split, f.sha256]));
  const a = digests(head);
  const b = digests(base);
  const splits = [...new Set([...a.keys(), ...b.keys()])];
  const changed = splits.filter((s) => a.get(s) !== b.get(s));
  if (changed.length > 0) reasons.push(`evaluation data differs (${changed.join(', ')})`);
  if (head.threat_model.id !== base.threat_model.id || head.threat_model.revision !== base.threat_model.revision) {
    reasons.push(`threat model ${base.threat_model.id} revision ${base.threat_model.revision} → ${head.threat_model.id} revision ${head.threat_model.revision}`);
  }
  return reasons;
}

/** Reads the baseline (SPEC §15); a refused one is an error or, with onError 'warn', the reason there is no comparison. */
export async function openBaseline(source: BaselineSource | null | undefined, head: ManifestHead, cwd: string, warn: (line: string) => void, noBaselineReason?: string, expected = true): Promise<BaselineInput> {
  if (!source) return noBaselineReason ? { reason: noBaselineReason, ...(expected ? {} : { expected: false as const }) } : null;
  const dir = resolve(cwd, source.dir);
  const shown = source.shown ?? source.dir;
  try {
    const index = await loadBaseline(dir, shown, head.threat_model.protected_transitions);
    const m = index.artifact.manifest;
    const reasons = staleReasons(head, m);
    const context = m.run?.context ?? {};
    const record: BaselineRecord = {
      source: shown,
      commit: source.origin?.commit ?? (typeof context.commit === 'string' ? context.commit : null),
      run_id: source.origin?.runId ?? (typeof context.run_id === 'number' ? context.run_id : null),
      artifact_id: source.origin?.artifactId ?? null,
      manifest_sha256: index.artifact.manifestSha256,
      stale: reasons.length > 0,
      stale_reasons: reasons
    };
    return { index, record, checks: readBaselineChecks(index.artifact) };
  } catch (error) {
    if (!(error instanceof ArtifactError) || source.onError !== 'warn') throw error;
    warn(`baseline refused: ${error.message}`);
    return { reason: `the baseline was refused (${error.message})` };
  }
}

