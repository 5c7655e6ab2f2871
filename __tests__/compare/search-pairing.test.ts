/**
 * Search rows in the comparison with a baseline (docs/search.md, docs/definitions.md#comparison):
 * they pair on (id, model, condition) and input_sha256 like every other row. Two runs of the
 * bundled example with the search, the second with the hybrid model's word weight changed: the
 * search adapts to the model, so a changed model's search rows may end on other texts (those are
 * dropped and new, not paired), while an unchanged model's search rows pair one for one. Every
 * count is recounted here from the two evidence files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Comparison } from '../../src/compare/comparison.js';
import { run, verify } from '../../src/engine.js';
import { EXAMPLE_CONFIG, EXAMPLE_SEARCH_LINE, exampleRepo, evidenceRowsOf } from '../helpers.js';

type Row = {
  split: string;
  id: string;
  model: string;
  condition: string;
  label: string;
  prediction: string | null;
  status: string;
  input_sha256: string;
  queries?: number;
};

const rowsOf = (root: string, out: string): Row[] => evidenceRowsOf(root, out) as Row[];
const key = (r: Row) => `${r.split}\u0000${r.id}\u0000${r.model}\u0000${r.condition}`;

describe('search rows against a baseline', () => {
  const root = exampleRepo();
  let comparison: Comparison;
  let base: Row[];
  let head: Row[];

  beforeAll(async () => {
    const config = join(root, EXAMPLE_CONFIG);
    const bundled = readFileSync(config, 'utf8');
    expect(bundled).toContain(EXAMPLE_SEARCH_LINE);
    const withSearch = bundled.replace(EXAMPLE_SEARCH_LINE, '    search: { knowledge: scores, queries: 60 }\n');
    writeFileSync(config, withSearch);
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    writeFileSync(config, withSearch.replace('{ hybrid: { word_weight: 0.5 } }', '{ hybrid: { word_weight: 0.6 } }'));
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'head', baseline: { dir: join(root, 'base') } });
    comparison = JSON.parse(readFileSync(join(root, 'head', 'comparison.json'), 'utf8')) as Comparison;
    base = rowsOf(root, 'base');
    head = rowsOf(root, 'head');
  }, 300_000);

  test('every model has a search cell whose pairs, fixed and broken ids are the rows with equal input digests', () => {
    const before = new Map(base.map((r) => [key(r), r]));
    for (const m of comparison.models) {
      const cell = m.cells.find((c) => c.condition === 'search' && c.scope === 'all');
      expect(cell).toBeDefined();
      const pairs = head
        .filter((r) => r.model === m.model && r.condition === 'search')
        .flatMap((r) => {
          const b = before.get(key(r));
          return b && b.status === 'ok' && r.status === 'ok' && b.input_sha256 === r.input_sha256 ? [{ b, r }] : [];
        });
      expect(cell?.pairs).toBe(pairs.length);
      const ids = (want: (b: Row, r: Row) => boolean) =>
        pairs
          .filter(({ b, r }) => want(b, r))
          .map(({ r }) => r.id)
          .sort();
      expect(cell?.fixed_ids).toEqual(ids((b, r) => b.prediction !== b.label && r.prediction === r.label));
      expect(cell?.broken_ids).toEqual(ids((b, r) => b.prediction === b.label && r.prediction !== r.label));
    }
  });

  test("an unchanged model's search rows all pair; the changed model's search rows that ended elsewhere are dropped and new", () => {
    const searchOf = (rows: Row[], model: string) => rows.filter((r) => r.model === model && r.condition === 'search');
    const nb = comparison.models
      .find((m) => m.model === 'naive-bayes')
      ?.cells.find((c) => c.condition === 'search' && c.scope === 'all');
    expect(nb?.pairs).toBe(searchOf(head, 'naive-bayes').length);
    expect(nb?.fixed_ids).toEqual([]);
    expect(nb?.broken_ids).toEqual([]);
    const hybridBase = new Map(searchOf(base, 'hybrid').map((r) => [key(r), r.input_sha256]));
    const moved = searchOf(head, 'hybrid').filter((r) => hybridBase.get(key(r)) !== r.input_sha256).length;
    expect(moved).toBeGreaterThan(0);
    const hybrid = comparison.models
      .find((m) => m.model === 'hybrid')
      ?.cells.find((c) => c.condition === 'search' && c.scope === 'all');
    expect(hybrid?.pairs).toBe(searchOf(head, 'hybrid').length - moved);
    // The row accounting counts every condition's rows the same way, search included.
    const before = new Map(base.map((r) => [key(r), r.input_sha256]));
    expect(comparison.rows.changed).toBe(
      head.filter((r) => before.has(key(r)) && before.get(key(r)) !== r.input_sha256).length
    );
  });

  test('the search joins the regression checks and the comparison sections; verify re-derives it all', async () => {
    const checks = JSON.parse(readFileSync(join(root, 'head', 'checks.json'), 'utf8')).checks as Array<{
      id: string;
      denominator: number | null;
    }>;
    const hybrid = comparison.models
      .find((m) => m.model === 'hybrid')
      ?.cells.find((c) => c.condition === 'search' && c.scope === 'all');
    expect(checks.find((c) => c.id === 'regression/hybrid/search')?.denominator).toBe(hybrid?.pairs);
    expect(checks.find((c) => c.id === 'regression/naive-bayes/search')).toBeDefined();
    const html = readFileSync(join(root, 'head', 'report.html'), 'utf8');
    const compared = html.slice(html.indexOf('<h2 id="compared-with-base">'), html.indexOf('<h2 id="checks">'));
    expect(compared).toContain('<th>search</th>');
    expect((await verify({ root, cwd: root, dir: 'head' })).differences).toEqual([]);
  });
});
