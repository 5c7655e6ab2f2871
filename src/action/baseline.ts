/**
 * The `baseline` input: `none`, a folder inside the workspace, or `auto` — on a pull request,
 * the artifact that a completed push run of this workflow on the base branch uploaded under
 * this step's artifact name: the run of the pull request's base commit when it holds one, else
 * the newest completed run (any conclusion) that holds a live one (docs/action.md). The lookup needs only
 * `actions: read`, so it also works on a fork's read-only token. Whatever goes wrong becomes the one-line reason
 * why there is no comparison; it never fails the step.
 */
import { resolveInside } from '../config/paths.js';
import type { BaselineSource } from '../engine.js';
import { UsageError } from '../errors.js';
import { flatten, truncate } from '../report/escape.js';
import { folderDiff } from '../util/git.js';
import { PULL_REQUEST_EVENTS, pullRequestOf, workflowFileOf } from './event.js';
import { ApiError, type ActionHost, type GitHubApi } from './host.js';
import { INPUT, type BaselineInput } from './inputs.js';

export interface BaselineChoice {
  source: BaselineSource | null;
  /** Why there is no baseline (passed to the engine as `noBaselineReason`). */
  reason?: string;
  /**
   * False when this run cannot have a comparison at all (a push, merge_group, schedule or
   * workflow_dispatch run with `baseline: auto`): the comparison checks are then not applicable
   * even with gate.require_baseline.
   */
  expected?: false;
  /** One log line saying what was chosen. */
  line: string;
}

interface BaselineContext {
  host: ActionHost;
  root: string;
  /** The name this step uploads under: the base branch's run used the same one. */
  artifactName: string;
  token: string;
  /** A fresh empty folder to download into. */
  tempDir: () => string;
}

interface WorkflowRun {
  id: number;
  head_sha?: string;
  head_branch?: string;
  conclusion?: string | null;
}

/**
 * How many of the base branch's newest completed push runs are searched for the artifact, and how many are listed per
 * request.
 */
const MAX_RUNS = 50;
const RUNS_PER_PAGE = 25;

interface RunArtifacts {
  artifacts?: Array<{ id: number; name: string; expired?: boolean }>;
}

const enc = encodeURIComponent;

/** `expected: false` when no comparison can exist on this event (gate.require_baseline does not block then). */
function none(reason: string, expected = true): BaselineChoice {
  return { source: null, reason, ...(expected ? {} : { expected: false }), line: `baseline: none (${reason})` };
}

/** Why an API call failed, in words a workflow author can act on. */
function apiReason(error: ApiError, what: string): string {
  if (error.rateLimited)
    return `the GitHub API rate limit ran out (HTTP ${error.status} while ${what}); the next run tries again`;
  if (error.status === 401 || error.status === 403) {
    return (
      `the token may not read this repository's Actions runs (HTTP ${error.status} while ${what}); give the job ` +
      `permissions: actions: read`
    );
  }
  if (error.status === 404) return `nothing found while ${what} (HTTP 404)`;
  if (error.status === 410) return `the artifact has expired (HTTP 410 while ${what})`;
  return (
    `the GitHub API failed while ${what} (${error.status === 0 ? 'no answer' : `HTTP ${error.status}`}: ` +
    `${truncate(flatten(error.message), 160)})`
  );
}

export async function chooseBaseline(input: BaselineInput, ctx: BaselineContext): Promise<BaselineChoice> {
  // `none` on an event without a pull request is no comparison by design, like `auto` there.
  if (input.kind === 'none') return none('the baseline input is none', pullRequestOf(ctx.host.env) !== null);
  if (input.kind === 'path') {
    const inside = resolveInside(ctx.root, input.path);
    if (typeof inside === 'string')
      throw new UsageError(`input ${INPUT.baseline}: expected auto, none or a folder inside the workspace; ${inside}`);
    // On a pull request, whether it wrote the folder decides if block_on: new may trust it.
    const pr = pullRequestOf(ctx.host.env);
    const diff = folderDiff(ctx.root, inside.relative, pr?.baseSha ?? null);
    const source = {
      dir: inside.absolute,
      shown: inside.relative,
      diff,
      refuseIfChanged: pr !== null,
      onError: 'warn' as const
    };
    return { source, line: `baseline: the folder ${flatten(inside.relative)}; ${flatten(diff.note)}` };
  }
  return findOnBaseBranch(ctx);
}

interface Candidate {
  run: WorkflowRun;
  artifact: { id: number; name: string };
  why: string;
}

/** What the runs looked at held, for the reason when none had a live artifact. */
interface Tally {
  runs: number;
  expired: number;
}

/**
 * The newest live artifact named `name` of `run`, or null. Several of one name happen when a
 * re-run's deletion failed; the newest (highest id) is the re-run's.
 */
async function liveArtifact(
  api: GitHubApi,
  repoPath: string,
  run: WorkflowRun,
  name: string,
  tally: Tally
): Promise<{ id: number; name: string } | null> {
  tally.runs++;
  const listed = await api.request<RunArtifacts>('GET', `${repoPath}/actions/runs/${run.id}/artifacts`, {
    name,
    per_page: 100
  });
  const matching = (listed.artifacts ?? []).filter((a) => a.name === name).sort((a, b) => b.id - a.id);
  const live = matching.find((a) => a.expired !== true);
  if (!live && matching.length > 0) tally.expired++;
  return live ?? null;
}

async function findOnBaseBranch(ctx: BaselineContext): Promise<BaselineChoice> {
  const env = ctx.host.env;
  const pr = pullRequestOf(env);
  if (!pr && PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? ''))
    return none(
      'the event payload (GITHUB_EVENT_PATH) names no pull request and base branch, so the base branch run ' +
        'cannot be looked up'
    );
  if (!pr)
    return none(
      `baseline auto compares pull requests with their base branch, and this run is ` +
        `${env.GITHUB_EVENT_NAME ? `a ${env.GITHUB_EVENT_NAME} event` : 'not in a workflow'}`,
      false
    );
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo) return none('GITHUB_REPOSITORY is not set, so the base branch cannot be looked up');
  if (!ctx.token) return none('no github-token to look up the base branch run');
  const workflow = workflowFileOf(env);
  if (!workflow)
    return none('GITHUB_WORKFLOW_REF does not name a workflow file, so the base branch run cannot be looked up');
  const base = truncate(flatten(pr.baseRef), 100);
  const name = truncate(flatten(ctx.artifactName), 200);
  const api = ctx.host.api(ctx.token);
  const repoPath = `/repos/${enc(owner)}/${enc(repo)}`;
  const runsPath = `${repoPath}/actions/workflows/${enc(workflow)}/runs`;
  const tally: Tally = { runs: 0, expired: 0 };
  let step = `listing the runs of ${workflow} on ${base}`;
  try {
    let found: Candidate | null = null;
    // The run of the pull request's base commit, when it kept the artifact: then the comparison
    // is exactly "what this pull request changes".
    if (pr.baseSha) {
      for await (const page of api.pages<WorkflowRun>(
        runsPath,
        { branch: pr.baseRef, event: 'push', status: 'completed', head_sha: pr.baseSha, per_page: 10 },
        1
      )) {
        for (const run of page) {
          step = `listing the artifacts of run ${run.id}`;
          const artifact = await liveArtifact(api, repoPath, run, ctx.artifactName, tally);
          if (artifact) {
            found = { run, artifact, why: "the run of the pull request's base commit" };
            break;
          }
        }
      }
    }
    // Otherwise the newest completed push run, whatever its conclusion: the artifact is uploaded
    // before the gate fails the step, and another job of the workflow may have failed the run.
    const seen = new Set<number>();
    step = `listing the runs of ${workflow} on ${base}`;
    if (!found) {
      scan: for await (const page of api.pages<WorkflowRun>(
        runsPath,
        { branch: pr.baseRef, event: 'push', status: 'completed', per_page: RUNS_PER_PAGE },
        Math.ceil(MAX_RUNS / RUNS_PER_PAGE)
      )) {
        for (const run of page) {
          if (seen.has(run.id) || seen.size >= MAX_RUNS) continue;
          seen.add(run.id);
          if (run.head_sha && run.head_sha === pr.baseSha) continue;
          step = `listing the artifacts of run ${run.id}`;
          const artifact = await liveArtifact(api, repoPath, run, ctx.artifactName, tally);
          if (artifact) {
            found = {
              run,
              artifact,
              why: `the newest completed push run on ${base} with a live artifact of this name`
            };
            break scan;
          }
        }
        step = `listing the runs of ${workflow} on ${base}`;
      }
    }
    if (!found) {
      if (tally.runs === 0)
        return none(`no completed push run of ${workflow} on ${base} yet; the first one uploads the baseline`);
      const searched =
        tally.runs === 1
          ? `the only completed push run of ${workflow} on ${base} that was searched`
          : `the ${tally.runs} newest completed push runs of ${workflow} on ${base}`;
      if (tally.expired === tally.runs)
        return none(`the artifact ${name} has expired in ${searched}; a longer retention-days on ${base} keeps it`);
      const expired = tally.expired > 0 ? ` (it has expired in ${tally.expired} of them)` : '';
      return none(
        `no live artifact named ${name} in ${searched}${expired}; this job, matrix index, config, output folder ` +
          `or key did not upload there`
      );
    }
    const { run, artifact } = found;
    step = `downloading artifact ${artifact.id} of run ${run.id}`;
    const dir = ctx.tempDir();
    await api.downloadArtifact(artifact.id, run.id, dir);
    const commit = typeof run.head_sha === 'string' && /^[0-9a-f]{7,64}$/.test(run.head_sha) ? run.head_sha : null;
    const conclusion = typeof run.conclusion === 'string' ? truncate(flatten(run.conclusion), 40) : 'unknown';
    return {
      source: {
        dir,
        shown: `${name} from ${base}`,
        origin: {
          commit,
          runId: run.id,
          artifactId: artifact.id,
          branch: base,
          conclusion: typeof run.conclusion === 'string' ? conclusion : null
        },
        onError: 'warn'
      },
      line:
        `baseline: artifact ${name} (id ${artifact.id}) of run ${run.id} on ${base}` +
        `${commit ? `, commit ${commit.slice(0, 12)}` : ''} (conclusion ${conclusion}): ${found.why}`
    };
  } catch (error) {
    if (error instanceof ApiError) return none(apiReason(error, step));
    return none(`${step} failed: ${truncate(flatten(String((error as Error)?.message ?? error)), 160)}`);
  }
}
