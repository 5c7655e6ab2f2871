/**
 * `shard: K/N` and `merge: true` through the adapter, each "job" in a fresh workspace and all
 * sharing one run's artifact store: the shard steps upload real shard outputs, the merge step
 * finds them by name alone, merges, gates, and writes what one unsharded run writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { shardArtifactName, shardPrefix } from '../../src/action/naming.js';
import { EXAMPLE_CONFIG, exampleRepo, tinyRepo } from '../helpers.js';
import { ArtifactStore, fakeHost } from './fake-host.js';

const ENV = { GITHUB_SERVER_URL: 'https://github.example', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '77' };

function job(store: ArtifactStore, jobId: string, inputs: Record<string, string>, root = exampleRepo()) {
  return fakeHost(
    { config: EXAMPLE_CONFIG, baseline: 'none', ...inputs },
    { ...ENV, GITHUB_JOB: jobId, GITHUB_WORKSPACE: root },
    undefined,
    true,
    { store }
  );
}

describe('shards and merge in the action', () => {
  test('two shard jobs, then a merge job that gates like an unsharded run', async () => {
    const store = new ArtifactStore();
    const prefix = shardPrefix(EXAMPLE_CONFIG, null);
    for (const [index, shard] of ['1/2', '2/2'].entries()) {
      const host = job(store, 'shards', { shard, 'strategy-job-index': String(index) });
      const result = await runAction(host);
      expect(result?.kind).toBe('shard');
      // A shard never gates: no failure and no annotation, even with fail-on-gate: true.
      expect(host.failures).toEqual([]);
      expect(host.errors).toEqual([]);
      expect(host.warnings).toEqual([]);
      expect(host.outputs).toMatchObject({ shard, verdict: 'shard', 'failed-checks': '0' });
      expect(host.uploads.map((u) => u.name)).toEqual([shardArtifactName(prefix, { index: index + 1, count: 2 })]);
      expect(host.summaries[0]).toContain(`Shard ${index + 1}/2: `);
      expect(host.summaries[0]?.trimEnd()).toMatch(/Manifest SHA-256: `[0-9a-f]{64}`$/);
    }
    // Another config's shard in the same run is not picked up.
    store.artifacts.push({
      id: 999,
      name: shardArtifactName(shardPrefix('other.yml', null), { index: 1, count: 3 }),
      dir: '/nonexistent',
      files: []
    });

    const merging = job(store, 'merge', { merge: 'true', 'fail-on-gate': 'false' });
    const merged = await runAction(merging);
    expect(merged?.kind).toBe('run');
    expect(merging.infos).toContain(`merge: 2 shard artifacts (${prefix}-shard-1-of-2, ${prefix}-shard-2-of-2)`);
    expect(merging.outputs).toMatchObject({ verdict: 'fail', 'failed-checks': '32', shard: '' });
    expect(merging.warnings).toHaveLength(10);
    expect(merging.uploads[0]?.name).toMatch(/^evidence-gate-merge-0-[0-9a-f]{8}$/);
    const manifest = JSON.parse(readFileSync(join(merged?.outputDir as string, 'manifest.json'), 'utf8'));
    expect(manifest.merged_from.map((m: { index: number }) => m.index)).toEqual([1, 2]);

    const single = job(store, 'single', { 'fail-on-gate': 'false' });
    const whole = await runAction(single);
    for (const file of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md']) {
      expect(readFileSync(join(merged?.outputDir as string, file), 'utf8')).toBe(
        readFileSync(join(whole?.outputDir as string, file), 'utf8')
      );
    }
    expect(
      readFileSync(join(merged?.outputDir as string, 'evidence.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
    ).toHaveLength(6624);
  });

  test('a shard matrix with another dimension: each combination uploads its own set, and a merge over the same dimension takes its own', async () => {
    const store = new ArtifactStore();
    const root = tinyRepo();
    for (const os of ['a', 'b']) {
      for (const shard of ['1/2', '2/2']) {
        const host = job(
          store,
          'shards',
          { config: 'evidence-gate.yml', shard, matrix: JSON.stringify({ os, shard }) },
          root
        );
        await runAction(host);
        expect(host.failures).toEqual([]);
      }
    }
    // Four names: os a and os b no longer share "…-shard-1-of-2" (GitHub refuses a second upload of a name).
    expect(new Set(store.artifacts.map((a) => a.name)).size).toBe(4);
    for (const os of ['a', 'b']) {
      const merging = job(
        store,
        'merge',
        { config: 'evidence-gate.yml', merge: 'true', matrix: JSON.stringify({ os }) },
        tinyRepo()
      );
      expect((await runAction(merging))?.kind).toBe('run');
      const used = merging.infos.find((l) => l.startsWith('merge: 2 shard artifacts'));
      const names = store.artifacts
        .filter((a) => a.name.includes('-shard-'))
        .slice(os === 'a' ? 0 : 2, os === 'a' ? 2 : 4)
        .map((a) => a.name);
      expect(used).toBe(`merge: 2 shard artifacts (${names.join(', ')})`);
    }
  });

  test('a failing artifact service is one line naming what failed, not an internal error with a stack', async () => {
    const merging = job(new ArtifactStore(), 'merge', { config: 'evidence-gate.yml', merge: 'true' }, tinyRepo());
    merging.listRunArtifacts = async () => {
      throw new Error('Failed request: (503) Service Unavailable');
    };
    expect(await runAction(merging)).toBeNull();
    expect(merging.failures).toEqual([
      "Evidence Gate runner error: merge: listing this run's artifacts failed: Failed request: (503) Service Unavailable"
    ]);
    expect(merging.outputs).toEqual({ verdict: 'error' });
  });

  test('a missing shard stops the merge with a summary that names it', async () => {
    const store = new ArtifactStore();
    const root = tinyRepo();
    await runAction(job(store, 'shards', { config: 'evidence-gate.yml', shard: '2/3', 'artifact-name': 'gate' }, root));
    const merging = job(
      store,
      'merge',
      { config: 'evidence-gate.yml', merge: 'true', 'artifact-name': 'gate' },
      tinyRepo()
    );
    expect(await runAction(merging)).toBeNull();
    expect(merging.failures).toEqual([
      'Evidence Gate usage error: merge: 2 of 3 shard artifacts missing ("gate-shard-1-of-3", "gate-shard-3-of-3"); did a shard job fail or not finish before the merge job?'
    ]);
    expect(merging.outputs).toEqual({ verdict: 'error' });
    expect(merging.summaries[0]).toContain('# Evidence Gate: ⚠️ ERROR');
  });

  test('a merge without any shard artifact says what it looked for', async () => {
    const merging = job(new ArtifactStore(), 'merge', { config: 'evidence-gate.yml', merge: 'true' }, tinyRepo());
    await runAction(merging);
    const prefix = shardPrefix('evidence-gate.yml', null);
    expect(merging.failures).toEqual([
      `Evidence Gate usage error: merge: this workflow run has no artifact named "${prefix}-shard-K-of-N"; run the shard jobs (input shard: K/N, same config, artifact-name and key) first and list them under needs:, and when they have matrix dimensions besides the shard, give the merge job the same ones`
    ]);
  });
});
