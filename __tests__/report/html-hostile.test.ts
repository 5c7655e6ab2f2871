/**
 * report.html from the hostile fixture (report-fixtures.ts): ids, labels, languages, texts, the
 * threat model id and a model name carry markup, workflow commands, bidi and zero-width
 * characters and 100 kB values. The page must hold no element or attribute that came from data,
 * no raw hidden character, no line a CI log would read as a command, and no 100 kB value; every
 * link must reach its section through an id made of plain characters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportFacts } from '../../src/manifest/facts.js';
import type { Derived } from '../../src/pipeline/derive.js';
import { renderReport } from '../../src/report/html.js';
import { deriveFolder, huge, PWNED_FLAG, renameEverywhere, runHostile } from '../browser/report-fixtures.js';
import { PAYLOADS } from '../hostile/hostile-config-helpers.js';

/* eslint-disable no-control-regex -- finding control characters is the point */
const HIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/* eslint-enable no-control-regex */
const MODEL = `<img src=x onerror="window.${PWNED_FLAG}=1">::error::`;

let input: { derived: Derived; facts: ReportFacts };
let html: string;

beforeAll(async () => {
  const dir = await runHostile();
  input = await deriveFolder(dir);
  html = readFileSync(join(dir, 'report.html'), 'utf8');
}, 120_000);

/** Tags in the page: only the report's own. */
function tags(page: string): Set<string> {
  return new Set([...page.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => (m[1] as string).toLowerCase()));
}

const OWN_TAGS = [
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'span',
  'strong',
  'em',
  'code',
  'a',
  'nav',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  'section',
  'details',
  'summary',
  'mark',
  'br',
  'svg',
  'rect',
  'line',
  'polyline',
  'circle',
  'text'
];

function expectInert(page: string): void {
  for (const tag of tags(page)) expect(OWN_TAGS).toContain(tag);
  expect(page.match(/<style>/g)).toHaveLength(1);
  // No tag carries an event handler or an unquoted attribute (escaped payload text may read "onerror=" inside a quoted value or outside any tag).
  for (const [tag] of page.matchAll(/<[a-z][^>]*>/gi))
    expect(tag.replace(/="[^"]*"/g, '')).toMatch(/^<[a-z][a-z0-9]*(\s[a-z][a-z0-9-]*)*\s*\/?>$/i);
  expect(page).not.toMatch(HIDDEN);
  expect(page.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
  expect(page).not.toContain('W'.repeat(1000));
  expect(page).not.toMatch(/https?:\/\/(?!example\.invalid)/);
  const hrefs = [...page.matchAll(/href="#([^"]*)"/g)].map((m) => m[1] as string);
  const ids = [...page.matchAll(/ id="([^"]*)"/g)].map((m) => m[1] as string);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_.-]{1,120}$/);
  for (const href of hrefs) expect(ids).toContain(href);
}

test('the run wrote the report the derivation renders, and it is inert', () => {
  expect(renderReport({ ...input.derived, facts: input.facts })).toBe(html);
  expectInert(html);
  expect(html.match(/<section class="drill"/g)?.length).toBe(
    input.derived.gate.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated').length
  );
});

test('payloads show as text: markup escaped, bidi and zero-width characters written out', () => {
  expect(html).toContain(`&lt;script&gt;window.${PWNED_FLAG}=1&lt;/script&gt;`);
  expect(html).toContain(
    `Evidence Gate: &lt;b&gt;tm&lt;/b&gt;&lt;img src=x onerror=&quot;window.${PWNED_FLAG}=1&quot;&gt;`
  );
  expect(html).toContain('\\u202Eevil');
  expect(html).toContain('zw\\u200Bx');
  // A text's line break becomes a space, so "::error::" stays inside its line.
  expect(html).toContain('alpha trend ::error::pwned in the log');
  // 100 kB values are cut, with an ellipsis.
  expect(html).toMatch(/language:W{20,80}…/);
  expect(html).toMatch(/label:W{10,60}…/);
});

test('a hashed anchor for a check id holding data characters', () => {
  const ids = [...html.matchAll(/<section class="drill" id="([^"]*)">/g)].map((m) => m[1] as string);
  expect(ids).toContain('check-challenge_accuracy.naive-bayes');
  expect(ids.filter((id) => /-[0-9a-f]{16}$/.test(id)).length).toBeGreaterThan(5);
});

test('a 100 kB model name is cut everywhere it appears, and rendering stays fast', () => {
  const derived = renameEverywhere(input.derived, MODEL, `${MODEL}${huge('model')}`);
  const started = performance.now();
  const page = renderReport({ ...derived, facts: input.facts });
  expect(performance.now() - started).toBeLessThan(5000);
  expectInert(page);
  expect(Buffer.byteLength(page, 'utf8')).toBeLessThan(Buffer.byteLength(html, 'utf8') * 1.5);
});

test.each(Object.entries(PAYLOADS))(
  'a model named with %s stays on one line, its hidden characters shown',
  (_name, payload) => {
    const page = renderReport({ ...renameEverywhere(input.derived, 'naive-bayes', payload), facts: input.facts });
    expectInert(page);
  }
);
