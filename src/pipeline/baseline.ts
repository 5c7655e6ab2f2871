/** Opening the baseline a run or merge compares with (docs/report.md): read, checked for staleness, or refused. */
import { resolve } from 'node:path';
import { loadBaseline, type BaselineIndex } from '../compare/baseline.js';
import { firstJudgedDifference, parseBaselineChecks, readBaselineChecks } from '../compare/baseline-checks.js';
import type { OutputFolder } from '../evidence/output-folder.js';
import type { BaselineChecks } from '../gate/change.js';
import { readDerivationFacts } from '../manifest/facts.js';
import type { BaselineOrigin, BaselineRecord, ManifestHead } from '../manifest/manifest.js';
import { ArtifactError } from '../manifest/read.js';
import { jsonDifferences } from '../util/json-diff.js';
import { stableJson } from '../util/json.js';
import type { FolderDiff } from '../util/git.js';
import { TOOL_VERSION } from '../version.js';
import { Derivation, type BaselineInput } from './derive.js';
import { isListed, recordedComparisonOf, recordedNoBaseline, settleOnRecordedComparison } from './recorded.js';

/** A baseline folder to compare with, and where it came from when it was downloaded. */
export interface BaselineSource {
  /** Absolute path, or relative to `cwd`. */
  dir: string;
  /** How to name it in messages and the manifest (default: the path). */
  shown?: string;
  /** Set when it was downloaded from a run of the base branch. */
  origin?: {
    commit?: string | null;
    runId?: number | null;
    artifactId?: number | null;
    branch?: string | null;
    conclusion?: string | null;
  };
  /** A folder given by path: whether the change being gated wrote it (unknown when absent). */
  diff?: FolderDiff;
  /**
   * With gate.block_on: new, refuse a folder git tracks unless the diff provably leaves it alone
   * (the action on a pull request): its author could otherwise write the known failures.
   */
  refuseIfChanged?: boolean;
  /**
   * `refuse` (CLI): a bad baseline is an error. `warn` (action): it is reported and the comparison checks are not
   * applicable.
   */
  onError?: 'refuse' | 'warn';
}

/** The provenance manifest.baseline records. */
function originOf(source: BaselineSource): BaselineOrigin {
  const o = source.origin;
  if (o?.runId != null) return { kind: 'artifact', branch: o.branch ?? null, conclusion: o.conclusion ?? null };
  const unknown = { tracked: null, changed: null, baseCommit: null, note: 'no base commit is known to diff against' };
  const d = source.diff ?? unknown;
  return { kind: 'folder', tracked: d.tracked, changed_in_diff: d.changed, base_commit: d.baseCommit, note: d.note };
}

/** Why a folder the change may have written is not used with block_on: new, or null. */
function changedFolderReason(source: BaselineSource, head: ManifestHead, shown: string): string | null {
  const d = source.diff;
  if (!source.refuseIfChanged || head.gate.plan.block_on !== 'new') return null;
  if (!d || d.tracked === false || d.changed === false) return null;
  const unsure = `it cannot be told whether this pull request changes it: ${d.note}`;
  const what = d.changed ? 'this pull request changes it' : unsure;
  const why = 'with gate.block_on: new its author could write the known failures, so it is not used';
  return `${shown}: a folder in the repository, and ${what}; ${why}`;
}

/**
 * Re-derives a baseline's metrics and checks from its own evidence in the pass that indexes it,
 * as verify does, so a checks.json that does not follow from the rows is refused
 * (docs/security.md#baselines). Another version of the tool may lay the files out differently:
 * then only what the judgement of a change reads is compared.
 */
class Rederivation {
  private derivation: Derivation | null = null;

  readonly watch = (art: OutputFolder) => {
    const derivation = new Derivation(readDerivationFacts(art.manifest), recordedNoBaseline(art.manifest));
    this.derivation = derivation;
    return (row: Parameters<Derivation['add']>[0]) => derivation.add(row);
  };

  /** The first difference as `file: JSON path: recorded X, recomputed Y`, or null. */
  firstDifference(art: OutputFolder, recordedChecks: BaselineChecks | null): string | null {
    if (this.derivation === null) return null;
    const derived = this.derivation.finish();
    const comparison = recordedComparisonOf(art);
    if (comparison) settleOnRecordedComparison(art, derived, readDerivationFacts(art.manifest), comparison);
    const recomputed = { 'metrics.json': derived.metrics, 'checks.json': derived.gate };
    if (art.manifest.tool.version !== TOOL_VERSION) {
      if (recordedChecks === null) return null;
      const diff = firstJudgedDifference(recordedChecks, parseBaselineChecks(stableJson(derived.gate), 'checks.json'));
      return diff && `checks.json: ${diff}`;
    }
    for (const [name, value] of Object.entries(recomputed)) {
      if (!isListed(art, name)) return `${name}: missing, recomputed one from the evidence`;
      const diffs: string[] = [];
      jsonDifferences(art.readJson(name) as never, JSON.parse(stableJson(value)), '', diffs, 1);
      if (diffs[0]) return `${name}: ${diffs[0]}`;
    }
    return null;
  }
}

/** Reads, indexes and re-derives the baseline; throws ArtifactError when it does not earn trust. */
async function trustedBaseline(
  dir: string,
  shown: string,
  head: ManifestHead
): Promise<{ index: BaselineIndex; checks: BaselineChecks | null }> {
  const rederivation = new Rederivation();
  const index = await loadBaseline(dir, shown, head.threat_model.protected_transitions, rederivation.watch);
  const checks = readBaselineChecks(index.artifact);
  const diff = rederivation.firstDifference(index.artifact, checks);
  if (diff) throw new ArtifactError(`${shown}/${diff}: the baseline does not agree with its own evidence`);
  return { index, checks };
}

/** Evaluation data digests and threat model of a manifest: what makes a baseline stale when it differs. */
export function staleReasons(
  head: Pick<ManifestHead, 'data' | 'threat_model'>,
  base: Pick<ManifestHead, 'data' | 'threat_model'>
): string[] {
  const reasons: string[] = [];
  const digests = (m: Pick<ManifestHead, 'data'>) =>
    new Map(m.data.files.filter((f) => f.split !== 'train').map((f) => [f.split, f.sha256]));
  const a = digests(head);
  const b = digests(base);
  const splits = [...new Set([...a.keys(), ...b.keys()])];
  const changed = splits.filter((s) => a.get(s) !== b.get(s));
  if (changed.length > 0) reasons.push(`evaluation data differs (${changed.join(', ')})`);
  if (head.threat_model.id !== base.threat_model.id || head.threat_model.revision !== base.threat_model.revision) {
    reasons.push(
      `threat model ${base.threat_model.id} revision ${base.threat_model.revision} → ${head.threat_model.id} ` +
        `revision ${head.threat_model.revision}`
    );
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
export async function openBaseline(
  source: BaselineSource | null | undefined,
  head: ManifestHead,
  cwd: string,
  warn: (line: string) => void,
  noBaselineReason?: string,
  expected = true
): Promise<BaselineInput> {
  if (!source)
    return noBaselineReason ? { reason: noBaselineReason, ...(expected ? {} : { expected: false as const }) } : null;
  const dir = resolve(cwd, source.dir);
  const shown = source.shown ?? source.dir;
  try {
    const changed = changedFolderReason(source, head, shown);
    if (changed) throw new ArtifactError(changed);
    const { index, checks } = await trustedBaseline(dir, shown, head);
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
      stale_reasons: reasons,
      origin: originOf(source)
    };
    return { index, record, checks };
  } catch (error) {
    if (!(error instanceof ArtifactError) || source.onError !== 'warn') throw error;
    warn(`baseline refused: ${error.message}`);
    return { reason: `the baseline was refused (${error.message})` };
  }
}
