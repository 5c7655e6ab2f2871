/**
 * The adaptive search through the whole engine (docs/search.md): re-derivable, atomic edits on
 * the bundled example and on a randomized corpus; at least the fixed families' successes; the
 * budget; shards that merge to the same bytes; the request count of an external model; config
 * errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run, verify } from '../../src/engine.js';
import { loadDictionary } from '../../src/perturb/dictionary-file.js';
import { dictionaryFor } from '../../src/perturb/dictionary-file.js';
import { wordLimit } from '../../src/perturb/search/edits.js';
import { scanText } from '../../src/perturb/words.js';
import { parseShard } from '../../src/shard/select.js';
import {
  EXAMPLE_CONDITIONS,
  EXAMPLE_CONFIG,
  EXAMPLE_SEARCH_LINE,
  exampleRepo,
  jsonl,
  randomTexts,
  tinyRepo
} from '../helpers.js';
import { searchRowProblem, type RowEdit } from '../perturb/search-check.js';

type Row = Record<string, any>;

function rowsOf(root: string, out: string): Row[] {
  return readFileSync(join(root, out, 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
}

/** The example repository as bundled, or with its search block replaced by `block`. */
function exampleWithSearch(block?: string): string {
  const root = exampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = readFileSync(config, 'utf8');
  expect(text).toContain(EXAMPLE_SEARCH_LINE);
  if (block !== undefined) writeFileSync(config, text.replace(EXAMPLE_SEARCH_LINE, `    search: ${block}\n`));
  return root;
}

function checkRows(
  rows: Row[],
  dictionaryOf: (language: string) => ReadonlyMap<string, string> | undefined,
  share: number,
  budget: number
): void {
  const search = rows.filter((r) => r.condition === 'search');
  expect(search.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const r of search) {
    if (r.queries > budget) problems.push(`${r.id}/${r.model}: ${r.queries} queries`);
    const limit = wordLimit(scanText(r.text, r.language).words.length, share);
    const p = searchRowProblem(
      r.text,
      r.perturbed_text,
      r.language,
      r.edits as RowEdit[],
      dictionaryOf(r.language),
      limit
    );
    if (p !== null) problems.push(`${r.id}/${r.model}: ${p}`);
    if (r.changed && r.valid !== true) problems.push(`${r.id}/${r.model}: changed but not valid`);
    if (r.eligible && !r.tested && r.status === 'ok' && r.uncovered_reason !== 'no_edit')
      problems.push(`${r.id}/${r.model}: uncovered as ${r.uncovered_reason}`);
    if (r.tested !== (r.eligible && r.changed && r.status === 'ok')) problems.push(`${r.id}/${r.model}: tested mask`);
  }
  expect(problems).toEqual([]);
}

describe('search on the bundled example as configured (scores, budget 200)', () => {
  const root = exampleWithSearch();
  let rows: Row[];

  beforeAll(async () => {
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    rows = rowsOf(root, 'out');
  });

  test('one search row per example and model, after truncate, with queries and edits', () => {
    const search = rows.filter((r) => r.condition === 'search');
    expect(search).toHaveLength(184 * 4);
    const first = rows.slice(0, 9).map((r) => r.condition);
    expect(first).toEqual([...EXAMPLE_CONDITIONS]);
    expect(Object.keys(search[0] as Row).slice(-3)).toEqual(['input_sha256', 'queries', 'edits']);
    expect(
      rows.filter((r) => r.condition !== 'search' && r.condition !== 'exact').every((r) => !('queries' in r))
    ).toBe(true);
  });

  test('every row: the edits are atomic and re-derive perturbed_text; the budget holds', () => {
    const dictionary = loadDictionary({
      absolute: join(root, 'examples/academic-intent/dictionary.yml'),
      path: 'examples/academic-intent/dictionary.yml'
    });
    checkRows(rows, (l) => dictionaryFor(dictionary, l), 0.2, 200);
  });

  test('per model, at least as many successes as the union of the four fixed non-destructive families', () => {
    const fixed = ['format', 'transpose', 'dictionary', 'append'];
    for (const model of ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid']) {
      const union = new Set(
        rows
          .filter((r) => r.model === model && fixed.includes(r.condition) && r.success)
          .map((r) => `${r.split}/${r.id}`)
      );
      const search = rows.filter((r) => r.model === model && r.condition === 'search' && r.success).length;
      expect(search).toBeGreaterThanOrEqual(union.size);
    }
  });

  test('the search joins the family checks, the union and verify', async () => {
    const checks = JSON.parse(readFileSync(join(root, 'out/checks.json'), 'utf8')).checks as Row[];
    expect(checks.filter((c) => c.id === 'attack_success/naive-bayes/search')).toHaveLength(1);
    const metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
    expect(metrics.attack_families).toContain('search');
    const nb = metrics.models.find((m: Row) => m.model === 'naive-bayes');
    const ledger = nb.ledger.find((l: Row) => l.family === 'search' && l.scope === 'all');
    expect(ledger.uncovered_by_reason).toHaveProperty('no_edit');
    const union = nb.union.find((u: Row) => u.scope === 'all');
    const searchSuccesses = rows.filter(
      (r) => r.model === 'naive-bayes' && r.condition === 'search' && r.success
    ).length;
    expect(union.successes.value).toBeGreaterThanOrEqual(searchSuccesses);
    expect((await verify({ root, cwd: root, dir: 'out' })).differences).toEqual([]);
  });

  test('metrics.json: the search figures and the success–budget curve, exact from the rows', () => {
    const metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
    for (const m of metrics.models as Row[]) {
      const fig = m.search.find((f: Row) => f.scope === 'all');
      const mine = rows.filter((r) => r.model === m.model && r.condition === 'search');
      const tested = mine.filter((r) => r.tested);
      const wins = tested.filter((r) => r.success);
      expect([fig.tested, fig.successes]).toEqual([tested.length, wins.length]);
      expect(fig.queries_mean_tested.value).toBeCloseTo(tested.reduce((n, r) => n + r.queries, 0) / tested.length, 12);
      const curve = fig.success_budget_curve as Array<{ queries: number; successes: number }>;
      expect(curve.at(-1)?.successes).toBe(wins.length);
      for (const point of curve) expect(point.successes).toBe(wins.filter((r) => r.queries <= point.queries).length);
      expect(curve.every((p) => p.queries <= 200)).toBe(true);
    }
    const summary = readFileSync(join(root, 'out/summary.md'), 'utf8');
    expect(summary).toContain('## Adaptive search (all rows)');
    expect(summary).toMatch(/\| naive\\-bayes \| \d+ \| \d+ \|/);
  });
});

test('label-only search on the example respects the same budget and re-derives every row', async () => {
  const root = exampleWithSearch('{ knowledge: labels, queries: 50, operators: [transpose, format] }');
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const rows = rowsOf(root, 'out');
  checkRows(rows, () => undefined, 0.2, 50);
  expect(rows.filter((r) => r.condition === 'search' && r.edits.some((e: Row) => e.op === 'dictionary'))).toEqual([]);
  expect(rows.filter((r) => r.condition === 'search' && r.success).length).toBeGreaterThan(0);
});

const POOL = [
  'Results ',
  'show ',
  'not ',
  'never ',
  'a ',
  'clear ',
  'gain',
  '. ',
  'LIMITATION ',
  'small ',
  'sample, ',
  '12% ',
  'www.x.org ',
  'méthode ',
  'Ünïcode ',
  'the ',
  'window ',
  'is ',
  'short',
  ' ',
  'caution: '
];

describe('a randomized corpus', () => {
  const texts = randomTexts(POOL, 60, 9, 26, 1).map((t) => (t.trim() === '' ? 'empty sample' : t));
  const rowsOfSplit = (prefix: string, from: number, to: number) =>
    texts.slice(from, to).map((text, i) => ({
      id: `${prefix}${i}`,
      text,
      label: /limit|caution|short|small/i.test(text) ? 'limitation' : 'result',
      language: i % 3 === 0 ? 'en' : i % 3 === 1 ? 'es' : 'xx'
    }));
  const root = tinyRepo({
    'data/controlled.jsonl': jsonl(rowsOfSplit('c', 0, 30)),
    'data/challenge.jsonl': jsonl(rowsOfSplit('h', 30, 60)),
    'dict.yml':
      'version: 1\nlanguages:\n  en: { results: findings, show: indicate, clear: evident }\n  es: { clear: claro }\n',
    'evidence-gate.yml': [
      'version: 1',
      'threat_model:',
      '  id: tm',
      '  attacks:',
      '    search: { queries: 25, max_words_changed: 0.5, dictionary: dict.yml, operators: [format, dictionary, transpose] }',
      '  constraints: { max_char_edit_ratio: 0.3 }',
      'data:',
      '  train: data/train.jsonl',
      '  evaluate:',
      '    controlled: data/controlled.jsonl',
      '    challenge: data/challenge.jsonl',
      'models:',
      '  - naive-bayes',
      '  - tfidf-char',
      ''
    ].join('\n')
  });

  test('every row re-derives from its edits; shards merge to the same bytes', async () => {
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root, 'out');
    const dictionary = loadDictionary({ absolute: join(root, 'dict.yml'), path: 'dict.yml' });
    checkRows(rows, (l) => dictionaryFor(dictionary, l), 0.5, 25);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'k1', shard: parseShard('1/2', 'shard') });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'k2', shard: parseShard('2/2', 'shard') });
    await merge({ root, shards: [join(root, 'k1'), join(root, 'k2')], outputDir: 'm' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md']) {
      expect(readFileSync(join(root, 'm', f)).equals(readFileSync(join(root, 'out', f)))).toBe(true);
    }
    // The manifest: per model the queries spent (outside run, so shards add up to the same) and the search's wall time (in run).
    const manifest = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8'));
    const single = manifest('out');
    for (const model of ['naive-bayes', 'tfidf-char']) {
      const spent = rows
        .filter((r) => r.model === model && r.condition === 'search')
        .reduce((n, r) => n + r.queries, 0);
      expect(spent).toBeGreaterThan(0);
      expect(single.counters.find((c: Row) => c.model === model).searchQueries).toBe(spent);
      expect(manifest('m').counters.find((c: Row) => c.model === model).searchQueries).toBe(spent);
      expect(single.run.wall_ms[`search:${model}`]).toEqual(expect.any(Number));
      // A merge keeps each shard's own wall times, as it does for every other timing.
      for (const [i, k] of ['k1', 'k2'].entries())
        expect(manifest('m').run.shard_wall_ms[i]).toEqual(manifest(k).run.wall_ms);
      expect(manifest('k1').run.wall_ms[`search:${model}`]).toEqual(expect.any(Number));
    }
  });
});

test('a run without the search records no search counters or wall times', async () => {
  const root = tinyRepo();
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const manifest = JSON.parse(readFileSync(join(root, 'out', 'manifest.json'), 'utf8'));
  expect(manifest.counters.every((c: Row) => !('searchQueries' in c))).toBe(true);
  expect(Object.keys(manifest.run.wall_ms).some((k) => k.startsWith('search:'))).toBe(false);
});

// Counts every request line it receives (in requests.txt) and leans towards "limitation" with every capital.
const COUNTING_MODEL = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  appendFileSync('requests.txt', line + '\\n');
  const { id, text } = JSON.parse(line);
  const caps = (text.match(/[A-Z]/g) || []).length;
  const l = Math.min(0.9, 0.2 + 0.1 * caps + (text.includes('limit') ? 0.4 : 0));
  process.stdout.write(JSON.stringify({ id, scores: { limitation: l, result: 1 - l } }) + '\\n');
});
`;

test('an external model receives the distinct clean texts plus the sum of the queries', async () => {
  const root = tinyRepo({ 'model.mjs': COUNTING_MODEL });
  const config = join(root, 'evidence-gate.yml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace('threat_model:\n  id: tm\n', 'threat_model:\n  id: tm\n  attacks:\n    search: { queries: 7 }\n')
      .replace('  - naive-bayes\n', '  - { name: counted, command: "node model.mjs" }\n')
  );
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const rows = rowsOf(root, 'out');
  const requests = readFileSync(join(root, 'requests.txt'), 'utf8').trimEnd().split('\n');
  const clean = new Set(rows.filter((r) => r.condition === 'clean').map((r) => r.text)).size;
  const queries = rows.filter((r) => r.condition === 'search').reduce((n, r) => n + r.queries, 0);
  expect(queries).toBeGreaterThan(0);
  expect(requests).toHaveLength(clean + queries);
});

describe('config errors', () => {
  const attempt = async (block: string, extraAttacks = '') => {
    const root = tinyRepo();
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'threat_model:\n  id: tm\n',
        `threat_model:\n  id: tm\n  attacks:\n    search: ${block}\n${extraAttacks}`
      )
    );
    return run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' }).then(
      () => 'ran',
      (e: Error) => e.message
    );
  };

  test.each([
    ['{ queries: 0 }', /threat_model\.attacks\.search\.queries/],
    ['{ queries: 100001 }', /threat_model\.attacks\.search\.queries/],
    ['{ operators: [swap] }', /threat_model\.attacks\.search\.operators/],
    ['{ operators: [dictionary] }', /the dictionary operator needs a dictionary file/],
    ['{ operators: [format, format] }', /the operator format is listed twice/],
    ['{ knowledge: gradients }', /threat_model\.attacks\.search\.knowledge/],
    ['{ max_text_chars: 0 }', /threat_model\.attacks\.search\.max_text_chars/]
  ])('%s', async (block, message) => {
    expect(await attempt(block)).toMatch(message);
  });
});
