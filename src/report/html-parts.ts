/**
 * Building blocks of report.html: table cells that are either data (always escaped here) or
 * markup built from numbers and fixed words, bounded tables, and the anchor ids of the
 * drill-down sections. Nothing here reads data that it does not escape.
 */
import { sha256Hex } from '../util/hash.js';
import { escapeHtml } from './escape.js';
import { safeText } from './svg.js';

/** Rows per table before the rest is left to checks.json / metrics.json. */
export const MAX_TABLE_ROWS = 1000;

/** A cell: data text (escaped and bounded when rendered), or trusted markup built in report code. */
export type Cell = string | { html: string; num?: boolean; cls?: string };

/**
 * Data text for the page: one line, at most `max` characters, escaped (bidi and invisible characters shown as \uXXXX).
 */
export function h(text: string, max = 80): string {
  return safeText(text, max);
}

/** A cell of fixed words or formatted numbers, escaped as a matter of course. */
export function t(text: string): Cell {
  return { html: escapeHtml(text) };
}

/** A right-aligned number cell. */
export function n(text: string): Cell {
  return { html: escapeHtml(text), num: true };
}

/** Data text in a <code> span. */
export function codeCell(text: string, max = 80): Cell {
  return { html: `<code>${h(text, max)}</code>` };
}

function cellHtml(c: Cell, tag: 'td' | 'th' = 'td'): string {
  if (typeof c === 'string') return `<${tag}>${h(c)}</${tag}>`;
  const cls = [c.num ? 'num' : '', c.cls ?? ''].filter((x) => x !== '').join(' ');
  return `<${tag}${cls ? ` class="${cls}"` : ''}>${c.html}</${tag}>`;
}

interface TableOptions {
  /** A class on the <table> (fixed words only). */
  cls?: string;
  /** Rows shown before a note says where the rest are. */
  maxRows?: number;
  /** Where the rows past the cap can be read. */
  rest?: string;
}

/** A table in a horizontally scrolling box, so a wide table never widens the page. */
export function table(header: readonly Cell[], rows: readonly Cell[][], opts: TableOptions = {}): string {
  const max = opts.maxRows ?? MAX_TABLE_ROWS;
  const shown = rows.slice(0, max);
  const head = header.map((x) => (typeof x === 'string' ? `<th>${escapeHtml(x)}</th>` : cellHtml(x, 'th'))).join('');
  const out = [
    '<div class="scroll">',
    `<table${opts.cls ? ` class="${opts.cls}"` : ''}>`,
    `<thead><tr>${head}</tr></thead>`,
    '<tbody>'
  ];
  for (const r of shown) out.push(`<tr>${r.map((c) => cellHtml(c)).join('')}</tr>`);
  out.push('</tbody>', '</table>', '</div>');
  if (rows.length > shown.length)
    out.push(
      `<p class="note">…and ${rows.length - shown.length} more rows in ` +
        `${escapeHtml(opts.rest ?? 'the evidence files')}.</p>`
    );
  return out.join('\n');
}

/** A check id that can be an anchor as it is (no data characters beyond these). */
const PLAIN_ID = /^[A-Za-z0-9_/-]{1,100}$/;

/**
 * Gives each check id a unique HTML id, the same for the same sequence of calls. A plain id keeps
 * its words (`/` → `.`, which a plain id never holds, so two plain ids never meet); any other id
 * (one carrying a language or model name with other characters) becomes its ASCII words plus the
 * first 16 hex digits of its SHA-256. A clash, however unlikely, gets a counter.
 */
export class AnchorIds {
  private readonly byCheck = new Map<string, string>();
  private readonly used = new Set<string>();

  of(checkId: string): string {
    const known = this.byCheck.get(checkId);
    if (known !== undefined) return known;
    const base = PLAIN_ID.test(checkId)
      ? `check-${checkId.replace(/\//g, '.')}`
      : `check-${checkId.slice(0, 48).replace(/[^A-Za-z0-9_-]+/g, '_')}-${sha256Hex(checkId).slice(0, 16)}`;
    let id = base;
    for (let i = 2; this.used.has(id); i++) id = `${base}-${i}`;
    this.used.add(id);
    this.byCheck.set(checkId, id);
    return id;
  }

  has(checkId: string): boolean {
    return this.byCheck.has(checkId);
  }
}
