/** Markdown tables for summary.md, capped so the summary stays far below GitHub's 1 MiB step limit. */

/** Rows listed per table before the rest is left to checks.json / metrics.json. */
const MAX_TABLE_ROWS = 1000;

/** Cells must already be escaped (escape.ts). */
export function markdownTable(header: string[], rows: string[][], max = MAX_TABLE_ROWS): string[] {
  const shown = rows.slice(0, max);
  const out = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...shown.map((r) => `| ${r.join(' | ')} |`)
  ];
  if (rows.length > shown.length) out.push('', `…and ${rows.length - shown.length} more rows in the evidence files.`);
  return out;
}
