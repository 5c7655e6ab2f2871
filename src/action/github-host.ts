/** The real ActionHost over @actions/core, @actions/github and @actions/artifact. */
import { DefaultArtifactClient } from '@actions/artifact';
import * as core from '@actions/core';
import * as github from '@actions/github';
import type { ActionHost } from './host.js';

export function githubHost(bundleSha256: string | null): ActionHost {
  return {
    getInput: (name) => core.getInput(name),
    setSecret: (value) => core.setSecret(value),
    setOutput: (name, value) => core.setOutput(name, value),
    info: (line) => core.info(line),
    warning: (line, where) => core.warning(line, where ?? {}),
    error: (line, where) => core.error(line, where ?? {}),
    setFailed: (message) => core.setFailed(message),
    writeSummary: async (markdown) => {
      if (!process.env.GITHUB_STEP_SUMMARY) {
        core.info('job summary skipped: GITHUB_STEP_SUMMARY is not set (local run)');
        return;
      }
      await core.summary.addRaw(markdown).write();
    },
    canUpload: () => Boolean(process.env.ACTIONS_RUNTIME_TOKEN && process.env.ACTIONS_RESULTS_URL),
    upload: async (name, files, rootDirectory, retentionDays) => {
      const client = new DefaultArtifactClient();
      const response = await client.uploadArtifact(name, files, rootDirectory, retentionDays === undefined ? {} : { retentionDays });
      return { id: response.id, size: response.size };
    },
    context: () => {
      const c = github.context;
      return {
        runner: 'github-actions',
        repository: process.env.GITHUB_REPOSITORY ?? null,
        commit: c.sha || null,
        ref: c.ref || null,
        workflow: c.workflow || null,
        run_id: c.runId || null,
        run_attempt: Number(process.env.GITHUB_RUN_ATTEMPT ?? '') || null,
        event: c.eventName || null
      };
    },
    env: process.env,
    bundleSha256
  };
}
