/**
 * The adaptive search on the hostile fixture (report-fixtures.ts): ids, labels, languages, texts
 * and a model name carry markup, workflow commands, bidi and zero-width characters and 100 kB
 * values, and the search edits words of those texts. report.html, summary.md and checks.json must
 * stay inert: no element from data, no `::` line, no raw hidden character, no 100 kB value, and
 * search references without the words themselves.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { hostileRepo } from '../browser/report-fixtures.js';

/* eslint-disable no-control-regex -- finding control characters is the point */
const HIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/* eslint-enable no-control-regex */

let out: string;

beforeAll(async () => {
  const { root, config } = hostileRepo();
  const path = join(root, config);
  const text = readFileSync(path, 'utf8');
  // Label-only: the fixture's external model answers with a label and no scores.
  const withSearch = text.replace(
    '    truncate: { keep: 0.65 }\n',
    '    truncate: { keep: 0.65 }\n    search: { knowledge: labels, queries: 25, max_words_changed: 0.5 }\n'
  );
  expect(withSearch).not.toBe(text);
  writeFileSync(path, withSearch);
  await run({ root, configPath: config, outputDir: 'out' });
  out = join(root, 'out');
}, 180_000);

const read = (name: string) => readFileSync(join(out, name), 'utf8');

test('the run searched and some search rows stand behind failing checks, with their edits', () => {
  const rows = read('evidence.jsonl')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { condition: string; tested: boolean; edits?: unknown[] });
  expect(rows.filter((r) => r.condition === 'search' && r.tested && (r.edits?.length ?? 0) > 0).length).toBeGreaterThan(
    0
  );
  const checks = JSON.parse(read('checks.json')) as {
    checks: Array<{
      examples?: {
        shown: Array<{ condition: string | null; queries?: number; edits?: Array<Record<string, unknown>> }>;
      };
    }>;
  };
  const refs = checks.checks.flatMap((c) => c.examples?.shown ?? []).filter((r) => r.condition === 'search');
  expect(refs.length).toBeGreaterThan(0);
  for (const r of refs) {
    expect(typeof r.queries).toBe('number');
    for (const e of r.edits ?? []) expect(Object.keys(e).sort()).toEqual(['op', 'word']);
  }
});

test('report.html: the marked search rows and the curve hold no element, command line, hidden character or 100 kB value from data', () => {
  const html = read('report.html');
  expect(html).toContain('<h2 id="search">');
  expect(html).toMatch(/<mark title="(transpose|format)">[^<]*<\/mark><span class="op">(transpose|format)<\/span>/);
  expect(html).not.toMatch(/<script|<img|<link|<iframe|<style>body/i);
  expect(html.match(/<style>/g)).toHaveLength(1);
  expect(html.split('\n').filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  expect(html).not.toMatch(HIDDEN);
  expect(html).not.toContain('W'.repeat(1000));
});

test('summary.md: the marked search rows are escaped markdown, with no command line or hidden character', () => {
  const md = read('summary.md');
  expect(md).toMatch(/⟦[^⟧]*⟧ \((transpose|format)\)/);
  expect(md).not.toMatch(/<script|<img|<link|<style>body/i);
  expect(md.split('\n').filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  expect(md).not.toMatch(HIDDEN);
  expect(md).not.toContain('W'.repeat(1000));
});
