/**
 * search.max_text_chars (docs/search.md#long-texts): an eligible row whose text is longer is not
 * searched and stays in the denominators as uncovered (text_too_long); the other rows are searched
 * exactly as without the limit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, EXAMPLE_SEARCH_LINE, exampleRepo } from '../helpers.js';

type Row = Record<string, any>;

const LIMIT = 127;

function rowsOf(root: string): Row[] {
  return readFileSync(join(root, 'out', 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
}

async function exampleRun(block: string | null): Promise<string> {
  const root = exampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = readFileSync(config, 'utf8');
  expect(text).toContain(EXAMPLE_SEARCH_LINE);
  if (block !== null) writeFileSync(config, text.replace(EXAMPLE_SEARCH_LINE, `    search: ${block}\n`));
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  return root;
}

describe('search.max_text_chars', () => {
  let limited: string;
  let whole: string;

  beforeAll(async () => {
    limited = await exampleRun(`{ knowledge: scores, queries: 200, max_text_chars: ${LIMIT} }`);
    whole = await exampleRun(null);
  });

  test('eligible rows over the limit are uncovered (text_too_long), spend nothing and keep the text', () => {
    const rows = rowsOf(limited).filter((r) => r.condition === 'search');
    const over = rows.filter((r) => [...r.text].length > LIMIT);
    expect(over.filter((r) => r.eligible).length).toBeGreaterThan(10);
    for (const r of over) {
      expect(r.queries).toBe(0);
      expect(r.changed).toBe(false);
      expect(r.perturbed_text).toBe(r.text);
      if (r.eligible) expect(r.tested).toBe(false);
      expect(r.uncovered_reason).toBe(r.eligible ? 'text_too_long' : null);
    }
  });

  test('the rows within the limit are those of a search without it; the figures count the rest', () => {
    const byKey = new Map(rowsOf(whole).map((r) => [`${r.id}\u0000${r.model}\u0000${r.condition}`, JSON.stringify(r)]));
    const limitedRows = rowsOf(limited);
    for (const r of limitedRows.filter((x) => x.condition !== 'search' || [...x.text].length <= LIMIT)) {
      expect(JSON.stringify(r)).toBe(byKey.get(`${r.id}\u0000${r.model}\u0000${r.condition}`));
    }
    const metrics = JSON.parse(readFileSync(join(limited, 'out', 'metrics.json'), 'utf8'));
    for (const m of metrics.models) {
      const ledger = m.ledger.find((l: Row) => l.family === 'search' && l.scope === 'all');
      const n = limitedRows.filter((r) => r.model === m.model && r.uncovered_reason === 'text_too_long').length;
      expect(n).toBeGreaterThan(0);
      expect(ledger.uncovered_by_reason.text_too_long).toBe(n);
    }
    const summary = readFileSync(join(limited, 'out', 'summary.md'), 'utf8');
    expect(summary).toContain('Eligible rows not searched because their text is longer than `search.max_text_chars`');
    expect(summary).toMatch(/text_too_long \d+/);
    const manifest = JSON.parse(readFileSync(join(limited, 'out', 'manifest.json'), 'utf8'));
    expect(manifest.threat_model.attacks.find((a: Row) => a.family === 'search').parameters.max_text_chars).toBe(LIMIT);
  });
});
