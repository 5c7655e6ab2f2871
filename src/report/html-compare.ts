/**
 * "Compared with base" in report.html (docs/definitions.md#comparison), right under the verdict: where the baseline
 * came from and whether it is stale, how the rows paired, then one row per model with, per
 * condition, Δ accuracy with its interval, fixed and broken counts and McNemar's p, and the new
 * protected transitions with their ids. A failing comparison check links to its rows. Without a
 * baseline, one line says why.
 */
import type { Comparison, ComparisonCell } from '../compare/comparison.js';
import type { GateResult } from '../gate/checks.js';
import { ALL } from '../metrics/metrics.js';
import { escapeHtml } from './escape.js';
import { ppText } from './format.js';
import { h, table, type AnchorIds, type Cell } from './html-parts.js';

/** Ids shown inline per model; comparison.json has them all. */
const IDS_SHOWN = 10;

interface CompareContext {
  comparison: Comparison | null;
  noBaselineReason: string | null;
  gate: GateResult;
  conditions: readonly string[];
  anchors: AnchorIds;
}

/** A link to a comparison check's rows when it is listed (failing or not evaluated: the only ids with an anchor). */
function checkLink(ctx: CompareContext, id: string, text: string): string {
  if (!ctx.anchors.has(id)) return text;
  return `<a href="#${ctx.anchors.of(id)}">${text}</a>`;
}

function cellHtml(ctx: CompareContext, model: string, condition: string, cell: ComparisonCell | undefined): Cell {
  if (!cell || cell.pairs === 0) return { html: '<span class="note">no pairs</span>' };
  // An attack that cannot run against the model (docs/tabular.md#not-applicable): both sides scored the clean input.
  const check = ctx.gate.checks.find((c) => c.id === `regression/${model}/${condition}`);
  if (check?.status === 'not_applicable') return { html: '<span class="note">not applicable</span>' };
  const i = cell.interval_pp;
  const interval =
    i.status === 'ok' && i.low !== null && i.high !== null
      ? `[${i.low.toFixed(1)}, ${i.high.toFixed(1)}]`
      : 'no interval';
  const delta = cell.delta_pp.value ?? 0;
  const cls = delta < 0 ? 'neg' : delta > 0 ? 'pos' : '';
  const p = cell.mcnemar_p.value === null ? '—' : cell.mcnemar_p.value.toPrecision(2);
  const lines = [
    checkLink(
      ctx,
      `regression/${model}/${condition}`,
      `<span class="delta ${cls}">${escapeHtml(ppText(cell.delta_pp))}</span>`
    ),
    `<span class="note">${escapeHtml(interval)}</span>`,
    `${cell.fixed.value ?? 0} fixed · ${cell.broken.value ?? 0} broken`,
    `p = ${escapeHtml(p)} · n = ${cell.pairs}`
  ];
  return { html: lines.join('<br>'), cls: 'cmp' };
}

function baselineLine(c: Comparison): string {
  const b = c.baseline;
  const where = [
    b.commit ? `commit <code>${h(b.commit.slice(0, 12), 12)}</code>` : null,
    b.run_id !== null ? `run ${b.run_id}` : null,
    b.artifact_id !== null ? `artifact ${b.artifact_id}` : null
  ].filter((x) => x !== null);
  return (
    `<p>Baseline <code>${h(b.source, 120)}</code>${where.length > 0 ? ` (${where.join(', ')})` : ''}, manifest ` +
    `SHA-256 <code>${h(b.manifest_sha256.slice(0, 12), 12)}</code>.</p>`
  );
}

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, IDS_SHOWN).map((id) => `<code>${h(id, 60)}</code>`);
  return shown.join(', ') + (ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more (comparison.json)` : '');
}

export function compareSection(ctx: CompareContext): string[] {
  const out = ['<h2 id="compared-with-base">Compared with base</h2>'];
  const c = ctx.comparison;
  if (c === null) {
    const comparisonChecks = ctx.gate.checks.filter(
      (x) => x.check === 'regression' || x.check === 'new_protected_transitions'
    );
    const status = comparisonChecks.some((x) => x.status === 'not_evaluated') ? 'not evaluated' : 'not applicable';
    out.push(
      `<p>No comparison: ${h(ctx.noBaselineReason ?? 'no baseline was given', 300)}. The comparison checks are ` +
        `${status}.</p>`
    );
    return out;
  }
  out.push(baselineLine(c));
  if (c.baseline.stale) {
    out.push(
      `<p class="warn"><strong>Stale baseline</strong> (` +
        `${c.baseline.stale_reasons.map((x) => h(x, 200)).join('; ')}): compared on the paired rows only.</p>`
    );
  }
  const r = c.rows;
  out.push(
    `<p>Rows: ${r.paired} paired, ${r.dropped} dropped (${r.baseline_only} only in the baseline, ${r.changed} ` +
      `with a changed input), ${r.new} new (${r.head_only} only in this run, ${r.changed} changed), ${r.not_ok} ` +
      `missing on one side.</p>`,
    '<p class="note">Δ is this run minus the baseline on the paired rows, in percentage points, with its paired ' +
      "bootstrap interval; fixed = wrong before and right now, broken = the reverse; p is McNemar's exact test on " +
      'the fixed and broken rows.</p>'
  );
  const rows: Cell[][] = c.models.map((m) => {
    const ids = m.new_protected_transition_ids;
    const moved =
      ids.length === 0
        ? 'none'
        : `${checkLink(ctx, `new_protected_transitions/${m.model}`, `<strong>${ids.length}</strong>`)}: ${idList(ids)}`;
    return [
      { html: `<strong>${h(m.model, 60)}</strong>` },
      ...ctx.conditions.map((condition) =>
        cellHtml(
          ctx,
          m.model,
          condition,
          m.cells.find((x) => x.condition === condition && x.scope === ALL)
        )
      ),
      { html: moved }
    ];
  });
  out.push(
    table(['model', ...ctx.conditions, 'new protected transitions'], rows, { cls: 'compare', rest: 'comparison.json' })
  );
  if (c.models_only_in_head.length > 0)
    out.push(`<p>Only in this run (not compared): ${c.models_only_in_head.map((m) => h(m, 60)).join(', ')}.</p>`);
  if (c.models_only_in_baseline.length > 0)
    out.push(
      `<p>Only in the baseline (not compared): ${c.models_only_in_baseline.map((m) => h(m, 60)).join(', ')}.</p>`
    );
  return out;
}
