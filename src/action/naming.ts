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
 * `evidence-gate-<job>-<matrix index>-<hash of config and output paths>`. Unique within a run:
 * the matrix index separates the jobs of a matrix (which share a job id), and the paths
 * separate the steps of one job (two steps writing one output folder would overwrite each
 * other anyway). The same job, index, config and output folder on the base branch give the
 * same name, which is how `baseline: auto` finds it.
 */
export function defaultArtifactName(env: NodeJS.ProcessEnv, configKey: string, outputKey: string, jobIndex: string): string {
  return `evidence-gate-${jobId(env)}-${jobIndexOf(jobIndex)}-${hash(8, configKey, outputKey)}`;
}

/**
 * The common part of a config's shard artifact names: the `artifact-name` input when set,
 * else `evidence-gate-<hash of the config path>`. It leaves out the job and matrix index,
 * since the merge runs in another job than the shards.
 */
export function shardPrefix(configKey: string, artifactName: string | null): string {
  return artifactName ?? `evidence-gate-${hash(8, 'shard', configKey)}`;
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
 * The hidden first line of the sticky pull-request comment of one config in one job and
 * matrix index: the next push finds and edits the comment that carries it.
 */
export function commentMarker(env: NodeJS.ProcessEnv, configKey: string, jobIndex: string): string {
  return `<!-- evidence-gate:comment:${hash(16, jobId(env), jobIndexOf(jobIndex), configKey)} -->`;
}
