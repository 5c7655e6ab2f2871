/**
 * The action's inputs, read and checked in one place. Messages name the input, what it
 * accepts and what it got.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../errors.js';
import { DEFAULT_CONFIG_PATH, DEFAULT_OUTPUT_DIR } from '../config/defaults.js';

export const INPUT = {
  config: 'config',
  outputDir: 'output-dir',
  artifactName: 'artifact-name',
  retentionDays: 'retention-days',
  failOnGate: 'fail-on-gate',
  githubToken: 'github-token',
  jobIndex: 'strategy-job-index'
} as const;

export interface ActionInputs {
  config: string;
  outputDir: string;
  artifactName: string;
  retentionDays: number | undefined;
  failOnGate: boolean;
  githubToken: string;
}

export type GetInput = (name: string) => string;

/**
 * Default artifact name, unique within a workflow run: `evidence-gate-<job>-<matrix index>-<hash>`.
 * The matrix index (from `strategy.job-index`, passed by action.yml) separates jobs of one
 * matrix, which share a job id; the hash of (step id, config path, output folder, run attempt)
 * separates two steps of one job.
 */
export function defaultArtifactName(env: NodeJS.ProcessEnv, config: string, outputDir: string, jobIndex: string): string {
  const job = (env.GITHUB_JOB ?? 'local').replace(/[^A-Za-z0-9_-]/g, '-');
  const index = /^\d+$/.test(jobIndex) ? jobIndex : '0';
  const key = [env.GITHUB_ACTION ?? '', config, outputDir, env.GITHUB_RUN_ATTEMPT ?? ''].join('\n');
  return `evidence-gate-${job}-${index}-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

export function readInputs(get: GetInput, env: NodeJS.ProcessEnv): ActionInputs {
  const config = get(INPUT.config).trim() || DEFAULT_CONFIG_PATH;
  const outputDir = get(INPUT.outputDir).trim() || DEFAULT_OUTPUT_DIR;
  const retentionRaw = get(INPUT.retentionDays).trim();
  let retentionDays: number | undefined;
  if (retentionRaw !== '') {
    if (!/^\d+$/.test(retentionRaw) || Number(retentionRaw) < 1 || Number(retentionRaw) > 90) {
      throw new UsageError(`input ${INPUT.retentionDays}: expected a whole number of days from 1 to 90, found ${JSON.stringify(retentionRaw)}`);
    }
    retentionDays = Number(retentionRaw);
  }
  const failRaw = (get(INPUT.failOnGate).trim() || 'true').toLowerCase();
  if (failRaw !== 'true' && failRaw !== 'false') {
    throw new UsageError(`input ${INPUT.failOnGate}: expected true or false, found ${JSON.stringify(failRaw)}`);
  }
  const artifactName = get(INPUT.artifactName).trim() || defaultArtifactName(env, config, outputDir, get(INPUT.jobIndex).trim());
  if (/[":<>|*?\\/\r\n]/.test(artifactName)) {
    throw new UsageError(`input ${INPUT.artifactName}: expected a name without " : < > | * ? \\ / or line breaks, found ${JSON.stringify(artifactName)}`);
  }
  return { config, outputDir, artifactName, retentionDays, failOnGate: failRaw === 'true', githubToken: get(INPUT.githubToken) };
}
