/**
 * The adaptive search in report.html and summary.md (docs/report.md, docs/search.md), from
 * hand-built metrics and evidence rows: the success–budget curve drawn from metrics.json's points
 * with its denominator, "not evaluated" for a model with nothing tested; search rows in the
 * drill-down with each edited word marked, its operator and the queries spent; hostile text inside
 * an edited word stays inert in both files.
 */
import type { DrillResult } from '../../src/drill/collect.js';
import { rank, refOf, withTexts, type RankedRef } from '../../src/drill/ref.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { Check } from '../../src/gate/check.js';
import type { GateResult } from '../../src/gate/checks.js';
import { rate } from '../../src/metrics/figure.js';
import { ALL, type Metrics, type ModelMetrics } from '../../src/metrics/metrics.js';
import { searchFiguresOf, type SearchFigures } from '../../src/metrics/search.js';
import { scanText } from '../../src/perturb/words.js';
import { drillSections } from '../../src/report/html-checks.js';
import { AnchorIds } from '../../src/report/html-parts.js';
import { searchReportSection } from '../../src/report/html-search.js';
import { searchSection } from '../../src/report/summary-search.js';
import { detailsBlocks } from '../../src/report/summary-details.js';
import { CHART_HEIGHT } from '../../src/report/svg.js';

const HOSTILE_MODEL = '<script>alert(1)</script>|::warning::';

function figures(tested: number, successQueries: number[], budget: number): SearchFigures {
  return searchFiguresOf(
    {
      tested,
      successes: successQueries.length,
      testedQueries: Array(tested).fill(budget),
      successQueries,
      wordsChanged: successQueries.length
    },
    budget
  );
}

function metricsOf(models: Array<[string, SearchFigures]>): Metrics {
  return {
    models: models.map(
      ([model, s]) => ({ model, ledger: [], search: [{ scope: ALL, ...s }] }) as unknown as ModelMetrics
    )
  } as unknown as Metrics;
}

describe('the success–budget curve in report.html', () => {
  // Hand-worked: 5 tested, successes at 3, 3 and 7 queries, budget 10 → within 1: 0, within 3: 2, within 5: 2, within 10: 3.
  const metrics = metricsOf([
    ['m1', figures(5, [3, 3, 7], 10)],
    ['m2', figures(0, [], 10)],
    [HOSTILE_MODEL, figures(4, [10], 10)]
  ]);
  const html = searchReportSection(metrics).join('\n');

  test('the table reads the curve at a few budgets, with the denominator', () => {
    expect(html).toContain('<h2 id="search">Adaptive search (all rows)</h2>');
    for (const q of ['within 1 query', 'within 3 queries', 'within 5 queries', 'within 10 queries'])
      expect(html).toContain(q);
    const m1 = html.slice(html.indexOf('<tr><td>m1</td>'), html.indexOf('</tr>', html.indexOf('<tr><td>m1</td>')));
    expect([...m1.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]).slice(0, 5)).toEqual([
      '5',
      '0/5 (0.0%)',
      '2/5 (40.0%)',
      '2/5 (40.0%)',
      '3/5 (60.0%)'
    ]);
    // Nothing tested: not evaluated, never 0%.
    const m2 = html.slice(html.indexOf('<tr><td>m2</td>'), html.indexOf('</tr>', html.indexOf('<tr><td>m2</td>')));
    expect(m2).toContain('not evaluated (n=0)');
    expect(m2).not.toContain('0.0%');
  });

  test('the chart: a step line per model with something tested, a dot per rise with its counts, the legend with successes/tested', () => {
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>') + 6);
    expect(svg).toContain('<title>Success–budget curve (search)</title>');
    expect(svg).toContain('queries per example (budget 10)');
    // Two lines (m1 and the hostile name); m2 has none and says "not evaluated" in the legend.
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('m2 (not evaluated)');
    expect(svg).toContain('m1 (3/5)');
    expect(svg).toContain('<title>m1: 2 of 5 within 3 queries (40.0%)</title>');
    expect(svg).toContain('<title>m1: 3 of 5 within 7 queries (60.0%)</title>');
    // m1's line: from the origin, flat to 3 queries, up to 0.4, flat to 7, up to 0.6, flat to the budget
    // (the plot spans x 56…544 for 0…10 queries and y 264…34 for 0…0.6).
    const line = /<polyline fill="none" stroke="#1f77b4" stroke-width="2" points="([^"]*)"/.exec(svg)?.[1];
    expect(line).toBe('56.00,264.00 202.40,264.00 202.40,110.67 397.60,110.67 397.60,34.00 544.00,34.00');
    expect(svg).toContain(`height="${CHART_HEIGHT + 44}"`);
    // Whole-number query ticks and whole-percent share ticks.
    expect(svg).toMatch(/>5<\/text>/);
    expect(svg).toMatch(/>30%<\/text>/);
  });

  test('deterministic, and a model name is text, never markup', () => {
    expect(searchReportSection(structuredClone(metrics)).join('\n')).toBe(html);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html.split('\n').filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  });

  test('no section without search figures; summary.md names the budget', () => {
    expect(searchReportSection({ models: [{ model: 'm' }] } as unknown as Metrics)).toEqual([]);
    expect(searchSection(metrics).join('\n')).toContain('within the configured budget of 10');
  });
});

/** The word index of the first word equal to `word`. */
function wordIndex(text: string, word: string): number {
  const w = scanText(text, 'en').words.find((x) => x.text === word);
  if (!w) throw new Error(`no word ${word}`);
  return w.index;
}

/** A search row: `edits` applied to `text` (by word), success, with the queries spent. */
function searchRow(text: string, edits: Array<{ op: string; from: string; to: string }>, queries: number): EvidenceRow {
  const words = scanText(text, 'en').words;
  const placed = edits.map((e) => ({ ...e, word: wordIndex(text, e.from) })).sort((a, b) => a.word - b.word);
  let perturbed = '';
  let at = 0;
  for (const e of placed) {
    const w = words[e.word] as { start: number; end: number };
    perturbed += text.slice(at, w.start) + e.to;
    at = w.end;
  }
  perturbed += text.slice(at);
  return {
    id: 'x1',
    split: 'challenge',
    model: 'm',
    condition: 'search',
    language: 'en',
    domain: null,
    text,
    perturbed_text: perturbed,
    label: 'limitation',
    clean_prediction: 'limitation',
    prediction: 'result',
    scores: [0.4, 0.6],
    margin: 0.2,
    clean_margin: 0.5,
    changed: true,
    valid: true,
    invalid_reason: null,
    eligible: true,
    tested: true,
    success: true,
    uncovered: false,
    uncovered_reason: null,
    status: 'ok',
    error: null,
    input_sha256: 'f'.repeat(64),
    queries,
    edits: placed.map((e) => ({ op: e.op, word: e.word, from: e.from, to: e.to }))
  } as unknown as EvidenceRow;
}

const HOSTILE_TEXT = 'Results <script>alert(1)</script> ::warning:: a | b pipes and more';

function check(id: string): Check {
  const [kind, subject, qualifier] = id.split('/') as [string, string, string];
  return {
    id,
    check: kind,
    subject,
    qualifier,
    scope: 'all',
    value: 1,
    numerator: 1,
    denominator: 1,
    direction: 'max',
    threshold: 0,
    config_key: 'gate.max_attack_success',
    config_line: 1,
    threshold_is_default: true,
    status: 'fail',
    judged: true,
    reason: null,
    examples: { count: 1, shown: [] }
  };
}

function drillOf(row: EvidenceRow): { ranked: RankedRef; drill: DrillResult; gate: GateResult } {
  const ranked = rank(row, [], 0);
  withTexts(ranked, row);
  const c = check('attack_success/m/search');
  c.examples = { count: 1, shown: [ranked.ref] };
  const gate = {
    schema_version: 1,
    verdict: 'fail',
    allow_not_evaluated: false,
    counts: { pass: 0, fail: 1, not_evaluated: 0, not_applicable: 0 },
    failing: [c.id],
    checks: [c]
  } as GateResult;
  return { ranked, drill: new Map([[c.id, { count: 1, refs: [ranked] }]]), gate };
}

describe('search rows in the drill-down', () => {
  const row = searchRow(
    HOSTILE_TEXT,
    [
      { op: 'transpose', from: 'script', to: 'sciprt' },
      { op: 'format', from: 'warning', to: 'Warning' },
      { op: 'format', from: 'pipes', to: 'Pipes' }
    ],
    17
  );

  test('checks.json refs of search rows carry the queries and the edits; other rows do not', () => {
    // The operators and word indexes only: the words stay in the evidence row, so a reference stays small.
    expect(refOf(row)).toMatchObject({
      condition: 'search',
      queries: 17,
      edits: (row.edits ?? []).map((e) => ({ op: e.op, word: e.word }))
    });
    expect(JSON.stringify(refOf(row))).not.toContain('sciprt');
    const other = { ...row, condition: 'format' } as EvidenceRow;
    delete (other as Partial<EvidenceRow>).queries;
    expect(Object.keys(refOf(other))).not.toContain('queries');
    expect(Object.keys(refOf(other))).not.toContain('edits');
  });

  test('each edited word is marked apart in both texts, the rest of the text as it is', () => {
    const { ranked } = drillOf(row);
    expect(ranked.marks?.perturbed.parts).toEqual([
      { text: 'Results <', op: null },
      { text: 'sciprt', op: 'transpose' },
      { text: '>alert(1)</script> ::', op: null },
      { text: 'Warning', op: 'format' },
      { text: ':: a | b ', op: null },
      { text: 'Pipes', op: 'format' },
      { text: ' and more', op: null }
    ]);
    expect(ranked.marks?.original.parts.filter((p) => p.op !== null).map((p) => p.text)).toEqual([
      'script',
      'warning',
      'pipes'
    ]);
  });

  test('report.html: marks with the operator, the queries spent, everything escaped', () => {
    const { drill, gate } = drillOf(row);
    const html = drillSections({
      gate,
      drill,
      metrics: { models: [] } as unknown as Metrics,
      textPolicy: 'full',
      task: 'text',
      anchors: new AnchorIds()
    }).join('\n');
    expect(html).toContain(
      '&lt;<mark title="transpose">sciprt</mark><span class="op">transpose</span>&gt;alert(1)&lt;/script&gt; ::<mark title="format">Warning</mark><span class="op">format</span>:: a | b <mark title="format">Pipes</mark>'
    );
    expect(html).toContain('<span class="label">search</span> 17 queries; 3 edits: transpose at word');
    expect(html).toMatch(
      /<span class="label">search<\/span> 17 queries; 3 edits: transpose at word \d+; format at word \d+; format at word \d+<\/div>/
    );
    expect(html).not.toContain('<script');
    expect(html.split('\n').filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  });

  test('summary.md: each edited word between ⟦ ⟧ with its operator, markdown and HTML escaped', () => {
    const { drill, gate } = drillOf(row);
    const md = detailsBlocks(gate.checks, drill).join('\n');
    expect(md).toContain(
      '  - perturbed: Results &lt;⟦sciprt⟧ (transpose)&gt;alert\\(1\\)&lt;/script&gt; \\:\\:⟦Warning⟧ (format)\\:\\: a \\| b ⟦Pipes⟧ (format) and more'
    );
    expect(md).toContain('  - original: Results &lt;⟦script⟧&gt;');
    expect(md).toMatch(
      / {2}- search: 17 queries, 3 edits: transpose at word \d+, format at word \d+, format at word \d+/
    );
    expect(md).not.toContain('<script');
    expect(md).not.toMatch(/[^\\]\|/);
    expect(md.split('\n').filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  });

  test('edits that do not fit the text get no marks: the plain changed span is shown', () => {
    const bad = { ...row, edits: [{ op: 'format', word: 0, from: 'Nothing', to: 'NOTHING' }] } as EvidenceRow;
    const { ranked, drill, gate } = drillOf(bad);
    expect(ranked.marks).toBeUndefined();
    expect(ranked.perturbed).not.toBeNull();
    const html = drillSections({
      gate,
      drill,
      metrics: { models: [] } as unknown as Metrics,
      textPolicy: 'full',
      task: 'text',
      anchors: new AnchorIds()
    }).join('\n');
    expect(html).toContain('<span class="label">perturbed</span>');
    expect(html).toContain('<span class="label">search</span> 17 queries; 1 edit: format at word 0');
  });

  test('without text (output.text: hash), the search line still gives the queries and operators', () => {
    const hidden = {
      ...row,
      text: null,
      perturbed_text: null,
      edits: (row.edits ?? []).map((e) => ({ ...e, from: null, to: null }))
    } as EvidenceRow;
    const { drill, gate } = drillOf(hidden);
    const html = drillSections({
      gate,
      drill,
      metrics: { models: [] } as unknown as Metrics,
      textPolicy: 'hash',
      task: 'text',
      anchors: new AnchorIds()
    }).join('\n');
    expect(html).toMatch(
      /<span class="label">search<\/span> 17 queries; 3 edits: transpose at word \d+; format at word \d+; format at word \d+<\/div>/
    );
    expect(html).not.toContain('<span class="label">perturbed</span>');
  });
});

test("rate figures the report reads are the cell's own (a sanity check of the helper above)", () => {
  expect(figures(5, [3, 3, 7], 10).attack_success).toEqual(rate(3, 5, 'no tested rows'));
});
