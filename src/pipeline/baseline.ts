/** Opening the baseline a run or merge compares with (docs/report.md): read, checked for staleness, or refused. */
import { resolve } from 'node:path';
import { loadBaseline } from '../compare/baseline.js';
import { readBaselineChecks } from '../compare/baseline-checks.js';
import type { BaselineRecord, ManifestHead } from '../manifest/manifest.js';
import { ArtifactError } from '../manifest/read.js';
import type { BaselineInput } from './derive.js';

/** A baseline folder to compare with, and where it came from when it was downloaded. */
export interface BaselineSource {
  /** Absolute path, or relative to `cwd`. */
  dir: string;
  /** How to name it in messages and the manifest (default: the path). */
  shown?: string;
  origin?: { commit?: string | null; runId?: number | null; artifactId?: number | null };
  /** `refuse` (CLI): a bad baseline is an error. `warn` (action): it is reported and the comparison checks are not applicable. */
  onError?: 'refuse' | 'warn';
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
  // What a success is differs: a wrong decision, or only one the review policy accepts.
  const policy = (m: Pick<ManifestHead, 'threat_model'>) => m.threat_model.against_policy === true;
  if (policy(head) !== policy(base)) reasons.push(`threat_model.against_policy ${policy(base)} → ${policy(head)}`);
  return reasons;
}

/**
 * Reads the baseline; a refused one is an error or, with onError 'warn', the reason there is no
 * comparison. `expected` false: no comparison can exist for this run (see RunOptions.baselineExpected).
 */
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
