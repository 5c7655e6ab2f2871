/**
 * The "Compared with base" section of summary.md and of the pull-request comment: where the
 * baseline came from, staleness, how the rows paired, then the cells that changed (see cellsSection).
 */
import type { Comparison, ComparisonCell, ModelComparison } from '../compare/comparison.js';
import type { BaselineRecord } from '../manifest/manifest.js';
import { ALL } from '../metrics/metrics.js';
import { code, md } from './escape.js';
import { ppText } from './format.js';
import { markdownTable } from './markdown.js';

/** Ids shown inline; the rest are in comparison.json. */
const IDS_SHOWN = 10;

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, IDS_SHOWN).map((id) => code(id, 60));
  return shown.join(', ') + (ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : '');
}

/** Where the baseline came from (docs/security.md#baselines), as far as the run could tell; empty for older records. */
/** One model's new protected transitions: its name, how many, and the first ids. */
function movedModel(m: ModelComparison): string {
  return `${md(m.model, 40)} ${m.new_protected_transition_ids.length}: ${idList(m.new_protected_transition_ids)}`;
}

function originText(origin: BaselineRecord['origin']): string {
  if (origin === undefined) return '';
  if (origin.kind === 'artifact') {
    const branch = origin.branch ? `on ${md(origin.branch, 100)}` : null;
    const conclusion = origin.conclusion ? `concluded ${md(origin.conclusion, 40)}` : null;
    const said = [branch, conclusion].filter((x) => x !== null).join(', ');
    return said ? ` It came from the run ${said}.` : '';
  }
  const tracked = origin.tracked ? 'tracked by git' : 'not tracked by git';
  const git = origin.tracked === null ? 'tracked by git or not: unknown' : tracked;
  const note = md(origin.note, 200);
  const diff = origin.changed_in_diff === null ? `whether this change touches it is unknown (${note})` : note;
  return ` A folder, ${git}; ${diff}.`;
}

function baselineLine(c: Comparison): string {
  const b = c.baseline;
  const where = [
    b.commit ? `commit ${code(b.commit.slice(0, 12))}` : null,
    b.run_id !== null ? `run ${b.run_id}` : null,
    b.artifact_id !== null ? `artifact ${b.artifact_id}` : null
  ]
    .filter((x) => x !== null)
    .join(', ');
  const manifest = code(b.manifest_sha256.slice(0, 12));
  return `Baseline ${md(b.source, 120)}${where ? ` (${where})` : ''}, manifest ${manifest}.${originText(b.origin)}`;
}

function cellText(cell: ComparisonCell): { delta: string; p: string } {
  const i = cell.interval_pp;
  const interval =
    i.status === 'ok' && i.low !== null && i.high !== null ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : '';
  return { delta: `${ppText(cell.delta_pp)}${interval}`, p: (cell.mcnemar_p.value as number).toPrecision(2) };
}

/** "all 7 conditions" or "clean, truncate". */
function conditionList(names: readonly string[], all: readonly string[]): string {
  return names.length === all.length && all.length > 1
    ? `all ${all.length} conditions`
    : names.map((c) => md(c, 20)).join(', ');
}

/**
 * The compact view: models and conditions whose paired rows are all alike (nothing fixed, nothing
 * broken) in one line, cells without pairs in another, and a table row only for each cell with a
 * fixed or broken row; then the new protected transitions.
 */
function cellsSection(comparison: Comparison, conditions: readonly string[]): string[] {
  const out: string[] = [];
  const same: string[] = [];
  const unpaired: string[] = [];
  const rows: string[][] = [];
  for (const m of comparison.models) {
    const alike: string[] = [];
    const none: string[] = [];
    for (const condition of conditions) {
      const cell = m.cells.find((x) => x.condition === condition && x.scope === ALL);
      if (!cell || cell.pairs === 0) none.push(condition);
      else if ((cell.fixed.value as number) === 0 && (cell.broken.value as number) === 0) alike.push(condition);
      else {
        const t = cellText(cell);
        rows.push([
          md(m.model, 40),
          md(condition, 20),
          String(cell.pairs),
          t.delta,
          String(cell.fixed.value),
          String(cell.broken.value),
          t.p
        ]);
      }
    }
    if (alike.length > 0) same.push(`${md(m.model, 40)} (${conditionList(alike, conditions)})`);
    if (none.length > 0) unpaired.push(`${md(m.model, 40)} (${conditionList(none, conditions)})`);
  }
  if (same.length > 0) out.push(`Nothing fixed or broken (Δ +0.0 pp, p=1): ${same.join('; ')}.`, '');
  if (unpaired.length > 0) out.push(`No paired rows: ${unpaired.join('; ')}.`, '');
  if (rows.length > 0)
    out.push(...markdownTable(['model', 'condition', 'pairs', 'Δ accuracy (pp)', 'fixed', 'broken', 'p'], rows), '');
  const moved = comparison.models.filter((m) => m.new_protected_transition_ids.length > 0);
  if (moved.length === 0) out.push('New protected transitions: none.', '');
  else out.push(`New protected transitions: ${moved.map(movedModel).join('; ')}; none for the other models.`, '');
  return out;
}

export function compareSection(
  comparison: Comparison | null,
  noBaselineReason: string | null,
  conditions: readonly string[]
): string[] {
  const out = ['## Compared with base', ''];
  if (comparison === null) {
    out.push(
      `No comparison: ${md(noBaselineReason ?? 'no baseline was given', 300)}. The comparison checks are not ` +
        `applicable.`,
      ''
    );
    return out;
  }
  const r = comparison.rows;
  out.push(baselineLine(comparison), '');
  if (comparison.baseline.stale) {
    out.push(
      `**Stale baseline** (${comparison.baseline.stale_reasons.map((x) => md(x, 200)).join('; ')}): compared on ` +
        `the paired rows only.`,
      ''
    );
  }
  out.push(
    `Rows: ${r.paired} paired, ${r.dropped} dropped (${r.baseline_only} only in the baseline, ${r.changed} with ` +
      `a changed input), ${r.new} new (${r.head_only} only in this run, ${r.changed} changed), ${r.not_ok} missing ` +
      `on one side.`,
    ''
  );
  out.push(
    'Δ is this run minus the baseline on the paired rows, in percentage points, with its paired bootstrap ' +
      "interval; fixed = wrong before and right now, broken = the reverse; p is McNemar's exact test.",
    ''
  );
  out.push(...cellsSection(comparison, conditions));
  if (comparison.models_only_in_head.length > 0)
    out.push(
      `Only in this run (not compared): ${comparison.models_only_in_head.map((m) => md(m, 40)).join(', ')}.`,
      ''
    );
  if (comparison.models_only_in_baseline.length > 0)
    out.push(
      `Only in the baseline (not compared): ${comparison.models_only_in_baseline.map((m) => md(m, 40)).join(', ')}.`,
      ''
    );
  return out;
}
