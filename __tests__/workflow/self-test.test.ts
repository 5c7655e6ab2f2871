/**
 * The self-test jobs of .github/workflows/ci.yml, replayed against the action adapter (the real
 * host over @actions/core, with the artifact service replaced by a store that refuses a
 * duplicate name as GitHub does): a wrong assertion in a `run:` block fails here first.
 */
import { jest } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { jobOrder, readWorkflow, replayJob, TOKEN, type StepRecord } from './replay.js';

interface Stored {
  id: number;
  name: string;
  dir: string;
}

/** One workflow run's artifacts, shared by every replayed job. */
const run = { artifacts: [] as Stored[], root: mkdtempSync(join(tmpdir(), 'replay-artifacts-')) };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]
  );
}

const real = await import('@actions/artifact');
jest.unstable_mockModule('@actions/artifact', () => ({
  ...real,
  DefaultArtifactClient: class {
    async uploadArtifact(name: string, files: string[], rootDirectory: string) {
      if (run.artifacts.some((a) => a.name === name))
        throw new Error(
          'Failed to CreateArtifact: (409) Conflict: an artifact with this name already exists on the workflow run'
        );
      const id = 1000 + run.artifacts.length;
      const dir = join(run.root, String(id));
      for (const f of files) {
        mkdirSync(join(dir, relative(rootDirectory, f), '..'), { recursive: true });
        cpSync(f, join(dir, relative(rootDirectory, f)));
      }
      run.artifacts.push({ id, name, dir });
      return { id, size: 1 };
    }
    async listArtifacts(options: { findBy?: unknown } = {}) {
      if (options.findBy) throw new Error('replay: other runs are not modelled');
      return { artifacts: run.artifacts.map(({ id, name }) => ({ id, name, size: 1 })) };
    }
    async downloadArtifact(id: number, options: { path?: string; findBy?: unknown } = {}) {
      if (options.findBy) throw new Error('replay: other runs are not modelled');
      const a = run.artifacts.find((x) => x.id === id);
      if (!a) throw new Error(`no artifact ${id}`);
      cpSync(a.dir, options.path as string, { recursive: true });
      return { downloadPath: options.path };
    }
    async deleteArtifact(name: string) {
      throw new Error(`Artifact not found for name: ${name}`);
    }
  }
}));
const { githubHost } = await import('../../src/action/github-host.js');
const { runAction } = await import('../../src/action/main.js');

const BASE: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  CI: 'true',
  GITHUB_ACTIONS: 'true',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SHA: 'f'.repeat(40),
  GITHUB_REPOSITORY: 'owner/evidence-gate',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_RUN_ID: '4242',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW_REF: 'owner/evidence-gate/.github/workflows/ci.yml@refs/heads/main',
  ACTIONS_RUNTIME_TOKEN: 'runtime-token',
  ACTIONS_RESULTS_URL: 'https://results.example/'
};

/** The job that runs npm itself is not replayed: it is the test suite. */
const NOT_REPLAYED = new Set(['test']);

async function step(): Promise<void> {
  await runAction(githubHost(null));
}

let stdout: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  run.artifacts.length = 0;
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => stdout.mockRestore());

describe('ci.yml self-test jobs, replayed (full budget, end to end)', () => {
  const workflow = readWorkflow();
  const replayed = Object.keys(workflow.jobs).filter((id) => !NOT_REPLAYED.has(id));

  test('every job passes its own checks, in needs: order, sharing one run of artifacts', async () => {
    const order = jobOrder(workflow, replayed);
    expect(order).toEqual(['self-test', 'shards', 'merge']);
    const records: StepRecord[] = [];
    for (const id of order) records.push(...(await replayJob(workflow, id, step, BASE)));
    const outputs = (job: string, stepId: string) =>
      records.filter((r) => r.job === job && r.step === stepId).map((r) => r.outputs);
    expect(outputs('self-test', 'gate')[0]).toMatchObject({ verdict: 'fail', 'output-dir': 'evidence-gate-out' });
    expect(outputs('shards', 'shard').map((o) => o.shard)).toEqual(['1/2', '2/2']);
    expect(outputs('merge', 'merged')[0]).toMatchObject({ verdict: 'fail', shard: '' });
    // Three uploads in self-test, two shards, two in merge: every name distinct (the store refuses duplicates).
    expect(run.artifacts).toHaveLength(7);
    // The token is masked before anything is logged.
    const log = stdout.mock.calls.map((c: unknown[]) => String(c[0])).join('');
    expect(log).toContain(`::add-mask::${TOKEN}`);
    for (const r of records) expect(r.summary.trimEnd()).toMatch(/Manifest SHA-256: `[0-9a-f]{64}`$/);
    // Every file the shards uploaded is evidence of one shard only.
    for (const a of run.artifacts.filter((x) => x.name.includes('-shard-')))
      expect(
        filesUnder(a.dir)
          .map((f) => relative(a.dir, f))
          .sort()
      ).toEqual(['evidence.jsonl', 'manifest.json']);
    // Six action steps on the bundled examples as ci.yml has them: their budgets are what the jobs check.
  }, 180_000);

  test('a wrong assertion in a run: block fails the replay (the old 184-row check)', async () => {
    const broken = readWorkflow();
    const check = broken.jobs['self-test']?.steps.find((s) => s.name === 'Check the outputs');
    expect(check?.run).toContain('-eq 6624');
    (check as { run: string }).run = (check as { run: string }).run.replace('-eq 6624', '-eq 184');
    await expect(replayJob(broken, 'self-test', step, BASE)).rejects.toThrow(
      /replay: self-test › Check the outputs exited 1/
    );
  });
});
