/**
 * The "Release record" section of report.html: the declared record (lists as lists) and the
 * release checklists with the status of each piece of evidence, as in summary.md
 * (summary-release.ts). Every declared value goes through `h()` (flattened, bounded, escaped).
 */
import type { GateResult } from '../gate/checks.js';
import type { ReportFacts } from '../manifest/facts.js';
import {
  CHECKLIST_COLUMNS,
  CHECKLIST_HEADING,
  CHECKLIST_INTRO,
  releaseChecklist,
  type ChecklistPart,
  type PartStatus
} from '../manifest/release.js';
import { escapeHtml } from './escape.js';
import { codeCell, h, t, table, type Cell } from './html-parts.js';
import { RELEASE_LIST_SHOWN, RELEASE_TEXT_CHARS } from './summary-release.js';

const FIELDS: Array<[key: string, words: string]> = [
  ['owner', 'Owner'],
  ['reviewer', 'Reviewer'],
  ['intended_use', 'Intended use'],
  ['out_of_scope_uses', 'Out-of-scope uses'],
  ['known_limitations', 'Known limitations'],
  ['mitigations', 'Mitigations'],
  ['authorization', 'Authorization']
];

/** CSS classes of report.html for a status (fail and not evaluated in red; missing as a failure). */
const STATUS_CLASS: Record<PartStatus, string> = {
  pass: '',
  fail: 'status-fail',
  not_evaluated: 'status-not_evaluated',
  not_applicable: '',
  declared: '',
  recorded: '',
  missing: 'status-fail'
};

function valueHtml(v: string | string[] | null): string {
  if (v === null) return '<span class="status-fail">missing</span>';
  if (!Array.isArray(v)) return h(v, RELEASE_TEXT_CHARS);
  const shown = v.slice(0, RELEASE_LIST_SHOWN).map((x) => `<li>${h(x, RELEASE_TEXT_CHARS)}</li>`);
  const rest = v.length - shown.length;
  return `<ol>${shown.join('')}</ol>${rest > 0 ? `<p class="note">…and ${rest} more in manifest.json.</p>` : ''}`;
}

function partCell(p: ChecklistPart): Cell {
  const cls = STATUS_CLASS[p.status];
  return { html: cls ? `<span class="${cls}">${h(p.text, 300)}</span>` : h(p.text, 300) };
}

export function releaseReportSection(facts: ReportFacts, gate: GateResult): string[] {
  const record = facts.release.record;
  const out = ['<h2 id="release-record">Release record</h2>'];
  if (record === null) {
    out.push(
      '<p>No release record: the config has no <code>release:</code> block, so every item a person must declare ' +
        'is missing below.</p>'
    );
  } else {
    out.push(
      `<p>Declared by <strong>${h(record.owner, 200)}</strong> in the config's <code>release:</code> block (line ` +
        `${escapeHtml(String(record.config_line))}), copied into manifest.json.</p>`
    );
    const rows: Cell[][] = FIELDS.map(([key, words]) => [
      t(words),
      codeCell(`release.${key}`),
      { html: valueHtml(record[key as keyof typeof record] as string | string[] | null), cls: 'wrap' }
    ]);
    out.push(table(['field', 'key', 'declared'], rows));
  }
  out.push(`<h3>${CHECKLIST_HEADING}</h3>`, `<p class="note">${escapeHtml(CHECKLIST_INTRO)}</p>`);
  const rows: Cell[][] = releaseChecklist(gate.checks, facts.release).flatMap((row) =>
    row.parts.map((p, i): Cell[] => [
      t(i === 0 ? row.ref : ''),
      t(i === 0 ? row.asks : ''),
      codeCell(p.evidence, 120),
      partCell(p)
    ])
  );
  out.push(table(CHECKLIST_COLUMNS, rows));
  return out;
}
