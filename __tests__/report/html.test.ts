/**
 * report.html from real runs of the bundled examples: self-contained and deterministic, each
 * failing check linked to its drill-down rows, the comparison with a baseline under the
 * verdict, confusion matrices and per-label F1 per model and scope, the length histogram,
 * abstention, reliability bins with their counts, and a tabular report without language rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL } from '../../src/metrics/metrics.js';
import { bySeverity } from '../../src/gate/severity.js';
import type { ReportFacts } from '../../src/manifest/facts.js';
import type { Derived } from '../../src/pipeline/derive.js';
import { ppText } from '../../src/report/format.js';
import { AGAINST_POLICY_HTML, renderReport } from '../../src/report/html.js';
import { escapeHtml } from '../../src/report/escape.js';
import { exampleAgainstBaseline } from '../browser/example-against-baseline.js';
import { deriveFolder, runExample, runTabular } from '../browser/report-fixtures.js';

/** The example, run once for the file: the first group's report, and the baseline of the second. */
let example: Promise<string> | undefined;
const sharedExample = () => (example ??= runExample());

type Input = { derived: Derived; facts: ReportFacts };

function render({ derived, facts }: Input): string {
  return renderReport({ ...derived, facts });
}

/** Every `href="#…"` of the page and every `id="…"`. */
function links(html: string): { hrefs: string[]; ids: Set<string> } {
  return {
    hrefs: [...html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1] as string),
    ids: new Set([...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1] as string))
  };
}

/** The HTML of one drill-down section, by the href that links to it. */
function section(html: string, anchor: string): string {
  const start = html.indexOf(`<section class="drill" id="${anchor}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}

function listed(d: Derived) {
  return bySeverity(d.gate.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated'));
}

describe('the text example, no baseline', () => {
  let dir: string;
  let input: Input;
  let html: string;

  beforeAll(async () => {
    dir = await sharedExample();
    input = await deriveFolder(dir);
    html = render(input);
  }, 120_000);

  test('is the file the run wrote, deterministic and self-contained', () => {
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(html);
    expect(render({ derived: structuredClone(input.derived), facts: structuredClone(input.facts) })).toBe(html);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`
    );
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('engineering checklist, not a certification');
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(2 * 1024 * 1024);
  });

  test('says why it failed, then "Compared with base" with the reason there is none, then the checks', () => {
    expect(html).toContain(
      '<strong>Why it failed:</strong> protected transitions (4 models); length shift (PSI 15.437 &gt; 0.5)'
    );
    const order = [
      'Why it failed',
      'id="compared-with-base"',
      'id="checks"',
      'id="rows-behind"',
      'id="robustness"'
    ].map((x) => html.indexOf(x));
    expect(order.every((x) => x > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('No comparison: no baseline was given. The comparison checks are not applicable.');
  });

  test('every failing check, most severe first, links to a section with the rows behind it', () => {
    const checks = listed(input.derived);
    expect(checks.length).toBe(32);
    const table = html.slice(html.indexOf('id="checks"'), html.indexOf('id="rows-behind"'));
    const hrefs = [...table.matchAll(/<a href="#(check-[^"]+)"><code>([^<]*)<\/code><\/a>/g)];
    expect(hrefs.map((m) => m[2])).toEqual(checks.map((c) => escapeHtml(c.id)));
    const { ids } = links(html);
    for (const [, anchor] of hrefs) expect(ids.has(anchor as string)).toBe(true);
    // Ids are plain words for plain check ids.
    expect(hrefs[0]?.[1]).toBe('check-protected_transitions.tfidf-word');
    expect(new Set(hrefs.map((m) => m[1])).size).toBe(hrefs.length);
  });

  test('a drill-down lists the check refs, the protected marker and both texts with the changed span marked', () => {
    const check = listed(input.derived)[0];
    expect(check?.id).toBe('protected_transitions/tfidf-word');
    const refs = input.derived.drill.get('protected_transitions/tfidf-word')?.refs ?? [];
    expect(refs.length).toBe(6);
    const s = section(html, 'check-protected_transitions.tfidf-word');
    expect(s).toContain('ids moved into a protected transition (the most severe row of each): 6.');
    expect(s.match(/<tr class="has-text">/g)).toHaveLength(6);
    for (const r of refs) {
      expect(s).toContain(`<code>${r.ref.id}</code>`);
      expect(s).toContain(`${r.ref.clean_prediction} → ${r.ref.prediction}`);
      expect(s).toContain(`${(r.ref.clean_margin as number).toFixed(3)} → ${(r.ref.margin as number).toFixed(3)}`);
      expect(r.perturbed).not.toBeNull();
      if (r.marks) {
        // A search row: each edited word marked on its own, its operator beside it on the perturbed side.
        for (const p of r.marks.perturbed.parts)
          if (p.op !== null)
            expect(s).toContain(`<mark title="${p.op}">${escapeHtml(p.text)}</mark><span class="op">${p.op}</span>`);
        for (const p of r.marks.original.parts)
          if (p.op !== null) expect(s).toContain(`<mark title="${p.op}">${escapeHtml(p.text)}</mark>`);
        continue;
      }
      if (r.original?.changed) expect(s).toContain(`<mark>${escapeHtml(r.original.changed)}</mark>`);
      expect(s).toContain(`<mark>${escapeHtml((r.perturbed as NonNullable<typeof r.perturbed>).changed)}</mark>`);
    }
    // The check's rows come from the search and a fixed family alike.
    expect(refs.some((r) => r.marks)).toBe(true);
    expect(refs.some((r) => !r.marks)).toBe(true);
    expect(s.match(/<strong class="protected">yes<\/strong>/g)).toHaveLength(6);
    // A check with more rows than it lists says where the rest are.
    expect(section(html, 'check-challenge_accuracy.tfidf-word')).toContain(
      'clean challenge rows the model got wrong: 30; the 20 most severe are listed, the rest are in checks.json and evidence.jsonl.'
    );
  });

  test('the length-PSI check shows the histogram of both splits, bin by bin, from metrics.json', () => {
    const s = section(html, 'check-length_psi.data');
    const hist = input.derived.metrics.data.length_histogram;
    expect(s).toContain('<svg class="chart"');
    expect(s).toContain('controlled (n=130)');
    expect(s).toContain('challenge (n=54)');
    for (const split of ['controlled', 'challenge']) {
      const counts = hist.counts[split] as number[];
      expect(s).toContain(
        `<tr><td>${split}</td>${counts.map((c) => `<td class="num">${c}</td>`).join('')}<td class="num">${counts.reduce((a, b) => a + b, 0)}</td></tr>`
      );
    }
    expect(s).toContain('<th>≥ 50</th>');
    // The shift section points to it instead of drawing it twice.
    expect(html).toContain('<a href="#check-length_psi.data">the failing length check</a>');
    expect(html.match(/aria-label="Text length: controlled vs challenge/g)?.length).toBe(1);
  });

  test('a confusion matrix with per-label F1 for every model, for all rows and each split; languages collapsed', () => {
    for (const m of input.derived.metrics.models) {
      const all = m.classification.find((c) => c.scope === ALL);
      expect(all).toBeDefined();
      for (const scope of ['all', 'controlled', 'challenge']) expect(html).toContain(`<h4>${scope}: accuracy `);
    }
    const m = input.derived.metrics.models[0];
    const all = m?.classification.find((c) => c.scope === ALL);
    const labels = all?.confusion.labels ?? [];
    const row = labels.map((_, p) => {
      const v = all?.confusion.matrix[0]?.[p] ?? 0;
      return `<td class="${p === 0 ? 'd' : v > 0 ? 'e' : 'z'}">${v}</td>`;
    });
    const f1 = all?.per_label.find((x) => x.label === labels[0]);
    expect(html).toContain(
      `<tr><td><strong>${labels[0]}</strong></td>${row.join('')}<td class="num sep">0</td><td class="num">${f1?.support}</td><td class="num">${f1?.f1.value?.toFixed(3)}</td></tr>`
    );
    expect(html.match(/<summary>By language: 6 slices<\/summary>/g)).toHaveLength(input.derived.metrics.models.length);
    expect(html).toContain('<h4>challenge/pt: accuracy ');
  });

  test('the abstention table and the reliability bins with their row counts and a legend for every mark', () => {
    const nb = input.derived.metrics.models.find((m) => m.model === 'naive-bayes');
    const abst = nb?.abstention?.find((a) => a.condition === 'clean' && a.scope === ALL);
    expect(html).toContain(
      `<tr><td>naive-bayes</td><td>clean</td><td>probability &lt; 0.6</td><td class="num">2.2% (${abst?.abstained.numerator}/184)</td>`
    );
    const reliability = html.slice(html.indexOf('id="reliability"'), html.indexOf('id="clean"'));
    const bins = nb?.reliability?.find((r) => r.scope === ALL)?.bins.filter((b) => b.n > 0) ?? [];
    expect(bins.length).toBeGreaterThan(2);
    for (const b of bins) expect(reliability).toMatch(new RegExp(`fill="#1a1a1a">${b.n}</text>`));
    for (const word of ['accuracy per bin (n above)', 'mean confidence', 'perfect calibration'])
      expect(reliability).toContain(word);
  });

  test('threat_model.against_policy: one escaped line under the threat model only when it is on (off: the page as it was)', () => {
    expect(input.facts.threatModel.againstPolicy).toBe(false);
    expect(html).not.toContain('Against the policy');
    const facts = { ...input.facts, threatModel: { ...input.facts.threatModel, againstPolicy: true } };
    const on = render({ derived: input.derived, facts });
    const line =
      '<p>Against the policy: an attack success counts only when the model&#39;s review policy (<code>selective.abstain_below</code>) accepts the wrong decision; a model without a policy accepts every decision.</p>';
    expect(AGAINST_POLICY_HTML).toBe(line);
    // The page with the key on is the page without it plus that one paragraph, right after the protected outcome.
    const outcome = html.indexOf('<p>Protected outcome: ');
    const after = html.indexOf('\n', outcome) + 1;
    expect(outcome).toBeGreaterThan(0);
    expect(on).toBe(html.slice(0, after) + line + '\n' + html.slice(after));
    expect(on.indexOf(line)).toBeLessThan(on.indexOf('<nav class="toc">'));
  });

  test('axis ticks print exactly: a 0..1 axis reads 0.25, not 0.3', () => {
    expect(html).not.toMatch(/>0\.3<\/text>/);
    expect(html).toContain('>0.25</text>');
  });
});

describe('the text example against a baseline', () => {
  let input: Input;
  let html: string;

  beforeAll(async () => {
    const { head, base } = await exampleAgainstBaseline(await sharedExample());
    input = await deriveFolder(head, base);
    html = render(input);
    expect(readFileSync(join(head, 'report.html'), 'utf8')).toBe(html);
  }, 180_000);

  test('one row per model: Δ with interval, fixed and broken, McNemar p per condition, new protected transitions', () => {
    const c = input.derived.comparison;
    expect(c).not.toBeNull();
    const part = html.slice(html.indexOf('id="compared-with-base"'), html.indexOf('id="checks"'));
    expect(part.match(/<tr><td><strong>/g)).toHaveLength(4);
    for (const m of c?.models ?? []) {
      for (const cell of m.cells.filter((x) => x.scope === ALL)) {
        const p = (cell.mcnemar_p.value as number).toPrecision(2);
        expect(part).toContain(`${escapeHtml(ppText(cell.delta_pp))}</span>`);
        expect(part).toContain(
          `${cell.fixed.value} fixed · ${cell.broken.value} broken<br>p = ${p} · n = ${cell.pairs}`
        );
      }
    }
    const hybrid = c?.models.find((m) => m.model === 'hybrid');
    expect(hybrid?.new_protected_transition_ids.length).toBe(3);
    for (const id of hybrid?.new_protected_transition_ids ?? []) expect(part).toContain(`<code>${id}</code>`);
    // The search and exact ask each model, so the retrained hybrid's candidates change with it (paired on input_sha256).
    expect(part).toContain('Rows: 6492 paired, 132 dropped (0 only in the baseline, 132 with a changed input)');
  });

  test('failing comparison checks link from the comparison table and the checks table to the broken rows', () => {
    const part = html.slice(html.indexOf('id="compared-with-base"'), html.indexOf('id="checks"'));
    expect(part).toContain('<a href="#check-regression.hybrid.clean">');
    expect(part).toContain('<a href="#check-new_protected_transitions.hybrid">');
    const s = section(html, 'check-regression.hybrid.clean');
    expect(s).toContain('rows right in the baseline and wrong in this run (broken)');
    const refs = input.derived.drill.get('regression/hybrid/clean')?.refs ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(s).toContain(`<code>${r.ref.id}</code>`);
    // Its value is in percentage points.
    expect(html).toMatch(/<td class="num">3\.80 pp<\/td><td class="num">≤ 1 pp<\/td>/);
    const { hrefs, ids } = links(html);
    for (const h of hrefs) expect(ids.has(h)).toBe(true);
  });

  test('a stale baseline is said so, with its reasons', () => {
    const derived = structuredClone(input.derived);
    const c = derived.comparison as NonNullable<Derived['comparison']>;
    c.baseline.stale = true;
    c.baseline.stale_reasons = ['the challenge data changed <b>'];
    const out = render({ derived, facts: input.facts });
    expect(out).toContain(
      '<strong>Stale baseline</strong> (the challenge data changed &lt;b&gt;): compared on the paired rows only.'
    );
  });
});

test('the tabular example: accounting, worked examples, and no language row or column that does not exist', async () => {
  const dir = await runTabular();
  const input = await deriveFolder(dir);
  const html = render(input);
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(html);
  expect(input.derived.metrics.task).toBe('tabular');
  expect(html).toContain('Attack accounting (all rows)');
  expect(html).toContain('Worked examples');
  // Before: "challenge/unknown" (no challenge split) and "test/unknown" (no languages) rows.
  expect(html).not.toContain('unknown');
  expect(html).not.toContain('<th>language</th>');
  expect(html).toContain('<h4>test: accuracy ');
  expect(html).not.toMatch(/<script|https?:\/\//i);
}, 120_000);
