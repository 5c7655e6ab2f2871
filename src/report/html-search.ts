/**
 * The adaptive search in report.html (docs/search.md, docs/report.md): per model, the
 * success–budget curve as one step chart, and beside it a table of the same curve at a few
 * budgets with its denominator, read off metrics.json's `success_budget_curve` (the last point at
 * or below q) — nothing is recomputed from the evidence here.
 */
import { ALL, type Metrics } from '../metrics/metrics.js';
import { successesWithin, type SearchFigures } from '../metrics/search.js';
import { fixed, percent } from './format.js';
import { n, table, type Cell } from './html-parts.js';
import { stepChart } from './svg.js';
import { maxOf } from '../util/numbers.js';

/** Budgets the table reads the curve at, as shares of the configured budget. */
const SHARES = [0.1, 0.25, 0.5, 1] as const;

/** "12/40 (30.0%)" within q queries, or "not evaluated" when nothing was tested. */
function within(s: SearchFigures, q: number): string {
  if (s.tested === 0) return 'not evaluated (n=0)';
  const found = successesWithin(s.success_budget_curve, q);
  return `${found}/${s.tested} (${percent(found / s.tested)})`;
}

function plain(value: number | null): string {
  return value === null ? 'n/a' : fixed(value, 1);
}

/** The budget the curve runs to: the manifest's, else the largest query count seen (older metrics). */
function budgetOf(s: SearchFigures): number {
  return s.budget ?? Math.max(1, maxOf(s.success_budget_curve.map((p) => p.queries)));
}

export function searchReportSection(metrics: Metrics): string[] {
  const models = metrics.models.flatMap((m) => {
    const s = m.search?.find((f) => f.scope === ALL);
    return s ? [{ model: m.model, s }] : [];
  });
  if (models.length === 0) return [];
  const budget = maxOf(models.map(({ s }) => budgetOf(s)));
  const checkpoints = [...new Set(SHARES.map((share) => Math.max(1, Math.round(share * budget))))];
  const rows: Cell[][] = models.map(({ model, s }) => [
    model,
    n(String(s.tested)),
    ...checkpoints.map((q) => n(within(s, q))),
    n(`${plain(s.queries_mean_tested.value)} / ${plain(s.queries_median_tested.value)}`),
    n(`${plain(s.queries_mean_success.value)} / ${plain(s.queries_median_success.value)}`),
    n(plain(s.words_changed_per_success.value))
  ]);
  return [
    '<h2 id="search">Adaptive search (all rows)</h2>',
    `<p class="note">The success–budget curve: for each query budget q from 1 to ${budget}, the tested rows on ` +
      `which the search found a success within q queries, divided by the tested rows (the denominator, n, is in ` +
      `the legend and the table). A query is one distinct candidate text the model scored for one example. Hover a ` +
      `dot for its counts. A row the search did not move is evidence about this search under this budget only: a ` +
      `larger budget or another attacker may still move it.</p>`,
    '<div class="charts">',
    stepChart(
      models.map(({ model, s }) => ({
        name: model,
        denominator: s.tested,
        steps: s.success_budget_curve.map((p) => ({ x: p.queries, count: p.successes }))
      })),
      {
        title: 'Success–budget curve (search)',
        xLabel: `queries per example (budget ${budget})`,
        yLabel: 'successes ÷ tested',
        xMax: budget,
        xUnit: 'queries'
      }
    ),
    '</div>',
    table(
      [
        'model',
        'tested (n)',
        ...checkpoints.map((q) => ({ html: `within ${q} quer${q === 1 ? 'y' : 'ies'}` })),
        'queries mean / median (tested)',
        'queries mean / median (successes)',
        'words changed per success'
      ],
      rows
    ),
    ...(models.some(({ s }) => s.tested === 0)
      ? ['<p class="note">A model with no tested row has no curve: its rates are not evaluated (never 0%).</p>']
      : [])
  ];
}
