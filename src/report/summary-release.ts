/**
 * The "Release record" section of summary.md: what the config's `release:` block declares (who
 * owns and reviewed the release, its intended use and limits), then every item of the release
 * checklists with the status of the evidence behind it — checks, facts the manifest records,
 * and declared fields. Read from the manifest's facts and the checks (manifest/release.ts), so a
 * merge and `verify` write the same bytes. Every declared value is escaped and bounded.
 */
import type { GateResult } from '../gate/checks.js';
import type { ReportFacts } from '../manifest/facts.js';
import {
  CHECKLIST_COLUMNS,
  CHECKLIST_HEADING,
  CHECKLIST_INTRO,
  releaseChecklist,
  type ChecklistPart,
  type ReleaseRecord
} from '../manifest/release.js';
import { code, md } from './escape.js';
import { markdownTable as table } from './markdown.js';

/** Code points shown per declared value; the manifest holds the full text. */
export const RELEASE_TEXT_CHARS = 400;
/** Entries shown per declared list. */
export const RELEASE_LIST_SHOWN = 20;

const FIELD_WORDS: Record<string, string> = {
  owner: 'owner',
  reviewer: 'reviewer',
  intended_use: 'intended use',
  out_of_scope_uses: 'out-of-scope uses',
  known_limitations: 'known limitations',
  mitigations: 'mitigations',
  authorization: 'authorization'
};

function listText(items: readonly string[]): string {
  const shown = items.slice(0, RELEASE_LIST_SHOWN).map((x, i) => `${i + 1}\\. ${md(x, RELEASE_TEXT_CHARS)}`);
  const rest = items.length - shown.length;
  // "; " rather than a line break: the summary also prints in a terminal.
  return [...shown, ...(rest > 0 ? [`…and ${rest} more in manifest.json`] : [])].join('; ');
}

function recordRows(r: ReleaseRecord): string[][] {
  return (Object.keys(FIELD_WORDS) as Array<keyof typeof FIELD_WORDS>).map((field) => {
    const v = r[field as keyof ReleaseRecord];
    const shown = v === null ? '**missing**' : Array.isArray(v) ? listText(v) : md(String(v), RELEASE_TEXT_CHARS);
    return [FIELD_WORDS[field] as string, code(`release.${field}`), shown];
  });
}

const STRONG = new Set(['fail', 'not_evaluated', 'missing']);

function partCell(p: ChecklistPart): string {
  const text = md(p.text, 300);
  return STRONG.has(p.status) ? `**${text}**` : text;
}

export function releaseSummarySection(facts: ReportFacts, gate: GateResult): string[] {
  const record = facts.release.record;
  const out = ['## Release record', ''];
  if (record === null) {
    out.push(
      'No release record: the config has no `release:` block, so every item a person must declare is missing below.',
      ''
    );
  } else {
    out.push(
      `Declared by **${md(record.owner, 200)}** in the config's \`release:\` block (line ${record.config_line}), ` +
        `copied into manifest.json.`,
      ''
    );
    out.push(...table(['field', 'key', 'declared'], recordRows(record)), '');
  }
  out.push(`### ${CHECKLIST_HEADING}`, '', CHECKLIST_INTRO, '');
  const rows = releaseChecklist(gate.checks, facts.release).flatMap((row) =>
    row.parts.map((p, i) => [
      i === 0 ? row.ref : '',
      i === 0 ? md(row.asks, 200) : '',
      code(p.evidence, 120),
      partCell(p)
    ])
  );
  out.push(...table(CHECKLIST_COLUMNS, rows), '');
  return out;
}
