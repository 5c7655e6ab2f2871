/**
 * The real host over @actions/core and @actions/github, with only the artifact client mocked:
 * the job summary and outputs land in real GITHUB_STEP_SUMMARY / GITHUB_OUTPUT files.
 */
import { jest } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_CONFIG, exampleRepo, tempRepo } from '../helpers.js';
import { readOutputs } from './runner-files.js';

const uploads: unknown[][] = [];
const real = await import('@actions/artifact');
jest.unstable_mockModule('@actions/artifact', () => ({
  ...real,
  DefaultArtifactClient: class {
    async uploadArtifact(...args: unknown[]) {
      uploads.push(args);
      return { id: 9, size: 123 };
    }
  }
}));
const { githubHost } = await import('../../src/action/github-host.js');
const { runAction } = await import('../../src/action/main.js');

describe('github host', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    process.exitCode = undefined;
  });

  test('writes the job summary and outputs through @actions/core and uploads once', async () => {
    const root = exampleRepo();
    const files = tempRepo({ 'summary.md': '', 'output.txt': '' });
    Object.assign(process.env, {
      GITHUB_WORKSPACE: root,
      GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
      GITHUB_OUTPUT: join(files, 'output.txt'),
      GITHUB_SERVER_URL: 'https://github.example',
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
    expect(summary).toContain('https://github.example/o/r/actions/runs/5/artifacts/9');
    const outputs = readOutputs(join(files, 'output.txt'));
    expect(outputs).toMatchObject({ verdict: 'fail', 'output-dir': 'evidence-gate-out', 'artifact-id': '9' });
    expect(outputs['manifest-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.[3]).toEqual({ retentionDays: 3 });
    expect(process.exitCode).toBe(1);
    // 9 check annotations plus the verdict: GitHub's limit of 10 error annotations per step.
    const errors = writes.filter((w) => w.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors[0]).toMatch(/^::error title=Evidence Gate%3A protected transitions failed,file=examples\/academic-intent\/evidence-gate\.yml,line=\d+::protected_transitions\//);
    expect(errors[9]).toMatch(/^::error::Evidence Gate failed: 20 blocking checks/);
    expect(writes.join('')).toContain('11 more blocking checks not annotated');
    const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'manifest.json'), 'utf8'));
    expect(manifest.tool.bundle_sha256).toBe('abc');
    expect(manifest.run.context).toMatchObject({ runner: 'github-actions', repository: 'o/r' });
  });

  test('without GITHUB_STEP_SUMMARY the summary is skipped with one line', async () => {
    const root = exampleRepo();
    const files = tempRepo({ 'output.txt': '' });
    delete process.env.GITHUB_STEP_SUMMARY;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    Object.assign(process.env, { GITHUB_WORKSPACE: root, GITHUB_OUTPUT: join(files, 'output.txt'), INPUT_CONFIG: EXAMPLE_CONFIG, 'INPUT_FAIL-ON-GATE': 'false' });
    writeFileSync(join(files, 'output.txt'), '');
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
    expect(writes.join('')).toContain('job summary skipped: GITHUB_STEP_SUMMARY is not set (local run)');
    expect(writes.join('')).toContain('artifact upload skipped');
    expect(readOutputs(join(files, 'output.txt')).verdict).toBe('fail');
    expect(process.exitCode).toBeUndefined();
  });
});
