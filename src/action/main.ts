/**
 * The action adapter: inputs → (baseline | shards) → engine → artifact, pull-request comment,
 * job summary, outputs, annotations, exit status. Only this folder touches the runner; it calls
 * setFailed at most once, and a step that stops before a verdict still leaves a summary and
 * `verdict: error`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { merge, run, type RunDeps, type RunResult } from '../engine.js';
import { resolveInside } from '../config/paths.js';
import { isUserError, UsageError } from '../errors.js';
import { asUserFsError } from '../util/fs-errors.js';
import { code, flatten, md, truncate } from '../report/escape.js';
import { quoted } from '../util/visible.js';
import { checkAnnotations, knownFailureAnnotations, MAX_ERROR_ANNOTATIONS } from './annotations.js';
import { restoreAnswers, saveAnswers } from './answer-cache.js';
import { chooseBaseline, type BaselineChoice } from './baseline.js';
import { commentBody, postStickyComment } from './comment.js';
import { pullRequestOf, pullRequestTargetRefusal } from './event.js';
import { ApiError, RunnerError, type ActionHost, type Where } from './host.js';
import { INPUT, readInputs, type ActionInputs } from './inputs.js';
import { errorSummary, jobSummary } from './job-summary.js';
import { commentMarker, shardArtifactName, shardPrefix, workspaceKey } from './naming.js';
import { progressLines } from './progress.js';
import { downloadShards, shardStoreOf } from './shards.js';

interface ActionOptions {
  /** Milliseconds, for progress lines (default performance.now). */
  now?: () => number;
}

/** Temporary folders for downloads, removed when the step ends. */
class Scratch {
  private readonly dirs: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}
  make(): string {
    const dir = mkdtempSync(join(this.env.RUNNER_TEMP || tmpdir(), 'evidence-gate-'));
    this.dirs.push(dir);
    return dir;
  }
  clean(): void {
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

function oneLine(text: string, max = 300): string {
  return truncate(flatten(text), max);
}

/**
 * Warning annotations that are not checks (a refused baseline, a failed upload or comment),
 * counted: the runner shows 10 warnings per step, and with `fail-on-gate: false` the checks are
 * warnings too, so they get the slots these left.
 */
class Warnings {
  used = 0;
  constructor(private readonly host: ActionHost) {}
  warn(line: string, where: Where): void {
    this.used++;
    this.host.warning(line, where);
  }
}

export async function runAction(host: ActionHost, options: ActionOptions = {}): Promise<RunResult | null> {
  const scratch = new Scratch(host.env);
  const warnings = new Warnings(host);
  try {
    const inputs = readInputs((n) => host.getInput(n), host.env);
    if (inputs.githubToken) host.setSecret(inputs.githubToken);
    const refusal = pullRequestTargetRefusal(host.env);
    if (refusal) throw new UsageError(refusal);
    const noArtifacts = host.artifactsUnsupported();
    if (noArtifacts && (inputs.shard || inputs.merge)) {
      throw new RunnerError(
        `${noArtifacts}, and ${inputs.shard ? 'a shard step uploads' : 'a merge step downloads'} artifacts ` +
          `through it; run the evaluation unsharded there (docs/action.md, GitHub Enterprise Server)`
      );
    }
    const root = resolve(host.env.GITHUB_WORKSPACE ?? process.cwd());
    const output = resolveInside(root, inputs.outputDir);
    if (typeof output === 'string')
      throw new UsageError(`input ${INPUT.outputDir}: expected a folder inside the workspace; ${output}`);
    const configKey = workspaceKey(root, inputs.config);
    const deps: RunDeps = {
      log: (line) => host.info(line),
      secret: (value) => host.setSecret(value),
      warn: (line) => warnings.warn(oneLine(line), { title: 'Evidence Gate: baseline not used' }),
      progress: progressLines((line) => host.info(line), options.now ?? (() => performance.now())),
      context: host.context(),
      bundleSha256: host.bundleSha256
    };

    let result: RunResult;
    let uploadName = inputs.artifactName;
    if (inputs.shard) {
      if (inputs.baseline.kind === 'path') host.info('baseline: not used on a shard step; the merge step compares');
      uploadName = shardArtifactName(
        shardPrefix(configKey, inputs.artifactNameGiven ? inputs.artifactName : null, inputs.matrixKey, inputs.key),
        inputs.shard
      );
      const answers = inputs.cache ? await restoreAnswers(host, root, inputs.config) : null;
      result = await run(
        { root, configPath: inputs.config, outputDir: inputs.outputDir, shard: inputs.shard, cacheDir: answers?.dir },
        deps
      );
      if (answers) await saveAnswers(host, answers);
    } else {
      const baseline =
        noArtifacts && inputs.baseline.kind === 'auto'
          ? noDownload(noArtifacts)
          : await chooseBaseline(inputs.baseline, {
              host,
              root,
              artifactName: inputs.artifactName,
              token: inputs.githubToken,
              tempDir: () => scratch.make()
            });
      host.info(baseline.line);
      const common = {
        root,
        outputDir: inputs.outputDir,
        baseline: baseline.source,
        noBaselineReason: baseline.reason,
        baselineExpected: baseline.expected !== false
      };
      if (inputs.merge) {
        const prefix = shardPrefix(
          configKey,
          inputs.artifactNameGiven ? inputs.artifactName : null,
          inputs.matrixKey,
          inputs.key
        );
        const shards = await downloadShards(shardStoreOf(host, inputs.githubToken), prefix, scratch.make());
        host.info(`merge: ${shards.length} shard artifacts (${oneLine(shards.map((s) => s.name).join(', '), 2000)})`);
        result = await merge({ ...common, shards: shards.map((s) => ({ dir: s.dir, shown: s.name })) }, deps);
      } else {
        const answers = inputs.cache ? await restoreAnswers(host, root, inputs.config) : null;
        result = await run({ ...common, configPath: inputs.config, cacheDir: answers?.dir }, deps);
        if (answers) await saveAnswers(host, answers);
      }
    }

    const { artifactId, artifactUrl, artifactNote, failure } = await uploadEvidence(
      host,
      warnings,
      inputs,
      uploadName,
      result,
      noArtifacts
    );
    const tailNotes: string[] = [];
    if (inputs.comment && result.kind === 'run') {
      const note = await commentOnPullRequest(host, warnings, inputs, configKey, result, artifactUrl);
      if (note) tailNotes.push(note);
    }
    const blocksStep = result.verdict === 'fail' && inputs.failOnGate;
    const headNotes =
      result.verdict === 'fail' && !inputs.failOnGate
        ? [
            '**The gate failed, but this step does not block on it** (`fail-on-gate: false`): the blocking ' +
              'checks are annotated as warnings, and the `verdict` output is `fail`.'
          ]
        : [];
    await host.writeSummary(
      jobSummary({ summary: result.summary, headNotes, tailNotes, artifactNote, manifestSha256: result.manifestSha256 })
    );

    // A shard without its artifact leaves the merge nothing to merge: the step fails here, not there.
    host.setOutput('verdict', failure ? 'error' : (result.verdict ?? 'shard'));
    host.setOutput('failed-checks', String(result.failedChecks));
    host.setOutput('output-dir', result.outputPath);
    host.setOutput('manifest-sha256', result.manifestSha256);
    host.setOutput('artifact-id', artifactId);
    host.setOutput('artifact-url', artifactUrl);
    host.setOutput('shard', result.shard ? `${result.shard.index}/${result.shard.count}` : '');
    if (result.kind === 'shard') {
      if (failure) {
        host.setFailed(`Evidence Gate runner error: ${failure}`);
        return null;
      }
      host.info(`shard ${result.shard?.index}/${result.shard?.count} written; the merge step (merge: true) gates`);
      return result;
    }
    host.info(`verdict: ${result.verdict} (${result.failedChecks} blocking checks)`);
    annotate(host, result, blocksStep, warnings.used);
    if (blocksStep) {
      host.setFailed(
        `Evidence Gate failed: ${result.failedChecks} blocking check${result.failedChecks === 1 ? '' : 's'} (see ` +
          `the job summary)`
      );
    }
    return result;
  } catch (error) {
    await reportError(host, error);
    return null;
  } finally {
    scratch.clean();
  }
}

/** Error annotations when the gate blocks the step; warnings when `fail-on-gate: false` lets it pass. */
function annotate(host: ActionHost, result: RunResult, blocksStep: boolean, warningsUsed: number): void {
  const gate = result.gate;
  const blocking = gate ? gate.checks.filter((c) => gate.failing.includes(c.id)) : [];
  const { annotations, omitted } = checkAnnotations(
    blocking,
    result.configPath,
    blocksStep,
    blocksStep ? 0 : warningsUsed
  );
  for (const a of annotations) {
    const where = { title: a.title, file: a.file, startLine: a.startLine };
    if (blocksStep) host.error(a.message, where);
    else host.warning(a.message, where);
  }
  if (omitted > 0)
    host.info(
      `${omitted} more blocking check${omitted === 1 ? '' : 's'} not annotated (GitHub shows 10 annotations of a ` +
        `kind per step): see the job summary and checks.json`
    );
  const known = gate
    ? knownFailureAnnotations(gate.checks, gate.failing, result.configPath)
    : { annotations: [], omitted: 0 };
  // Known failures are warnings too: they get the warning slots the step has not spent yet.
  const warningsLeft = Math.max(0, MAX_ERROR_ANNOTATIONS - warningsUsed - (blocksStep ? 0 : annotations.length));
  const shown = known.annotations.slice(0, warningsLeft);
  const knownOmitted = known.omitted + known.annotations.length - shown.length;
  for (const a of shown) host.warning(a.message, { title: a.title, file: a.file, startLine: a.startLine });
  if (knownOmitted > 0)
    host.info(
      `${knownOmitted} more known failure${knownOmitted === 1 ? '' : 's'} not annotated: see the job summary and ` +
        `checks.json`
    );
}

/** `baseline: auto` where artifacts cannot be downloaded (GitHub Enterprise Server). */
function noDownload(why: string): BaselineChoice {
  const reason = `${why}, so the base branch's artifact cannot be downloaded`;
  return { source: null, reason, line: `baseline: none (${reason})` };
}

/**
 * The repository's longest artifact retention (GITHUB_RETENTION_DAYS, which the runner sets):
 * a longer `retention-days` is shortened here with a notice, rather than by @actions/artifact
 * with a warning that would take one of the checks' warning slots.
 */
function retentionFor(host: ActionHost, requested: number | undefined): number | undefined {
  const max = Number(host.env.GITHUB_RETENTION_DAYS ?? '');
  if (requested === undefined || !Number.isInteger(max) || max < 1 || requested <= max) return requested;
  host.notice(
    `retention-days ${requested} is longer than this repository allows; the artifact is kept ${max} days (the ` +
      `repository's or organization's artifact retention setting)`,
    {
      title: 'Evidence Gate: retention shortened'
    }
  );
  return max;
}

interface Uploaded {
  artifactId: string;
  artifactUrl: string;
  artifactNote: string;
  /** Set when a shard's artifact could not be uploaded: the step fails with it. */
  failure?: string;
}

async function uploadEvidence(
  host: ActionHost,
  warnings: Warnings,
  inputs: ActionInputs,
  name: string,
  result: RunResult,
  noArtifacts: string | null
): Promise<Uploaded> {
  if (noArtifacts) {
    host.notice(
      `artifact upload skipped: ${noArtifacts}; the evidence stays in ${oneLine(result.outputPath)}/ (upload it ` +
        `with a step that supports this server)`,
      { title: 'Evidence Gate: no artifact' }
    );
    return {
      artifactId: '',
      artifactUrl: '',
      artifactNote:
        `No artifact was uploaded (${md(noArtifacts, 300)}), so the evidence stays in ` +
        `${code(`${result.outputPath}/`, 200)}.`
    };
  }
  if (!host.canUpload()) {
    host.info('artifact upload skipped: no artifact service in this environment (local run)');
    return {
      artifactId: '',
      artifactUrl: '',
      artifactNote:
        `The artifact service is not available here (a local run), so the evidence stays in ` +
        `${code(`${result.outputPath}/`, 200)}.`
    };
  }
  try {
    const uploaded = await host.upload(
      name,
      result.files.map((f) => join(result.outputDir, f)),
      result.outputDir,
      retentionFor(host, inputs.retentionDays)
    );
    const artifactId = uploaded.id === undefined ? '' : String(uploaded.id);
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: runId } = host.env;
    const artifactUrl =
      artifactId && server && repo && runId ? `${server}/${repo}/actions/runs/${runId}/artifacts/${artifactId}` : '';
    return {
      artifactId,
      artifactUrl,
      artifactNote: artifactUrl
        ? `Download the evidence: [${code(name, 200)}](${artifactUrl}).`
        : `The evidence is uploaded as the artifact ${code(name, 200)} of this workflow run.`
    };
  } catch (error) {
    const message = oneLine((error as Error)?.message ?? String(error));
    const artifactNote =
      `The artifact upload failed; the evidence was written to ${code(`${result.outputPath}/`, 200)} on the runner ` +
      `only.`;
    if (result.kind === 'shard')
      return {
        artifactId: '',
        artifactUrl: '',
        artifactNote,
        failure: `the shard artifact ${quoted(name, 200)} was not uploaded, and the merge job needs it: ${message}`
      };
    // A warning, so that it never takes one of the step's 10 error-annotation slots.
    warnings.warn(`artifact upload failed: ${message}`, { title: 'Evidence Gate: artifact upload failed' });
    return { artifactId: '', artifactUrl: '', artifactNote };
  }
}

/**
 * Posts or edits the sticky comment. Never fails the step: a token that may not write (a
 * fork's read-only token) gets one notice and the job summary stays the report. Returns a
 * note for the job summary, when there is something to say there.
 */
async function commentOnPullRequest(
  host: ActionHost,
  warnings: Warnings,
  inputs: ActionInputs,
  configKey: string,
  result: RunResult,
  artifactUrl: string
): Promise<string | null> {
  const pr = pullRequestOf(host.env);
  if (!pr) {
    host.info('pull-request comment skipped: this run is not a pull_request event');
    return null;
  }
  const repository = host.env.GITHUB_REPOSITORY ?? '';
  if (!inputs.githubToken || !repository.includes('/')) {
    host.info('pull-request comment skipped: no github-token or GITHUB_REPOSITORY');
    return null;
  }
  const { GITHUB_SERVER_URL: server, GITHUB_RUN_ID: runId } = host.env;
  const marker = commentMarker(host.env, configKey, inputs.jobIndex, inputs.key);
  const body = commentBody({
    marker,
    verdict: result.verdict ?? 'fail',
    configPath: result.configPath,
    jobIndex: inputs.jobIndex,
    summary: result.summary,
    runUrl: server && runId ? `${server}/${repository}/actions/runs/${runId}` : null,
    artifactUrl,
    manifestSha256: result.manifestSha256
  });
  try {
    const posted = await postStickyComment(host.api(inputs.githubToken), repository, pr.number, marker, body);
    const what =
      posted.action === 'superseded'
        ? 'superseded by a newer one from a run that commented at the same time'
        : posted.action;
    host.info(
      `pull-request comment ${what}${posted.url ? `: ${oneLine(posted.url)}` : ''}` +
        `${posted.removed > 0 ? ` (${posted.removed} duplicate${posted.removed === 1 ? '' : 's'} deleted)` : ''}`
    );
    return null;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (error instanceof ApiError && error.rateLimited) {
      host.notice(
        `pull-request comment not posted: the GitHub API rate limit ran out (HTTP ${status}); the next run posts ` +
          `it. This job summary is the report.`,
        { title: 'Evidence Gate: no pull-request comment' }
      );
      return (
        `The pull-request comment was not posted (HTTP ${status}: the GitHub API rate limit ran out); this summary ` +
        `is the report.`
      );
    }
    if (status === 403 && /locked/i.test((error as Error).message)) {
      host.notice(
        `pull-request comment not posted: the conversation on pull request #${pr.number} is locked (HTTP 403). ` +
          `This job summary is the report.`,
        { title: 'Evidence Gate: no pull-request comment' }
      );
      return (
        'The pull-request comment was not posted (HTTP 403: the ' +
        'conversation is locked); this summary is the report.'
      );
    }
    if (status === 401 || status === 403) {
      host.notice(
        `pull-request comment not posted: the token may not write to pull request #${pr.number} (HTTP ${status}; ` +
          `a fork's read-only token, or no pull-requests: write permission). This job summary is the report.`,
        {
          title: 'Evidence Gate: no pull-request comment'
        }
      );
      return (
        `The pull-request comment was not posted (HTTP ${status}: the token may not write to pull requests, as on ` +
        `a fork); this summary is the report.`
      );
    }
    warnings.warn(`pull-request comment failed: ${oneLine((error as Error)?.message ?? String(error))}`, {
      title: 'Evidence Gate: pull-request comment failed'
    });
    return 'The pull-request comment could not be posted (see the warning in the log); this summary is the report.';
  }
}

/** One failure line for the log, and a short job summary and `verdict: error` for the workflow. */
async function reportError(host: ActionHost, caught: unknown): Promise<void> {
  // A full disk, a read-only mount or a permission is the runner's state, not a bug.
  const error = asUserFsError(caught, resolve(host.env.GITHUB_WORKSPACE ?? process.cwd())) ?? caught;
  const user = isUserError(error);
  const kind = user ? error.kind : 'internal';
  const message = user ? error.message : String((error as Error)?.message ?? error);
  try {
    await host.writeSummary(errorSummary(kind, message));
  } catch (summaryError) {
    host.warning(`job summary not written: ${oneLine(String((summaryError as Error)?.message ?? summaryError))}`);
  }
  try {
    host.setOutput('verdict', 'error');
  } catch (outputError) {
    // The failure below is the one to report; an output that cannot be written is a side note.
    host.warning(`output verdict not written: ${oneLine(String((outputError as Error)?.message ?? outputError))}`);
  }
  if (user) host.setFailed(`Evidence Gate ${error.kind} error: ${error.message}`);
  else host.setFailed(`Evidence Gate internal error: ${(error as Error)?.stack ?? String(error)}`);
}
