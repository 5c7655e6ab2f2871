/**
 * The action adapter: inputs → engine → job summary, artifact, outputs, exit status.
 * Only this folder touches the runner; it calls setFailed at most once.
 */
import { join, resolve } from 'node:path';
import { run, type RunResult } from '../engine.js';
import { isUserError } from '../errors.js';
import { asUserFsError } from '../util/fs-errors.js';
import type { ActionHost } from './host.js';
import { checkAnnotations } from './annotations.js';
import { readInputs } from './inputs.js';

export async function runAction(host: ActionHost): Promise<RunResult | null> {
  let root: string | undefined;
  try {
    const inputs = readInputs((n) => host.getInput(n), host.env);
    if (inputs.githubToken) host.setSecret(inputs.githubToken);
    root = resolve(host.env.GITHUB_WORKSPACE ?? process.cwd());
    const result = await run(
      { root, configPath: inputs.config, outputDir: inputs.outputDir },
      { log: (line) => host.info(line), context: host.context(), bundleSha256: host.bundleSha256 }
    );

    let artifactId = '';
    let artifactUrl = '';
    let artifactNote: string;
    if (!host.canUpload()) {
      artifactNote = `The artifact service is not available here (a local run), so the evidence stays in \`${result.outputPath}/\`.`;
      host.info('artifact upload skipped: no artifact service in this environment (local run)');
    } else {
      try {
        const uploaded = await host.upload(
          inputs.artifactName,
          result.files.map((f) => join(result.outputDir, f)),
          result.outputDir,
          inputs.retentionDays
        );
        artifactId = uploaded.id === undefined ? '' : String(uploaded.id);
        const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: runId } = host.env;
        if (artifactId && server && repo && runId) artifactUrl = `${server}/${repo}/actions/runs/${runId}/artifacts/${artifactId}`;
        artifactNote = artifactUrl
          ? `Download the evidence: [${inputs.artifactName}](${artifactUrl}).`
          : `The evidence is uploaded as the artifact \`${inputs.artifactName}\` of this workflow run.`;
      } catch (error) {
        // A warning, so that it never takes one of the step's 10 error-annotation slots.
        host.warning(`artifact upload failed: ${(error as Error).message}`, { title: 'Evidence Gate: artifact upload failed' });
        artifactNote = `The artifact upload failed; the evidence was written to \`${result.outputPath}/\` on the runner only.`;
      }
    }

    await host.writeSummary(`${result.summary}\n${artifactNote}\n`);
    host.setOutput('verdict', result.verdict ?? 'shard');
    host.setOutput('failed-checks', String(result.failedChecks));
    host.setOutput('output-dir', result.outputPath);
    host.setOutput('manifest-sha256', result.manifestSha256);
    host.setOutput('artifact-id', artifactId);
    host.setOutput('artifact-url', artifactUrl);
    host.info(`verdict: ${result.verdict} (${result.failedChecks} blocking checks)`);
    const willFail = result.verdict === 'fail' && inputs.failOnGate;
    const gate = result.gate;
    const blocking = gate ? gate.checks.filter((c) => gate.failing.includes(c.id)) : [];
    const { annotations, omitted } = checkAnnotations(blocking, result.configPath, willFail);
    for (const a of annotations) host.error(a.message, { title: a.title, file: a.file, startLine: a.startLine });
    if (omitted > 0) host.info(`${omitted} more blocking check${omitted === 1 ? '' : 's'} not annotated (GitHub shows 10 error annotations per step): see the job summary and checks.json`);
    if (willFail) {
      host.setFailed(`Evidence Gate failed: ${result.failedChecks} blocking check${result.failedChecks === 1 ? '' : 's'} (see the job summary)`);
    }
    return result;
  } catch (caught) {
    // A full disk, a read-only mount or a permission is the runner's state, not a bug.
    const error = asUserFsError(caught, root) ?? caught;
    if (isUserError(error)) host.setFailed(`Evidence Gate ${error.kind} error: ${error.message}`);
    else host.setFailed(`Evidence Gate internal error: ${(error as Error)?.stack ?? String(error)}`);
    return null;
  }
}
