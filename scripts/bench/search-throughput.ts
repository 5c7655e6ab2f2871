/**
 * The adaptive search's throughput (docs/search.md#speed), for scripts/bench.js: on the bundled
 * example's texts, per built-in model, the search's queries per second beside the same model's
 * clean scoring rows per second; then the same with the trivial echo model over the JSONL
 * protocol (an external process), searching the example's texts eight times over. Built by the bench with ncc and run as a module:
 *   node <built>/index.js <repository root> [repeats]
 * Prints one JSON line: { models: [{ model, clean_rows_per_s, search_queries_per_s, ratio, queries }], echo: {…} }.
 * A built-in model's ratio is the median over adjacent pairs (a short clean measurement, then one
 * search pass) of search rate / clean rate: on a shared machine the load drifts between
 * measurements, and comparing neighbours cancels most of that drift.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import type { Example } from '../../src/data/example.js';
import { cleanCandidate } from '../../src/evaluate/conditions.js';
import { searchCandidates } from '../../src/evaluate/search.js';
import { ExternalModel } from '../../src/models/external/external-model.js';
import type { Model, ScoreResult } from '../../src/models/model.js';
import { prepare } from '../../src/pipeline/prepare.js';
import type { ModelCounters } from '../../src/run/facts.js';

const repo = process.argv[2] ?? process.cwd();
const repeats = Number(process.argv[3] ?? 3);
const CONFIG = 'examples/academic-intent/evidence-gate.yml';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

let round = 0;
/** Adjacent (clean, search) measurements per model and repeat. */
const PAIRS = 3;

/** The examples with their texts marked by a new round number (distinct texts every round, the same edits offered). */
function marked(examples: readonly Example[]): Example[] {
  round++;
  return examples.map((e) =>
    e.input.kind === 'text' ? { ...e, input: { kind: 'text' as const, text: `${e.input.text} ${round}` } } : e
  );
}

/**
 * Clean scoring as the evaluator does it: the example's texts in the model's batches, rows per
 * second over enough rounds to last ≥ 0.3 s. Each round marks its texts with a round number, so
 * that no round is answered from a featurizer's memo of an earlier one.
 */
async function cleanRate(model: Model, examples: readonly Example[], minSeconds = 0.3): Promise<number> {
  const size = model.batchSize !== undefined && Number.isFinite(model.batchSize) ? model.batchSize : examples.length;
  const texts = () => {
    round++;
    return examples.map((e) => ({
      kind: 'text' as const,
      text: `${e.input.kind === 'text' ? e.input.text : ''} ${round}`
    }));
  };
  await model.score(texts().slice(0, 8));
  let rows = 0;
  let seconds = 0;
  while (seconds < minSeconds) {
    const inputs = texts();
    const started = performance.now();
    for (let i = 0; i < inputs.length; i += size) rows += (await model.score(inputs.slice(i, i + size))).length;
    seconds += (performance.now() - started) / 1000;
  }
  return rows / seconds;
}

/** One pass of the search over every example for one model, as the evaluator runs it; queries and seconds. */
async function searchPass(
  plan: Parameters<typeof searchCandidates>[0],
  examples: readonly Example[],
  model: Model,
  search: NonNullable<Parameters<typeof searchCandidates>[3]>
): Promise<{ queries: number; seconds: number }> {
  const counters: ModelCounters = {
    model: model.name,
    predictions: 0,
    distinctInputs: 0,
    modelCalls: 0,
    searchQueries: 0
  };
  const clean = examples.map((e) => cleanCandidate(e));
  const results: ScoreResult[] = await model.score(examples.map((e) => e.input));
  const started = performance.now();
  await searchCandidates(plan, examples, model, clean, results, search, counters);
  return { queries: counters.searchQueries ?? 0, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'eg-bench-search-'));
  try {
    cpSync(join(repo, 'examples/academic-intent'), join(root, 'examples/academic-intent'), { recursive: true });
    const plan = loadPlan({ root, configPath: CONFIG });
    const prepared = await prepare(plan, { root, evaluates: false });
    const search = prepared.source.search;
    if (!search) throw new Error('bench: the example configures no search');
    const examples = prepared.chunks.flat();
    // Warm-up, unrecorded: every model scores and searches twice first, so that the figures
    // compare steady states rather than whichever model happened to run its code first.
    for (let k = 0; k < 2; k++) {
      for (const model of prepared.models) {
        await cleanRate(model, examples);
        await searchPass(plan, marked(examples), model, search);
      }
    }
    const clean = prepared.models.map((): number[] => []);
    const rates = prepared.models.map((): number[] => []);
    const ratios = prepared.models.map((): number[] => []);
    const queries = prepared.models.map(() => 0);
    for (let k = 0; k < repeats; k++) {
      for (const [m, model] of prepared.models.entries()) {
        for (let pair = 0; pair < PAIRS; pair++) {
          const c = await cleanRate(model, examples, 0.1);
          // Marked texts: a pass never meets a featurizer's memo of an earlier pass.
          const pass = await searchPass(plan, marked(examples), model, search);
          queries[m] = pass.queries;
          (clean[m] as number[]).push(c);
          (rates[m] as number[]).push(pass.queries / pass.seconds);
          (ratios[m] as number[]).push(pass.queries / pass.seconds / c);
        }
      }
    }
    const out = prepared.models.map((model, m) => ({
      model: model.name,
      clean_rows_per_s: median(clean[m] as number[]),
      search_queries_per_s: median(rates[m] as number[]),
      ratio: median(ratios[m] as number[]),
      queries: queries[m] as number
    }));
    for (const m of prepared.models) await m.close();
    // The echo model: every text gets the same scores, so no search succeeds and each spends its whole walk.
    const labels = prepared.dataset.labels;
    const scores = JSON.stringify(
      Object.fromEntries(labels.map((l, i) => [l, i === labels.indexOf('limitation') ? 0.5 : 0.1]))
    );
    const echoPlan = {
      name: 'echo',
      command: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(repo, '__tests__/models/external/fixtures/echo-model.mjs'))} '${scores}'`,
      timeoutS: 600,
      requestTimeoutS: 60,
      probabilities: false,
      env: [],
      window: 4096
    };
    const echoRates: number[] = [];
    const echoClean: number[] = [];
    let echoQueries = 0;
    for (let k = 0; k <= repeats; k++) {
      const echo = new ExternalModel(echoPlan, labels, root, () => {});
      const c = await cleanRate(echo, examples);
      // The example's texts eight times over (marked apart): with one constant answer only the rows of one
      // label are eligible, and a sustained rate needs enough rows searched side by side.
      const pass = await searchPass(plan, Array.from({ length: 8 }, () => marked(examples)).flat(), echo, search);
      await echo.close();
      if (k === 0) continue;
      echoClean.push(c);
      echoQueries = pass.queries;
      echoRates.push(pass.queries / pass.seconds);
    }
    const echo = {
      model: 'echo (external)',
      clean_rows_per_s: median(echoClean),
      search_queries_per_s: median(echoRates),
      ratio: median(echoRates) / median(echoClean),
      queries: echoQueries
    };
    console.log(JSON.stringify({ models: out, echo }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
