/**
 * The action's inputs, read and checked in one place. Messages name the input, what it
 * accepts and what it got.
 */
import { UsageError } from '../errors.js';
import { DEFAULT_CONFIG_PATH, DEFAULT_OUTPUT_DIR } from '../config/defaults.js';
import { parseShard, type ShardSpec } from '../shard/select.js';
import { quoted } from '../util/visible.js';
import { defaultArtifactName, jobIndexOf, matrixKeyOf, workspaceKey } from './naming.js';

export const INPUT = {
  config: 'config',
  outputDir: 'output-dir',
  artifactName: 'artifact-name',
  retentionDays: 'retention-days',
  failOnGate: 'fail-on-gate',
  githubToken: 'github-token',
  jobIndex: 'strategy-job-index',
  baseline: 'baseline',
  shard: 'shard',
  merge: 'merge',
  comment: 'comment',
  cache: 'cache',
  key: 'key',
  matrix: 'matrix'
} as const;

/**
 * GitHub keeps artifacts at most 400 days (private and internal repositories; 90 for public ones, which the artifact
 * service enforces).
 */
const MAX_RETENTION_DAYS = 400;

/** `auto`: look up the base branch's artifact on pull requests; `none`: no comparison; or a folder. */
export type BaselineInput = { kind: 'auto' } | { kind: 'none' } | { kind: 'path'; path: string };

export interface ActionInputs {
  config: string;
  outputDir: string;
  /** The name this step uploads under (explicit, or derived: see naming.ts). */
  artifactName: string;
  /** Whether `artifact-name` was set (then shard artifacts are named after it too). */
  artifactNameGiven: boolean;
  retentionDays: number | undefined;
  failOnGate: boolean;
  githubToken: string;
  /** The matrix index from `strategy.job-index` ('0' outside a matrix). */
  jobIndex: string;
  baseline: BaselineInput;
  shard: ShardSpec | null;
  merge: boolean;
  comment: boolean;
  /** Keep models' answers between runs through the Actions cache service (docs/answer-cache.md#in-the-action). */
  cache: boolean;
  /** The `key` input ('' when unset): separates calls of one reusable workflow (naming.ts). */
  key: string;
  /** The matrix values other than the shard, canonical ('' outside a matrix). */
  matrixKey: string;
}

type GetInput = (name: string) => string;

/**
 * A value that is still a `${{ … }}` expression was never filled in by a runner: local tools
 * (such as @github/local-action) pass action.yml defaults through verbatim. It means "unset".
 */
function unexpanded(value: string): boolean {
  return /^\$\{\{[\s\S]*\}\}$/.test(value);
}

function booleanInput(get: GetInput, name: string, fallback: boolean): boolean {
  const raw = get(name).trim();
  if (raw === '' || unexpanded(raw)) return fallback;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new UsageError(`input ${name}: expected true or false, found ${quoted(raw)}`);
}

function baselineInput(raw: string): BaselineInput {
  const value = raw.trim();
  if (value === '' || value === 'auto') return { kind: 'auto' };
  if (value === 'none') return { kind: 'none' };
  if (/[\r\n]/.test(value))
    throw new UsageError(
      `input ${INPUT.baseline}: expected auto, none or a folder inside the workspace, found ${quoted(value)}`
    );
  return { kind: 'path', path: value };
}

export function readInputs(getRaw: GetInput, env: NodeJS.ProcessEnv): ActionInputs {
  const get: GetInput = (name) => {
    const value = getRaw(name);
    return unexpanded(value.trim()) ? '' : value;
  };
  const config = get(INPUT.config).trim() || DEFAULT_CONFIG_PATH;
  const outputDir = get(INPUT.outputDir).trim() || DEFAULT_OUTPUT_DIR;
  const retentionRaw = get(INPUT.retentionDays).trim();
  let retentionDays: number | undefined;
  if (retentionRaw !== '') {
    if (!/^\d+$/.test(retentionRaw) || Number(retentionRaw) < 1 || Number(retentionRaw) > MAX_RETENTION_DAYS) {
      throw new UsageError(
        `input ${INPUT.retentionDays}: expected a whole number of days from 1 to ${MAX_RETENTION_DAYS}, found ` +
          `${quoted(retentionRaw)}`
      );
    }
    retentionDays = Number(retentionRaw);
  }
  const failOnGate = booleanInput(get, INPUT.failOnGate, true);
  const merge = booleanInput(get, INPUT.merge, false);
  const comment = booleanInput(get, INPUT.comment, false);
  const cache = booleanInput(get, INPUT.cache, false);
  const shardRaw = get(INPUT.shard).trim();
  const shard = shardRaw === '' ? null : parseShard(shardRaw, `input ${INPUT.shard}`);
  if (shard && merge)
    throw new UsageError(
      `input ${INPUT.merge}: expected false on a shard step (shard: ${shard.index}/${shard.count}); merge in a ` +
        `later job that needs the shard jobs`
    );
  const jobIndex = jobIndexOf(get(INPUT.jobIndex).trim());
  const key = get(INPUT.key).trim();
  if (/[\r\n]/.test(key) || Array.from(key).length > 200)
    throw new UsageError(`input ${INPUT.key}: expected one line of at most 200 characters, found ${quoted(key)}`);
  const root = env.GITHUB_WORKSPACE ?? process.cwd();
  const explicitName = get(INPUT.artifactName).trim();
  const artifactName =
    explicitName || defaultArtifactName(env, workspaceKey(root, config), workspaceKey(root, outputDir), jobIndex, key);
  if (/[":<>|*?\\/\r\n]/.test(artifactName) || Array.from(artifactName).length > 200) {
    throw new UsageError(
      `input ${INPUT.artifactName}: expected a name of at most 200 characters without " : < > | * ? \\ / or line ` +
        `breaks, found ${quoted(artifactName)}`
    );
  }
  return {
    config,
    outputDir,
    artifactName,
    artifactNameGiven: explicitName !== '',
    retentionDays,
    failOnGate,
    githubToken: get(INPUT.githubToken).trim(),
    jobIndex,
    baseline: baselineInput(get(INPUT.baseline)),
    shard,
    merge,
    comment,
    cache,
    key,
    matrixKey: matrixKeyOf(get(INPUT.matrix).trim(), shardRaw)
  };
}
