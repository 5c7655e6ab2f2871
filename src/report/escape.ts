/**
 * Dataset and config text shown in markdown is inert: HTML is escaped, markdown syntax is
 * backslash-escaped, `@` cannot mention anyone, line breaks cannot end a table row, bidi and
 * invisible characters show as `\uXXXX` (so "\u202Eevil" cannot display as "live"), and the
 * length is bounded (in code points, so no surrogate pair is cut).
 */
import { visible } from '../util/visible.js';

const DEFAULT_MAX_CHARS = 80;

export function truncate(text: string, max = DEFAULT_MAX_CHARS): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, Math.max(1, max - 1)).join('') + '…';
}

const HTML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '@': '&#64;'
};

/**
 * Control characters and line separators become one space, so the text stays on one line;
 * bidi controls and invisible characters are written out as `\uXXXX` escapes.
 */
export function flatten(text: string): string {
  return visible(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' '));
}

/** Escape for a markdown table cell or inline text. */
export function md(text: string, max = DEFAULT_MAX_CHARS): string {
  const flat = truncate(flatten(text), max);
  // Markdown first, so the `#` and `;` of the entities added next stay as they are.
  return flat.replace(/[\\`*_{}[\]()#+\-.!|~:]/g, (c) => `\\${c}`).replace(/[&<>"'@]/g, (c) => HTML[c] as string);
}

/**
 * Inline code for identifiers (check ids, config keys, paths), which may embed data values
 * such as a language: no backtick can close the span early and `\|` keeps table cells intact.
 */
export function code(text: string, max = DEFAULT_MAX_CHARS): string {
  const flat = truncate(flatten(text), max);
  return '`' + flat.replace(/`/g, "'").replace(/\|/g, '\\|') + '`';
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escape for HTML/SVG text and attribute values (& < > " '). Bidi, invisible and control
 * characters other than tab and line ends are written out as `\uXXXX` escapes.
 */
export function escapeHtml(text: string): string {
  return visible(text, '\t\n\r').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
