/**
 * report.html (docs/definitions.md#outputs, docs/definitions.md#comparison, docs/definitions.md#drill-down): the facts
 * of summary.md with the rows behind them and the plots, as one self-contained HTML5 document — inline <style> only, no
 * script, no external URL or font, and a Content-Security-Policy that forbids everything else. Order: verdict and why,
 * the comparison with the base branch, the failing checks (each linking to its drill-down
 * section), robustness, ledger, abstention, curves, classification (confusion matrices and
 * per-label F1), shift and data. Every string read from data or config is flattened, bounded
 * and HTML-escaped (bidi and invisible characters shown as \uXXXX); figures are printed with
 * fixed decimals. Deterministic: same input → identical string. Bounded: tables, refs, matrices
 * and curves are capped, so the file stays a few MB at 50 models × 20 languages.
 */
import type { Comparison } from '../compare/comparison.js';
import type { DrillResult } from '../drill/collect.js';
import type { GateResult } from '../gate/checks.js';
import type { ReportFacts } from '../manifest/facts.js';
import type { Metrics } from '../metrics/metrics.js';
import { causeSentence } from './check-words.js';
import { changeSentence, knownNotBlocking } from './summary-changes.js';
import { AGAINST_POLICY_LINE } from './summary.js';
import { escapeHtml } from './escape.js';
import { accuracySection, matricesSection } from './html-classification.js';
import { checksTable, drillSections, listedChecks } from './html-checks.js';
import { compareSection } from './html-compare.js';
import { shiftSection } from './html-data.js';
import { repeatReportSection } from './html-repeat.js';
import {
  abstentionSection,
  ledgerSection,
  reliabilitySection,
  riskCoverageSection,
  robustnessSection,
  tabularSection
} from './html-models.js';
import { AnchorIds, h } from './html-parts.js';
import { releaseReportSection } from './html-release.js';
import { searchReportSection } from './html-search.js';
import { exactTextReportSection } from './exact-text-view.js';
import { onlyLanguage, scopeSentences, singleLanguageLine } from './scope.js';

export { MAX_TABLE_ROWS } from './html-parts.js';

const HTML_REPORT_SCHEMA_VERSION = 2;

interface ReportInput {
  metrics: Metrics;
  gate: GateResult;
  comparison: Comparison | null;
  /** Why there is no comparison (when `comparison` is null). */
  noBaselineReason: string | null;
  /** The rows behind each check, with their texts when the evidence holds them. */
  drill: DrillResult;
  facts: ReportFacts;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = [
  '',
  'body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; ' +
    'max-width: 1180px; padding: 0 1rem; color: #1a1a1a; line-height: 1.45; }',
  'h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid ' +
    '#ddd; padding-bottom: .2rem; } h3 { font-size: 1.05rem; margin-bottom: .3rem; } h4 { font-size: ' +
    '.95rem; margin: .8rem 0 .2rem; font-weight: 600; }',
  '.scroll { overflow-x: auto; max-width: 100%; }',
  'table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .86rem; }',
  'th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }',
  'th { background: #f3f3f3; }',
  'td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }',
  'code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: ' +
    '.85em; overflow-wrap: anywhere; }',
  'a { color: #0b57d0; } a:hover { text-decoration: none; }',
  'nav.toc { font-size: .9rem; background: #f7f7f7; border: 1px solid #e3e3e3; padding: .4rem .8rem; }',
  'nav.toc a { margin-right: .9rem; white-space: nowrap; }',
  '.verdict { display: inline-block; padding: .3rem .8rem; border-radius: 4px; font-weight: bold; ' + 'color: #fff; }',
  '.verdict.pass { background: #1b7f3b; } .verdict.fail { background: #b42318; }',
  '.status-fail, .status-not_evaluated { font-weight: bold; color: #b42318; }',
  '.why { font-size: 1.02rem; }',
  '.warn { background: #fff4e5; border-left: 4px solid #f0a000; padding: .4rem .7rem; }',
  '.charts { display: flex; flex-wrap: wrap; gap: 1rem; }',
  'svg.chart { border: 1px solid #ddd; max-width: 100%; height: auto; font-family: inherit; }',
  '.note { color: #555; font-size: .9rem; }',
  'section.drill { border-left: 3px solid #ddd; padding: .1rem 0 .1rem .9rem; margin: 1.4rem 0; }',
  'section.drill:target { border-left-color: #b42318; background: #fff8f7; }',
  'section.drill h3 code { font-size: .95em; }',
  'a.back { font-size: .85rem; margin-left: .5rem; }',
  'td.wrap { overflow-wrap: anywhere; min-width: 12rem; } td.nowrap { white-space: nowrap; }',
  'table.refs { table-layout: fixed; width: 100%; }',
  'table.refs td { overflow-wrap: anywhere; }',
  'table.refs tr.has-text td { border-bottom: none; }',
  'table.refs tr.text td { border-top: none; background: #fafafa; font-size: .84rem; }',
  'table.refs tr.text div { margin: .1rem 0; }',
  '.label { display: inline-block; min-width: 5.2rem; color: #555; font-size: .72rem; ' +
    'text-transform: uppercase; letter-spacing: .03em; }',
  'mark { background: #ffe08a; padding: 0; }',
  'mark.at { background: #f5b841; }',
  'span.op { font-size: .7rem; color: #6b4e00; background: #fff4d6; border: 1px solid #e8d39a; ' +
    'border-radius: 3px; padding: 0 .2rem; margin: 0 .15rem; vertical-align: 1px; }',
  '.protected { color: #b42318; }',
  'table.matrix td { text-align: right; font-variant-numeric: tabular-nums; }',
  'table.matrix td:first-child { text-align: left; }',
  'table.matrix td.d { background: #e3f4e8; font-weight: bold; }',
  'table.matrix td.e { background: #fde7e4; }',
  'table.matrix td.z { color: #aaa; }',
  'table.matrix .sep { border-left: 2px solid #999; }',
  'table.matrix th { white-space: nowrap; } table.matrix th.lab { white-space: normal; ' + 'overflow-wrap: anywhere; }',
  'table.compare td:first-child { overflow-wrap: anywhere; min-width: 7rem; }',
  'table.compare td.cmp { white-space: nowrap; }',
  '.delta.neg { color: #b42318; font-weight: bold; } .delta.pos { color: #1b7f3b; font-weight: bold; }',
  'details { margin: .4rem 0 1rem; } details summary { cursor: pointer; color: #0b57d0; }',
  ''
].join('\n');

function verdictSection(input: ReportInput): string[] {
  const { gate, facts } = input;
  const tm = facts.threatModel;
  const c = gate.counts;
  const failing = new Set(gate.failing);
  const blocking = gate.checks.filter((x) => failing.has(x.id));
  const out = [
    `<h1>Evidence Gate: ${h(tm.id, 120)}</h1>`,
    `<p><span class="verdict ${gate.verdict === 'pass' ? 'pass' : 'fail'}">` +
      `${gate.verdict === 'pass' ? 'PASS' : 'FAIL'}</span></p>`
  ];
  const changed = changeSentence(gate);
  if (changed) out.push(`<p class="why"><strong>What this pull request changed:</strong> ${escapeHtml(changed)}.</p>`);
  if (blocking.length > 0)
    out.push(`<p class="why"><strong>Why it failed:</strong> ${escapeHtml(causeSentence(blocking))}.</p>`);
  const known = knownNotBlocking(gate).length;
  if (gate.block_on === 'new' && !gate.changes)
    out.push(
      '<p><code>gate.block_on</code> is <code>new</code>, but with no baseline new failures cannot be told from ' +
        'known ones: every failing check blocks, as with <code>all</code>.</p>'
    );
  if (known > 0)
    out.push(
      `<p>${known} known failure${known === 1 ? '' : 's'} (failing on the base branch as well) do not block: ` +
        `<code>gate.block_on</code> is <code>new</code>.</p>`
    );
  out.push(
    `<p>Threat model <strong>${h(tm.id, 80)}</strong> revision ${h(tm.revision, 20)}, objective <strong>` +
      `${h(tm.objective, 40)}</strong>, access ${h(tm.access, 40)}. Config <code>` +
      `${h(facts.configPath, 120)}</code>. Task ${h(facts.task, 20)}.</p>`
  );
  if (tm.protectedOutcome) out.push(`<p>Protected outcome: ${h(tm.protectedOutcome, 300)}</p>`);
  if (tm.againstPolicy) out.push(AGAINST_POLICY_HTML);
  out.push(
    `<p>Checks: <strong>${c.pass} passed</strong>, <strong>${c.fail} failed</strong>, <strong>${c.not_evaluated} ` +
      `not evaluated</strong>, ${c.not_applicable} not applicable.</p>`
  );
  const only = onlyLanguage(facts);
  if (only !== null) out.push(`<p>${singleLanguageLine(h(only, 40))}</p>`);
  return out;
}

/** summary.md's against-the-policy line as a paragraph: each part escaped, its `code` spans as <code>. */
export const AGAINST_POLICY_HTML = `<p>${AGAINST_POLICY_LINE.split('`')
  .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
  .join('')}</p>`;

/** Links to the sections present, from their `<h2 id>` (fixed words only). */
/** The sentence naming the families a config left out, or nothing. */
function notConfiguredSentence(families: readonly string[]): string {
  if (families.length === 0) return '';
  return ` Families not configured (their checks are not applicable): ${families.map((f) => h(f, 40)).join(', ')}.`;
}

function toc(body: readonly string[]): string {
  const links = body.flatMap((line) => {
    const m = /^<h2 id="([a-z-]+)">([^<]*)<\/h2>$/.exec(line);
    return m ? [`<a href="#${m[1]}">${m[2]}</a>`] : [];
  });
  return `<nav class="toc">${links.join(' ')}</nav>`;
}

export function renderReport(input: ReportInput): string {
  const { metrics, gate, facts } = input;
  // Anchors first, so the comparison section (above the table) can link to its checks' rows.
  const anchors = new AnchorIds();
  for (const c of listedChecks(gate)) anchors.of(c.id);
  const psi = gate.checks.find((c) => c.check === 'length_psi' && anchors.has(c.id));

  const sections: string[] = [
    ...compareSection({
      comparison: input.comparison,
      noBaselineReason: input.noBaselineReason,
      gate,
      conditions: metrics.conditions_evaluated,
      anchors
    }),
    ...checksTable(gate, anchors),
    ...drillSections({ gate, drill: input.drill, metrics, textPolicy: facts.textPolicy, task: metrics.task, anchors }),
    ...robustnessSection(metrics),
    ...repeatReportSection(metrics),
    ...ledgerSection(metrics),
    ...searchReportSection(metrics),
    ...exactTextReportSection(metrics, input.drill),
    ...abstentionSection(metrics),
    ...riskCoverageSection(metrics),
    ...reliabilitySection(metrics),
    ...(metrics.task === 'tabular' ? tabularSection(metrics) : []),
    ...accuracySection(metrics),
    ...matricesSection(metrics),
    ...shiftSection(metrics, { histogramAt: psi ? anchors.of(psi.id) : null }),
    ...releaseReportSection(facts, gate),
    '<h2 id="not-tested">Not tested</h2>',
    `<p>Conditions evaluated: ${metrics.conditions_evaluated.map((c) => h(c, 40)).join(', ')}.` +
      `${notConfiguredSentence(facts.familiesNotConfigured)}</p>`,
    ...scopeSentences(metrics.conditions_evaluated).map((s) => `<p>${escapeHtml(s)}</p>`),
    '<p><em>The gate is an engineering checklist, not a certification of robustness, safety or fairness.</em></p>'
  ];
  const body = [...verdictSection(input), toc(sections), ...sections];

  return [
    '<!DOCTYPE html>',
    `<!-- evidence-gate report schema_version: ${HTML_REPORT_SCHEMA_VERSION} -->`,
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${h(`Evidence Gate: ${facts.threatModel.id}`, 120)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    ''
  ].join('\n');
}
