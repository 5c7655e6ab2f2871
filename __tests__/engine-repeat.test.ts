/**
 * `repeat: N` through the whole engine (docs/models.md#repeated-queries): a command model that
 * answers differently on repeated calls, its rows' agreement, the self-agreement and clean repeat
 * flip rate computed by hand on four texts, the request count, the summary and report, verify
 * (and a tampered agreement), shards and a merge, a baseline comparison, a failed answer, and
 * repeat: 1 changing nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run, verify } from '../src/engine.js';
import { sha256Hex } from '../src/util/hash.js';
import { jsonl, tempRepo } from './helpers.js';
import { json, serve, type TestServer } from './models/http/servers.js';

const SCRIPT = join(import.meta.dirname, 'models/external/fixtures/scripted-model.mjs');

/**
 * Texts with "gain" answer result, limitation, result on their 1st, 2nd and 3rd call (2 of 3
 * agree); "limitation" and "caution" texts always limitation; anything else always result.
 */
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
    { contains: 'limitation', answers: [{ limitation: 0.9, result: 0.1 }] },
    { contains: 'caution', answers: [{ limitation: 0.9, result: 0.1 }] }
  ],
  default: [{ limitation: 0.2, result: 0.8 }]
};

/** Four evaluation texts; truncate (keep 0.5) cuts "gain" off c1's text only. */
function repo(models: string, script: object = JITTER): string {
  const root = tempRepo({
    'data/train.jsonl': jsonl([
      { id: 't1', text: 'the results show a clear gain', label: 'result', language: 'en' },
      { id: 't2', text: 'one limitation is the small sample', label: 'limitation', language: 'en' }
    ]),
    'data/controlled.jsonl': jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result', language: 'en' },
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation', language: 'en' }
    ]),
    'data/challenge.jsonl': jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result', language: 'es' },
      { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: 'es' }
    ])
  });
  writeFileSync(join(root, 'script.json'), JSON.stringify({ ...script, log: join(root, 'asked.log') }));
  writeFileSync(
    join(root, 'evidence-gate.yml'),
    [
      'version: 1',
      'threat_model:',
      '  id: tm',
      '  attacks:',
      '    append: { sentences: { en: "See the appendix.", es: "Ver el apéndice." } }',
      '    truncate: { keep: 0.5 }',
      'data:',
      '  train: data/train.jsonl',
      '  evaluate:',
      '    controlled: data/controlled.jsonl',
      '    challenge: data/challenge.jsonl',
      'models:',
      '  - naive-bayes',
      models,
      ''
    ].join('\n')
  );
  return root;
}

const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(SCRIPT)} script.json`;
const jitter = (repeat: string) => `  - { name: jitter, command: ${JSON.stringify(command)}${repeat} }`;

const read = (root: string, dir: string, file: string) => readFileSync(join(root, dir, file), 'utf8');
const rowsOf = (root: string, dir = 'out'): any[] =>
  read(root, dir, 'evidence.jsonl')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
/** Each row's agreement by id. */
const agreements = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.id, r.agreement]));

describe('a nondeterministic command model asked 3 times', () => {
  let root: string;
  beforeAll(async () => {
    root = repo(jitter(', repeat: 3'));
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  }, 60_000);

  test('rows carry agreement last; the majority and the mean scores are the row’s', () => {
    const rows = rowsOf(root).filter((r) => r.model === 'jitter');
    const lines = read(root, 'out', 'evidence.jsonl').trimEnd().split('\n');
    for (const line of lines) {
      const keys = Object.keys(JSON.parse(line));
      if (JSON.parse(line).model === 'jitter') expect(keys[keys.length - 1]).toBe('agreement');
      else expect(keys).not.toContain('agreement');
    }
    const clean = Object.fromEntries(rows.filter((r) => r.condition === 'clean').map((r) => [r.id, r]));
    expect(agreements(Object.values(clean))).toEqual({ c1: 2 / 3, c2: 1, h1: 2 / 3, h2: 1 });
    // c1: result, limitation, result → result; mean limitation = (0.2 + 0.6 + 0.3) / 3.
    expect(clean.c1.prediction).toBe('result');
    expect(clean.c1.scores.limitation).toBeCloseTo(1.1 / 3, 12);
    expect(clean.c1.margin).toBeCloseTo(0.8 / 3, 12);
    const truncated = Object.fromEntries(rows.filter((r) => r.condition === 'truncate').map((r) => [r.id, r]));
    expect(truncated.c1.perturbed_text).toBe('results show');
    expect(agreements(Object.values(truncated))).toEqual({ c1: 1, c2: 1, h1: 2 / 3, h2: 1 });
  });

  test('metrics: self-agreement, answer agreement and the clean repeat flip rate, by hand', () => {
    const metrics = JSON.parse(read(root, 'out', 'metrics.json'));
    const m = metrics.models.find((x: any) => x.model === 'jitter');
    expect(metrics.models.find((x: any) => x.model === 'naive-bayes')).not.toHaveProperty('repeat');
    expect(m.repeat.repeat).toBe(3);
    const figure = (n: number, d: number) => ({
      value: n / d,
      numerator: n,
      denominator: d,
      status: 'ok',
      reason: null
    });
    expect(m.repeat.clean_flip_rate).toEqual([
      { scope: 'all', figure: figure(2, 4) },
      { scope: 'controlled', figure: figure(1, 2) },
      { scope: 'challenge', figure: figure(1, 2) }
    ]);
    const at = (condition: string, scope = 'all') =>
      m.repeat.agreement.find((a: any) => a.condition === condition && a.scope === scope);
    expect(at('clean')).toEqual({
      condition: 'clean',
      scope: 'all',
      self_agreement: figure(2, 4),
      answer_agreement: figure(10, 12)
    });
    expect(at('append')).toMatchObject({ self_agreement: figure(2, 4), answer_agreement: figure(10, 12) });
    // Truncate keeps "results show" of c1: unanimous there.
    expect(at('truncate')).toMatchObject({ self_agreement: figure(3, 4), answer_agreement: figure(11, 12) });
    expect(at('truncate', 'controlled')).toMatchObject({ self_agreement: figure(2, 2) });
  });

  test('requests = distinct texts × 3; the manifest records repeat and the later rounds’ requests', () => {
    const distinct = new Set(
      rowsOf(root)
        .filter((r) => r.model === 'jitter')
        .map((r) => r.input_sha256)
    ).size;
    expect(distinct).toBe(4 + 4 + 4); // clean, append and truncate change every text
    const asked = read(root, '.', 'asked.log').trimEnd().split('\n');
    const times = new Map<string, number>();
    for (const t of asked) times.set(t, (times.get(t) ?? 0) + 1);
    expect(times.size).toBe(distinct);
    expect([...times.values()].every((n) => n === 3)).toBe(true);
    const manifest = JSON.parse(read(root, 'out', 'manifest.json'));
    const entry = manifest.models.find((x: any) => x.name === 'jitter');
    expect(entry.params.repeat).toBe(3);
    expect(manifest.run.models.jitter).toMatchObject({
      requests: 3 * distinct,
      responses: 3 * distinct,
      repeated_requests: 2 * distinct
    });
    // Work counters count each distinct input once.
    expect(manifest.counters.find((c: any) => c.model === 'jitter').distinctInputs).toBe(distinct);
    expect(manifest.models.find((x: any) => x.name === 'naive-bayes').params).not.toHaveProperty('repeat');
    expect(manifest.preprocessing.models.find((x: any) => x.model === 'jitter').scores).toMatch(
      /; asked 3 times per input: the prediction is the majority of the 3 answers/
    );
  });

  test('summary.md and report.html show the noise floor beside the flip rates, with denominators', () => {
    const summary = read(root, 'out', 'summary.md');
    expect(summary).toContain('| noise floor (clean repeat flip rate) |');
    expect(summary).toContain('## Repeated queries (all rows)');
    expect(summary).toMatch(
      /\| jitter \| 3 \| 50\.0% \(2\/4\) \| 50\.0% \(2\/4\) \| 83\.3% \(10\/12\) \| append 50\.0% \(2\/4\); truncate 75\.0% \(3\/4\) \|/
    );
    // The model asked once has no floor of its own.
    expect(summary).toMatch(/\| naive\\-bayes \| append \|[^\n]*\| — \(asked once\) \|/);
    const html = read(root, 'out', 'report.html');
    expect(html).toContain('noise floor (clean repeat flip rate)');
    expect(html).toContain('Asked 3 times per input; self-agreement on clean rows 50.0% (2/4)');
  });

  test('verify re-derives every figure; a tampered agreement is found', async () => {
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
    const tamper = async (from: string, to: string, fixDigest: boolean) => {
      const text = read(root, 'out', 'evidence.jsonl');
      const lines = text.split('\n');
      const i = lines.findIndex(
        (l) => l.includes('"model":"jitter"') && l.includes('"condition":"clean"') && l.endsWith(`"agreement":${from}}`)
      );
      expect(i).toBeGreaterThanOrEqual(0);
      lines[i] = (lines[i] as string).replace(`"agreement":${from}}`, `"agreement":${to}}`);
      const forged = lines.join('\n');
      writeFileSync(join(root, 'out/evidence.jsonl'), forged);
      const manifestPath = join(root, 'out/manifest.json');
      const manifest = read(root, 'out', 'manifest.json');
      if (fixDigest) {
        const m = JSON.parse(manifest);
        m.files['evidence.jsonl'] = {
          ...m.files['evidence.jsonl'],
          sha256: sha256Hex(forged),
          bytes: Buffer.byteLength(forged)
        };
        writeFileSync(manifestPath, JSON.stringify(m, null, 2) + '\n');
      }
      try {
        return (await verify({ dir: 'out', cwd: root, root })).differences;
      } finally {
        writeFileSync(join(root, 'out/evidence.jsonl'), text);
        writeFileSync(manifestPath, manifest);
      }
    };
    // The digest alone catches it.
    expect((await tamper('1', '0.6666666666666666', false)).join('\n')).toMatch(/evidence\.jsonl/);
    // With the digest forged too, the re-derived figures differ.
    expect((await tamper('1', '0.6666666666666666', true)).join('\n')).toMatch(
      /metrics\.json: models\[model=jitter\]\.repeat/
    );
    expect((await tamper('0.6666666666666666', '0.3333333333333333', true)).join('\n')).toMatch(
      /metrics\.json: models\[model=jitter\]\.repeat\.agreement\[condition=clean,scope=all\]\.answer_agreement/
    );
    // A value no 3 answers can give is refused.
    expect((await tamper('0.6666666666666666', '0.5', true)).join('\n')).toContain(
      'agreement 0.5 is not k/3 for a whole k from 1 to 3'
    );
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
  });

  test('shards and a merge give the single run’s files; a baseline comparison reads the rows', async () => {
    for (const k of [1, 2])
      await run({ root, configPath: 'evidence-gate.yml', outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md'])
      expect(read(root, 'merged', f)).toBe(read(root, 'out', f));
    const counters = (dir: string) => JSON.parse(read(root, dir, 'manifest.json')).run.models.jitter;
    expect(counters('merged').repeated_requests).toBe(
      counters('s1').repeated_requests + counters('s2').repeated_requests
    );
    expect(await verify({ dir: 'merged', cwd: root, root })).toEqual({ differences: [], notes: [] });

    await run({
      root,
      configPath: 'evidence-gate.yml',
      outputDir: 'head',
      baseline: { dir: join(root, 'out'), shown: 'out', onError: 'refuse' }
    });
    const comparison = JSON.parse(read(root, 'head', 'comparison.json'));
    expect(JSON.stringify(comparison)).toContain('jitter');
    expect(read(root, 'head', 'evidence.jsonl')).toBe(read(root, 'out', 'evidence.jsonl'));
    expect((await verify({ dir: 'head', cwd: root, root, baseline: 'out' })).differences).toEqual([]);
  }, 60_000);
});

/** Scores by capitals and "limit", shifted on every second call of a text; logs each request's text. */
const JITTERY_COUNTER = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const seen = new Map();
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, text } = JSON.parse(line);
  const k = seen.get(text) ?? 0;
  seen.set(text, k + 1);
  appendFileSync('requests.txt', JSON.stringify(text) + '\\n');
  const caps = (text.match(/[A-Z]/g) || []).length;
  const l = Math.min(0.9, 0.2 + 0.1 * caps + (text.includes('limit') ? 0.4 : 0) + (k % 2 === 1 ? 0.25 : 0));
  process.stdout.write(JSON.stringify({ id, scores: { limitation: l, result: 1 - l } }) + '\\n');
});
`;

test('the search under repeat: its queries count distinct candidates once; the model receives each text 3 times', async () => {
  const root = repo('  - { name: counted, command: "node model.mjs", repeat: 3 }');
  writeFileSync(join(root, 'model.mjs'), JITTERY_COUNTER);
  const config = join(root, 'evidence-gate.yml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace(/ {2}attacks:\n(?: {4}.*\n)+/, '  attacks:\n    search: { queries: 7 }\n')
      .replace('  - naive-bayes\n', '')
  );
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const rows = rowsOf(root);
  const search = rows.filter((r) => r.condition === 'search');
  expect(search.length).toBe(4);
  for (const r of search) expect(Object.keys(r).slice(-3)).toEqual(['queries', 'edits', 'agreement']);
  const clean = new Set(rows.filter((r) => r.condition === 'clean').map((r) => r.text)).size;
  const queries = search.reduce((n, r) => n + r.queries, 0);
  expect(queries).toBeGreaterThan(0);
  expect(queries).toBeLessThanOrEqual(4 * 7);
  const requests = readFileSync(join(root, 'requests.txt'), 'utf8').trimEnd().split('\n');
  expect(requests).toHaveLength(3 * (clean + queries));
  const times = new Map<string, number>();
  for (const t of requests) times.set(t, (times.get(t) ?? 0) + 1);
  expect(times.size).toBe(clean + queries);
  expect([...times.values()].every((n) => n === 3)).toBe(true);
}, 60_000);

test('a run with no perturbation still reports the agreement; a hostile model name is escaped', async () => {
  const root = repo(`  - { name: "<img src=x>|jit", command: ${JSON.stringify(command)}, repeat: 3 }`);
  const config = join(root, 'evidence-gate.yml');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/ {2}attacks:\n(?: {4}.*\n)+/, ''));
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const summary = read(root, 'out', 'summary.md');
  expect(summary).not.toContain('## Robustness');
  expect(summary).toContain('## Repeated queries (all rows)');
  expect(summary).not.toContain('<img');
  expect(summary).toMatch(/\| 3 \| 50\.0% \(2\/4\) \| 50\.0% \(2\/4\) \| 83\.3% \(10\/12\) \| — \|/);
  const html = read(root, 'out', 'report.html');
  const section = html.slice(
    html.indexOf('<h2 id="repeated-queries">'),
    html.indexOf('</table>', html.indexOf('<h2 id="repeated-queries">'))
  );
  expect(section).toContain('&lt;img src=x&gt;|jit');
  expect(section).toContain('50.0% (2/4)');
  expect(html).not.toContain('<img src=x>');
  expect(html).toContain('<a href="#repeated-queries">');
}, 60_000);

describe('an HTTP model asked 4 times', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** A server whose answer for an input turns on the input's own call count; it counts the calls per input. */
  async function jitterServer(
    answer: (input: { text?: string; features?: Record<string, number> }, k: number) => object
  ): Promise<{ server: TestServer; calls: Map<string, number> }> {
    const calls = new Map<string, number>();
    const server = await serve((body, res) =>
      json(res, {
        outputs: body.inputs.map((i: { id: string; text?: string; features?: Record<string, number> }) => {
          const key = i.text ?? JSON.stringify(i.features);
          const k = calls.get(key) ?? 0;
          calls.set(key, k + 1);
          return { id: i.id, ...answer(i, k) };
        })
      })
    );
    servers.push(server);
    return { server, calls };
  }

  test('text: a server that answers differently on repeated calls; requests = distinct texts × 4', async () => {
    // "gain" texts: limitation on the 4th call only (3 of 4 agree); the rest unanimous.
    const { server, calls } = await jitterServer((i, k) => ({
      label:
        (i.text ?? '').toLowerCase().match(/limitation|caution/) ||
        ((i.text ?? '').toLowerCase().includes('gain') && k === 3)
          ? 'limitation'
          : 'result'
    }));
    const root = repo(`  - { name: api, http: { url: "${server.url}", batch: 1, concurrency: 2 }, repeat: 4 }`);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root).filter((r) => r.model === 'api');
    expect(agreements(rows.filter((r) => r.condition === 'clean'))).toEqual({ c1: 3 / 4, c2: 1, h1: 3 / 4, h2: 1 });
    expect(rows.every((r) => r.status === 'ok' && r.scores === null)).toBe(true);
    const distinct = new Set(rows.map((r) => r.input_sha256)).size;
    expect(calls.size).toBe(distinct);
    expect([...calls.values()].every((n) => n === 4)).toBe(true);
    expect(server.bodies).toHaveLength(4 * distinct);
    const manifest = JSON.parse(read(root, 'out', 'manifest.json'));
    expect(manifest.models.find((m: any) => m.name === 'api')).toMatchObject({ params: { repeat: 4 } });
    expect(manifest.run.models.api).toMatchObject({ requests: 4 * distinct, repeated_requests: 3 * distinct });
    expect(manifest.preprocessing.models.find((m: any) => m.model === 'api').scores).toContain(
      'asked 4 times per input'
    );
    const m = JSON.parse(read(root, 'out', 'metrics.json')).models.find((x: any) => x.model === 'api');
    expect(m.label_only).toBe(true);
    expect(m.repeat.clean_flip_rate[0].figure).toMatchObject({ numerator: 2, denominator: 4 });
    expect(m.repeat.agreement[0].answer_agreement).toMatchObject({ numerator: 14, denominator: 16 });
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 60_000);

  test('tabular: features in the evidence-gate format, noise candidates each asked 4 times', async () => {
    // x1 > 0.5 → "1"; near the boundary (|x1 − 0.5| < 0.05) the 2nd call says the other label.
    const { server, calls } = await jitterServer((i, k) => {
      const x = i.features?.x1 ?? 0;
      const side = x > 0.5 ? 1 : 0;
      const flip = Math.abs(x - 0.5) < 0.05 && k === 1;
      const p = flip ? 1 - side : side;
      return { scores: { '0': p === 0 ? 0.8 : 0.2, '1': p === 1 ? 0.8 : 0.2 } };
    });
    const csv = (rows: number[][]) =>
      ['id,x1,x2,label', ...rows.map(([x1, x2], i) => `r${i},${x1},${x2},${(x1 as number) > 0.5 ? 1 : 0}`)].join('\n') +
      '\n';
    const root = tempRepo({
      'train.csv': csv([
        [0.1, 0.2],
        [0.9, 0.8],
        [0.2, 0.4],
        [0.8, 0.6]
      ]),
      'test.csv': csv([
        [0.52, 0.3],
        [0.9, 0.1],
        [0.1, 0.7],
        [0.47, 0.5]
      ]),
      'evidence-gate.yml': [
        'version: 1',
        'task: tabular',
        'threat_model:',
        '  id: t',
        '  access: black-box',
        '  attacks: { noise: {} }',
        '  constraints: { linf_eps: 0.01, editable: [x1, x2], bounds: { x1: [0, 1], x2: [0, 1] } }',
        'data:',
        '  train: train.csv',
        '  evaluate: { test: test.csv }',
        '  columns: { id: id, label: label, features: [x1, x2] }',
        'models:',
        `  - { name: api, http: { url: "${server.url}", batch: 3 }, repeat: 4 }`,
        ''
      ].join('\n')
    });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root);
    expect(rows).toHaveLength(8);
    const clean = rows.filter((r) => r.condition === 'clean');
    expect(agreements(clean)).toEqual({ r0: 3 / 4, r1: 1, r2: 1, r3: 3 / 4 });
    for (const r of rows) expect(Object.keys(r).at(-1)).toBe('agreement');
    expect(calls.size).toBe(new Set(rows.map((r) => r.input_sha256)).size);
    expect([...calls.values()].every((n) => n === 4)).toBe(true);
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 60_000);
});

describe('repeat with failures and label-only answers', () => {
  test('one failed answer of three makes the row an error with the reason; agreement null; missing_rows fails', async () => {
    const script = {
      rules: [{ contains: 'caution', answers: ['limitation', 'fail', 'limitation'] }],
      default: ['result', 'result', 'limitation']
    };
    const root = repo(jitter(', repeat: 3'), script);
    const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root).filter((r) => r.model === 'jitter' && r.condition === 'clean');
    const h2 = rows.find((r) => r.id === 'h2');
    expect(h2).toMatchObject({ status: 'error', prediction: null, scores: null, agreement: null });
    expect(h2.error).toMatch(/^answer 2 of 3: /);
    // Label-only answers: the majority, no scores, no margin.
    expect(rows.find((r) => r.id === 'c1')).toMatchObject({
      status: 'ok',
      prediction: 'result',
      scores: null,
      margin: null,
      agreement: 2 / 3
    });
    expect(result.gate?.checks.find((c) => c.id === 'missing_rows/jitter')).toMatchObject({ status: 'fail' });
    const m = JSON.parse(read(root, 'out', 'metrics.json')).models.find((x: any) => x.model === 'jitter');
    // The error row has no answers: 3 clean rows, none unanimous (c1, c2, h1 each 2 of 3).
    expect(m.repeat.clean_flip_rate[0].figure).toMatchObject({ numerator: 3, denominator: 3 });
    expect(await verify({ dir: 'out', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 60_000);
});

describe('repeat: 1 changes nothing', () => {
  test('a command model with repeat: 1 writes the same files as without the key', async () => {
    const once = repo(jitter(', repeat: 1'));
    const plain = repo(jitter(''));
    await run({ root: once, configPath: 'evidence-gate.yml', outputDir: 'out' });
    await run({ root: plain, configPath: 'evidence-gate.yml', outputDir: 'out' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html'])
      expect(read(once, 'out', f)).toBe(read(plain, 'out', f));
    expect(read(once, 'out', 'evidence.jsonl')).not.toContain('agreement');
    expect(read(once, 'out', 'summary.md')).not.toContain('noise floor');
  }, 60_000);
});
