/**
 * report.html (SPEC §11): the facts of summary.md plus plots, as one self-contained HTML5
 * document — inline <style> only, no script, no external URL or font, and a
 * Content-Security-Policy that forbids everything else. Every string read from metrics or
 * checks (ids, model names, labels, languages, condition names, reasons) is flattened,
 * bounded with truncate() and HTML-escaped; figures are printed with fixed decimals.
 * Deterministic: no timestamps, same input → identical string. Tables stop at
 * MAX_TABLE_ROWS rows and curves at MAX_CURVE_POINTS points.
 */
import type { GateResult } from '../gate/checks.js';
import { ALL, type Metrics, type ModelMetrics } from '../metrics/metrics.js';
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';
import { checkThresholdText, checkValueText, countText, fixed, percent, ppText, rateText } from './format.js';
import { escapeHtml } from './escape.js';
import { barChart, lineChart, reliabilityChart, safeText as h } from './svg.js';

export const HTML_REPORT_SCHEMA_VERSION = 1;
/** Rows per table before the rest is left to checks.json / metrics.json. */
export const MAX_TABLE_ROWS = 1000;

export interface ReportInput {
  metrics: Metrics;
  gate: GateResult;
  title: string;
  threatModel: { id: string; revision: string; objective: string };
  configPath: string;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; } h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .88rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .85em; overflow-wrap: anywhere; }
.verdict { display: inline-block; padding: .3rem .8rem; border-radius: 4px; font-weight: bold; color: #fff; }
.verdict.pass { background: #1b7f3b; } .verdict.fail { background: #b42318; }
.status-fail, .status-not_evaluated { font-weight: bold; color: #b42318; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; }
svg.chart { border: 1px solid #ddd; max-width: 100%; height: auto; font-family: inherit; }
.note { color: #555; font-size: .9rem; }
`;

const STATUS_WORD = { pass: 'pass', fail: 'fail', not_evaluated: 'not evaluated', not_applicable: 'not applicable' } as const;

/** A cell: either escaped text, or trusted markup built here from numbers and fixed words. */
type Cell = string | { html: string; num?: boolean };

/** Text from numbers/format helpers: escaped too, as a matter of course. */
function t(text: string): Cell {
  return { html: escapeHtml(text) };
}

function n(text: string): Cell {
  return { html: escapeHtml(text), num: true };
}

function table(header: string[], rows: Cell[][]): string {
  const shown = rows.slice(0, MAX_TABLE_ROWS);
  const cell = (c: Cell) => (typeof c === 'string' ? `<td>${h(c)}</td>` : `<td${c.num ? ' class="num"' : ''}>${c.html}</td>`);
  const out = ['<table>', `<thead><tr>${header.map((x) => `<th>${escapeHtml(x)}</th>`).join('')}</tr></thead>`, '<tbody>'];
  for (const r of shown) out.push(`<tr>${r.map(cell).join('')}</tr>`);
  out.push('</tbody>', '</table>');
  if (rows.length > shown.length) out.push(`<p class="note">…and ${rows.length - shown.length} more rows in the evidence files.</p>`);
  return out.join('\n');
}

function intervalText(i: IntervalFigure, unit: 'pp' | '%'): string {
  if (i.status !== 'ok' || i.low === null || i.high === null) return '';
  return unit === 'pp' ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : ` [${percent(i.low)}, ${percent(i.high)}]`;
}

function deltaText(delta: Figure, interval: IntervalFigure): string {
  return delta.status === 'ok' ? `${ppText(delta)}${intervalText(interval, 'pp')}` : delta.status === 'not_applicable' ? 'n/a' : 'not evaluated';
}

function figureText(f: Figure): string {
  return f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3);
}

function verdictSection(input: ReportInput): string[] {
  const { gate, threatModel: tm } = input;
  const c = gate.counts;
  return [
    `<h1>${h(input.title, 120)}</h1>`,
    `<p><span class="verdict ${gate.verdict === 'pass' ? 'pass' : 'fail'}">${gate.verdict === 'pass' ? 'PASS' : 'FAIL'}</span></p>`,
    `<p>Threat model <strong>${h(tm.id, 80)}</strong> revision ${h(tm.revision, 20)}, objective <strong>${h(tm.objective, 40)}</strong>. Config <code>${h(input.configPath, 120)}</code>. Task ${h(input.metrics.task, 20)}.</p>`,
    `<p>Checks: <strong>${c.pass} passed</strong>, <strong>${c.fail} failed</strong>, <strong>${c.not_evaluated} not evaluated</strong>, ${c.not_applicable} not applicable.</p>`
  ];
}

function checksSection(gate: GateResult): string[] {
  const listed = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
  if (listed.length === 0) return ['<h2>Failing and not-evaluated checks</h2>', '<p>None.</p>'];
  return [
    '<h2>Failing and not-evaluated checks</h2>',
    table(
      ['check', 'status', 'value', 'threshold', 'n', 'config key', 'reason'],
      listed.map((x) => [
        { html: `<code>${h(x.id, 120)}</code>${x.judged ? '' : ' (not judged)'}` },
        { html: `<span class="status-${x.status === 'fail' ? 'fail' : 'not_evaluated'}">${STATUS_WORD[x.status]}</span>` },
        n(checkValueText(x)),
        n(checkThresholdText(x)),
        n(String(x.denominator ?? '—')),
        { html: `<code>${h(x.config_key, 80)}</code>${x.threshold_is_default ? ' (default)' : ''}` },
        x.reason ?? ''
      ])
    )
  ];
}

function robustnessSection(m: ModelMetrics): string[] {
  const rows = m.robustness.filter((r) => r.scope === ALL);
  if (rows.length === 0) return [];
  const out = [`<h3>${h(m.model, 60)}</h3>`];
  out.push(
    table(
      ['condition', 'changed', 'changed flip rate', 'flip rate (all rows)', 'Δ accuracy (pp) [interval]', 'attack success'],
      rows.map((r) => {
        const ledger = m.ledger.find((l) => l.family === r.condition && l.scope === ALL);
        return [
          r.condition,
          n(countText(r.changed)),
          n(rateText(r.changed_flip_rate)),
          n(rateText(r.flip_rate)),
          n(deltaText(r.accuracy_delta_pp, r.delta_interval_pp)),
          t(ledger ? rateText(ledger.attack_success) : r.condition === 'truncate' ? 'n/a (destructive)' : 'n/a (baseline)')
        ];
      })
    )
  );
  out.push(
    '<div class="charts">',
    barChart(
      rows.map((r) => {
        const ok = r.delta_interval_pp.status === 'ok';
        return {
          label: r.condition,
          value: r.accuracy_delta_pp.status === 'ok' ? r.accuracy_delta_pp.value : null,
          low: ok ? r.delta_interval_pp.low : null,
          high: ok ? r.delta_interval_pp.high : null
        };
      }),
      { title: `Δ accuracy per condition: ${m.model}`, xLabel: 'condition', yLabel: 'Δ accuracy (pp)' }
    ),
    '</div>'
  );
  return out;
}

function ledgerRows(m: ModelMetrics): Cell[][] {
  const rows: Cell[][] = m.ledger
    .filter((l) => l.scope === ALL)
    .map((l) => {
      const reasons = Object.entries(l.uncovered_by_reason)
        .filter(([, count]) => count > 0)
        .map(([reason, count]) => `${reason} ${count}`)
        .join(', ');
      return [m.model, l.family, n(String(l.eligible.value)), n(String(l.tested.value)), n(String(l.successes.value)), reasons || '0', n(rateText(l.eligible_coverage)), n(rateText(l.robust_accuracy))];
    });
  const u = m.union.find((x) => x.scope === ALL);
  if (u) rows.push([m.model, { html: '<strong>union</strong>' }, n(String(u.eligible.value)), n(String(u.tested.value)), n(String(u.successes.value)), n(String(u.untested.value)), n(rateText(u.union_coverage)), n(rateText(u.union_robust_accuracy))]);
  return rows;
}

function riskCoverageSection(metrics: Metrics): string[] {
  const series = metrics.models.map((m) => {
    const s = m.selective.find((x) => x.scope === ALL);
    const aurc = s ? (s.aurc.value === null ? s.aurc.status.replace('_', ' ') : fixed(s.aurc.value, 4)) : 'n/a';
    return { name: `${truncateName(m.model)} (AURC ${aurc})`, points: (s?.curve ?? []).map((p) => [p.coverage, p.risk] as const) };
  });
  return [
    '<h2>Risk–coverage (clean, all rows)</h2>',
    '<p class="note">Rows are accepted in order of decreasing margin; risk is the error rate among the accepted rows. Lower AURC is better.</p>',
    '<div class="charts">',
    lineChart(series, { title: 'Risk–coverage', xLabel: 'coverage', yLabel: 'risk', xMax: 1 }),
    '</div>'
  ];
}

/** Model names in legends are bounded before the AURC text is appended (so the AURC stays visible). */
function truncateName(name: string): string {
  const points = Array.from(name);
  return points.length <= 40 ? name : points.slice(0, 39).join('') + '…';
}

function reliabilitySection(metrics: Metrics): string[] {
  const models = metrics.models.filter((m) => m.reliability);
  if (models.length === 0) return [];
  const out = ['<h2>Reliability (clean, all rows)</h2>', '<div class="charts">'];
  for (const m of models) {
    const r = m.reliability?.find((x) => x.scope === ALL);
    if (!r) continue;
    out.push(reliabilityChart(r.bins, `${truncateName(m.model)}: ECE ${figureText(r.ece)}`));
  }
  out.push('</div>');
  return out;
}

function features(values: Record<string, number> | null): string {
  if (!values) return '—';
  return '(' + Object.entries(values).map(([k, v]) => `${k}=${Number(v.toFixed(6)).toString()}`).join(', ') + ')';
}

function tabularSection(metrics: Metrics): string[] {
  const out = ['<h2>Attack accounting (all rows)</h2>'];
  out.push('<p class="note">Conditional attack success counts only rows that were correct on clean data and tested; errors after FGM over all rows also include the rows that were already wrong. Noise is a corruption baseline: its rate is errors induced among clean-correct rows, not attack success.</p>');
  out.push(
    table(
      ['model', 'condition', 'errors after (all rows)', 'accuracy after (all rows)', 'errors induced', 'became correct'],
      metrics.models.flatMap((m) =>
        (m.accounting ?? [])
          .filter((a) => a.scope === ALL)
          .map((a) => [m.model, a.condition, n(rateText(a.post_test_errors)), n(rateText(a.post_test_accuracy)), n(rateText(a.error_induction)), n(String(a.became_correct.value ?? '—'))])
      )
    )
  );
  const examples = metrics.models.flatMap((m) => (m.worked_examples ?? []).map((w) => ({ m, w })));
  if (examples.length > 0) {
    out.push('<h3>Worked examples</h3>');
    out.push(
      table(
        ['model', 'id', 'features', 'after FGM', 'label', 'prediction', 'success'],
        examples.map(({ m, w }) => [m.model, w.id, features(w.features), features(w.perturbed_features), w.label, `${w.clean_prediction ?? 'missing'} → ${w.prediction ?? 'missing'}`, w.success ? 'yes' : 'no'])
      )
    );
  }
  return out;
}

function cleanSection(metrics: Metrics): string[] {
  return [
    '<h2>Clean accuracy</h2>',
    table(
      ['model', 'scope', 'accuracy [interval]', 'macro-F1'],
      metrics.models.flatMap((m) =>
        m.classification.map((c) => [m.model, c.scope, n(`${rateText(c.accuracy)}${intervalText(c.accuracy_interval, '%')}`), n(fixed(c.macro_f1.value, 3))])
      )
    ),
    ...(metrics.models.some((m) => m.generalization_gap_pp.status !== 'not_applicable')
      ? [
          table(
            ['model', 'generalization gap'],
            metrics.models.map((m) => [m.model, n(m.generalization_gap_pp.status === 'ok' ? `${(m.generalization_gap_pp.value as number).toFixed(2)} pp` : m.generalization_gap_pp.status.replace('_', ' '))])
          )
        ]
      : []),
    ...(metrics.comparisons.length > 0
      ? [
          '<h3>Paired comparisons</h3>',
          table(
            ['model A', 'model B', 'split', 'A − B (pp) [interval]'],
            metrics.comparisons.map((c) => [c.model_a, c.model_b, c.split, n(deltaText(c.difference_pp, c.interval_pp))])
          )
        ]
      : [])
  ];
}

function shiftSection(metrics: Metrics): string[] {
  const d = metrics.data;
  return [
    '<h2>Shift and data</h2>',
    `<p>Length PSI ${escapeHtml(figureText(d.length_psi))}; language JSD ${escapeHtml(figureText(d.language_jsd))}; label JSD ${escapeHtml(figureText(d.label_jsd))} (controlled → challenge). Challenge examples: ${escapeHtml(countText(d.challenge_examples))}.</p>`,
    table(
      ['split', 'rows', 'overlap with train'],
      Object.entries(d.rows).map(([split, rows]) => {
        const overlap = d.train_overlap.find((o) => o.split === split);
        return [split, n(String(rows)), n(overlap ? String(overlap.count) : '—')];
      })
    ),
    ...(d.language_examples.length > 0 ? [table(['scope', 'language', 'examples'], d.language_examples.map((l) => [l.scope, l.language ?? '—', n(countText(l.figure))]))] : [])
  ];
}

export function renderReport(input: ReportInput): string {
  const { metrics, gate } = input;
  const body: string[] = [...verdictSection(input), ...checksSection(gate)];

  if (metrics.models.some((m) => m.robustness.some((r) => r.scope === ALL))) {
    body.push('<h2>Robustness (all rows)</h2>');
    body.push('<p class="note">Flip rate is flips ÷ changed-and-valid rows; the seed rate divides by all rows. Δ is modified − matched accuracy on the same changed ids, with its bootstrap interval (whiskers in the chart).</p>');
    for (const m of metrics.models) body.push(...robustnessSection(m));
  }
  const ledger = metrics.models.flatMap(ledgerRows);
  if (ledger.length > 0) {
    body.push('<h2>Ledger (all rows)</h2>');
    body.push(table(['model', 'family', 'eligible', 'tested', 'successes', 'uncovered', 'eligible coverage', 'robust accuracy'], ledger));
  }
  body.push(...riskCoverageSection(metrics), ...reliabilitySection(metrics));
  if (metrics.task === 'tabular') body.push(...tabularSection(metrics));
  body.push(...cleanSection(metrics), ...shiftSection(metrics));
  body.push('<h2>Not tested</h2>', `<p>Conditions evaluated: ${metrics.conditions_evaluated.map((c) => h(c, 40)).join(', ')}.</p>`);
  body.push('<p><em>The gate is an engineering checklist, not a certification of robustness, safety or fairness.</em></p>');

  return [
    '<!DOCTYPE html>',
    `<!-- evidence-gate report schema_version: ${HTML_REPORT_SCHEMA_VERSION} -->`,
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${h(input.title, 120)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    ''
  ].join('\n');
}
