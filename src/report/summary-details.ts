/**
 * A collapsed block per failing check with the first rows behind it (docs/definitions.md#drill-down): each row's
 * split, id, language, model and condition, gold → clean prediction → prediction with margins,
 * and, when the evidence holds text, the original and perturbed text cut to 200 characters with
 * the changed span between ⟦ ⟧ (a search row: each edited word, with its operator, and the
 * queries spent). Every value is escaped; the blocks stop at a byte budget.
 */
import type { DrillResult } from '../drill/collect.js';
import { editPlace, type ExactRef, type ExampleRef, type RankedRef, type TextSnippet } from '../drill/ref.js';
import { exactRefWords } from './exact-ref-words.js';
import type { MarkedSnippet } from '../drill/search-marks.js';
import type { Check } from '../gate/check.js';
import { escapeHtml, flatten, md, truncate } from './escape.js';
import { checkWords } from './check-words.js';

/** References shown per check in the summary (checks.json keeps output.examples_per_check). */
const SUMMARY_REFS = 10;
/** Bytes of <details> blocks at most, all checks together (the caller may give less room). */
export const DETAILS_BUDGET = 400 * 1024;

/** Text inside an HTML tag (a <summary> is not markdown): escaped, one line, bounded, no @mention. */
function inTag(text: string, max: number): string {
  return escapeHtml(truncate(flatten(text), max)).replace(/@/g, '&#64;');
}

function margin(x: number | null): string {
  return x === null ? '—' : x.toFixed(3);
}

function snippetText(s: TextSnippet): string {
  const mark =
    s.changed === '' && s.before !== '' && s.after !== '' ? '⟦⟧' : s.changed === '' ? '' : `⟦${md(s.changed, 200)}⟧`;
  return `${s.cutStart ? '…' : ''}${md(s.before, 200)}${mark}${md(s.after, 200)}${s.cutEnd ? '…' : ''}`;
}

/** A search row's cut text with each edited word between ⟦ ⟧, its operator after it on the perturbed side. */
function markedText(s: MarkedSnippet, showOps: boolean): string {
  const parts = s.parts.map((p) =>
    p.op === null ? md(p.text, 200) : `⟦${md(p.text, 200)}⟧${showOps ? ` (${md(p.op, 20)})` : ''}`
  );
  return `${s.cutStart ? '…' : ''}${parts.join('')}${s.cutEnd ? '…' : ''}`;
}

/** The search's work on a row: queries spent and the operators of the edits kept, by word index. */
function searchText(ref: ExampleRef): string {
  const edits = ref.edits ?? [];
  const list = edits.map((e) => md(editPlace(e), 80)).join(', ');
  const kept = edits.length === 0 ? 'no edit kept' : `${edits.length} edit${edits.length === 1 ? '' : 's'}: ${list}`;
  return ref.queries === undefined ? kept : `${ref.queries} quer${ref.queries === 1 ? 'y' : 'ies'}, ${kept}`;
}

/** An exact row: how it was decided, and a failure's edits. */
function exactText(ref: ExampleRef, x: ExactRef): string {
  const edits = ref.edits ?? [];
  const words = md(exactRefWords(x, ref.queries), 200);
  if (x.certified === true || x.tie === true || edits.length === 0) return words;
  const list = edits.map((e) => md(editPlace(e), 80)).join(', ');
  return `${words}; ${edits.length} edit${edits.length === 1 ? '' : 's'}: ${list}`;
}

/** One reference as markdown lines: where, the reading, and (with text) the original and perturbed texts. */
export function refLines(r: RankedRef): string[] {
  const ref = r.ref;
  const where = `**${md(ref.split, 40)}/${md(ref.id, 80)}** (${md(ref.language, 20)})`;
  const reading =
    ref.model === null
      ? `gold ${md(ref.gold, 40)}`
      : `${md(ref.model, 40)} · ${md(ref.condition ?? '', 20)}: gold ${md(ref.gold, 40)}, clean ` +
        `${md(ref.clean_prediction ?? 'missing', 40)} → ${md(ref.prediction ?? 'missing', 40)}, margin ` +
        `${margin(ref.clean_margin)} → ${margin(ref.margin)}${r.protected ? ', **protected transition**' : ''}`;
  const lines = [`- ${where} ${reading}`];
  if (r.marks) {
    lines.push(
      `  - original: ${markedText(r.marks.original, false)}`,
      `  - perturbed: ${markedText(r.marks.perturbed, true)}`
    );
  } else {
    if (r.original) lines.push(`  - original: ${snippetText(r.original)}`);
    if (r.perturbed) lines.push(`  - perturbed: ${snippetText(r.perturbed)}`);
  }
  if (ref.exact !== undefined) lines.push(`  - exact: ${exactText(ref, ref.exact)}`);
  else if (ref.queries !== undefined) lines.push(`  - search: ${searchText(ref)}`);
  else if (ref.edits !== undefined) lines.push(`  - edits: ${searchText(ref)}`);
  return lines;
}

function histogramLines(c: Check): string[] {
  const h = c.examples?.histogram;
  if (!h) return [];
  const bins = h.edges
    .slice(0, -1)
    .map((lo, i) => `${lo}–${i === h.edges.length - 2 ? '' : (h.edges[i + 1] as number) - 1}`);
  return [
    `| unique word types | ${bins.join(' | ')} |`,
    `|---|${bins.map(() => '---').join('|')}|`,
    `| ${md(h.reference.split, 30)} | ${h.reference.counts.join(' | ')} |`,
    `| ${md(h.comparison.split, 30)} | ${h.comparison.counts.join(' | ')} |`
  ];
}

/** The blocks for the failing checks in `ordered` (most severe first), within the byte budget. */
export function detailsBlocks(ordered: readonly Check[], drill: DrillResult, budget = DETAILS_BUDGET): string[] {
  const out: string[] = [];
  let used = 0;
  let left = 0;
  for (const c of ordered) {
    const refs = drill.get(c.id)?.refs ?? [];
    const count = c.examples?.count;
    const title =
      `<code>${inTag(c.id, 120)}</code>: ${checkWords(c.check)}` +
      `${count === null || count === undefined ? '' : `, ${count} row${count === 1 ? '' : 's'} behind it`}`;
    const body = c.examples?.histogram ? histogramLines(c) : refs.slice(0, SUMMARY_REFS).flatMap(refLines);
    if (body.length === 0) continue;
    const more =
      refs.length > SUMMARY_REFS || (count ?? 0) > refs.length
        ? [`- …the rest are listed in checks.json and report.html.`]
        : [];
    const block = ['<details>', `<summary>${title}</summary>`, '', ...body, ...more, '', '</details>', ''].join('\n');
    if (used + Buffer.byteLength(block, 'utf8') > budget) {
      left++;
      continue;
    }
    used += Buffer.byteLength(block, 'utf8');
    out.push(block);
  }
  if (left > 0)
    out.push(`Rows behind ${left} more failing check${left === 1 ? '' : 's'} are in checks.json and report.html.`, '');
  return out;
}
