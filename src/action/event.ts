/**
 * The pull request a workflow run belongs to, from the event payload the runner writes to
 * GITHUB_EVENT_PATH (with GITHUB_BASE_REF and GITHUB_REF as fallbacks). Null on other events.
 */
import { readFileSync } from 'node:fs';

/** pull_request_target is refused before anything runs (see refusePullRequestTarget). */
export const PULL_REQUEST_EVENTS = new Set(['pull_request']);

interface PullRequest {
  number: number;
  /** The branch the pull request merges into. */
  baseRef: string;
  /** The base branch's commit the pull request was compared with when the event fired, when known. */
  baseSha: string | null;
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
  const pr = (payload(env).pull_request ?? {}) as { number?: unknown; base?: { ref?: unknown; sha?: unknown } };
  const fromRef = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
  const number = typeof pr.number === 'number' ? pr.number : Number(fromRef ?? NaN);
  const baseRef = typeof pr.base?.ref === 'string' ? pr.base.ref : (env.GITHUB_BASE_REF ?? '');
  const baseSha =
    typeof pr.base?.sha === 'string' && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(pr.base.sha) ? pr.base.sha : null;
  return Number.isInteger(number) && number > 0 && baseRef !== '' ? { number, baseRef, baseSha } : null;
}

/**
 * The one line that refuses `pull_request_target`. There GITHUB_SHA is the base branch's
 * commit, so a verdict would describe code that is not in the pull request; and checking out
 * the pull request's head to fix that would run the fork's `models[].command` and read its
 * config next to a token that may write. docs/security.md explains the safe pattern.
 */
export function pullRequestTargetRefusal(env: NodeJS.ProcessEnv): string | null {
  if (env.GITHUB_EVENT_NAME !== 'pull_request_target') return null;
  return (
    'the pull_request_target event is refused: there the checkout is the base branch, so the verdict would ' +
    'describe code that is not in the pull request, ' +
    "and checking out the pull request's head instead runs the fork's model commands and config next to a token " +
    'that may write. ' +
    'Run Evidence Gate on pull_request (a fork gets a read-only token) and post comments from a separate ' +
    'workflow_run workflow; see docs/security.md'
  );
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

/**
 * A push to the repository's default branch: the only run that may save kept answers
 * (docs/answer-cache.md#in-the-action), so that a pull request reads main's answers but never writes answers main
 * will read.
 */
export function defaultBranchPush(env: NodeJS.ProcessEnv): boolean {
  if (env.GITHUB_EVENT_NAME !== 'push' || !(env.GITHUB_REF ?? '').startsWith('refs/heads/')) return false;
  const repository = (payload(env).repository ?? {}) as { default_branch?: unknown };
  return typeof repository.default_branch === 'string' && env.GITHUB_REF === `refs/heads/${repository.default_branch}`;
}
