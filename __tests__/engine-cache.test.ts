/**
 * Answers kept between runs through the whole engine (docs/answer-cache.md): a second run with the same inputs asks
 * the models nothing (counted on the model's side) and writes the same bytes as a run without the cache, for a
 * command model (with `repeat` and the search), an HTTP model and a tabular command under square and boundary; a
 * changed key asks everything again; an edited text is the only one asked again; damaged entries are counted and
 * asked again; shards add up; verify --rerun asks again without --cache; the config and command-line mistakes.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../src/config/load.js';
import { merge, run, verify } from '../src/engine.js';
import { parseCli } from '../src/cli/args.js';
import { jsonl, tempRepo } from './helpers.js';
import { json, serve, type TestServer } from './models/http/servers.js';
import { linearRowsCsv } from './tabular/linear-rows.js';
import { python, pythonSuite } from './models/python/interpreter.js';

const SCRIPT = join(import.meta.dirname, 'models/external/fixtures/scripted-model.mjs');
const command = (script: string) => `${JSON.stringify(process.execPath)} ${JSON.stringify(SCRIPT)} ${script}`;

/** Its 1st, 2nd and 3rd answer to a "gain" text differ (2 of 3 agree): a repeated model whose rounds must be kept. */
const JITTER = {
  rules: [
    {
      contains: 'gain',
      answers: [
        { result: 0.8, limitation: 0.2 },
        { limitation: 0.6, result: 0.4 },
        { result: 0.7, limitation: 0.3 }
      ]
    },
    { contains: 'limitation', answers: [{ limitation: 0.9, result: 0.1 }] }
  ],
  default: [{ limitation: 0.25, result: 0.75 }]
};
/** The same answer every time. */
const STEADY = {
  rules: [{ contains: 'limit', answers: [{ limitation: 0.8, result: 0.2 }] }],
  default: [{ limitation: 0.3, result: 0.7 }]
};

const TEXTS = [
  'results show a clear gain in recall',
  'a limitation is the small sample size',
  'we observe gains in every result',
  'one limitation: the window was short',
  'the method improves the baseline results',
  'the study is limited to one language',
  'accuracy rose by four points overall',
  'limitations of the survey are listed',
  'a gain of two points on the test set',
  'the main limitation is label noise'
];

function data(texts: readonly string[]): Record<string, string> {
  const rows = texts.map((text, i) => ({
    id: `e${i}`,
    text,
    label: /limit/.test(text) ? 'limitation' : 'result',
    language: 'en'
  }));
  return {
    'data/train.jsonl': jsonl([
      { id: 't1', text: 'the results show a clear gain', label: 'result', language: 'en' },
      { id: 't2', text: 'one limitation is the small sample', label: 'limitation', language: 'en' }
    ]),
    'data/test.jsonl': jsonl(rows)
  };
}

function textConfig(models: string[]): string {
  return [
    'version: 1',
    'threat_model:',
    '  id: tm',
    '  attacks:',
    '    append: { sentences: { en: "See the appendix." } }',
    '    truncate: { keep: 0.5 }',
    '    search: { knowledge: scores, queries: 24 }',
    'data:',
    '  train: data/train.jsonl',
    '  evaluate: { test: data/test.jsonl }',
    'models:',
    '  - naive-bayes',
    ...models,
    'statistics: { seed: 7, bootstrap_iterations: 50, paired_iterations: 50 }',
    ''
  ].join('\n');
}

const CACHED_MODELS = [
  `  - { name: jitter, command: ${JSON.stringify(command('jitter.json'))}, repeat: 3, cache: { key: "jitter@1" } }`,
  `  - { name: steady, command: ${JSON.stringify(command('steady.json'))}, cache: { key: "steady@1" } }`
];

function textRepo(texts: readonly string[] = TEXTS, models = CACHED_MODELS): string {
  const root = tempRepo({ ...data(texts), 'evidence-gate.yml': textConfig(models) });
  writeFileSync(join(root, 'jitter.json'), JSON.stringify({ ...JITTER, log: join(root, 'jitter.log') }));
  writeFileSync(join(root, 'steady.json'), JSON.stringify({ ...STEADY, log: join(root, 'steady.log') }));
  return root;
}

/** The lines a scripted model logged: one per input it was asked. */
const asked = (root: string, model: string): string[] => {
  const file = join(root, `${model}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean) : [];
};

const OUTPUTS = ['evidence.jsonl', 'metrics.json', 'checks.json', 'checks.junit.xml', 'summary.md', 'report.html'];

/** Every output except the manifest's `run` section, as text. */
function outputs(root: string, dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of OUTPUTS) if (existsSync(join(root, dir, f))) out[f] = readFileSync(join(root, dir, f), 'utf8');
  const manifest = JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8'));
  delete manifest.run;
  out['manifest.json'] = JSON.stringify(manifest);
  return out;
}

const runRecord = (root: string, dir: string) =>
  JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8')).run.models as Record<
    string,
    { requests: number; cache?: { key: string; hits: number; misses: number; damaged: number; requests: number } }
  >;

const cacheEntries = (root: string, dir = 'cache'): string[] =>
  readdirSync(join(root, dir, 'answers-v1')).flatMap((sub) =>
    readdirSync(join(root, dir, 'answers-v1', sub)).map((f) => join(root, dir, 'answers-v1', sub, f))
  );

describe('a command model (repeat 3, the search) and a steady one', () => {
  let root: string;
  let lines: string[];
  beforeAll(async () => {
    root = textRepo();
    lines = [];
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'plain' });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'first', cacheDir: 'cache' }, { log: () => {} });
    await run(
      { root, configPath: 'evidence-gate.yml', outputDir: 'second', cacheDir: 'cache' },
      { log: (l) => lines.push(l) }
    );
  });

  test('the second run asks neither model anything and writes the bytes of a run without the cache', () => {
    const plainJitter = asked(root, 'jitter').length;
    expect(plainJitter).toBeGreaterThan(0);
    // run 1 (no cache) and run 2 (filling the cache) each asked everything; run 3 asked nothing.
    expect(plainJitter % 2).toBe(0);
    const second = runRecord(root, 'second');
    expect(second.jitter?.cache).toEqual({
      key: 'jitter@1',
      hits: expect.any(Number),
      misses: 0,
      damaged: 0,
      requests: 0
    });
    expect(second.steady?.cache?.misses).toBe(0);
    expect(second.jitter?.requests).toBe(0);
    const first = runRecord(root, 'first');
    expect(first.jitter?.cache?.hits).toBe(0);
    // Three rounds: each distinct input is kept three times.
    expect(first.jitter?.cache?.misses).toBe(second.jitter?.cache?.hits);
    expect(first.jitter?.cache?.requests).toBe(plainJitter / 2);
    expect(outputs(root, 'first')).toEqual(outputs(root, 'plain'));
    expect(outputs(root, 'second')).toEqual(outputs(root, 'plain'));
    // The repeat rounds came back as asked: some row disagrees with itself.
    const rows = readFileSync(join(root, 'second', 'evidence.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.some((r) => r.model === 'jitter' && r.agreement !== undefined && r.agreement < 1)).toBe(true);
    expect(rows.some((r) => r.condition === 'search' && r.model === 'steady')).toBe(true);
  });

  test('the terminal says, per cached model, what came from the cache; no secret or text is logged', () => {
    const line = lines.find((l) => l.startsWith('model "jitter"'));
    expect(line).toMatch(
      /^model "jitter": \d+ answers from the cache, 0 asked of the model \(0 requests sent; cache key "jitter@1"\)$/
    );
    expect(lines.some((l) => l.includes('gain in recall'))).toBe(false);
  });

  test('verify --rerun without --cache asks the models again and agrees; with --cache it asks nothing', async () => {
    const before = asked(root, 'steady').length;
    const plain = await verify({ dir: 'second', cwd: root, root, rerun: true });
    expect(plain.differences).toEqual([]);
    const afterPlain = asked(root, 'steady').length;
    expect(afterPlain).toBeGreaterThan(before);
    const cached = await verify({ dir: 'second', cwd: root, root, rerun: true, cacheDir: 'cache' });
    expect(cached.differences).toEqual([]);
    expect(asked(root, 'steady').length).toBe(afterPlain);
  });

  test('damaged, truncated, foreign and linked entries are ignored, counted and asked again', async () => {
    const entries = cacheEntries(root).sort();
    const [a, b, c, d] = entries as [string, string, string, string];
    writeFileSync(a, readFileSync(a, 'utf8').slice(0, 20));
    writeFileSync(b, 'not json');
    // Another entry's content under this name: its own address inside gives it away.
    writeFileSync(c, readFileSync(entries[10] as string));
    writeFileSync(d + '.target', readFileSync(d));
    const { rmSync } = await import('node:fs');
    rmSync(d);
    symlinkSync(d + '.target', d);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'mended', cacheDir: 'cache' }, { log: () => {} });
    const record = runRecord(root, 'mended');
    const damaged = (record.jitter?.cache?.damaged ?? 0) + (record.steady?.cache?.damaged ?? 0);
    const misses = (record.jitter?.cache?.misses ?? 0) + (record.steady?.cache?.misses ?? 0);
    expect(damaged).toBe(4);
    expect(misses).toBe(4);
    expect(outputs(root, 'mended')).toEqual(outputs(root, 'plain'));
    // Asked again and kept again: the next run finds every answer.
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'again', cacheDir: 'cache' }, { log: () => {} });
    expect(runRecord(root, 'again').steady?.cache?.misses).toBe(0);
    expect(runRecord(root, 'again').jitter?.cache?.damaged).toBe(0);
  });
});

test('a changed key asks everything again; an edited text is the only input asked again', async () => {
  const root = textRepo();
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'one', cacheDir: 'cache' }, { log: () => {} });
  const all = asked(root, 'steady').length;
  // One text of ten edited: only inputs derived from it are new.
  const edited = TEXTS.map((t, i) => (i === 4 ? 'the method improves the strong baseline results' : t));
  writeFileSync(join(root, 'data/test.jsonl'), data(edited)['data/test.jsonl'] as string);
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'two', cacheDir: 'cache' }, { log: () => {} });
  const newly = asked(root, 'steady').slice(all);
  expect(newly.length).toBeGreaterThan(0);
  expect(newly.length).toBeLessThan(all / 4);
  for (const text of newly) expect(JSON.parse(text)).toMatch(/strong|baseline|improves|method|results/);
  // A new key: nothing kept under it.
  const config = readFileSync(join(root, 'evidence-gate.yml'), 'utf8').replace('steady@1', 'steady@2');
  writeFileSync(join(root, 'evidence-gate.yml'), config);
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'three', cacheDir: 'cache' }, { log: () => {} });
  const record = runRecord(root, 'three');
  expect(record.steady?.cache?.hits).toBe(0);
  expect(record.steady?.cache?.misses).toBe(record.steady?.cache?.requests);
  expect(record.jitter?.cache?.misses).toBe(0);
});

test('shards keep answers too, and the merge adds up their records', async () => {
  const root = textRepo();
  for (const k of [1, 2])
    await run(
      { root, configPath: 'evidence-gate.yml', outputDir: `s${k}`, shard: { index: k, count: 2 }, cacheDir: 'cache' },
      { log: () => {} }
    );
  await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'whole', cacheDir: 'cache' }, { log: () => {} });
  const merged = runRecord(root, 'merged');
  const shards = [runRecord(root, 's1'), runRecord(root, 's2')];
  expect(merged.steady?.cache?.misses).toBe(
    (shards[0]?.steady?.cache?.misses ?? 0) + (shards[1]?.steady?.cache?.misses ?? 0)
  );
  expect(merged.steady?.requests).toBe((shards[0]?.steady?.requests ?? 0) + (shards[1]?.steady?.requests ?? 0));
  // The unsharded run finds what the shards asked (a text shared by two shards' rows is asked once).
  expect(runRecord(root, 'whole').steady?.cache?.misses).toBe(0);
  expect(outputs(root, 'merged')['evidence.jsonl']).toBe(outputs(root, 'whole')['evidence.jsonl']);
});

test('two runs sharing one folder at once: both complete, no half-written entry stays, the next run asks nothing', async () => {
  // The steady model only: a model that answers by its own call count would answer each run's rounds differently
  // whenever the two runs split the asking between them (docs/answer-cache.md#what-the-cache-does-not-protect-against).
  const root = textRepo(TEXTS, [CACHED_MODELS[1] as string]);
  const go = (out: string) =>
    run({ root, configPath: 'evidence-gate.yml', outputDir: out, cacheDir: 'cache' }, { log: () => {} });
  await Promise.all([go('a'), go('b')]);
  expect(outputs(root, 'a')).toEqual(outputs(root, 'b'));
  const entries = cacheEntries(root);
  expect(entries.some((f) => f.includes('.tmp-'))).toBe(false);
  await go('c');
  expect(runRecord(root, 'c').steady?.cache).toMatchObject({ misses: 0, damaged: 0 });
  expect(outputs(root, 'c')).toEqual(outputs(root, 'a'));
});

describe('an HTTP model', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  test('a second run sends no request and writes the same bytes', async () => {
    server = await serve((body, res) =>
      json(res, {
        outputs: body.inputs.map((i: { id: string; text: string }) => ({
          id: i.id,
          scores: /limit/.test(i.text) ? { limitation: 0.7, result: 0.3 } : { limitation: 0.4, result: 0.6 }
        }))
      })
    );
    const model = `  - { name: api, http: { url: "${server.url}", headers: { Authorization: "Bearer \${TOKEN}" } }, env: [TOKEN], cache: { key: "api@1" } }`;
    const root = textRepo(TEXTS, [model]);
    process.env.TOKEN = 'sekret-token-value';
    try {
      await run({ root, configPath: 'evidence-gate.yml', outputDir: 'plain' });
      const plainRequests = server.bodies.length;
      await run({ root, configPath: 'evidence-gate.yml', outputDir: 'first', cacheDir: 'cache' }, { log: () => {} });
      expect(server.bodies.length).toBe(2 * plainRequests);
      await run({ root, configPath: 'evidence-gate.yml', outputDir: 'second', cacheDir: 'cache' }, { log: () => {} });
      expect(server.bodies.length).toBe(2 * plainRequests);
      expect(outputs(root, 'second')).toEqual(outputs(root, 'plain'));
      expect(runRecord(root, 'second').api?.cache).toMatchObject({ misses: 0, requests: 0 });
      // No header value reaches the folder.
      for (const f of cacheEntries(root)) expect(readFileSync(f, 'utf8')).not.toContain('sekret');
    } finally {
      delete process.env.TOKEN;
    }
  });
});

test('a tabular command under square and boundary: the second run asks nothing', async () => {
  const MODEL = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, features } = JSON.parse(line);
  appendFileSync('asked.log', '.');
  const p = 1 / (1 + Math.exp(-6 * (features.x1 + features.x2 - 1)));
  process.stdout.write(JSON.stringify({ id, scores: { 0: 1 - p, 1: p } }) + '\\n');
});
`;
  const root = tempRepo({
    'c.yml': [
      'version: 1',
      'task: tabular',
      'threat_model:',
      '  id: bb',
      '  objective: untargeted',
      '  access: black-box',
      '  attacks: { noise: {}, square: { queries: 30 }, boundary: { queries: 30 } }',
      '  constraints: { linf_eps: 0.08, editable: [x1, x2], bounds: { x1: [0, 1], x2: [0, 1] } }',
      'data:',
      '  train: train.csv',
      '  evaluate: { test: test.csv }',
      '  columns: { id: id, label: label, features: [x1, x2] }',
      'models:',
      '  - logistic-regression',
      '  - { name: cmd, command: "node model.mjs", cache: { key: "cmd@1", max_mb: 64 } }',
      'statistics: { seed: 5, bootstrap_iterations: 50, paired_iterations: 50 }'
    ].join('\n'),
    'model.mjs': MODEL,
    'train.csv': linearRowsCsv(0, 40),
    'test.csv': linearRowsCsv(100, 30)
  });
  await run({ root, configPath: 'c.yml', outputDir: 'plain' });
  await run({ root, configPath: 'c.yml', outputDir: 'first', cacheDir: 'cache' }, { log: () => {} });
  const askedBefore = readFileSync(join(root, 'asked.log'), 'utf8').length;
  await run({ root, configPath: 'c.yml', outputDir: 'second', cacheDir: 'cache' }, { log: () => {} });
  expect(readFileSync(join(root, 'asked.log'), 'utf8').length).toBe(askedBefore);
  expect(outputs(root, 'second')).toEqual(outputs(root, 'plain'));
  expect(runRecord(root, 'second').cmd?.cache?.misses).toBe(0);
});

pythonSuite('a Python function model', () => {
  test('a second run calls the function on nothing and writes the same bytes', async () => {
    const MODEL = [
      'import os',
      'LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "called.log")',
      'def predict(texts):',
      '    with open(LOG, "a") as f:',
      '        f.write("." * len(texts))',
      '    return [{"limitation": 0.8, "result": 0.2} if "limit" in t else {"limitation": 0.3, "result": 0.7} for t in texts]',
      ''
    ].join('\n');
    const entry =
      `  - { name: fn, python: { file: model.py, function: predict }, interpreter: ${JSON.stringify(python())}, ` +
      'probabilities: true, cache: { key: "fn@1" } }';
    const root = textRepo(TEXTS, [entry]);
    writeFileSync(join(root, 'model.py'), MODEL);
    const called = () =>
      existsSync(join(root, 'called.log')) ? readFileSync(join(root, 'called.log'), 'utf8').length : 0;
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'plain' });
    const once = called();
    expect(once).toBeGreaterThan(0);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'first', cacheDir: 'cache' }, { log: () => {} });
    expect(called()).toBe(2 * once);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'second', cacheDir: 'cache' }, { log: () => {} });
    expect(called()).toBe(2 * once);
    expect(outputs(root, 'second')).toEqual(outputs(root, 'plain'));
    expect(runRecord(root, 'second').fn?.cache).toMatchObject({ key: 'fn@1', misses: 0, requests: 0 });
  }, 60_000);
});

describe('mistakes', () => {
  const load = (models: string) => {
    const root = textRepo(TEXTS, [models]);
    return () => loadPlan({ root, configPath: 'evidence-gate.yml' });
  };

  test('cache on a built-in model names the key and the kinds that keep answers', () => {
    expect(load('  - { naive-bayes: {}, name: nb2, cache: { key: "x" } }')).toThrow(
      /:13: models\[1\]\.cache: expected no cache for a naive-bayes model.*answers are kept only for command, http, python, sklearn models$/
    );
  });

  test('a cache block without a key, with an unknown key or a bad size', () => {
    const cmd = (cache: string) => `  - { name: c, command: "node m.mjs", cache: ${cache} }`;
    expect(load(cmd('{}'))).toThrow(/models\[1\]\.cache\.key: expected the model's identity.*found nothing$/);
    expect(load(cmd('{ key: "k", ttl: 3 }'))).toThrow(/models\[1\]\.cache\.ttl/);
    expect(load(cmd('{ key: "k", max_mb: 0 }'))).toThrow(
      /models\[1\]\.cache\.max_mb: expected a number of mebibytes above 0, found number 0/
    );
    expect(load(cmd('true'))).toThrow(/models\[1\]\.cache: expected a mapping with key/);
  });

  test('--cache outside the root, on a file, or inside the output folder is refused before any work', async () => {
    const root = textRepo();
    writeFileSync(join(root, 'afile'), 'x');
    const go = (cacheDir: string) =>
      run({ root, configPath: 'evidence-gate.yml', outputDir: 'out', cacheDir }, { log: () => {} });
    await expect(go('../elsewhere')).rejects.toThrow(
      /--cache "\.\.\/elsewhere": expected a path inside the repository root/
    );
    await expect(go('afile')).rejects.toThrow(/--cache "afile": expected a folder, found a file/);
    await expect(go('out/cache')).rejects.toThrow(/apart from the output folder/);
    expect(existsSync(join(root, 'out'))).toBe(false);
    expect(asked(root, 'steady')).toEqual([]);
  });

  test('the command line: --cache on run and verify --rerun only', () => {
    expect(parseCli(['run', '--config', 'c.yml', '--cache', '.cache'])).toMatchObject({ cache: '.cache' });
    expect(parseCli(['verify', 'out', '--rerun', '--cache', '.cache'])).toMatchObject({ cache: '.cache', rerun: true });
    expect(() => parseCli(['verify', 'out', '--cache', '.cache'])).toThrow(/--cache DIR only with --rerun/);
    expect(() => parseCli(['merge', 'a', '--out', 'm', '--cache', '.cache'])).toThrow(/merge does not take --cache/);
  });
});
