/**
 * `merge: true` (SPEC §16): finds this run's shard artifacts of the step's config by name —
 * `<prefix>-shard-K-of-N`, see naming.ts — checks that every shard 1..N is there, and
 * downloads each into its own folder for the engine's merge.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { ShardSpec } from '../shard/select.js';
import { quoted } from '../util/visible.js';
import type { ActionHost } from './host.js';
import { parseShardArtifactName, shardArtifactName } from './naming.js';

export interface DownloadedShard {
  name: string;
  spec: ShardSpec;
  dir: string;
}

export async function downloadShards(host: ActionHost, prefix: string, into: string): Promise<DownloadedShard[]> {
  const listed = await host.listRunArtifacts();
  const found = listed.flatMap((a) => {
    const spec = parseShardArtifactName(prefix, a.name);
    return spec ? [{ ...a, spec }] : [];
  });
  const pattern = quoted(`${prefix}-shard-K-of-N`, 200);
  if (found.length === 0) {
    throw new UsageError(`merge: this workflow run has no artifact named ${pattern}; run the shard jobs (input shard: K/N, same config and artifact-name) first and list them under needs:`);
  }
  const counts = [...new Set(found.map((f) => f.spec.count))].sort((a, b) => a - b);
  if (counts.length > 1) throw new UsageError(`merge: the shard artifacts ${pattern} disagree on the shard count (${counts.join(', ')}); one merge takes the shards of one matrix`);
  const count = counts[0] as number;
  const byIndex = new Map(found.map((f) => [f.spec.index, f]));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((k) => !byIndex.has(k));
  if (missing.length > 0) {
    const names = missing.slice(0, 5).map((k) => quoted(shardArtifactName(prefix, { index: k, count }), 200));
    throw new UsageError(`merge: ${missing.length} of ${count} shard artifacts missing (${names.join(', ')}${missing.length > 5 ? ', …' : ''}); did a shard job fail or not finish before the merge job?`);
  }
  const shards: DownloadedShard[] = [];
  for (let k = 1; k <= count; k++) {
    const f = byIndex.get(k) as (typeof found)[number];
    const dir = join(into, f.name);
    mkdirSync(dir, { recursive: true });
    await host.downloadRunArtifact(f.id, dir);
    shards.push({ name: f.name, spec: f.spec, dir });
  }
  return shards;
}
