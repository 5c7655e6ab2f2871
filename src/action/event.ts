/**
 * The pull request a workflow run belongs to, from the event payload the runner writes to
 * GITHUB_EVENT_PATH (with GITHUB_BASE_REF and GITHUB_REF as fallbacks). Null on other events.
 */
import { readFileSync } from 'node:fs';

export const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

export interface PullRequest {
  number: number;
  /** The branch the pull request merges into. */
  baseRef: string;
}

function payload(env: NodeJS.ProcessEnv): Record<string, unknown> {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    const parsed = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function pullRequestOf(env: NodeJS.ProcessEnv): PullRequest | null {
  if (!PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '')) return null;
  const pr = (payload(env).pull_request ?? {}) as { number?: unknown; base?: { ref?: unknown } };
  const fromRef = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
  const number = typeof pr.number === 'number' ? pr.number : Number(fromRef ?? NaN);
  const baseRef = typeof pr.base?.ref === 'string' ? pr.base.ref : (env.GITHUB_BASE_REF ?? '');
  return Number.isInteger(number) && number > 0 && baseRef !== '' ? { number, baseRef } : null;
}

/**
 * The workflow file name of this run, from GITHUB_WORKFLOW_REF
 * (`owner/repo/.github/workflows/ci.yml@refs/pull/7/merge` → `ci.yml`): the REST API takes it
 * in place of the workflow's numeric id.
 */
export function workflowFileOf(env: NodeJS.ProcessEnv): string | null {
  const ref = env.GITHUB_WORKFLOW_REF ?? '';
  const m = /^[^/]+\/[^/]+\/(.+?)@/.exec(ref);
  const file = m?.[1]?.split('/').pop() ?? '';
  return /^[^/\\\s]+\.ya?ml$/.test(file) ? file : null;
}
