/**
 * The perturbation thread, driven through its protocol: the server side (perturb-server.ts) runs
 * on this thread over a MessageChannel, so these tests exercise the sources. Candidates for
 * chunks in order, then feature rows for shared featurizers, a cancelled request, and rows
 * packed into recycled buffers; every row must equal what the main thread's own featurizer
 * computes for the same text. One smoke test starts the thread from the CLI bundle.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { loadPlan } from '../../src/config/load.js';
import { loadDataset } from '../../src/data/dataset.js';
import { candidatesFor, chunkTexts } from '../../src/evaluate/conditions.js';
import type { Reply } from '../../src/evaluate/perturb-protocol.js';
import { PerturbationServer } from '../../src/evaluate/perturb-server.js';
import { PerturbationThread } from '../../src/evaluate/perturb-thread.js';
import { buildModels } from '../../src/models/build.js';
import { buildFamilies } from '../../src/perturb/registry.js';
import type { Featurizer } from '../../src/text/features.js';
import { unpackRows, type PackedRows } from '../../src/text/packed-rows.js';
import { setThreadEntry } from '../../src/util/threads.js';
import { EXAMPLE_CONFIG, REPO_ROOT } from '../helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exampleSetup() {
  const plan = loadPlan({ root: REPO_ROOT, configPath: EXAMPLE_CONFIG });
  const dataset = loadDataset(plan.data);
  const examples = dataset.splits.flatMap((s) => s.examples);
  const chunks = [examples.slice(0, 60), examples.slice(60, 120), examples.slice(120)];
  const options = { seed: plan.statistics.seed, maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio };
  const runners = buildFamilies(plan.threatModel.attacks, options).runners;
  return { plan, dataset, examples, chunks, options, runners };
}

test('the thread builds the candidates and the feature rows the main thread would', async () => {
  const { plan, dataset, chunks, options, runners } = exampleSetup();
  const { port1, port2 } = new MessageChannel();
  new PerturbationServer(port2, { attacks: plan.threatModel.attacks, options });
  const thread = PerturbationThread.over(port1);
  /** Chunks whose rows the server has sent (listened to after the thread's own listener). */
  const rowsSent = new Set<number>();
  port1.on('message', (m: Reply) => void (m.rows && rowsSent.add(m.seq)));
  const rowsOf = async (seq: number): Promise<PackedRows[]> => {
    for (let i = 0; i < 3000 && !rowsSent.has(seq); i++) await sleep(5);
    const rows = thread.takeRows(seq);
    if (rows === null) throw new Error(`no rows for chunk ${seq}`);
    return rows;
  };
  try {
    const lists = chunks.map((chunk) => thread.request(chunk));
    const featurizers: Featurizer[] = [];
    await buildModels(plan.models, dataset.train, dataset.labels, { featurizers });
    expect(featurizers.map((f) => f.space)).toEqual(['word', 'char']);
    thread.shareFeaturizers(featurizers);

    const check = async (c: number, rows: PackedRows[]) => {
      const received = await (lists[c] as Promise<Awaited<(typeof lists)[number]>>);
      const own = (chunks[c] as (typeof chunks)[number]).map((e) => candidatesFor(e, runners));
      expect(received).toEqual(own);
      const texts = chunkTexts(received);
      expect(texts.length).toBeGreaterThan(chunks[c]?.length as number);
      featurizers.forEach((f, k) => {
        const theirs = unpackRows(rows[k] as PackedRows).map((r) => [Array.from(r.ids), Array.from(r.counts)]);
        expect(theirs).toEqual(texts.map((t) => f.row(t)).map((r) => [Array.from(r.ids), Array.from(r.counts)]));
      });
    };

    thread.askRows(0);
    const first = await rowsOf(0);
    await check(0, first);
    // A cancelled request is dropped; recycled buffers carry the next chunk's rows.
    thread.askRows(1);
    expect(thread.takeRows(1)).toBeNull(); // not arrived: taken as missing, and the thread told to drop it
    thread.recycle(first);
    expect(first[0]?.ids.length).toBe(0); // handed over: no longer readable here
    thread.askRows(2);
    await check(2, await rowsOf(2));
    expect(rowsSent.has(1)).toBe(false);
  } finally {
    await thread.close();
  }
}, 60_000);

test('with no featurizers shared, the thread keeps no texts and answers candidates in request order', async () => {
  const { plan, chunks, options, runners } = exampleSetup();
  const { port1, port2 } = new MessageChannel();
  new PerturbationServer(port2, { attacks: plan.threatModel.attacks, options });
  const thread = PerturbationThread.over(port1);
  const replies: Reply[] = [];
  port1.on('message', (m: Reply) => void replies.push(m));
  try {
    // No featurizers shared: the thread keeps no texts, so rows asked for come back empty-handed.
    thread.shareFeaturizers([]);
    const lists = await Promise.all(chunks.map((chunk) => thread.request(chunk)));
    lists.forEach((list, c) =>
      expect(list).toEqual((chunks[c] as (typeof chunks)[number]).map((e) => candidatesFor(e, runners)))
    );
    expect(replies.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(replies.every((r) => r.rows === undefined)).toBe(true);
  } finally {
    await thread.close();
  }
}, 60_000);

test('smoke: the CLI bundle starts the thread in its role and it answers like the sources', async () => {
  const { plan, chunks, options, runners } = exampleSetup();
  setThreadEntry(pathToFileURL(join(REPO_ROOT, 'dist/cli/index.js')).href);
  const thread = PerturbationThread.start(plan.threatModel.attacks, options) as PerturbationThread;
  expect(thread).not.toBeNull();
  try {
    const received = await thread.request(chunks[1] as (typeof chunks)[number]);
    expect(received).toEqual((chunks[1] as (typeof chunks)[number]).map((e) => candidatesFor(e, runners)));
  } finally {
    await thread.close();
  }
}, 60_000);
