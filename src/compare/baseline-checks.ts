/**
 * The baseline's checks.json, read for judging what a pull request changed (docs/gate.md): per
 * check id its status, figure, direction and threshold, and whether not-evaluated checks blocked.
 * The folder's digests are checked by the baseline reader first; this checks the shape, so a
 * hand-edited file is refused in one line (ArtifactError) instead of judged wrongly.
 */
import type { BaselineCheck, BaselineChecks } from '../gate/change.js';
import type { OutputFolder } from '../evidence/output-folder.js';
import { ArtifactError } from '../manifest/read.js';

const STATUSES = new Set(['pass', 'fail', 'not_evaluated', 'not_applicable']);

/**
 * Why a recorded figure's number cannot be used, or null: counts and values beyond 2^53 cannot be
 * exact, and scaling one (100 × a count) must stay finite for the exact comparison.
 */
export function figureNumberProblem(x: unknown): string | null {
  if (x === null) return null;
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    return `expected a number or null, found ${JSON.stringify(x)?.slice(0, 40)}`;
  }
  if (Math.abs(x) > Number.MAX_SAFE_INTEGER) return `expected a number of magnitude at most 2^53 - 1, found ${x}`;
  return null;
}

/** Parses checks.json text; `shown` names the file in messages. */
export function parseBaselineChecks(text: string, shown: string): BaselineChecks {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ArtifactError(`${shown}: not valid JSON (${(error as Error).message})`);
  }
  const root = parsed as { allow_not_evaluated?: unknown; checks?: unknown } | null;
  if (root === null || typeof root !== 'object' || !Array.isArray(root.checks))
    throw new ArtifactError(`${shown}: expected an object with a checks array`);
  const checks = new Map<string, BaselineCheck>();
  root.checks.forEach((raw: unknown, i) => {
    const c = raw as Record<string, unknown> | null;
    const where = `${shown}: checks[${i}]`;
    if (c === null || typeof c !== 'object') throw new ArtifactError(`${where}: expected an object`);
    if (typeof c.id !== 'string' || typeof c.check !== 'string')
      throw new ArtifactError(`${where}: expected string id and check`);
    if (typeof c.status !== 'string' || !STATUSES.has(c.status))
      throw new ArtifactError(
        `${where}.status: expected pass, fail, not_evaluated or not_applicable, found ` +
          `${JSON.stringify(c.status)?.slice(0, 40)}`
      );
    if (c.direction !== 'min' && c.direction !== 'max')
      throw new ArtifactError(`${where}.direction: expected min or max`);
    if (typeof c.threshold !== 'number' || !Number.isFinite(c.threshold))
      throw new ArtifactError(`${where}.threshold: expected a number`);
    for (const key of ['value', 'numerator', 'denominator'] as const) {
      const problem = figureNumberProblem(c[key]);
      if (problem) throw new ArtifactError(`${where}.${key}: ${problem}`);
    }
    if (checks.has(c.id)) throw new ArtifactError(`${where}: id ${JSON.stringify(c.id).slice(0, 120)} appears twice`);
    checks.set(c.id, {
      id: c.id,
      check: c.check,
      status: c.status as BaselineCheck['status'],
      value: c.value as number | null,
      numerator: c.numerator as number | null,
      denominator: c.denominator as number | null,
      direction: c.direction,
      threshold: c.threshold
    });
  });
  return { allowNotEvaluated: root.allow_not_evaluated === true, checks };
}

/**
 * The checks.json the baseline's manifest lists (its digest already checked), or null when it lists none (a shard
 * folder).
 */
export function readBaselineChecks(artifact: OutputFolder): BaselineChecks | null {
  if (!artifact.manifest.files?.['checks.json']) return null;
  const shown = `${artifact.shown}/checks.json`;
  // Read through the output-folder reader: a regular file inside the folder, bounded by its recorded size.
  const { bytes, problem } = artifact.readListed('checks.json');
  if (bytes === null) throw new ArtifactError(`${artifact.shown}/${problem}`);
  return parseBaselineChecks(bytes.toString('utf8'), shown);
}

const JUDGED = ['status', 'value', 'numerator', 'denominator', 'direction', 'threshold'] as const;

/**
 * The first difference, in what the judgement of a change reads, between the checks a folder
 * records and the checks derived again from its evidence, as `JSON path: recorded X, recomputed Y`
 * (paths index the recorded checks array); null when they agree.
 */
export function firstJudgedDifference(recorded: BaselineChecks, recomputed: BaselineChecks): string | null {
  const shown = (x: unknown) => JSON.stringify(x)?.slice(0, 80) ?? '(absent)';
  if (recorded.allowNotEvaluated !== recomputed.allowNotEvaluated) {
    return `allow_not_evaluated: recorded ${recorded.allowNotEvaluated}, recomputed ${recomputed.allowNotEvaluated}`;
  }
  let i = 0;
  for (const [id, r] of recorded.checks) {
    const c = recomputed.checks.get(id);
    if (c === undefined) return `checks[${i}]: recorded check ${shown(id)}, recomputed none of that id`;
    for (const key of JUDGED) {
      if (Object.is(r[key], c[key])) continue;
      return `checks[${i}].${key}: recorded ${shown(r[key])}, recomputed ${shown(c[key])}`;
    }
    i++;
  }
  for (const id of recomputed.checks.keys()) {
    if (!recorded.checks.has(id)) return `checks: recorded none of id ${shown(id)}, recomputed one`;
  }
  return null;
}
