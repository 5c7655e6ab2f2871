/**
 * `baseline: auto` against a local server that speaks GitHub's REST API and serves artifacts as
 * zips behind a redirect, through the real host (octokit and @actions/artifact's findBy
 * download): found, first run, no artifact of that name, expired, a fork's read-only token,
 * and several steps and matrix jobs in one base run.
 */
import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { tempRepo, tinyRepo } from '../helpers.js';
import { FakeGitHub, pullRequestEnv } from './github-server.js';
import { zipFolder } from './zip.js';

const server = await new FakeGitHub().start();
// @actions/artifact's download reads the API URL when @actions/github is first loaded.
process.env.GITHUB_API_URL = server.url;
const { githubHost } = await import('../../src/action/github-host.js');
const { chooseBaseline } = await import('../../src/action/baseline.js');
const { runAction } = await import('../../src/action/main.js');
const { readInputs } = await import('../../src/action/inputs.js');

const PASSING_GATE =
  'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }';
const SHA = 'a'.repeat(40);

afterAll(() => server.close());

let stdout: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  server.reset();
  // The artifact client logs each download through @actions/core.
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => stdout.mockRestore());

/** A pull request's environment with its workflow ref and a runner temp folder. */
function prEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return pullRequestEnv(root, server.url, {
    GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/ci.yml@refs/pull/7/merge',
    RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'runner-temp-')),
    ...extra
  });
}

/** The base branch's output of the tiny repo, zipped as its artifact. */
async function baseZip(): Promise<Buffer> {
  const root = tinyRepo({}, PASSING_GATE);
  const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'base-out' });
  return zipFolder(result.outputDir);
}

function nameFor(env: NodeJS.ProcessEnv, inputs: Record<string, string> = {}): string {
  return readInputs((n) => inputs[n] ?? '', env).artifactName;
}

function choose(env: NodeJS.ProcessEnv, token = 'ghs_actions', inputs: Record<string, string> = {}) {
  const host = githubHost(null, env);
  return chooseBaseline(
    { kind: 'auto' },
    {
      host,
      root: env.GITHUB_WORKSPACE as string,
      artifactName: nameFor(env, inputs),
      token,
      tempDir: () => mkdtempSync(join(tmpdir(), 'dl-'))
    }
  );
}

describe('baseline auto', () => {
  test('picks the newest completed push run on the base branch holding this job, matrix index and config', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const env = prEnv(root);
    const zip = await baseZip();
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [
      { id: 10, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: 'b'.repeat(40) },
      { id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA },
      // A failed run without this artifact (another job failed before it), a run in progress.
      { id: 13, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'failure', head_sha: 'c'.repeat(40) },
      { id: 16, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: null, head_sha: 'f'.repeat(40) },
      { id: 14, workflow: 'ci.yml', branch: 'feature', event: 'push', conclusion: 'success', head_sha: 'd'.repeat(40) },
      { id: 15, workflow: 'other.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: 'e'.repeat(40) }
    ];
    const mine = nameFor(env);
    server.artifacts = [
      // The same job's other matrix index, another step (config) of the job, another job.
      { id: 501, runId: 12, name: nameFor(env, { 'strategy-job-index': '1' }), zip },
      { id: 502, runId: 12, name: nameFor(env, { config: 'other.yml' }), zip },
      { id: 503, runId: 12, name: nameFor({ ...env, GITHUB_JOB: 'lint' }), zip },
      { id: 504, runId: 12, name: mine, zip },
      { id: 505, runId: 10, name: mine, zip }
    ];
    const choice = await choose(env);
    expect(choice.reason).toBeUndefined();
    expect(choice.source?.origin).toEqual({
      commit: SHA,
      runId: 12,
      artifactId: 504,
      branch: 'main',
      conclusion: 'success'
    });
    expect(choice.source?.onError).toBe('warn');
    expect(choice.line).toBe(
      `baseline: artifact ${mine} (id 504) of run 12 on main, commit ${SHA.slice(0, 12)} (conclusion success): the newest completed push run on main with a live artifact of this name`
    );
    expect(existsSync(join(choice.source?.dir as string, 'manifest.json'))).toBe(true);
    const runsCall = server.requests.find((r) => r.path.endsWith('/runs'));
    expect(runsCall).toMatchObject({
      path: '/repos/o/r/actions/workflows/ci.yml/runs',
      query: { branch: 'main', event: 'push', status: 'completed', per_page: '25' },
      token: 'ghs_actions'
    });
    // Run 13 was searched and passed over; run 16 (in progress) never listed.
    expect(server.requests.filter((r) => r.path.endsWith('/artifacts')).map((r) => r.path)).toEqual([
      '/repos/o/r/actions/runs/13/artifacts',
      '/repos/o/r/actions/runs/12/artifacts'
    ]);
    expect(server.requests.filter((r) => r.path.endsWith('/zip')).map((r) => r.path)).toEqual([
      '/repos/o/r/actions/artifacts/504/zip'
    ]);
  });

  test('first run on the base branch: no completed run yet', async () => {
    const env = prEnv(tinyRepo());
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [{ id: 3, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: null, head_sha: SHA }];
    expect(await choose(env)).toEqual({
      source: null,
      reason: 'no completed push run of ci.yml on main yet; the first one uploads the baseline',
      line: 'baseline: none (no completed push run of ci.yml on main yet; the first one uploads the baseline)'
    });
  });

  test('the base run has no artifact under this name', async () => {
    const env = prEnv(tinyRepo());
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [{ id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA }];
    server.artifacts = [{ id: 1, runId: 12, name: 'something-else', zip: Buffer.alloc(0) }];
    const choice = await choose(env);
    expect(choice.source).toBeNull();
    expect(choice.reason).toBe(
      `no live artifact named ${nameFor(env)} in the only completed push run of ci.yml on main that was searched; this job, matrix index, config, output folder or key did not upload there`
    );
  });

  test('an expired artifact is reported, not downloaded', async () => {
    const env = prEnv(tinyRepo());
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [{ id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA }];
    server.artifacts = [{ id: 9, runId: 12, name: nameFor(env), expired: true, zip: Buffer.alloc(0) }];
    const choice = await choose(env);
    expect(choice.reason).toBe(
      `the artifact ${nameFor(env)} has expired in the only completed push run of ci.yml on main that was searched; a longer retention-days on main keeps it`
    );
    expect(server.requests.some((r) => r.path.endsWith('/zip'))).toBe(false);
  });

  test("a fork's read-only token (403) is one reason, never an error", async () => {
    const env = prEnv(tinyRepo());
    server.tokens.set('ghs_fork', 'read');
    server.runs = [{ id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA }];
    const choice = await choose(env, 'ghs_fork');
    expect(choice.source).toBeNull();
    expect(choice.reason).toBe(
      "the token may not read this repository's Actions runs (HTTP 403 while listing the runs of ci.yml on main); give the job permissions: actions: read"
    );
  });

  test('a failed newest run that kept its artifact is the baseline, found on the second page of runs', async () => {
    const env = prEnv(tinyRepo({}, PASSING_GATE));
    const zip = await baseZip();
    server.tokens.set('ghs_actions', 'actions');
    const mine = nameFor(env);
    // 30 newer completed runs (green, red, cancelled) in which this job did not run, then a red run that uploaded it.
    const conclusions = ['success', 'failure', 'cancelled'] as const;
    server.runs = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      workflow: 'ci.yml',
      branch: 'main',
      event: 'push',
      conclusion: conclusions[i % 3] ?? 'success',
      head_sha: 'b'.repeat(40)
    }));
    server.runs.push({
      id: 50,
      workflow: 'ci.yml',
      branch: 'main',
      event: 'push',
      conclusion: 'failure',
      head_sha: SHA
    });
    server.runs.push({
      id: 40,
      workflow: 'ci.yml',
      branch: 'main',
      event: 'push',
      conclusion: 'success',
      head_sha: 'e'.repeat(40)
    });
    server.artifacts = [
      { id: 700, runId: 50, name: mine, zip },
      { id: 600, runId: 40, name: mine, zip }
    ];
    const choice = await choose(env);
    expect(choice.source?.origin).toMatchObject({ commit: SHA, runId: 50, artifactId: 700 });
    expect(choice.line).toContain(
      'of run 50 on main, commit aaaaaaaaaaaa (conclusion failure): the newest completed push run on main with a live artifact of this name'
    );
    const pages = server.requests.filter((r) => r.path.endsWith('/runs')).map((r) => r.query.page ?? '1');
    expect(pages).toEqual(['1', '2']);
  });

  test('an expired artifact in the newest run falls back to an older live one', async () => {
    const env = prEnv(tinyRepo({}, PASSING_GATE));
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [
      { id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: 'c'.repeat(40) },
      { id: 11, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA }
    ];
    server.artifacts = [
      { id: 9, runId: 12, name: nameFor(env), expired: true, zip: Buffer.alloc(0) },
      { id: 8, runId: 11, name: nameFor(env), zip: await baseZip() }
    ];
    const choice = await choose(env);
    expect(choice.source?.origin).toMatchObject({ commit: SHA, runId: 11, artifactId: 8 });
    expect(server.requests.filter((r) => r.path.endsWith('/zip')).map((r) => r.path)).toEqual([
      '/repos/o/r/actions/artifacts/8/zip'
    ]);
  });

  test("the run of the pull request's base commit is preferred to a newer one", async () => {
    const base = 'd'.repeat(40);
    const env = pullRequestEnv(
      tinyRepo({}, PASSING_GATE),
      server.url,
      { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/ci.yml@refs/pull/7/merge' },
      base
    );
    const zip = await baseZip();
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [
      { id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA },
      { id: 10, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'failure', head_sha: base }
    ];
    server.artifacts = [
      { id: 504, runId: 12, name: nameFor(env), zip },
      { id: 503, runId: 10, name: nameFor(env), zip }
    ];
    const choice = await choose(env);
    expect(choice.source?.origin).toMatchObject({ commit: base, runId: 10, artifactId: 503 });
    expect(choice.line).toContain("(conclusion failure): the run of the pull request's base commit");
    expect(server.requests[0]?.query).toMatchObject({
      head_sha: base,
      status: 'completed',
      event: 'push',
      branch: 'main'
    });
    // Without an artifact there, the newest run that holds one is used instead.
    server.artifacts = [{ id: 504, runId: 12, name: nameFor(env), zip }];
    server.requests.length = 0;
    expect((await choose(env)).source?.origin).toMatchObject({ commit: SHA, runId: 12, artifactId: 504 });
  });

  test('a spent rate limit (403 with x-ratelimit-remaining: 0) is named as such, not as a missing permission', async () => {
    const env = prEnv(tinyRepo());
    server.tokens.set('ghs_actions', 'actions');
    server.exhausted.add('ghs_actions');
    const choice = await choose(env);
    expect(choice.reason).toBe(
      'the GitHub API rate limit ran out (HTTP 403 while listing the runs of ci.yml on main); the next run tries again'
    );
  });

  test('push events and runs outside a workflow do not look anything up', async () => {
    const pushed = await choose({ ...prEnv(tinyRepo()), GITHUB_EVENT_NAME: 'push' });
    expect(pushed.reason).toBe(
      'baseline auto compares pull requests with their base branch, and this run is a push event'
    );
    expect(pushed.expected).toBe(false);
    const noPayload = await choose({ ...prEnv(tinyRepo()), GITHUB_EVENT_PATH: '/nonexistent/event.json' });
    expect(noPayload.reason).toBe(
      'the event payload (GITHUB_EVENT_PATH) names no pull request and base branch, so the base branch run cannot be looked up'
    );
    expect(noPayload.expected).toBeUndefined();
    const local = await choose({ GITHUB_WORKSPACE: tinyRepo() });
    expect(local.reason).toBe(
      'baseline auto compares pull requests with their base branch, and this run is not in a workflow'
    );
    expect(server.requests).toEqual([]);
  });

  test('a folder must be inside the workspace; none says so', async () => {
    const root = tinyRepo();
    const host = githubHost(null, { GITHUB_WORKSPACE: root });
    const ctx = { host, root, artifactName: 'x', token: '', tempDir: () => '' };
    expect(await chooseBaseline({ kind: 'path', path: './base//out' }, ctx)).toEqual({
      source: {
        dir: join(root, 'base/out'),
        shown: 'base/out',
        diff: {
          tracked: null,
          changed: null,
          baseCommit: null,
          note: 'git cannot tell here (no git, or not a checkout)'
        },
        refuseIfChanged: false,
        onError: 'warn'
      },
      line: 'baseline: the folder base/out; git cannot tell here (no git, or not a checkout)'
    });
    await expect(chooseBaseline({ kind: 'path', path: '../elsewhere' }, ctx)).rejects.toThrow(
      'input baseline: expected auto, none or a folder inside the workspace; expected a path inside the repository root, found "../elsewhere"'
    );
    expect((await chooseBaseline({ kind: 'none' }, ctx)).reason).toBe('the baseline input is none');
  });
});

describe('the action on a pull request', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = undefined;
  });

  test('compares with the base artifact: summary section, manifest baseline record, download folder removed', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const files = tempRepo({ 'summary.md': '' });
    const env = prEnv(root, {
      GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
      INPUT_CONFIG: 'evidence-gate.yml',
      'INPUT_GITHUB-TOKEN': 'ghs_actions'
    });
    Object.assign(process.env, env);
    server.tokens.set('ghs_actions', 'actions');
    server.runs = [{ id: 12, workflow: 'ci.yml', branch: 'main', event: 'push', conclusion: 'success', head_sha: SHA }];
    server.artifacts = [
      { id: 504, runId: 12, name: nameFor(env, { config: 'evidence-gate.yml' }), zip: await baseZip() }
    ];
    const result = await runAction(githubHost(null));
    expect(result?.comparison?.rows.paired).toBeGreaterThan(0);
    const summary = readFileSync(join(files, 'summary.md'), 'utf8');
    expect(summary).toContain('## Compared with base');
    expect(summary).toContain(`(commit \`${SHA.slice(0, 12)}\`, run 12, artifact 504)`);
    const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'manifest.json'), 'utf8'));
    expect(manifest.baseline).toMatchObject({ commit: SHA, run_id: 12, artifact_id: 504, stale: false });
    expect(readFileSync(join(root, 'evidence-gate-out', 'comparison.json'), 'utf8')).toContain('"paired"');
    expect(readdirSync(env.RUNNER_TEMP as string)).toEqual([]);
    expect(process.exitCode).toBeUndefined();
  });

  test('on a 403 the comparison checks are not applicable and the step still follows the gate alone', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const files = tempRepo({ 'summary.md': '' });
    Object.assign(
      process.env,
      prEnv(root, {
        GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
        INPUT_CONFIG: 'evidence-gate.yml',
        'INPUT_GITHUB-TOKEN': 'ghs_fork'
      })
    );
    server.tokens.set('ghs_fork', 'read');
    const result = await runAction(githubHost(null));
    expect(result?.verdict).toBe('pass');
    expect(result?.noBaselineReason).toContain('HTTP 403');
    const regression = result?.gate?.checks.filter((c) => c.id.startsWith('regression/'));
    expect(regression?.length).toBeGreaterThan(0);
    expect(regression?.every((c) => c.status === 'not_applicable')).toBe(true);
    expect(readFileSync(join(files, 'summary.md'), 'utf8')).toContain(
      'No comparison: the token may not read this repository&#39;s Actions runs \\(HTTP 403'
    );
    expect(process.exitCode).toBeUndefined();
  });
});
