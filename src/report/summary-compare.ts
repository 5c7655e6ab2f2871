/** The "Compared with base" section of summary.md (SPEC §15): per model Δ on every condition, new protected transitions, staleness. */
import type { Comparison } from '../compare/comparison.js';
import { ALL } from '../metrics/metrics.js';
import { code, md } from './escape.js';
import { ppText } from './format.js';
import { markdownTable } from './markdown.js';

/** Ids shown inline; the rest are in comparison.json. */
const IDS_SHOWN = 10;

export function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, IDS_SHOWN).map((id) => code(id, 60));
  return shown.join(', ') + (ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : '');
}

function baselineLine(c: Comparison): string {
  const b = c.baseline;
  const where = [b.commit ? `commit ${code(b.commit.slice(0, 12))}` : null, b.run_id !== null ? `run ${b.run_id}` : null, b.artifact_id !== null ? `artifact ${b.artifact_id}` : null]
    .filter((x) => x !== null)
    .join(', ');
  return `Baseline ${md(b.source, 120)}${where ? ` (${where})` : ''}, manifest ${code(b.manifest_sha256.slice(0, 12))}.`;
}

export function compareSection(comparison: Comparison | null, noBaselineReason: string | null, conditions: readonly string[]): string[] {
  const out = ['## Compared with base', ''];
  if (comparison === null) {
    out.push(`No comparison: ${md(noBaselineReason ?? 'no baseline was given', 300)}. The comparison checks are not applicable.`, '');
    return out;
  }
  const r = comparison.rows;
  out.push(baselineLine(comparison), '');
  if (comparison.baseline.stale) {
    out.push(`**Stale baseline** (${comparison.baseline.stale_reasons.map((x) => md(x, 200)).join('; ')}): compared on the paired rows only.`, '');
  }
  out.push(`Rows: ${r.paired} paired, ${r.dropped} dropped (${r.baseline_only} only in the baseline, ${r.changed} with a changed input), ${r.new} new (${r.head_only} only in this run, ${r.changed} changed), ${r.not_ok} missing on one side.`, '');
  out.push('Δ is this run minus the baseline on the paired rows, in percentage points, with its paired bootstrap interval; fixed = wrong before and right now, broken = the reverse; p is McNemar\'s exact test.', '');
  const rows = comparison.models.map((m) => [
    md(m.model, 40),
    ...conditions.map((condition) => {
      const cell = m.cells.find((x) => x.condition === condition && x.scope === ALL);
      if (!cell || cell.pairs === 0) return 'no pairs';
      const i = cell.interval_pp;
      const interval = i.status === 'ok' && i.low !== null && i.high !== null ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : '';
      return `${ppText(cell.delta_pp)}${interval}; ${cell.fixed.value} fixed, ${cell.broken.value} broken; p=${(cell.mcnemar_p.value as number).toPrecision(2)}`;
    }),
    m.new_protected_transition_ids.length === 0 ? 'none' : `${m.new_protected_transition_ids.length}: ${idList(m.new_protected_transition_ids)}`
  ]);
  out.push(...markdownTable(['model', ...conditions.map((c) => md(c, 20)), 'new protected transitions'], rows), '');
  if (comparison.models_only_in_head.length > 0) out.push(`Only in this run (not compared): ${comparison.models_only_in_head.map((m) => md(m, 40)).join(', ')}.`, '');
  if (comparison.models_only_in_baseline.length > 0) out.push(`Only in the baseline (not compared): ${comparison.models_only_in_baseline.map((m) => md(m, 40)).join(', ')}.`, '');
  return out;
}
