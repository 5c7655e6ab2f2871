/**
 * The failing and not-evaluated checks of report.html (docs/definitions.md#drill-down): a table ordered by severity
 * whose every row links to the check's drill-down section, and those sections — the rows behind
 * the check (split, id, language, model, condition, gold, clean prediction → prediction, clean
 * margin → margin, protected transition), with the original and perturbed text and the changed
 * span in <mark> when the evidence holds text, or the length histogram behind the PSI check.
 * Sections stop listing rows past a byte budget, but every linked section exists.
 */
import type { DrillResult } from '../drill/collect.js';
import { editPlace, type ExampleRef, type TextSnippet } from '../drill/ref.js';
import type { MarkedSnippet } from '../drill/search-marks.js';
import type { Check } from '../gate/check.js';
import type { GateResult } from '../gate/checks.js';
import { bySeverity } from '../gate/severity.js';
import type { Metrics } from '../metrics/metrics.js';
import { checkWords } from './check-words.js';
import { byChange, changeWord } from './summary-changes.js';
import { checkThresholdText, checkValueText, rowsBehindText } from './format.js';
import { exactRefWords } from './exact-ref-words.js';
import { lengthHistogramBlock } from './html-data.js';
import { h, n, table, MAX_TABLE_ROWS, type AnchorIds } from './html-parts.js';

/** Rows listed per check (checks.json keeps up to output.examples_per_check). */
const MAX_REFS_SHOWN = 50;
/** Bytes of drill-down rows, all checks together; past it a section points to checks.json. */
export const DRILL_BUDGET = 1536 * 1024;

const STATUS_WORD = {
  pass: 'pass',
  fail: 'fail',
  not_evaluated: 'not evaluated',
  not_applicable: 'not applicable'
} as const;

/** What the rows behind each kind of check are, in a reader's words. */
const ROWS_BEHIND: Record<string, string> = {
  challenge_examples: 'the examples of the challenge split',
  language_examples: 'the challenge examples in this language',
  challenge_accuracy: 'clean challenge rows the model got wrong',
  generalization_gap: 'clean challenge rows the model got wrong',
  language_accuracy: 'clean challenge rows in this language the model got wrong',
  changed_examples: 'rows this family could not turn into a valid changed input',
  flip_rate: 'changed rows whose prediction flipped',
  accuracy_drop: 'changed rows that were right on the clean input and wrong after the change',
  eligible_coverage: 'eligible rows that were not tested',
  attack_success: 'successful attacks',
  certified_share: 'decided rows exact did not certify (failures and ties)',
  protected_transitions: 'ids moved into a protected transition (the most severe row of each)',
  missing_rows: 'rows with status error or timeout',
  regression: 'rows right in the baseline and wrong in this run (broken)',
  new_protected_transitions: 'ids with a protected transition in this run and none in the baseline',
  release_record: 'no rows: the release: block of the config is incomplete or absent (see the reason)'
};

function rowsBehind(c: Check): string {
  if (c.qualifier === 'union' && c.check === 'eligible_coverage') return 'eligible ids that no family tested';
  if (c.qualifier === 'union' && c.check === 'attack_success')
    return 'ids with at least one successful attack (the most severe row of each)';
  return ROWS_BEHIND[c.check] ?? 'rows behind the figure';
}

/** The checks listed in the table and drilled into: failing and not evaluated, most severe first. */
export function listedChecks(gate: GateResult): Check[] {
  const failing = gate.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated');
  // Judged against a baseline: new failures first, then worse, then known ones.
  return (gate.changes ? byChange(failing) : bySeverity(failing)).slice(0, MAX_TABLE_ROWS);
}

/** A check's change against the baseline, marked so new and worse stand out. */
function changeHtml(c: Check, failing: readonly string[]): string {
  const word = changeWord(c, failing);
  return c.change === 'new_failure' || c.change === 'worse'
    ? `<strong class="status-fail">${h(word, 300)}</strong>`
    : h(word, 300);
}

function statusHtml(c: Check): string {
  return `<span class="status-${c.status === 'fail' ? 'fail' : 'not_evaluated'}">${STATUS_WORD[c.status]}</span>`;
}

export function checksTable(gate: GateResult, anchors: AnchorIds): string[] {
  const listed = listedChecks(gate);
  const out = ['<h2 id="checks">Failing and not-evaluated checks</h2>'];
  if (listed.length === 0) return [...out, '<p>None.</p>'];
  const judged = gate.changes !== undefined;
  out.push(
    judged
      ? '<p class="note">New failures first, then worse ones, then known ones (failing on the base branch as ' +
          'well); within each, most severe first. Each check links to the rows behind it.</p>'
      : '<p class="note">Most severe first: breaches of a zero ceiling, then by how far the value lies past its ' +
          'threshold. Each check links to the rows behind it.</p>'
  );
  // The reason column only when some check has one (not-evaluated checks say why).
  const reasons = listed.some((c) => c.reason !== null);
  out.push(
    table(
      [
        'check',
        ...(judged ? ['change'] : []),
        'status',
        'value',
        'threshold',
        'n',
        'rows behind it',
        'config key',
        ...(reasons ? ['reason'] : [])
      ],
      listed.map((c) => [
        {
          html:
            `<a href="#${anchors.of(c.id)}"><code>${h(c.id, 120)}</code></a>` +
            `${c.judged ? '' : ' <span class="note">(not judged)</span>'}`,
          cls: 'wrap'
        },
        ...(judged ? [{ html: changeHtml(c, gate.failing), cls: 'wrap' }] : []),
        { html: statusHtml(c), cls: 'nowrap' },
        n(checkValueText(c)),
        n(checkThresholdText(c)),
        n(String(c.denominator ?? '—')),
        n(rowsBehindText(c)),
        { html: `<code>${h(c.config_key, 80)}</code>${c.threshold_is_default ? ' (default)' : ''}`, cls: 'nowrap' },
        ...(reasons ? [{ html: h(c.reason ?? '', 300), cls: 'wrap' }] : [])
      ]),
      { cls: 'checks', rest: 'checks.json' }
    )
  );
  const all = gate.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated').length;
  if (all > listed.length)
    out.push(`<p class="note">${all - listed.length} more failing or not-evaluated checks are in checks.json.</p>`);
  return out;
}

function margin(x: number | null): string {
  return x === null ? '—' : x.toFixed(3);
}

/** A cut text with its changed span marked; an empty span between kept text shows where text was inserted. */
function snippetHtml(s: TextSnippet, diff: boolean): string {
  const mark =
    s.changed !== ''
      ? `<mark>${h(s.changed, 220)}</mark>`
      : diff
        ? '<mark class="at" title="text inserted or removed here">‸</mark>'
        : '';
  return `${s.cutStart ? '…' : ''}${h(s.before, 220)}${mark}${h(s.after, 220)}${s.cutEnd ? '…' : ''}`;
}

/** A search row's cut text with each edited word in <mark>; on the perturbed side the operator follows the word. */
function markedHtml(s: MarkedSnippet, showOps: boolean): string {
  const parts = s.parts.map((p) => {
    if (p.op === null) return h(p.text, 220);
    const op = h(p.op, 20);
    return `<mark title="${op}">${h(p.text, 220)}</mark>${showOps ? `<span class="op">${op}</span>` : ''}`;
  });
  return `${s.cutStart ? '…' : ''}${parts.join('')}${s.cutEnd ? '…' : ''}`;
}

/**
 * The search's work on a row: queries spent and each kept edit (its operator and word index; the words are marked in
 * the texts).
 */
function searchLine(ref: ExampleRef): string {
  const edits = ref.edits ?? [];
  const list = edits.map((e) => h(editPlace(e), 80));
  const kept =
    edits.length === 0 ? 'no edit kept' : `${edits.length} edit${edits.length === 1 ? '' : 's'}: ${list.join('; ')}`;
  if (ref.exact !== undefined) {
    const x = ref.exact;
    const shown = x.certified === true || x.tie === true || edits.length === 0 ? '' : `; ${kept}`;
    return `<div><span class="label">exact</span> ${h(exactRefWords(x, ref.queries), 200)}${shown}</div>`;
  }
  if (ref.queries === undefined) return `<div><span class="label">edits</span> ${kept}</div>`;
  return `<div><span class="label">search</span> ${ref.queries} quer${ref.queries === 1 ? 'y' : 'ies'}; ${kept}</div>`;
}

interface ShownRef {
  ref: ExampleRef;
  /** Null when only checks.json's reference is at hand (no ranking facts). */
  protected: boolean | null;
  original: TextSnippet | null;
  perturbed: TextSnippet | null;
  marks?: { original: MarkedSnippet; perturbed: MarkedSnippet } | undefined;
}

/**
 * Columns of a drill-down table and their share of its width (the table has a fixed layout, so long values wrap inside
 * their cell).
 */
const REF_COLUMNS: Array<[string, number]> = [
  ['#', 3],
  ['split', 8],
  ['id', 12],
  ['language', 8],
  ['model', 12],
  ['condition', 9],
  ['gold', 11],
  ['clean → prediction', 17],
  ['margin clean → now', 11],
  ['protected transition', 9]
];

/** References as a table, each followed by its texts when the evidence holds them. */
export function refRows(refs: readonly ShownRef[], languages: boolean): string {
  const columns = REF_COLUMNS.filter(([name]) => languages || name !== 'language');
  const out = [
    '<div class="scroll">',
    '<table class="refs">',
    `<colgroup>${columns.map(([, w]) => `<col style="width: ${w}%">`).join('')}</colgroup>`,
    `<thead><tr>${columns.map(([name]) => `<th>${escapeText(name)}</th>`).join('')}</tr></thead>`,
    '<tbody>'
  ];
  refs.forEach((r, i) => {
    const ref = r.ref;
    const reading =
      ref.model === null ? '—' : `${h(ref.clean_prediction ?? 'missing', 40)} → ${h(ref.prediction ?? 'missing', 40)}`;
    const cells: string[] = [
      `<td class="num">${i + 1}</td>`,
      `<td>${h(ref.split, 40)}</td>`,
      `<td><code>${h(ref.id, 80)}</code></td>`,
      ...(languages ? [`<td>${h(ref.language, 30)}</td>`] : []),
      `<td>${ref.model === null ? '—' : h(ref.model, 40)}</td>`,
      `<td>${ref.condition === null ? '—' : h(ref.condition, 20)}</td>`,
      `<td>${h(ref.gold, 40)}</td>`,
      `<td>${reading}</td>`,
      `<td class="num">${ref.model === null ? '—' : `${margin(ref.clean_margin)} → ${margin(ref.margin)}`}</td>`,
      `<td>${r.protected === null ? '—' : r.protected ? '<strong class="protected">yes</strong>' : 'no'}</td>`
    ];
    const searched = ref.queries !== undefined || ref.edits !== undefined;
    out.push(`<tr${r.original || searched ? ' class="has-text"' : ''}>${cells.join('')}</tr>`);
    if (r.original || searched) {
      const lines: string[] = [];
      if (r.marks) {
        lines.push(`<div><span class="label">original</span> ${markedHtml(r.marks.original, false)}</div>`);
        lines.push(`<div><span class="label">perturbed</span> ${markedHtml(r.marks.perturbed, true)}</div>`);
      } else if (r.original) {
        const diff = r.perturbed !== null;
        lines.push(
          `<div><span class="label">${diff ? 'original' : 'text'}</span> ${snippetHtml(r.original, diff)}</div>`
        );
        if (r.perturbed)
          lines.push(`<div><span class="label">perturbed</span> ${snippetHtml(r.perturbed, true)}</div>`);
      }
      if (searched) lines.push(searchLine(ref));
      out.push(`<tr class="text"><td></td><td colspan="${columns.length - 1}">${lines.join('')}</td></tr>`);
    }
  });
  out.push('</tbody>', '</table>', '</div>');
  return out.join('\n');
}

function shownRefs(c: Check, drill: DrillResult): ShownRef[] {
  const d = drill.get(c.id);
  if (d)
    return d.refs.slice(0, MAX_REFS_SHOWN).map((r) => ({
      ref: r.ref,
      protected: r.protected,
      original: r.original,
      perturbed: r.perturbed,
      marks: r.marks
    }));
  // A re-derivation without the baseline keeps checks.json's references of comparison checks.
  return (c.examples?.shown ?? [])
    .slice(0, MAX_REFS_SHOWN)
    .map((ref) => ({ ref, protected: null, original: null, perturbed: null }));
}

interface DrillContext {
  gate: GateResult;
  drill: DrillResult;
  metrics: Metrics;
  textPolicy: 'full' | 'hash' | 'none';
  /** Tabular rows have no language: the column is left out. */
  task: 'text' | 'tabular';
  anchors: AnchorIds;
}

/** One section per listed check, each with the id its table row links to. */
export function drillSections(ctx: DrillContext, budget = DRILL_BUDGET): string[] {
  const listed = listedChecks(ctx.gate);
  if (listed.length === 0) return [];
  const out = ['<h2 id="rows-behind">The rows behind each check</h2>'];
  out.push(
    '<p class="note">Most severe first: rows that moved into a protected transition, then the largest loss of ' +
      'margin (clean margin − margin), then id. Margins are the gap between the top two scores.</p>'
  );
  if (ctx.textPolicy !== 'full' && ctx.task === 'text')
    out.push(
      `<p class="note">Texts are not shown: the evidence was written with <code>output.text: ` +
        `${ctx.textPolicy}</code>.</p>`
    );
  let used = 0;
  let withheld = 0;
  for (const c of listed) {
    const head = [
      `<section class="drill" id="${ctx.anchors.of(c.id)}">`,
      `<h3><code>${h(c.id, 120)}</code> ${statusHtml(c)}</h3>`,
      `<p>${checkWordsHtml(c)}: ${escapeText(checkValueText(c))} against ${escapeText(checkThresholdText(c))}` +
        `${c.denominator === null ? '' : ` (n=${c.denominator})`}. <a class="back" href="#checks">back to the ` +
        `checks</a></p>`
    ];
    let body: string[];
    if (c.examples?.histogram) {
      body = [
        `<p>Behind it: the length histogram of the two splits (unique word types per text).</p>`,
        ...lengthHistogramBlock(ctx.metrics)
      ];
    } else {
      const refs = shownRefs(c, ctx.drill);
      const count = c.examples?.count ?? refs.length;
      const what = rowsBehind(c);
      if (refs.length === 0)
        body = [
          `<p>Behind it: ${escapeText(what)}: ` +
            `${count === 0 ? 'none' : `${count}, none recorded in the evidence`}.` +
            `${c.reason ? ` ${h(c.reason, 300)}.` : ''}</p>`
        ];
      else {
        const more =
          count > refs.length
            ? `; the ${refs.length} most severe are listed, the rest are in checks.json and evidence.jsonl`
            : '';
        body = [`<p>Behind it: ${escapeText(what)}: ${count}${more}.</p>`, refRows(refs, ctx.task === 'text')];
      }
    }
    const block = body.join('\n');
    const size = Buffer.byteLength(block, 'utf8');
    if (used + size > budget) {
      withheld++;
      out.push(
        ...head,
        '<p class="note">Not listed here, to keep this file small: the rows are in checks.json and evidence.jsonl.</p>',
        '</section>'
      );
      continue;
    }
    used += size;
    out.push(...head, block, '</section>');
  }
  if (withheld > 0)
    out.push(
      `<p class="note">The rows of ${withheld} check${withheld === 1 ? '' : 's'} were left out of this file to ` +
        `keep it small; checks.json lists them.</p>`
    );
  return out;
}

function escapeText(text: string): string {
  return h(text, 300);
}

function checkWordsHtml(c: Check): string {
  const words = checkWords(c.check);
  return escapeText(words.charAt(0).toUpperCase() + words.slice(1));
}
