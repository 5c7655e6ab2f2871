/**
 * report.html's section on repeated queries (docs/models.md#repeated-queries); nothing when no model was asked more
 * than once.
 */
import type { Metrics } from '../metrics/metrics.js';
import { escapeHtml } from './escape.js';
import { h, n, t, table } from './html-parts.js';
import { NOISE_FLOOR_MEANING, REPEAT_COUNTING, REPEAT_HEADER, repeatRows } from './summary-repeat.js';

export function repeatReportSection(metrics: Metrics): string[] {
  const rows = repeatRows(metrics);
  if (rows.length === 0) return [];
  return [
    '<h2 id="repeated-queries">Repeated queries (all rows)</h2>',
    `<p class="note">${escapeHtml(`${NOISE_FLOOR_MEANING} ${REPEAT_COUNTING}`)}</p>`,
    table(
      REPEAT_HEADER,
      rows.map((r) => [
        { html: h(r.model, 60) },
        n(String(r.repeat)),
        n(r.selfAgreement),
        n(r.floor),
        n(r.answerAgreement),
        t(r.byCondition)
      ])
    )
  ];
}
