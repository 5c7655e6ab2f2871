/** The rendered summary with hostile dataset text: escaped, bounded, tables intact. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, exampleRepo, jsonl, REPO_ROOT, tinyRepo } from '../helpers.js';

const HOSTILE = '<script>alert(1)</script>|`x`@octocat [l](http://e.x)\n::error::pwned';

test('hostile languages, ids, labels and texts never reach the summary raw', async () => {
  const big = 'word '.repeat(20_000);
  const root = tinyRepo({
    'data/challenge.jsonl': jsonl([
      { id: HOSTILE, text: `results ${big}`, label: 'result', language: HOSTILE },
      { id: 'h2', text: HOSTILE, label: 'limitation', language: 'es' }
    ])
  });
  const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const summary = readFileSync(join(root, 'out', 'summary.md'), 'utf8');
  expect(summary).toBe(result.summary);
  expect(summary).not.toContain('<script>');
  expect(summary).not.toContain('@octocat');
  expect(summary).not.toMatch(/^::/m);
  expect(summary.length).toBeLessThan(20_000);
  // Every table row has as many cells as its header.
  const lines = summary.split('\n');
  let width = 0;
  for (const line of lines) {
    if (!line.startsWith('|')) {
      width = 0;
      continue;
    }
    const cells = line.replace(/\\\|/g, '').split('|').length;
    if (width === 0) width = cells;
    expect(cells).toBe(width);
  }
});

test('the bundled example renders exactly the reviewed golden summary', async () => {
  const root = exampleRepo();
  const result = await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'evidence-gate-out' });
  const golden = readFileSync(join(REPO_ROOT, '__tests__/__outputs__/academic-intent-summary.md'), 'utf8');
  // On a difference, review it and regenerate with: node scripts/golden/summary.js
  expect(result.summary).toBe(golden);
});
