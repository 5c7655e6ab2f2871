/**
 * Keyboard slips through the whole engine (docs/families.md#typo), on the bundled example's three languages: typo rows
 * carry their edits with the letter position and pass the family's rule; the search with the typo operators keeps only
 * drawn slips within its budget; the family joins the union and the family checks; shards merge to the same bytes;
 * verify agrees; output.text: hash keeps positions but no words; the summary names the slips.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run, verify } from '../../src/engine.js';
import { wordLimit } from '../../src/perturb/search/edits.js';
import { typoViolation } from '../../src/perturb/typo.js';
import { typoEdit, typoLetters } from '../../src/perturb/typo-edits.js';
import { scanText } from '../../src/perturb/words.js';
import {
  EXAMPLE_CONFIG,
  EXAMPLE_SEARCH_LINE,
  exampleRepo,
  smallExampleRepo,
  evidenceRowsOf,
  withoutExact
} from '../helpers.js';
import { searchRowProblem, type RowEdit } from '../perturb/search-check.js';

type Row = Record<string, any>;
const rowsOf = (root: string, out: string): Row[] => evidenceRowsOf(root, out) as Row[];

const SEED = 1637;
const OPS = '[transpose, format, typo_swap, typo_delete, typo_insert, typo_substitute]';

function repo(textMode = 'full'): string {
  const root = smallExampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = readFileSync(config, 'utf8')
    .replace(/ {4}typo: \{ words_per_change: \d+ \}\n/, '')
    .replace('    truncate: { keep: 0.65 }\n', '    truncate: { keep: 0.65 }\n    typo: { words_per_change: 3 }\n')
    .replace(
      '    search: { knowledge: scores, queries: 20 }\n',
      `    search: { knowledge: scores, queries: 20, operators: ${OPS} }\n`
    )
    .replace('output: { text: full }', `output: { text: ${textMode} }`);
  expect(text).toContain('typo:');
  expect(text).toContain('typo_substitute');
  expect(text).toContain(`seed: ${SEED}`);
  writeFileSync(config, text);
  return root;
}

describe('typo and the search with typo operators on the bundled example', () => {
  let root: string;
  let rows: Row[];
  beforeAll(async () => {
    root = repo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    rows = rowsOf(root, 'out');
  });

  test('typo rows: the same edits for every model, each with its position, accepted by the rule', () => {
    const typo = rows.filter((r) => r.condition === 'typo');
    expect(typo.length).toBeGreaterThan(100);
    const byId = new Map<string, string>();
    let edited = 0;
    for (const r of typo) {
      const key = JSON.stringify([r.edits, r.perturbed_text]);
      expect(byId.get(r.id) ?? key).toBe(key);
      byId.set(r.id, key);
      for (const e of r.edits) expect(typeof e.at).toBe('number');
      if (r.changed) {
        edited++;
        expect(r.valid).toBe(true);
        const row = { seed: SEED, id: r.id, language: r.language };
        expect(typoViolation(r.text, r.perturbed_text, row, 0.25, r.edits)).toBeNull();
      }
    }
    expect(edited).toBeGreaterThan(50);
  });

  test('search rows: every kept slip is the word’s drawn one, atomic, within the budget and the word limit', () => {
    const search = rows.filter((r) => r.condition === 'search');
    let slips = 0;
    for (const r of search) {
      expect(r.queries).toBeLessThanOrEqual(20);
      const words = scanText(r.text, r.language).words;
      const limit = wordLimit(words.length, 0.2);
      expect(searchRowProblem(r.text, r.perturbed_text, r.language, r.edits as RowEdit[], undefined, limit)).toBeNull();
      for (const e of r.edits.filter((x: RowEdit) => x.op.startsWith('typo_'))) {
        slips++;
        const w = words[e.word] as (typeof words)[number];
        const drawn = typoEdit(e.op, w, typoLetters(w) as string[], SEED, r.id);
        expect({ to: e.to, at: e.at }).toEqual({ to: drawn?.to, at: drawn?.at });
      }
    }
    expect(slips).toBeGreaterThan(20);
  });

  test('the family joins the union, the family checks and the summary', () => {
    const metrics = JSON.parse(readFileSync(join(root, 'out', 'metrics.json'), 'utf8'));
    expect(JSON.stringify(metrics)).toContain('"typo"');
    const checks = JSON.parse(readFileSync(join(root, 'out', 'checks.json'), 'utf8'));
    const ids: string[] = (checks.checks ?? checks).map((c: { id: string }) => c.id);
    expect(ids.some((id) => id.includes('/typo'))).toBe(true);
    const summary = readFileSync(join(root, 'out', 'summary.md'), 'utf8');
    expect(summary).toMatch(/typo\\_(swap|delete|insert|substitute) at word \d+, letter \d+/);
    // A typo success is a union failure of its row.
    const success = rows.find((r) => r.condition === 'typo' && r.success === true);
    if (success) {
      const union = rows.filter((r) => r.id === success.id && r.model === success.model && r.success === true);
      expect(union.length).toBeGreaterThan(0);
    }
  });

  test('two shards merge to the same bytes; verify agrees', async () => {
    for (const k of [1, 2])
      await run({ root, configPath: EXAMPLE_CONFIG, outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md'])
      expect(readFileSync(join(root, 'merged', f), 'utf8')).toBe(readFileSync(join(root, 'out', f), 'utf8'));
    expect((await verify({ dir: 'out', cwd: root, root })).differences).toEqual([]);
  });
});

test('output.text: hash keeps each edit’s operator, word and position, never the words', async () => {
  const root = repo('hash');
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const typo = rowsOf(root, 'out').filter((r) => r.condition === 'typo' && r.edits.length > 0);
  expect(typo.length).toBeGreaterThan(0);
  for (const r of typo)
    for (const e of r.edits) expect(e).toEqual({ op: e.op, word: e.word, from: null, to: null, at: e.at });
});

test('at the example’s budget of 200, the search with the typo operators finds at least the failures of transpose and format alone (full budget)', async () => {
  const successes = async (operators: string): Promise<Record<string, number>> => {
    const root = exampleRepo();
    const config = join(root, EXAMPLE_CONFIG);
    // The search alone is compared: exact (the worst case over its space) is left out.
    const text = withoutExact(readFileSync(config, 'utf8'));
    expect(text).toContain(EXAMPLE_SEARCH_LINE);
    writeFileSync(
      config,
      text.replace(EXAMPLE_SEARCH_LINE, `    search: { knowledge: scores, queries: 200, operators: ${operators} }\n`)
    );
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    const out: Record<string, number> = {};
    for (const r of rowsOf(root, 'out'))
      if (r.condition === 'search' && r.success === true) out[r.model] = (out[r.model] ?? 0) + 1;
    return out;
  };
  const plain = await successes('[transpose, format]');
  const typos = await successes(OPS);
  // The word models: at least as many; every model found some.
  for (const model of ['naive-bayes', 'tfidf-word'])
    expect(typos[model] ?? 0).toBeGreaterThanOrEqual(plain[model] ?? 0);
  expect(Object.values(typos).every((n) => n > 0)).toBe(true);
}, 120_000);
