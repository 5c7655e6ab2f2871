/**
 * Clean classification in report.html (docs/definitions.md#drill-down): accuracy per scope, the generalization gap,
 * paired model comparisons, and per model and scope one table that is both the confusion matrix
 * (gold rows × predicted columns, missing predictions apart) and the per-label F1. Scope `all`
 * and each split are shown; language slices sit in a collapsed block per model. The tables stop
 * at a byte budget (language blocks first), a matrix at MAX_MATRIX_LABELS labels, and a table at
 * MAX_LABEL_ROWS labels; metrics.json holds the rest. Tabular data has no language slices.
 */
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';
import type { ClassificationScope, Metrics, ModelMetrics } from '../metrics/metrics.js';
import { fixed, percent, ppText, rateText } from './format.js';
import { h, n, table, type Cell } from './html-parts.js';

/** Labels up to which the matrix columns are drawn; past it the table keeps the per-label columns. */
const MAX_MATRIX_LABELS = 24;
/** Label rows per table. */
const MAX_LABEL_ROWS = 200;
/** Bytes of matrices, all models and scopes together. */
export const CLASSIFICATION_BUDGET = 1024 * 1024;

function intervalText(i: IntervalFigure): string {
  if (i.status !== 'ok' || i.low === null || i.high === null) return '';
  return ` [${percent(i.low)}, ${percent(i.high)}]`;
}

function deltaText(delta: Figure, interval: IntervalFigure): string {
  if (delta.status !== 'ok') return delta.status === 'not_applicable' ? 'n/a' : 'not evaluated';
  const i =
    interval.status === 'ok' && interval.low !== null && interval.high !== null
      ? ` [${interval.low.toFixed(1)}, ${interval.high.toFixed(1)}]`
      : '';
  return `${ppText(delta)}${i}`;
}

/** The scopes shown for a task: a tabular run has no language, so its `…/unknown` slices are left out. */
function shownScopes(m: ModelMetrics, task: Metrics['task']): ClassificationScope[] {
  return m.classification.filter((c) => task === 'text' || c.language === null);
}

export function accuracySection(metrics: Metrics): string[] {
  const out = ['<h2 id="clean">Clean accuracy</h2>'];
  out.push(
    table(
      ['model', 'scope', 'accuracy [interval]', 'macro-F1'],
      metrics.models.flatMap((m) =>
        shownScopes(m, metrics.task).map((c) => [
          m.model,
          { html: h(c.scope, 60) },
          n(`${rateText(c.accuracy)}${intervalText(c.accuracy_interval)}`),
          n(fixed(c.macro_f1.value, 3))
        ])
      ),
      { rest: 'metrics.json' }
    )
  );
  if (metrics.models.some((m) => m.generalization_gap_pp.status !== 'not_applicable')) {
    out.push(
      table(
        ['model', 'generalization gap'],
        metrics.models.map((m) => [
          m.model,
          n(
            m.generalization_gap_pp.status === 'ok'
              ? `${(m.generalization_gap_pp.value as number).toFixed(2)} pp`
              : m.generalization_gap_pp.status.replace('_', ' ')
          )
        ])
      )
    );
  }
  if (metrics.comparisons.length > 0) {
    out.push(
      '<h3>Paired comparisons</h3>',
      table(
        ['model A', 'model B', 'split', 'A − B (pp) [interval]'],
        metrics.comparisons.map((c) => [c.model_a, c.model_b, c.split, n(deltaText(c.difference_pp, c.interval_pp))])
      )
    );
  }
  return out;
}

/** One scope's confusion matrix with per-label support and F1 in the same rows. */
function matrixTable(c: ClassificationScope): string {
  const labels = c.confusion.labels;
  const drawn = labels.length <= MAX_MATRIX_LABELS;
  const byLabel = new Map(c.per_label.map((x) => [x.label, x]));
  const header: Cell[] = [
    { html: 'gold ╲ predicted' },
    ...(drawn ? labels.map((l): Cell => ({ html: h(l, 16), cls: 'lab' })) : []),
    { html: 'missing', cls: 'sep' },
    'support',
    'F1'
  ];
  const rows: Cell[][] = labels.map((gold, g) => {
    const row = c.confusion.matrix[g] ?? [];
    const f1 = byLabel.get(gold);
    const cells: Cell[] = drawn
      ? labels.map((_, p): Cell => ({ html: String(row[p] ?? 0), cls: p === g ? 'd' : (row[p] ?? 0) > 0 ? 'e' : 'z' }))
      : [];
    return [
      { html: `<strong>${h(gold, 32)}</strong>` },
      ...cells,
      { html: String(c.confusion.missing[g] ?? 0), num: true, cls: 'sep' },
      n(String(f1?.support ?? 0)),
      n(f1 ? fixed(f1.f1.value, 3) : '—')
    ];
  });
  const note = drawn
    ? ''
    : `<p class="note">${labels.length} labels: too many to draw as a matrix here; metrics.json holds it.</p>`;
  return note + table(header, rows, { cls: 'matrix', maxRows: MAX_LABEL_ROWS, rest: 'metrics.json' });
}

function scopeBlock(c: ClassificationScope): string {
  return [
    `<h4>${h(c.scope, 60)}: accuracy ${h(rateText(c.accuracy), 60)}, macro-F1 ${fixed(c.macro_f1.value, 3)}</h4>`,
    matrixTable(c)
  ].join('\n');
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Per model: scope `all` and each split, then the language slices collapsed; within the byte budget. */
export function matricesSection(metrics: Metrics, budget = CLASSIFICATION_BUDGET): string[] {
  const out = ['<h2 id="matrices">Confusion matrices and per-label F1 (clean)</h2>'];
  out.push(
    '<p class="note">Rows are the gold labels, columns the predictions; the diagonal is right. Missing counts ' +
      'rows without a prediction (error or timeout). F1 is per gold label.</p>'
  );
  const main = metrics.models.map((m) =>
    shownScopes(m, metrics.task)
      .filter((c) => c.language === null)
      .map(scopeBlock)
      .join('\n')
  );
  let used = 0;
  let cutModels = 0;
  let cutLanguages = 0;
  const kept = main.map((block) => {
    if (used + bytes(block) > budget) {
      cutModels++;
      return null;
    }
    used += bytes(block);
    return block;
  });
  metrics.models.forEach((m, i) => {
    const block = kept[i];
    out.push(`<h3>${h(m.model, 60)}</h3>`);
    if (block === null || block === undefined) {
      out.push('<p class="note">Left out to keep this file small: see metrics.json.</p>');
      return;
    }
    out.push(block);
    const languages = shownScopes(m, metrics.task).filter((c) => c.language !== null);
    if (languages.length === 0) return;
    const details = [
      '<details>',
      `<summary>By language: ${languages.length} slice${languages.length === 1 ? '' : 's'}</summary>`,
      ...languages.map(scopeBlock),
      '</details>'
    ].join('\n');
    if (used + bytes(details) > budget) {
      cutLanguages++;
      out.push('<p class="note">Language slices left out to keep this file small: see metrics.json.</p>');
      return;
    }
    used += bytes(details);
    out.push(details);
  });
  if (cutModels + cutLanguages > 0)
    out.push(
      `<p class="note">Matrices of ${cutModels} model${cutModels === 1 ? '' : 's'} and the language slices of ` +
        `${cutLanguages} more were left out of this file; metrics.json has every one.</p>`
    );
  return out;
}
