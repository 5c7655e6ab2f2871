/**
 * "Re-run failed jobs": the merge job of attempt 2 needs shard artifacts that attempt 1
 * uploaded, which the runner's own artifact service lists but answers 404 for. Here the real
 * host (octokit and @actions/artifact's public download, no mocks) talks to a local server
 * speaking the REST endpoints: the run's artifacts, paged, and each zip behind a redirect.
 */
import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { shardArtifactName, shardPrefix } from '../../src/action/naming.js';
import { tempRepo, tinyRepo } from '../helpers.js';
import { FakeGitHub } from './github-server.js';
import { zipFolder } from './zip.js';

const server = await new FakeGitHub().start();
// @actions/artifact's download reads the API URL when @actions/github is first loaded.
process.env.GITHUB_API_URL = server.url;
const { githubHost } = await import('../../src/action/github-host.js');
const { runAction } = await import('../../src/action/main.js');

afterAll(() => server.close());

const saved = { ...process.env };
let stdout: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  server.reset();
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  stdout.mockRestore();
  process.env = { ...saved };
  process.exitCode = undefined;
});

async function shardZip(index: number, count: number): Promise<Buffer> {
  const result = await run({
    root: tinyRepo(),
    configPath: 'evidence-gate.yml',
    outputDir: `shard-${index}`,
    shard: { index, count }
  });
  return zipFolder(result.outputDir);
}

function mergeEnv(token: string): void {
  const files = tempRepo({ 'summary.md': '', 'output.txt': '' });
  Object.assign(process.env, {
    GITHUB_WORKSPACE: tinyRepo(),
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '77',
    GITHUB_RUN_ATTEMPT: '2',
    GITHUB_JOB: 'merge',
    GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
    GITHUB_OUTPUT: join(files, 'output.txt'),
    RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'runner-temp-')),
    INPUT_CONFIG: 'evidence-gate.yml',
    INPUT_MERGE: 'true',
    INPUT_BASELINE: 'none',
    'INPUT_FAIL-ON-GATE': 'false',
    'INPUT_GITHUB-TOKEN': token
  });
}

describe('merge on a re-run attempt', () => {
  test("downloads the earlier attempt's shards through the REST API (paged list, zip by redirect), newest live one per name", async () => {
    const prefix = shardPrefix('evidence-gate.yml', null);
    server.tokens.set('ghs_actions', 'actions');
    const [one, two] = [await shardZip(1, 2), await shardZip(2, 2)];
    // 120 unrelated artifacts push the shards onto the second page of the listing.
    server.artifacts = Array.from({ length: 120 }, (_, i) => ({
      id: 1000 + i,
      runId: 77,
      name: `other-${i}`,
      zip: Buffer.alloc(0)
    }));
    server.artifacts.push(
      { id: 11, runId: 77, name: shardArtifactName(prefix, { index: 1, count: 2 }), zip: one },
      { id: 12, runId: 77, name: shardArtifactName(prefix, { index: 2, count: 2 }), zip: two },
      // An attempt's leftover that has expired is not taken, though it is newer.
      {
        id: 2000,
        runId: 77,
        name: shardArtifactName(prefix, { index: 2, count: 2 }),
        expired: true,
        zip: Buffer.alloc(0)
      },
      { id: 13, runId: 78, name: shardArtifactName(prefix, { index: 1, count: 2 }), zip: one }
    );
    mergeEnv('ghs_actions');
    const result = await runAction(githubHost(null));
    expect(result?.kind).toBe('run');
    expect(process.exitCode).toBeUndefined();
    const listed = server.requests.filter((r) => r.path === '/repos/o/r/actions/runs/77/artifacts');
    expect(listed.map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
    expect(server.requests.filter((r) => r.path.endsWith('/zip')).map((r) => r.path)).toEqual([
      '/repos/o/r/actions/artifacts/11/zip',
      '/repos/o/r/actions/artifacts/12/zip'
    ]);
    const manifest = JSON.parse(readFileSync(join(result?.outputDir as string, 'manifest.json'), 'utf8'));
    expect(manifest.merged_from.map((m: { index: number }) => m.index)).toEqual([1, 2]);
  });

  test('without actions: read it stops with one line saying what to grant', async () => {
    server.tokens.set('ghs_fork', 'read');
    mergeEnv('ghs_fork');
    expect(await runAction(githubHost(null))).toBeNull();
    const log = stdout.mock.calls.map((c: unknown[]) => String(c[0])).join('');
    expect(log).toContain(
      '::error::Evidence Gate runner error: merge: listing the artifacts of run 77 failed (HTTP 403): on re-run attempt 2 the shard artifacts of earlier attempts are read through the REST API, which needs permissions: actions: read for github-token'
    );
    expect(log).not.toMatch(/\n\s+at /);
    expect(readFileSync(process.env.GITHUB_OUTPUT as string, 'utf8')).toContain('error');
  });
});
