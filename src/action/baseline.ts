/**
 * The `baseline` input (SPEC §15): `none`, a folder inside the workspace, or `auto` — on a pull
 * request, the artifact that the newest successful push run of this workflow on the base
 * branch uploaded under this step's artifact name. The lookup needs only `actions: read`, so
 * it also works on a fork's read-only token. Whatever goes wrong becomes the one-line reason
 * why there is no comparison; it never fails the step.
 */
import { resolveInside } from '../config/paths.js';
import type { BaselineSource } from '../engine.js';
import { UsageError } from '../errors.js';
import { flatten, truncate } from '../report/escape.js';
import { pullRequestOf, workflowFileOf } from './event.js';
import { ApiError, type ActionHost } from './host.js';
import { INPUT, type BaselineInput } from './inputs.js';

export interface BaselineChoice {
  source: BaselineSource | null;
  /** Why there is no baseline (passed to the engine as `noBaselineReason`). */
  reason?: string;
  /** One log line saying what was chosen. */
  line: string;
}

export interface BaselineContext {
  host: ActionHost;
  root: string;
  /** The name this step uploads under: the base branch's run used the same one. */
  artifactName: string;
  token: string;
  /** A fresh empty folder to download into. */
  tempDir: () => string;
}

interface WorkflowRuns {
  workflow_runs?: Array<{ id: number; head_sha?: string; head_branch?: string }>;
}

interface RunArtifacts {
  artifacts?: Array<{ id: number; name: string; expired?: boolean }>;
}

const enc = encodeURIComponent;

function none(reason: string): BaselineChoice {
  return { source: null, reason, line: `baseline: none (${reason})` };
}

/** Why an API call failed, in words a workflow author can act on. */
function apiReason(error: ApiError, what: string): string {
  if (error.status === 401 || error.status === 403) {
    return `the token may not read this repository's Actions runs (HTTP ${error.status} while ${what}); give the job permissions: actions: read`;
  }
  if (error.status === 404) return `nothing found while ${what} (HTTP 404)`;
  if (error.status === 410) return `the artifact has expired (HTTP 410 while ${what})`;
  return `the GitHub API failed while ${what} (${error.status === 0 ? 'no answer' : `HTTP ${error.status}`}: ${truncate(flatten(error.message), 160)})`;
}

export async function chooseBaseline(input: BaselineInput, ctx: BaselineContext): Promise<BaselineChoice> {
  if (input.kind === 'none') return none('the baseline input is none');
  if (input.kind === 'path') {
    const inside = resolveInside(ctx.root, input.path);
    if (typeof inside === 'string') throw new UsageError(`input ${INPUT.baseline}: expected auto, none or a folder inside the workspace; ${inside}`);
    return { source: { dir: inside.absolute, shown: inside.relative, onError: 'warn' }, line: `baseline: the folder ${flatten(inside.relative)}` };
  }
  return findOnBaseBranch(ctx);
}

async function findOnBaseBranch(ctx: BaselineContext): Promise<BaselineChoice> {
  const env = ctx.host.env;
  const pr = pullRequestOf(env);
  if (!pr) return none(`baseline auto compares pull requests with their base branch, and this run is ${env.GITHUB_EVENT_NAME ? `a ${env.GITHUB_EVENT_NAME} event` : 'not in a workflow'}`);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo) return none('GITHUB_REPOSITORY is not set, so the base branch cannot be looked up');
  if (!ctx.token) return none('no github-token to look up the base branch run');
  const workflow = workflowFileOf(env);
  if (!workflow) return none('GITHUB_WORKFLOW_REF does not name a workflow file, so the base branch run cannot be looked up');
  const base = truncate(flatten(pr.baseRef), 100);
  const name = truncate(flatten(ctx.artifactName), 200);
  const api = ctx.host.api(ctx.token);
  const repoPath = `/repos/${enc(owner)}/${enc(repo)}`;
  let step = `listing the runs of ${workflow} on ${base}`;
  try {
    const runs = await api.request<WorkflowRuns>('GET', `${repoPath}/actions/workflows/${enc(workflow)}/runs`, { branch: pr.baseRef, event: 'push', status: 'success', per_page: 1 });
    const run = runs.workflow_runs?.[0];
    if (!run) return none(`no successful push run of ${workflow} on ${base} yet; the first one uploads the baseline`);
    step = `listing the artifacts of run ${run.id}`;
    const listed = await api.request<RunArtifacts>('GET', `${repoPath}/actions/runs/${run.id}/artifacts`, { name: ctx.artifactName, per_page: 100 });
    const matching = (listed.artifacts ?? []).filter((a) => a.name === ctx.artifactName).sort((a, b) => b.id - a.id);
    if (matching.length === 0) {
      return none(`run ${run.id} on ${base} has no artifact named ${name} (this job, matrix index, config or output folder did not run there)`);
    }
    const live = matching.find((a) => a.expired !== true);
    if (!live) return none(`the artifact ${name} of run ${run.id} on ${base} has expired; a longer retention-days on the base branch keeps it`);
    step = `downloading artifact ${live.id} of run ${run.id}`;
    const dir = ctx.tempDir();
    await api.downloadArtifact(live.id, run.id, dir);
    const commit = typeof run.head_sha === 'string' && /^[0-9a-f]{7,64}$/.test(run.head_sha) ? run.head_sha : null;
    return {
      source: { dir, shown: `${name} from ${base}`, origin: { commit, runId: run.id, artifactId: live.id }, onError: 'warn' },
      line: `baseline: artifact ${name} (id ${live.id}) of run ${run.id} on ${base}${commit ? `, commit ${commit.slice(0, 12)}` : ''}`
    };
  } catch (error) {
    if (error instanceof ApiError) return none(apiReason(error, step));
    return none(`${step} failed: ${truncate(flatten(String((error as Error)?.message ?? error)), 160)}`);
  }
}
