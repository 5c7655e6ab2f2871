/**
 * `explain` with the adaptive search (docs/explain-and-release.md, docs/search.md): for a text
 * that is a data row (its id, text and language), each model's search path ends exactly where the
 * run's search row ends — the same text, edits, queries, input digest and reading — because it is
 * the run's own search. The path itself hangs together: step 1's ranking is sorted, the kept
 * edits are the row's edits with margins that only fall, a success is found at the row's query
 * count. The text output stays inert with hostile text inside an edited word.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { loadPlan } from '../../src/config/load.js';
import { run } from '../../src/engine.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { explain } from '../../src/explain/explain.js';
import type { SearchPath } from '../../src/explain/search-path.js';
import { prepare, type Prepared } from '../../src/pipeline/prepare.js';
import { EXAMPLE_CONFIG, EXAMPLE_SEARCH_LINE, exampleRepo, tinyRepo, withoutExact } from '../helpers.js';

type Row = EvidenceRow & { queries: number; edits: Array<{ op: string; word: number; from: string; to: string }> };

function withSearch(block: string): string {
  const root = exampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = readFileSync(config, 'utf8');
  expect(text).toContain(EXAMPLE_SEARCH_LINE);
  // The search's rows are the point here; exact's explanation is checked in evaluate/exact-text-engine.test.ts.
  writeFileSync(config, withoutExact(text.replace(EXAMPLE_SEARCH_LINE, `    search: ${block}\n`)));
  return root;
}

async function runAndPrepare(root: string): Promise<{ rows: Row[]; prepared: Prepared }> {
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const rows = readFileSync(join(root, 'out', 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => r.condition === 'search');
  const prepared = await prepare(loadPlan({ root, configPath: EXAMPLE_CONFIG }), { root });
  return { rows, prepared };
}

/** The path against the run's search row of the same example and model. */
function expectSameAsRow(p: SearchPath, row: Row): void {
  expect({
    text: p.perturbed_text,
    queries: p.queries,
    edits: p.edits,
    sha: p.input_sha256,
    status: p.status,
    prediction: p.prediction,
    margin: p.margin
  }).toEqual({
    text: row.perturbed_text,
    queries: row.queries,
    edits: row.edits,
    sha: row.input_sha256,
    status: row.status,
    prediction: row.prediction,
    margin: row.margin
  });
  expect(p.gold).toBe(row.label);
  expect(p.outcome === 'success').toBe(row.success === true);
  expect(p.outcome === 'no_edit').toBe(row.uncovered_reason === 'no_edit');
  expect(p.outcome === 'not_searched').toBe(row.eligible !== true);
  if (row.tested && !row.success) expect(p.outcome).toBe(row.queries >= p.budget ? 'budget_spent' : 'no_success');
  expect(p.queries).toBeLessThanOrEqual(p.budget);
}

/** What the score-based path says about itself must hold together. */
function expectCoherentGreedy(p: SearchPath): void {
  for (let i = 1; i < p.ranking.length; i++)
    expect((p.ranking[i] as { margin: number }).margin).toBeGreaterThanOrEqual(
      (p.ranking[i - 1] as { margin: number }).margin
    );
  if (p.outcome === 'not_searched' || p.outcome === 'no_edit') {
    expect(p.queries).toBe(0);
    return;
  }
  // Step 1 asks one batch of single edits, never more than the budget; every kept edit lowered the margin.
  expect(p.step1_queries).toBeGreaterThan(0);
  expect(p.step1_queries).toBeLessThanOrEqual(p.budget);
  if (p.closest_only) expect(p.edits).toHaveLength(1);
  else
    expect(
      [...p.kept].sort((a, b) => a.word - b.word).map(({ op, word, from, to }) => ({ op, word, from, to }))
    ).toEqual(p.edits);
  let before = p.clean_margin as number;
  for (const k of p.kept) {
    expect(k.margin).not.toBeNull();
    expect(k.margin as number).toBeLessThan(before);
    before = k.margin as number;
    expect(k.queries as number).toBeLessThanOrEqual(p.queries);
  }
  // The greedy search stops at its first success: found at the row's query count.
  if (p.outcome === 'success') expect(p.success_at).toBe(p.queries);
}

describe("explain follows the run's score-based search (budget 200)", () => {
  const root = withSearch('{ knowledge: scores, queries: 200 }');
  let rows: Row[];
  let prepared: Prepared;
  beforeAll(async () => {
    ({ rows, prepared } = await runAndPrepare(root));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(prepared.models.map((m) => m.close()));
  });

  test('every example of the bundled data, explained with its id, text and language, ends where its search rows end', async () => {
    const seen = new Set<string>();
    const outcomes = new Set<string>();
    for (const row of rows) {
      const key = `${row.split}\0${row.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const e = await explain(prepared, { id: row.id, text: row.text as string, language: row.language });
      expect(e.search?.gold_from).toBe('data_row');
      expect(e.search?.paths.map((p) => p.model)).toEqual(['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid']);
      for (const p of e.search?.paths ?? []) {
        const r = rows.find((x) => x.split === row.split && x.id === row.id && x.model === p.model) as Row;
        expectSameAsRow(p, r);
        expectCoherentGreedy(p);
        outcomes.add(p.outcome);
      }
    }
    expect(seen.size).toBe(184);
    // The example exercises successes, spent-out or stopped searches and rows that were not searched.
    for (const o of ['success', 'no_success', 'not_searched']) expect(outcomes.has(o)).toBe(true);
  }, 300_000);

  test('a text that is not a data row: the search moves each model away from its own clean prediction', async () => {
    const e = await explain(prepared, {
      id: 'explain',
      text: 'A limitation of this small study is the short window of observation.',
      language: 'en'
    });
    expect(e.search?.gold_from).toBe('clean_prediction');
    const clean = e.conditions.find((c) => c.condition === 'clean');
    for (const p of e.search?.paths ?? []) {
      expect(p.gold).toBe(clean?.readings.find((r) => r.model === p.model)?.prediction);
      expect(p.outcome).not.toBe('not_searched');
      expectCoherentGreedy(p);
    }
  });
});

test("label-only: explain ends where the run's label-only search rows end", async () => {
  const root = withSearch('{ knowledge: labels, queries: 30, operators: [transpose, format] }');
  const { rows, prepared } = await runAndPrepare(root);
  try {
    const ids = [...new Set(rows.map((r) => `${r.split}\0${r.id}`))].filter((_, i) => i % 6 === 0);
    let successes = 0;
    for (const key of ids) {
      const row = rows.find((r) => `${r.split}\0${r.id}` === key) as Row;
      const e = await explain(prepared, { id: row.id, text: row.text as string, language: row.language });
      expect(e.search?.knowledge).toBe('labels');
      for (const p of e.search?.paths ?? []) {
        const r = rows.find((x) => x.split === row.split && x.id === row.id && x.model === p.model) as Row;
        expectSameAsRow(p, r);
        expect(p.ranking).toEqual([]);
        expect(p.step1_queries).toBeNull();
        if (p.outcome === 'success') {
          successes++;
          // The label moved first, then the reduction checks spent the rest.
          expect(p.success_at as number).toBeLessThanOrEqual(p.queries);
        }
      }
    }
    expect(successes).toBeGreaterThan(0);
  } finally {
    await Promise.all(prepared.models.map((m) => m.close()));
  }
}, 300_000);

test("budget 6 (below step 1 on every text): step 1 asks at most 3, and explain ends where the run's rows end", async () => {
  const root = withSearch('{ knowledge: scores, queries: 6 }');
  const { rows, prepared } = await runAndPrepare(root);
  try {
    for (const r of rows) expect(r.queries).toBeLessThanOrEqual(6);
    const ids = [...new Set(rows.map((r) => `${r.split}\0${r.id}`))].filter((_, i) => i % 6 === 0);
    let searched = 0;
    for (const key of ids) {
      const row = rows.find((r) => `${r.split}\0${r.id}` === key) as Row;
      const e = await explain(prepared, { id: row.id, text: row.text as string, language: row.language });
      for (const p of e.search?.paths ?? []) {
        const r = rows.find((x) => x.split === row.split && x.id === row.id && x.model === p.model) as Row;
        expectSameAsRow(p, r);
        expectCoherentGreedy(p);
        if (p.step1_queries === null) continue;
        searched++;
        expect(p.step1_queries).toBeLessThanOrEqual(3);
      }
    }
    expect(searched).toBeGreaterThan(0);
  } finally {
    await Promise.all(prepared.models.map((m) => m.close()));
  }
}, 300_000);

describe("explain's text output with the search", () => {
  const root = tinyRepo();
  beforeAll(() => {
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'threat_model:\n  id: tm\n',
        'threat_model:\n  id: tm\n  attacks:\n    search: { queries: 40, max_words_changed: 1 }\n'
      )
    );
  });

  async function cli(argv: string[]): Promise<{ code: number; stdout: string }> {
    let stdout = '';
    const code = await main(argv, { stdout: (t) => (stdout += t), stderr: () => {}, cwd: root });
    return { code, stdout };
  }

  test('the path is shown per model: clean margin, step 1, the kept edits, the outcome and the text with each edit marked', async () => {
    const r = await cli([
      'explain',
      '--config',
      'evidence-gate.yml',
      '--text',
      'results show a clear gain in the sample',
      '--language',
      'en'
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('search (adaptive, knowledge scores, budget 40 queries'))).toHaveLength(1);
    expect(r.stdout).toContain("moving away from each model's clean prediction");
    expect(
      lines.filter((l) =>
        /^ {2}naive-bayes: +clean margin \d\.\d{4} \(moving away from "(result|limitation)"\)$/.test(l)
      )
    ).toHaveLength(1);
    expect(
      lines.some((l) => /^ {4}step 1: \d+ single edits scored on \d+ words; lowest margin reached per word:$/.test(l))
    ).toBe(true);
    expect(lines.some((l) => /^ {4}outcome: (SUCCESS at query \d+|no success)/.test(l))).toBe(true);
  });

  test('a budget smaller than step 1 scores a seeded part of the words (about half the budget) and says so', async () => {
    const config = join(root, 'small.yml');
    writeFileSync(
      config,
      readFileSync(join(root, 'evidence-gate.yml'), 'utf8').replace(
        'search: { queries: 40, max_words_changed: 1 }',
        'search: { queries: 6, max_words_changed: 1 }'
      )
    );
    const text = 'results show a clear gain in the main sample across every region and season';
    const r = await cli(['explain', '--config', 'small.yml', '--text', text, '--language', 'en', '--json']);
    const paths = (JSON.parse(r.stdout) as { search: { paths: SearchPath[] } }).search.paths;
    for (const p of paths) {
      // At most half: the single edits are cut after floor(6 / 2) = 3 (here every word has more than one, so exactly 3).
      expect(p.step1_queries).toBe(3);
      expect(p.ranked_words).toBeLessThan(p.editable_words);
      expect(p.queries).toBeLessThanOrEqual(6);
    }
    const t = await cli(['explain', '--config', 'small.yml', '--text', text, '--language', 'en']);
    expect(t.stdout).toMatch(
      /step 1: \d+ single edits scored on \d+ words \(the budget reached \d+ of the \d+ editable words, in a seeded order\)/
    );
  });

  test('a budget of 1 below step 1: step 1 scores nothing (half of 1 is 0) and says so', async () => {
    const config = join(root, 'one.yml');
    writeFileSync(
      config,
      readFileSync(join(root, 'evidence-gate.yml'), 'utf8').replace(
        'search: { queries: 40, max_words_changed: 1 }',
        'search: { queries: 1, max_words_changed: 1 }'
      )
    );
    const text = 'results show a clear gain in the main sample across every region and season';
    const r = await cli(['explain', '--config', 'one.yml', '--text', text, '--language', 'en', '--json']);
    const paths = (JSON.parse(r.stdout) as { search: { paths: SearchPath[] } }).search.paths;
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect([p.step1_queries, p.ranking, p.queries, p.edits.length]).toEqual([0, [], 1, 1]);
    }
    const t = await cli(['explain', '--config', 'one.yml', '--text', text, '--language', 'en']);
    expect(t.stdout).toContain(
      'step 1: nothing scored (half of the budget is 0 queries); step 2 walked the words in text order'
    );
  });

  test('a text with nothing the search may edit (negators, numbers and URLs only) says so for every model', async () => {
    const r = await cli([
      'explain',
      '--config',
      'evidence-gate.yml',
      '--text',
      'not 12% www.x.org never',
      '--language',
      'en'
    ]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .filter((l) => l === '    not tested: no word of this text has a valid edit (uncovered: no_edit)')
    ).toHaveLength(1);
    const json = await cli([
      'explain',
      '--config',
      'evidence-gate.yml',
      '--text',
      'not 12% www.x.org never',
      '--language',
      'en',
      '--json'
    ]);
    const paths = (JSON.parse(json.stdout) as { search: { paths: SearchPath[] } }).search.paths;
    expect(paths.map((p) => [p.outcome, p.queries, p.editable_words])).toEqual([['no_edit', 0, 0]]);
  });

  test('hostile text inside an edited word cannot start a workflow command or break a line', async () => {
    const hostile = '::warning::pwned results\n::error::show <script>gain</script> | sample \u202Eevil';
    const r = await cli(['explain', '--config', 'evidence-gate.yml', '--text', hostile, '--language', 'en']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
    expect(r.stdout).not.toContain('\u202E');
    // The search edited some words of it; each is quoted and escaped in the path.
    expect(lines.some((l) => /^ {6}(\d+\.|\+) word \d+ "[^"]*" → "[^"]*" \((transpose|format)\)/.test(l))).toBe(true);
    expect(r.stdout).toContain('\\n::error::');
  });
});
