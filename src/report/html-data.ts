/**
 * The data sections of report.html: the length histogram behind the PSI figure (docs/definitions.md#drill-down: its
 * bins are in metrics.json), the shift figures, rows per split and examples per language.
 * Language rows are listed only for splits that exist: a tabular run, which has no challenge
 * split and no languages, used to show an empty `challenge/unknown` row.
 */
import { CHALLENGE_SPLIT, REFERENCE_SPLIT, type Metrics } from '../metrics/metrics.js';
import type { Figure } from '../metrics/figure.js';
import { escapeHtml } from './escape.js';
import { countText, fixed } from './format.js';
import { h, n, table, type Cell } from './html-parts.js';
import { histogramChart } from './svg.js';

function figureText(f: Figure): string {
  return f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3);
}

/** "0–4", "5–9", …, "≥ 50" for bins [edges[i], edges[i+1]) of whole numbers, the last one open. */
export function binLabels(edges: readonly number[]): string[] {
  return edges.slice(0, -1).map((lo, i) => {
    if (i === edges.length - 2) return `≥ ${lo}`;
    const hi = (edges[i + 1] as number) - 1;
    return hi > lo ? `${lo}–${hi}` : String(lo);
  });
}

/** The two splits the PSI compares, when both have counts. */
function comparedSplits(metrics: Metrics): Array<{ name: string; counts: number[] }> | null {
  const counts = metrics.data.length_histogram.counts;
  const reference = counts[REFERENCE_SPLIT];
  const challenge = counts[CHALLENGE_SPLIT];
  if (!reference || !challenge) return null;
  return [
    { name: REFERENCE_SPLIT, counts: reference },
    { name: CHALLENGE_SPLIT, counts: challenge }
  ];
}

/** The histogram chart (controlled vs challenge) and the counts of every split, bin by bin. */
export function lengthHistogramBlock(metrics: Metrics): string[] {
  const hist = metrics.data.length_histogram;
  const labels = binLabels(hist.edges);
  const series = comparedSplits(metrics);
  const out: string[] = [];
  if (series) {
    out.push(
      '<div class="charts">',
      histogramChart(labels, series, {
        title: `Text length: ${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT} (PSI ${figureText(metrics.data.length_psi)})`,
        xLabel: 'unique word types per text'
      }),
      '</div>'
    );
  }
  const rows: Cell[][] = Object.keys(hist.counts).map((split) => {
    const counts = hist.counts[split] ?? [];
    return [split, ...labels.map((_, i) => n(String(counts[i] ?? 0))), n(String(counts.reduce((a, b) => a + b, 0)))];
  });
  out.push(table(['split', ...labels, 'total'], rows, { rest: 'metrics.json' }));
  return out;
}

interface DataSectionOptions {
  /** The length histogram is already shown in the PSI check's drill-down, under this anchor. */
  histogramAt: string | null;
}

export function shiftSection(metrics: Metrics, opts: DataSectionOptions): string[] {
  const d = metrics.data;
  const out = ['<h2 id="shift">Shift and data</h2>'];
  out.push(
    `<p>Length PSI ${escapeHtml(figureText(d.length_psi))}; language JSD ` +
      `${escapeHtml(figureText(d.language_jsd))}; label JSD ${escapeHtml(figureText(d.label_jsd))} (` +
      `${REFERENCE_SPLIT} → ${CHALLENGE_SPLIT}). Challenge examples: ` +
      `${escapeHtml(countText(d.challenge_examples))}.</p>`
  );
  if (comparedSplits(metrics)) {
    if (opts.histogramAt)
      out.push(
        `<p>The length histogram behind the PSI is shown with <a href="#${opts.histogramAt}">the failing length ` +
          `check</a>.</p>`
      );
    else out.push('<h3>Length histogram</h3>', ...lengthHistogramBlock(metrics));
  }
  out.push(
    table(
      ['split', 'rows', 'overlap with train'],
      Object.entries(d.rows).map(([split, rows]) => {
        const overlap = d.train_overlap.find((o) => o.split === split);
        return [split, n(String(rows)), n(overlap ? String(overlap.count) : '—')];
      })
    )
  );
  // Only languages of splits that exist: no challenge split means no challenge languages.
  const languages = d.language_examples.filter((l) => l.split === null || Object.hasOwn(d.rows, l.split));
  if (languages.length > 0) {
    out.push(
      '<h3>Examples per language</h3>',
      table(
        ['split', 'language', 'examples'],
        languages.map((l) => [
          { html: h(l.split ?? '—', 30) },
          { html: h(l.language ?? '—', 40) },
          n(countText(l.figure))
        ])
      )
    );
  }
  return out;
}
