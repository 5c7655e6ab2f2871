/** The real ActionHost over @actions/core, @actions/github and @actions/artifact. */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import * as actionsCache from '@actions/cache';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { flatten, truncate } from '../report/escape.js';
import { ApiError, type ActionHost, type GitHubApi } from './host.js';

/** An error from octokit or the artifact client as an ApiError (status 0: no HTTP answer). */
function apiError(error: unknown): ApiError {
  const e = error as { status?: unknown; message?: unknown; response?: { headers?: Record<string, unknown> } };
  const status = typeof e?.status === 'number' ? e.status : 0;
  const message = String(e?.message ?? error);
  const remaining = e?.response?.headers?.['x-ratelimit-remaining'];
  const rateLimited = (status === 403 || status === 429) && (String(remaining) === '0' || /rate limit/i.test(message));
  return new ApiError(status, truncate(flatten(message), 300), rateLimited);
}

/**
 * GitHub Enterprise Server, where @actions/artifact ≥ 2 (and so upload-artifact@v4 and this
 * action's artifact calls) is not supported: the library's own test, on GITHUB_SERVER_URL.
 */
export function enterpriseServerOf(env: NodeJS.ProcessEnv): string | null {
  let host: string;
  try {
    host = new URL(env.GITHUB_SERVER_URL || 'https://github.com').hostname.toLowerCase();
  } catch {
    return null;
  }
  return host === 'github.com' || host.endsWith('.ghe.com') || host.endsWith('.localhost') ? null : host;
}

/** @actions/artifact's "no artifact of that name" (thrown by deleteArtifact when there is nothing to replace). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown };
  return e?.name === 'ArtifactNotFoundError' || /^Artifact not found/i.test(String(e?.message ?? ''));
}

function repository(env: NodeJS.ProcessEnv): { owner: string; repo: string } {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return { owner, repo };
}

function githubApi(token: string, env: NodeJS.ProcessEnv): GitHubApi {
  // The base URL is read now rather than when @actions/github was loaded (GHES, tests).
  const octokit = github.getOctokit(token, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
  return {
    request: async <T>(
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      params: Record<string, string | number> = {}
    ) => {
      try {
        const response = await octokit.request(`${method} ${path}`, params);
        return response.data as T;
      } catch (error) {
        throw apiError(error);
      }
    },
    pages: <T>(path: string, params: Record<string, string | number>, maxPages: number): AsyncIterable<T[]> => ({
      [Symbol.asyncIterator]: async function* () {
        let page = 0;
        try {
          // octokit follows the Link header and unwraps `workflow_runs` / `artifacts` lists.
          for await (const response of octokit.paginate.iterator(`GET ${path}`, params)) {
            yield response.data as T[];
            if (++page >= maxPages) return;
          }
        } catch (error) {
          throw apiError(error);
        }
      }
    }),
    downloadArtifact: async (artifactId, runId, path) => {
      const { owner, repo } = repository(env);
      try {
        await new DefaultArtifactClient().downloadArtifact(artifactId, {
          path,
          findBy: { token, workflowRunId: runId, repositoryOwner: owner, repositoryName: repo }
        });
      } catch (error) {
        throw apiError(error);
      }
    }
  };
}

/** Appends `text` to a runner file, making it and its folder when missing (local tools name files not made yet). */
function appendMaking(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, text, 'utf8');
}

export function githubHost(bundleSha256: string | null, env: NodeJS.ProcessEnv = process.env): ActionHost {
  return {
    getInput: (name) => core.getInput(name),
    setSecret: (value) => core.setSecret(value),
    setOutput: (name, value) => {
      // The runner creates GITHUB_OUTPUT for each step; local tools may name a file (or folder) not
      // made yet, which @actions/core refuses: made here, as the job summary's is.
      if (env.GITHUB_OUTPUT) appendMaking(env.GITHUB_OUTPUT, '');
      core.setOutput(name, value);
    },
    info: (line) => core.info(line),
    notice: (line, where) => core.notice(line, where ?? {}),
    warning: (line, where) => core.warning(line, where ?? {}),
    error: (line, where) => core.error(line, where ?? {}),
    setFailed: (message) => core.setFailed(message),
    writeSummary: async (markdown) => {
      const file = env.GITHUB_STEP_SUMMARY;
      if (!file) {
        core.info('job summary skipped: GITHUB_STEP_SUMMARY is not set (local run)');
        return;
      }
      // Appended directly: core.summary remembers the first file it wrote to for the life of the
      // process, and local tools point GITHUB_STEP_SUMMARY at a folder that may not exist yet.
      appendMaking(file, markdown);
    },
    // @github/local-action's artifact stub needs both of its variables (uploads go to the path).
    canUpload: () =>
      Boolean(
        (env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL) ||
        (env.LOCAL_ACTION_WORKSPACE && env.LOCAL_ACTION_ARTIFACT_PATH)
      ),
    artifactsUnsupported: () => {
      const server = enterpriseServerOf(env);
      return server === null
        ? null
        : `${server} is a GitHub Enterprise Server, where @actions/artifact 2 and later (which this action uses) ` +
            `are not supported`;
    },
    upload: async (name, files, rootDirectory, retentionDays) => {
      const client = new DefaultArtifactClient();
      if (env.LOCAL_ACTION_ARTIFACT_PATH) mkdirSync(env.LOCAL_ACTION_ARTIFACT_PATH, { recursive: true });
      // A re-run attempt keeps the artifact name (so base-branch lookups still find it), so the
      // earlier attempt's artifact of that name is replaced, as upload-artifact's `overwrite`
      // does. "Not found" means the earlier attempt uploaded nothing; any other failure would
      // only come back as a 409 on the upload, so it is named here instead.
      let deleteFailed: string | null = null;
      if (Number(env.GITHUB_RUN_ATTEMPT ?? '1') > 1) {
        try {
          await client.deleteArtifact(name);
        } catch (error) {
          if (!isNotFound(error)) deleteFailed = truncate(flatten(String((error as Error)?.message ?? error)), 200);
        }
      }
      try {
        const response = await client.uploadArtifact(
          name,
          files,
          rootDirectory,
          retentionDays === undefined ? {} : { retentionDays }
        );
        return { id: response.id, size: response.size };
      } catch (error) {
        const message = truncate(flatten(String((error as Error)?.message ?? error)), 300);
        if (deleteFailed !== null)
          throw new Error(
            `the earlier attempt's artifact of this name could not be deleted (${deleteFailed}), so the upload ` +
              `failed: ${message}`
          );
        if (/\b409\b|Conflict/i.test(message))
          throw new Error(
            `another step of this workflow run already uploaded an artifact of this name (${message}); give each ` +
              `step its own artifact-name, output-dir or key`
          );
        throw new Error(message);
      }
    },
    listRunArtifacts: async () => {
      const { artifacts } = await new DefaultArtifactClient().listArtifacts({ latest: true });
      return artifacts.map((a) => ({ id: a.id, name: a.name }));
    },
    downloadRunArtifact: async (id, path) => {
      await new DefaultArtifactClient().downloadArtifact(id, { path });
    },
    api: (token) => githubApi(token, env),
    cacheService: () =>
      actionsCache.isFeatureAvailable()
        ? {
            restore: (paths, key, restoreKeys) => actionsCache.restoreCache(paths, key, restoreKeys),
            save: async (paths, key) => {
              await actionsCache.saveCache(paths, key);
            }
          }
        : null,
    context: () => ({
      runner: 'github-actions',
      repository: env.GITHUB_REPOSITORY ?? null,
      commit: env.GITHUB_SHA || null,
      ref: env.GITHUB_REF || null,
      workflow: env.GITHUB_WORKFLOW || null,
      run_id: Number(env.GITHUB_RUN_ID ?? '') || null,
      run_attempt: Number(env.GITHUB_RUN_ATTEMPT ?? '') || null,
      event: env.GITHUB_EVENT_NAME || null
    }),
    env,
    bundleSha256
  };
}
