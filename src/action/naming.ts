/**
 * Names that must be derivable from one run to another: the default artifact name (so that a
 * pull request finds the base branch's artifact of the same job, config and matrix index),
 * shard artifact names (so that the merge finds them without a list) and the marker of the
 * sticky pull-request comment. None of them holds the run attempt or the step id, which
 * differ between the base branch's run and the pull request's.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ShardSpec } from '../shard/select.js';

function hash(length: number, ...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, length);
}

/**
 * A path as the same string in every checkout: relative to the workspace with forward slashes
 * ("./a//b.yml" and "a/b.yml" agree). A path outside the workspace keeps its resolved form;
 * the engine refuses it later with a proper message.
 */
export function workspaceKey(root: string, path: string): string {
  const absolute = resolve(root, path);
  const rel = relative(resolve(root), absolute);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absolute : rel.split(sep).join('/');
}

/** The matrix index from `strategy.job-index`: digits, else '0' (outside a matrix). */
export function jobIndexOf(raw: string): string {
  return /^\d{1,6}$/.test(raw) ? String(Number(raw)) : '0';
}

function jobId(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_JOB ?? 'local').replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100);
}

/**
 * The `key` input: what the runner cannot tell apart itself. The github context of a reusable
 * workflow is its caller's, so two calls of one reusable workflow in a run share the job id,
 * matrix index and workflow file; the caller passes something that differs between its calls.
 * Empty when unset, which keeps the names of steps without a key as they were.
 */
function keyParts(key: string): string[] {
  return key === '' ? [] : ['key', key];
}

/**
 * `evidence-gate-<job>-<matrix index>-<hash of config and output paths (and key)>`. Unique
 * within a run: the matrix index separates the jobs of a matrix (which share a job id), the
 * paths separate the steps of one job (two steps writing one output folder would overwrite
 * each other anyway), and the key separates calls of one reusable workflow. The same job,
 * index, config, output folder and key on the base branch give the same name, which is how
 * `baseline: auto` finds it.
 */
export function defaultArtifactName(
  env: NodeJS.ProcessEnv,
  configKey: string,
  outputKey: string,
  jobIndex: string,
  key = ''
): string {
  return `evidence-gate-${jobId(env)}-${jobIndexOf(jobIndex)}-${hash(8, configKey, outputKey, ...keyParts(key))}`;
}

/**
 * The matrix values of this job other than the shard, as one canonical string (keys sorted),
 * or '' outside a matrix. `matrix` is the `matrix` input, `${{ toJSON(matrix) }}`; the shard
 * dimension (a key named `shard`, or a value equal to this step's `K/N`) is left out, so that
 * a shard job and a merge job over the same other dimensions (os, model size, ...) agree.
 */
export function matrixKeyOf(matrix: string, shard: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(matrix);
  } catch {
    return '';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
  const entries = Object.entries(parsed as Record<string, unknown>)
    .filter(([k, v]) => k !== 'shard' && !(shard !== '' && typeof v === 'string' && v.trim() === shard))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '' : JSON.stringify(entries);
}

/**
 * The common part of a config's shard artifact names: the `artifact-name` input when set,
 * else `evidence-gate-<hash of the config path, the other matrix values and the key>`. It
 * leaves out the job id and matrix index, since the merge runs in another job than the
 * shards, but keeps the matrix's other dimensions: shards of `os: a` and `os: b` are two sets.
 */
export function shardPrefix(configKey: string, artifactName: string | null, matrixKey = '', key = ''): string {
  return (
    artifactName ??
    `evidence-gate-${hash(8, 'shard', configKey, ...(matrixKey === '' ? [] : ['matrix', matrixKey]), ...keyParts(key))}`
  );
}

export function shardArtifactName(prefix: string, shard: ShardSpec): string {
  return `${prefix}-shard-${shard.index}-of-${shard.count}`;
}

/** The shard a name stands for, when it is one of `prefix`'s shard artifacts. */
export function parseShardArtifactName(prefix: string, name: string): ShardSpec | null {
  if (!name.startsWith(`${prefix}-shard-`)) return null;
  const m = /^(\d{1,4})-of-(\d{1,4})$/.exec(name.slice(prefix.length + '-shard-'.length));
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : null;
}

/**
 * The workflow file of this run without its ref (`owner/repo/.github/workflows/ci.yml`), ''
 * when unknown: two workflows may both have a job `gate` on one pull request.
 */
function workflowPath(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_WORKFLOW_REF ?? '').replace(/@.*$/s, '');
}

/**
 * The hidden first line of the sticky pull-request comment of one config in one workflow,
 * job, matrix index and key: the next push finds and edits the comment that carries it.
 */
export function commentMarker(env: NodeJS.ProcessEnv, configKey: string, jobIndex: string, key = ''): string {
  return (
    `<!-- evidence-gate:comment:` +
    `${hash(16, workflowPath(env), jobId(env), jobIndexOf(jobIndex), configKey, ...keyParts(key))} -->`
  );
}
