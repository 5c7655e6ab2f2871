/**
 * The perturbation thread of the CLI bundle, driven through its protocol: candidates for
 * chunks in order, then feature rows for shared featurizers, a cancelled request, and rows
 * packed into recycled buffers. Every row must equal what the main thread's own featurizer
 * computes for the same text.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPlan } from '../../src/config/load.js';
import { loadDataset } from '../../src/data/dataset.js';
import { candidatesFor, chunkTexts } from '../../src/evaluate/conditions.js';
import { PerturbationThread, setThreadEntry } from '../../src/evaluate/perturb-thread.js';
import { buildModels } from '../../src/models/build.js';
import { buildFamilies } from '../../src/perturb/registry.js';
import type { Featurizer } from '../../src/text/features.js';
import { unpackRows, type PackedRows } from '../../src/text/packed-rows.js';
import { EXAMPLE_CONFIG, REPO_ROOT } from '../helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rowsOf(thread: PerturbationThread, seq: number): Promise<PackedRows[]> {
  for (let i = 0; i < 3000 && !thread.hasRows(seq); i++) await sleep(10);
  const rows = thread.takeRows(seq);
  if (rows === null) throw new Error(`no rows for chunk ${seq}`);
  return rows;
}

test('the bundle thread builds the candidates and the feature rows the main thread would', async () => {
  const plan = loadPlan({ root: REPO_ROOT, configPath: EXAMPLE_CONFIG });
  const dataset = loadDataset(plan.data);
  const examples = dataset.splits.flatMap((s) => s.examples);
  const chunks = [examples.slice(0, 60), examples.slice(60, 120), examples.slice(120)];
  const options = { seed: plan.statistics.seed, maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio };
  setThreadEntry(pathToFileURL(join(REPO_ROOT, 'dist/cli/index.js')).href);
  const thread = PerturbationThread.start(plan.threatModel.attacks, options) as PerturbationThread;
  try {
    const lists = chunks.map((chunk) => thread.request(chunk));
    const featurizers: Featurizer[] = [];
    await buildModels(plan.models, dataset.train, dataset.labels, { featurizers });
    expect(featurizers.map((f) => f.space)).toEqual(['word', 'char']);
    thread.shareFeaturizers(featurizers);

    const runners = buildFamilies(plan.threatModel.attacks, options).runners;
    const check = async (c: number, rows: PackedRows[]) => {
      const received = await (lists[c] as Promise<Awaited<(typeof lists)[number]>>);
      const own = (chunks[c] as typeof examples).map((e) => candidatesFor(e, runners));
      expect(received).toEqual(own);
      const texts = chunkTexts(received);
      expect(texts.length).toBeGreaterThan(chunks[c]?.length as number);
      featurizers.forEach((f, k) => {
        const theirs = unpackRows(rows[k] as PackedRows).map((r) => [Array.from(r.ids), Array.from(r.counts)]);
        expect(theirs).toEqual(texts.map((t) => f.row(t)).map((r) => [Array.from(r.ids), Array.from(r.counts)]));
      });
    };

    thread.askRows(0);
    const first = await rowsOf(thread, 0);
    await check(0, first);
    // A cancelled request is dropped; recycled buffers carry the next chunk's rows.
    thread.askRows(1);
    expect(thread.takeRows(1)).toBeNull(); // not arrived: taken as missing, and the thread told to drop it
    thread.recycle(first);
    expect(first[0]?.ids.length).toBe(0); // handed over: no longer readable here
    thread.askRows(2);
    await check(2, await rowsOf(thread, 2));
    expect(thread.hasRows(1)).toBe(false);
  } finally {
    await thread.close();
  }
}, 60_000);
