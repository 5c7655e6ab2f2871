/**
 * `merge: true`: finds this run's shard artifacts of the step's config by name —
 * `<prefix>-shard-K-of-N`, see naming.ts — checks that every shard 1..N is there, and
 * downloads each into its own folder for the engine's merge. On a re-run attempt the shards
 * may come from an earlier attempt, which the runner's own artifact service lists but will not
 * download (HTTP 404), so there they are listed and downloaded through the REST API.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { ShardSpec } from '../shard/select.js';
import { flatten, truncate } from '../report/escape.js';
import { quoted } from '../util/visible.js';
import { ApiError, RunnerError, type ActionHost, type ArtifactRef } from './host.js';
import { parseShardArtifactName, shardArtifactName } from './naming.js';

interface DownloadedShard {
  name: string;
  spec: ShardSpec;
  dir: string;
}

/** Where this run's artifacts are listed and downloaded from. */
interface ShardStore {
  /** How the store is named in messages. */
  via: string;
  list(): Promise<ArtifactRef[]>;
  download(id: number, path: string): Promise<void>;
}

/** Pages of this run's artifacts read through the REST API: 100 per page, up to 1,000 artifacts. */
const ARTIFACT_PAGES = 10;

interface RestArtifact {
  id: number;
  name: string;
  expired?: boolean;
}

function failure(what: string, error: unknown, attempt: number): RunnerError {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403) && !error.rateLimited) {
    return new RunnerError(
      `merge: ${what} failed (HTTP ${error.status}): on re-run attempt ${attempt} the shard artifacts of earlier ` +
        `attempts are read through the REST API, which needs permissions: actions: read for github-token`
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RunnerError(`merge: ${what} failed: ${truncate(flatten(message), 200)}`);
}

/**
 * Attempt 1: the runner's artifact service (no permission needed). Later attempts: the REST
 * API with the step's token (actions: read), newest live artifact per name, since an artifact
 * of attempt 1 is not downloadable through the runner's service in attempt 2.
 */
export function shardStoreOf(host: ActionHost, token: string): ShardStore {
  const attempt = Number(host.env.GITHUB_RUN_ATTEMPT ?? '1');
  const runId = Number(host.env.GITHUB_RUN_ID ?? '');
  const [owner = '', repo = ''] = (host.env.GITHUB_REPOSITORY ?? '').split('/');
  if (!(attempt > 1) || !token || !Number.isInteger(runId) || !owner || !repo) {
    return {
      via: "the runner's artifact service",
      list: async () => {
        try {
          return await host.listRunArtifacts();
        } catch (error) {
          throw failure("listing this run's artifacts", error, attempt);
        }
      },
      download: async (id, path) => {
        try {
          await host.downloadRunArtifact(id, path);
        } catch (error) {
          throw failure(`downloading artifact ${id}`, error, attempt);
        }
      }
    };
  }
  const api = host.api(token);
  return {
    via: 'the REST API',
    list: async () => {
      const newest = new Map<string, RestArtifact>();
      try {
        const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${runId}/artifacts`;
        for await (const page of api.pages<RestArtifact>(path, { per_page: 100 }, ARTIFACT_PAGES)) {
          for (const a of page) {
            if (a.expired === true) continue;
            const seen = newest.get(a.name);
            if (!seen || a.id > seen.id) newest.set(a.name, a);
          }
        }
      } catch (error) {
        throw failure(`listing the artifacts of run ${runId}`, error, attempt);
      }
      return [...newest.values()].map(({ id, name }) => ({ id, name }));
    },
    download: async (id, path) => {
      try {
        await api.downloadArtifact(id, runId, path);
      } catch (error) {
        throw failure(`downloading artifact ${id} of run ${runId}`, error, attempt);
      }
    }
  };
}

export async function downloadShards(store: ShardStore, prefix: string, into: string): Promise<DownloadedShard[]> {
  const listed = await store.list();
  const found = listed.flatMap((a) => {
    const spec = parseShardArtifactName(prefix, a.name);
    return spec ? [{ ...a, spec }] : [];
  });
  const pattern = quoted(`${prefix}-shard-K-of-N`, 200);
  if (found.length === 0) {
    throw new UsageError(
      `merge: this workflow run has no artifact named ${pattern}; run the shard jobs (input shard: K/N, same ` +
        `config, artifact-name and key) first and list them under needs:, and when they have matrix dimensions ` +
        `besides the shard, give the merge job the same ones`
    );
  }
  const counts = [...new Set(found.map((f) => f.spec.count))].sort((a, b) => a - b);
  if (counts.length > 1)
    throw new UsageError(
      `merge: the shard artifacts ${pattern} disagree on the shard count (${counts.join(', ')}); one merge takes ` +
        `the shards of one matrix`
    );
  const count = counts[0] as number;
  const byIndex = new Map(found.map((f) => [f.spec.index, f]));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((k) => !byIndex.has(k));
  if (missing.length > 0) {
    const names = missing.slice(0, 5).map((k) => quoted(shardArtifactName(prefix, { index: k, count }), 200));
    throw new UsageError(
      `merge: ${missing.length} of ${count} shard artifacts missing (${names.join(', ')}` +
        `${missing.length > 5 ? ', …' : ''}); did a shard job fail or not finish before the merge job?`
    );
  }
  const shards: DownloadedShard[] = [];
  for (let k = 1; k <= count; k++) {
    const f = byIndex.get(k) as (typeof found)[number];
    const dir = join(into, f.name);
    mkdirSync(dir, { recursive: true });
    await store.download(f.id, dir);
    shards.push({ name: f.name, spec: f.spec, dir });
  }
  return shards;
}
