/**
 * report.html in a real browser: Debian's headless Chromium, driven by playwright-core.
 *
 * Screenshots are written to ci-artifacts/report/ at the repository root (gitignored), one per
 * <h2> section and one full page per report: <report>-<section id>.png and <report>-full.png.
 *
 * Reports come from in-process engine runs (report-fixtures.ts): the bundled example, the example
 * compared with a baseline, the tabular example, the hostile fixture, and the hostile fixture
 * re-rendered with a 100 kB model name (the config refuses such names, so it is substituted in
 * the derivation). For each: no console error, no network request at all (every request is
 * routed, counted and aborted), every in-page link resolves to an element id; for the hostile
 * ones: no payload ran, no element came from data, and the payloads show as text.
 *
 * Chromium is /usr/bin/chromium (EVIDENCE_GATE_CHROMIUM overrides). When it is missing the test
 * fails, unless .ci/run could not install it and says why in EVIDENCE_GATE_SKIP_BROWSER.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { renderReport } from '../../src/report/html.js';
import { REPO_ROOT } from '../helpers.js';
import { exampleAgainstBaseline } from './example-against-baseline.js';
import {
  deriveFolder,
  huge,
  PWNED_FLAG,
  renameEverywhere,
  runExampleWithSearch,
  runHostile,
  runTabular
} from './report-fixtures.js';

const CHROMIUM = process.env.EVIDENCE_GATE_CHROMIUM ?? '/usr/bin/chromium';
const SKIP = process.env.EVIDENCE_GATE_SKIP_BROWSER;
const SCREENSHOTS = join(REPO_ROOT, 'ci-artifacts', 'report');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run'
];

const available = existsSync(CHROMIUM);
if (!available && SKIP) console.warn(`report.html browser test skipped: ${SKIP}`);
const suite = available || !SKIP ? describe : describe.skip;

/* The callbacks given to page.evaluate run in Chromium. The project compiles without the DOM
   library, so these few declarations (local to this module) describe what they use. */
interface PageElement {
  id: string;
  tagName: string;
  textContent: string | null;
  parentElement: PageElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
}
declare const document: Pick<PageElement, 'querySelector' | 'querySelectorAll'> & {
  getElementById(id: string): PageElement | null;
  documentElement: { scrollHeight: number; scrollWidth: number };
  body: { innerText: string };
};
declare const window: { scrollY: number; scrollTo(x: number, y: number): void };

/*
 * The engine runs behind the pages, each once for the file: the bundled example (whose config holds the search, so
 * the example and the search pages are one run; runExampleWithSearch adds it should the config ever lose it), and
 * the hostile fixture (rendered as written, then re-derived with a long model name). The example run is also the
 * baseline of the comparison page.
 */
let example: Promise<string> | undefined;
const sharedExample = () => (example ??= runExampleWithSearch());
let hostile: Promise<string> | undefined;
const sharedHostile = () => (hostile ??= runHostile());

interface Visit {
  consoleErrors: string[];
  requests: string[];
  page: Page;
}

suite('report.html in headless Chromium', () => {
  let context: BrowserContext;
  let userData: string;
  let pages: string;

  beforeAll(async () => {
    if (!available)
      throw new Error(
        `Chromium not found at ${CHROMIUM}: install Debian's chromium package (.ci/run does), or set EVIDENCE_GATE_CHROMIUM`
      );
    userData = mkdtempSync(join(tmpdir(), 'evidence-gate-chromium-'));
    pages = mkdtempSync(join(tmpdir(), 'evidence-gate-pages-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    context = await chromium.launchPersistentContext(userData, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block'
    });
    // Jest runs a file per core, so Chromium may share its core with another test: a full-page screenshot of the
    // example can outlast Playwright's 30 s default there.
    context.setDefaultTimeout(90_000);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (userData) rmSync(userData, { recursive: true, force: true });
    if (pages) rmSync(pages, { recursive: true, force: true });
  });

  /** Opens `html` from a file: the only request allowed is the page itself; any other is counted and aborted. */
  async function visit(name: string, html: string): Promise<Visit> {
    const path = join(pages, `${name}.html`);
    writeFileSync(path, html);
    const url = pathToFileURL(path).href;
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (r.url() !== url) requests.push(r.url());
    });
    await page.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
    await page.goto(url, { waitUntil: 'load' });
    return { consoleErrors, requests, page };
  }

  /**
   * One screenshot per <h2 id> section, from its heading to the next (at most 6,000 px). Each is taken with the
   * viewport set to the section's height and scrolled to it: a clip of a full-page capture re-renders the whole
   * report (48,000 px for the example) for every section, about three times slower in all.
   */
  async function screenshots(page: Page, name: string, only?: readonly string[]): Promise<string[]> {
    const all = await page.evaluate(() => {
      const heads = Array.from(document.querySelectorAll('h2[id]'));
      const top = (e: PageElement) => e.getBoundingClientRect().top + window.scrollY;
      const end = document.documentElement.scrollHeight;
      const parts = heads.map((e, i) => ({
        id: e.id,
        y: top(e),
        next: i + 1 < heads.length ? top(heads[i + 1] as PageElement) : end
      }));
      // The verdict, the cause and the contents, above the first section.
      return [{ id: 'top', y: 8, next: parts[0]?.y ?? end }, ...parts];
    });
    const sections = only ? all.filter((s) => only.includes(s.id)) : all;
    const written: string[] = [];
    for (const s of sections) {
      const path = join(SCREENSHOTS, `${name}-${s.id}.png`);
      await page.setViewportSize({ width: 1280, height: Math.round(Math.min(6000, Math.max(40, s.next - s.y))) });
      await page.evaluate((y) => window.scrollTo(0, y), Math.max(0, s.y - 8));
      await page.screenshot({ path });
      written.push(path);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    return written;
  }

  async function brokenLinks(page: Page): Promise<{ links: number; drill: number; broken: string[] }> {
    return page.evaluate(() => {
      const anchors = Array.from(document.querySelectorAll('a[href]'));
      const broken: string[] = [];
      for (const a of anchors) {
        const href = a.getAttribute('href') ?? '';
        if (!href.startsWith('#') || document.getElementById(decodeURIComponent(href.slice(1))) === null)
          broken.push(href);
      }
      return {
        links: anchors.length,
        drill: anchors.filter((a) => (a.getAttribute('href') ?? '').startsWith('#check-')).length,
        broken
      };
    });
  }

  /**
   * No console error, no request, no broken link, and a screenshot per section (`only`: of these sections, for a
   * page whose other sections the example's screenshots already show).
   */
  async function expectClean(v: Visit, name: string, only?: readonly string[]): Promise<void> {
    expect(v.consoleErrors).toEqual([]);
    expect(v.requests).toEqual([]);
    const links = await brokenLinks(v.page);
    expect(links.broken).toEqual([]);
    const shots = await screenshots(v.page, name, only);
    expect(shots.length).toBe(only?.length ?? Math.max(4, shots.length));
    for (const s of shots) expect(readFileSync(s).subarray(1, 4).toString('latin1')).toBe('PNG');
  }

  test('the checks can fail: a page that runs a script, fetches and links nowhere is caught', async () => {
    const page = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><a href="#nowhere">x</a><img src="https://example.invalid/beacon.png"><script>window.${PWNED_FLAG}=1; console.error('boom')</script></body></html>`;
    const v = await visit('harness', page);
    expect(v.requests).toEqual(['https://example.invalid/beacon.png']);
    expect(v.consoleErrors.some((e) => e.includes('boom'))).toBe(true);
    expect((await brokenLinks(v.page)).broken).toEqual(['#nowhere']);
    expect(await v.page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWNED_FLAG)).toBe(1);
    await v.page.close();
  }, 60_000);

  test('the example: every failing check links to its rows, no error, no request', async () => {
    const dir = await sharedExample();
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const checks = JSON.parse(readFileSync(join(dir, 'checks.json'), 'utf8')) as { checks: Array<{ status: string }> };
    const v = await visit('example', html);
    await expectClean(v, 'example');
    const links = await brokenLinks(v.page);
    const listed = checks.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated').length;
    expect(listed).toBeGreaterThan(0);
    expect(links.drill).toBeGreaterThanOrEqual(listed);
    // Following a link lands on the section, which the :target style marks.
    const first = await v.page.locator('#checks ~ div table a').first().getAttribute('href');
    await v.page.click(`a[href="${first}"]`);
    expect(await v.page.evaluate(() => document.querySelector(':target')?.tagName)).toBe('SECTION');
    await v.page.close();
  }, 120_000);

  test('the example against a baseline: the comparison section, with links to the failing comparison checks', async () => {
    const { head } = await exampleAgainstBaseline(await sharedExample());
    const v = await visit('compare', readFileSync(join(head, 'report.html'), 'utf8'));
    await expectClean(v, 'compare', ['top', 'compared-with-base', 'checks']);
    const section = await v.page.evaluate(() => {
      const h = document.getElementById('compared-with-base');
      const table = h?.parentElement?.querySelector('table.compare');
      return {
        rows: table?.querySelectorAll('tbody tr').length ?? 0,
        links: Array.from(table?.querySelectorAll('a') ?? []).map((a) => a.getAttribute('href'))
      };
    });
    expect(section.rows).toBe(4);
    expect(section.links.some((x) => x?.startsWith('#check-regression.hybrid.'))).toBe(true);
    await v.page.close();
  }, 120_000);

  test('the example with the search: the success–budget curve per model and the edits marked in the rows behind the checks', async () => {
    const dir = await sharedExample();
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    // Deterministic: the report re-derived from the folder is the file the run wrote.
    const { derived, facts } = await deriveFolder(dir);
    expect(renderReport({ ...derived, facts })).toBe(html);
    const v = await visit('search', html);
    await expectClean(v, 'search', ['top', 'search', 'rows-behind']);
    const chart = await v.page.evaluate(() => {
      const svg = document.querySelector('#search ~ div.charts svg');
      return {
        title: svg?.querySelector('title')?.textContent ?? null,
        label: svg?.getAttribute('aria-label') ?? null,
        lines: svg?.querySelectorAll('polyline').length ?? 0,
        dots: Array.from(svg?.querySelectorAll('circle title') ?? []).map((t) => t.textContent ?? '')
      };
    });
    expect(chart.title).toBe('Success–budget curve (search)');
    expect(chart.label).toBe(chart.title);
    expect(chart.lines).toBe(4);
    expect(chart.dots.length).toBeGreaterThan(0);
    for (const d of chart.dots) expect(d).toMatch(/^\S+: \d+ of \d+ within \d+ queries \(\d+\.\d%\)$/);
    // A search row behind a failing check shows its edited words marked, each followed by its operator.
    const marked = await v.page.evaluate(() =>
      Array.from(document.querySelectorAll('section.drill tr.text mark + span.op')).map((e) => e.textContent ?? '')
    );
    expect(marked.length).toBeGreaterThan(0);
    for (const op of marked) expect(['transpose', 'dictionary', 'format']).toContain(op);
    await v.page.close();
  }, 180_000);

  test('the tabular example renders without language rows', async () => {
    const dir = await runTabular();
    const v = await visit('tabular', readFileSync(join(dir, 'report.html'), 'utf8'));
    await expectClean(v, 'tabular');
    expect(await v.page.evaluate(() => document.body.innerText.includes('unknown'))).toBe(false);
    await v.page.close();
  }, 120_000);

  /** The page shows payloads as text; the file itself (which a CI log might print) has no line a runner would read as a command. */
  async function expectInert(v: Visit, html: string): Promise<void> {
    expect(html.split('\n').some((line) => line.trimStart().startsWith('::'))).toBe(false);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
    const state = await v.page.evaluate((flag) => {
      const w = window as unknown as Record<string, unknown>;
      return {
        ran: w[flag] !== undefined,
        elements: document.querySelectorAll(
          'script, img, link, iframe, object, embed, meta[http-equiv="refresh"], form, input, body style'
        ).length,
        styles: document.querySelectorAll('style').length,
        text: document.body.innerText
      };
    }, PWNED_FLAG);
    expect(state.ran).toBe(false);
    expect(state.elements).toBe(0);
    expect(state.styles).toBe(1);
    expect(state.text).toContain(`<script>window.${PWNED_FLAG}=1</script>`);
    expect(state.text).toContain(`<img src=x onerror="window.${PWNED_FLAG}=1">`);
    expect(state.text).toContain('\\u202E');
    expect(state.text).toContain('\\u200B');
    expect(state.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
    expect(state.text).not.toContain('W'.repeat(1000));
  }

  test('the hostile fixture renders inert', async () => {
    const dir = await sharedHostile();
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const v = await visit('hostile', html);
    await expectClean(v, 'hostile');
    await expectInert(v, html);
    await v.page.close();
  }, 120_000);

  test('a 100 kB model name renders inert too', async () => {
    const dir = await sharedHostile();
    const { derived, facts } = await deriveFolder(dir);
    const model = `<img src=x onerror="window.${PWNED_FLAG}=1">::error::`;
    const renamed = renameEverywhere(derived, model, `${model}${huge('model')}`);
    const html = renderReport({ ...renamed, facts });
    expect(html).not.toContain('W'.repeat(1000));
    const v = await visit('hostile-long-model', html);
    expect(v.consoleErrors).toEqual([]);
    expect(v.requests).toEqual([]);
    expect((await brokenLinks(v.page)).broken).toEqual([]);
    await expectInert(v, html);
    await v.page.close();
  }, 120_000);
});
