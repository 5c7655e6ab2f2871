/**
 * The real host over @actions/core and @actions/github, with only the artifact client mocked:
 * the job summary and outputs land in real GITHUB_STEP_SUMMARY / GITHUB_OUTPUT files.
 */
import { jest } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_CONFIG, smallExampleRepo, tempRepo } from '../helpers.js';
import { readOutputs } from './runner-files.js';

const uploads: unknown[][] = [];
const calls: string[] = [];
/** What the mocked client does on delete and upload; tests replace them. */
const behaviour = {
  delete: async (): Promise<unknown> => {
    throw Object.assign(new Error('Artifact not found for name: x'), { name: 'ArtifactNotFoundError' });
  },
  upload: async (): Promise<unknown> => ({ id: 9, size: 123 })
};
const real = await import('@actions/artifact');
jest.unstable_mockModule('@actions/artifact', () => ({
  ...real,
  DefaultArtifactClient: class {
    async uploadArtifact(...args: unknown[]) {
      uploads.push(args);
      calls.push(`upload ${args[0]}`);
      return behaviour.upload();
    }
    async deleteArtifact(name: string) {
      calls.push(`delete ${name}`);
      return behaviour.delete();
    }
    async listArtifacts(options: unknown) {
      calls.push(`list ${JSON.stringify(options)}`);
      return { artifacts: [{ id: 3, name: 'a', size: 1 }] };
    }
    async downloadArtifact(id: number, options: unknown) {
      calls.push(`download ${id} ${JSON.stringify(options)}`);
      return {};
    }
  }
}));
const { githubHost } = await import('../../src/action/github-host.js');
const { runAction } = await import('../../src/action/main.js');

/** Runs the action through the real host and returns what it printed (its log). */
async function actionLog(): Promise<string> {
  const writes: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    await runAction(githubHost(null));
  } finally {
    spy.mockRestore();
  }
  return writes.join('');
}

describe('github host', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = undefined;
  });

  test('writes the job summary and outputs through @actions/core and uploads once', async () => {
    const root = smallExampleRepo();
    const files = tempRepo({ 'summary.md': '', 'output.txt': '' });
    Object.assign(process.env, {
      GITHUB_WORKSPACE: root,
      GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
      GITHUB_OUTPUT: join(files, 'output.txt'),
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_RUN_ID: '5',
      GITHUB_JOB: 'gate',
      ACTIONS_RUNTIME_TOKEN: 'token',
      ACTIONS_RESULTS_URL: 'https://results.example/',
      INPUT_CONFIG: EXAMPLE_CONFIG,
      'INPUT_RETENTION-DAYS': '3',
      'INPUT_FAIL-ON-GATE': 'true'
    });
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      await runAction(githubHost('abc'));
    } finally {
      spy.mockRestore();
    }
    const summary = readFileSync(join(files, 'summary.md'), 'utf8');
    expect(summary).toContain('# Evidence Gate: ❌ FAIL');
    expect(summary).toContain('https://github.com/o/r/actions/runs/5/artifacts/9');
    const outputs = readOutputs(join(files, 'output.txt'));
    expect(outputs).toMatchObject({ verdict: 'fail', 'output-dir': 'evidence-gate-out', 'artifact-id': '9' });
    expect(outputs['manifest-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.[3]).toEqual({ retentionDays: 3 });
    expect(process.exitCode).toBe(1);
    // 9 check annotations plus the verdict: GitHub's limit of 10 error annotations per step.
    const errors = writes.filter((w) => w.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors[0]).toMatch(
      /^::error title=Evidence Gate%3A protected transitions failed,file=examples\/academic-intent\/evidence-gate\.yml,line=\d+::protected_transitions\//
    );
    expect(errors[9]).toMatch(/^::error::Evidence Gate failed: 25 blocking checks/);
    expect(writes.join('')).toContain('16 more blocking checks not annotated');
    const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'manifest.json'), 'utf8'));
    expect(manifest.tool.bundle_sha256).toBe('abc');
    expect(manifest.run.context).toMatchObject({ runner: 'github-actions', repository: 'o/r' });
  });

  test('without GITHUB_STEP_SUMMARY the summary is skipped with one line', async () => {
    const root = smallExampleRepo();
    const files = tempRepo({ 'output.txt': '' });
    delete process.env.GITHUB_STEP_SUMMARY;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    Object.assign(process.env, {
      GITHUB_WORKSPACE: root,
      GITHUB_OUTPUT: join(files, 'output.txt'),
      INPUT_CONFIG: EXAMPLE_CONFIG,
      'INPUT_FAIL-ON-GATE': 'false'
    });
    writeFileSync(join(files, 'output.txt'), '');
    const log = await actionLog();
    expect(log).toContain('job summary skipped: GITHUB_STEP_SUMMARY is not set (local run)');
    expect(log).toContain('artifact upload skipped');
    expect(readOutputs(join(files, 'output.txt')).verdict).toBe('fail');
    expect(process.exitCode).toBeUndefined();
  });

  test('a GITHUB_OUTPUT file (and folder) not made yet is created, as local tools expect, not an internal error', async () => {
    const root = smallExampleRepo();
    const files = tempRepo({});
    delete process.env.GITHUB_STEP_SUMMARY;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    const output = join(files, 'not-yet', 'output.txt');
    Object.assign(process.env, {
      GITHUB_WORKSPACE: root,
      GITHUB_OUTPUT: output,
      INPUT_CONFIG: EXAMPLE_CONFIG,
      'INPUT_FAIL-ON-GATE': 'false'
    });
    const log = await actionLog();
    expect(log).not.toContain('internal error');
    expect(readOutputs(output).verdict).toBe('fail');
    expect(process.exitCode).toBeUndefined();
  });

  test('an error whose verdict output cannot be written either still reports the error itself', async () => {
    const root = smallExampleRepo();
    const files = tempRepo({ 'output.txt': '' });
    delete process.env.GITHUB_STEP_SUMMARY;
    // A folder where the output file should be: nothing can be appended to it.
    Object.assign(process.env, { GITHUB_WORKSPACE: root, GITHUB_OUTPUT: files, INPUT_CONFIG: 'missing.yml' });
    const log = await actionLog();
    expect(log).toMatch(/::warning[^\n]*output verdict not written/);
    expect(log).toMatch(/::error::Evidence Gate (usage|config) error: [^\n]*missing\.yml/);
    expect(log).not.toContain('internal error');
    expect(process.exitCode).toBe(1);
  });

  test('artifact calls: this run only, newest per name; a re-run replaces its earlier attempt; local-action counts as a service', async () => {
    calls.length = 0;
    const host = githubHost(null, { GITHUB_RUN_ATTEMPT: '2', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_RESULTS_URL: 'u' });
    expect(host.canUpload()).toBe(true);
    await host.upload('evidence-gate-x', ['/w/out/a.json'], '/w/out', undefined);
    expect(await host.listRunArtifacts()).toEqual([{ id: 3, name: 'a' }]);
    await host.downloadRunArtifact(3, '/tmp/x');
    expect(calls).toEqual([
      'delete evidence-gate-x',
      'upload evidence-gate-x',
      'list {"latest":true}',
      'download 3 {"path":"/tmp/x"}'
    ]);
    calls.length = 0;
    await githubHost(null, { GITHUB_RUN_ATTEMPT: '1' }).upload('n', [], '/w', 3);
    expect(calls).toEqual(['upload n']);
    expect(githubHost(null, {}).canUpload()).toBe(false);
    expect(githubHost(null, { LOCAL_ACTION_ARTIFACT_PATH: 'a' }).canUpload()).toBe(false);
    expect(githubHost(null, { LOCAL_ACTION_ARTIFACT_PATH: 'a', LOCAL_ACTION_WORKSPACE: 'w' }).canUpload()).toBe(true);
  });

  test('a re-run shard whose earlier artifact cannot be deleted fails the step clearly instead of staying green without it', async () => {
    const saved = { ...behaviour };
    behaviour.delete = async () => {
      throw new Error('Failed request: (403) Forbidden: token lacks permission');
    };
    behaviour.upload = async () => {
      throw new Error(
        'Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run'
      );
    };
    const root = smallExampleRepo();
    const files = tempRepo({ 'summary.md': '', 'output.txt': '' });
    Object.assign(process.env, {
      GITHUB_WORKSPACE: root,
      GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
      GITHUB_OUTPUT: join(files, 'output.txt'),
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_RUN_ID: '5',
      GITHUB_RUN_ATTEMPT: '2',
      GITHUB_JOB: 'shards',
      ACTIONS_RUNTIME_TOKEN: 'token',
      ACTIONS_RESULTS_URL: 'https://results.example/',
      INPUT_CONFIG: EXAMPLE_CONFIG,
      INPUT_SHARD: '1/2'
    });
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      expect(await runAction(githubHost(null))).toBeNull();
    } finally {
      spy.mockRestore();
      Object.assign(behaviour, saved);
    }
    const failed = writes.filter((w) => w.startsWith('::error'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(
      /^::error::Evidence Gate runner error: the shard artifact "evidence-gate-[0-9a-f]{8}-shard-1-of-2" was not uploaded, and the merge job needs it: the earlier attempt's artifact of this name could not be deleted \(Failed request: \(403\) Forbidden: token lacks permission\), so the upload failed: Failed to CreateArtifact: .*\(409\) Conflict/
    );
    expect(writes.filter((w) => w.startsWith('::warning'))).toEqual([]);
    expect(readOutputs(join(files, 'output.txt')).verdict).toBe('error');
    expect(readFileSync(join(files, 'summary.md'), 'utf8')).toContain('The artifact upload failed');
    expect(process.exitCode).toBe(1);
  });

  test('a second upload of one name in a run (a reusable workflow called twice) names the way out', async () => {
    const saved = { ...behaviour };
    behaviour.upload = async () => {
      throw new Error(
        'Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run'
      );
    };
    try {
      await expect(githubHost(null, { GITHUB_RUN_ATTEMPT: '1' }).upload('n', [], '/w', undefined)).rejects.toThrow(
        /^another step of this workflow run already uploaded an artifact of this name \(.*\); give each step its own artifact-name, output-dir or key$/
      );
    } finally {
      Object.assign(behaviour, saved);
    }
  });

  test('the entry runs only when started directly, not when imported', async () => {
    const { startedDirectly } = await import('../../src/action/entry.js');
    const here = new URL(import.meta.url);
    expect(startedDirectly(here.href, here.pathname)).toBe(true);
    expect(startedDirectly(here.href, '/usr/bin/jest')).toBe(false);
    expect(startedDirectly(here.href, undefined)).toBe(false);
  });
});
