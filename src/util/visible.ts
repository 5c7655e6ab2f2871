/**
 * Values read from data or config end up in error messages, logs and reports. Shown raw,
 * such a value can break a line (and start a GitHub workflow command such as `::error::`),
 * reorder the text around it (bidi controls: "\u202Eevil" reads as "live") or hide in plain
 * sight (zero-width characters). These helpers show every such character as a `\uXXXX`
 * escape and leave all other text (accents, CJK, emoji) as it is.
 */

/**
 * Characters that never show as themselves: C0 and C1 controls, DEL, line and paragraph
 * separators, bidi controls, zero-width and other invisible format characters, and lone
 * UTF-16 surrogates (which no encoder can write out).
 */
const HIDDEN_CHARS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
const HIDDEN_SOURCE =
  `[${HIDDEN_CHARS}]` + '|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const HIDDEN = new RegExp(HIDDEN_SOURCE, 'g');

/**
 * A /u pattern for a string without any hidden character: the same set as HIDDEN_SOURCE, where a
 * lone surrogate is a code point of its own in /u mode (a pair is one astral code point). The
 * config schema uses it; a test holds it equal to `!hasHidden` on every BMP unit and pair.
 */
export const PRINTABLE_PATTERN = `^[^${HIDDEN_CHARS}\\ud800-\\udfff]*$`;
const HAS_HIDDEN = new RegExp(HIDDEN_SOURCE);

const SHORT: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeOne(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** True when `text` holds a character that `visible()` would escape. */
export function hasHidden(text: string): boolean {
  return HAS_HIDDEN.test(text);
}

/**
 * `text` with every hidden character written as `\t`, `\n`, `\r` or `\uXXXX`, except the
 * characters in `keep` (for example "\t\n" where the output may hold tabs and lines).
 */
export function visible(text: string, keep = ''): string {
  return text.replace(HIDDEN, (c) => (keep.includes(c) ? c : escapeOne(c)));
}

/**
 * The first `max` code points of `text`, and whether anything was cut. Walks only as far as
 * needed, so a 50 MB value costs no more than a short one.
 */
function head(text: string, max: number): { text: string; cut: boolean } {
  let points = 0;
  let i = 0;
  while (i < text.length) {
    if (points === max) return { text: text.slice(0, i), cut: true };
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    i += pair ? 2 : 1;
    points++;
  }
  return { text, cut: false };
}

/**
 * A value as it appears in a message: double-quoted, at most `max` code points of it (longer
 * values end in `...`), backslash and quote escaped as in JSON, hidden characters escaped.
 */
export function quoted(value: string, max = 60): string {
  return `"${visible(truncateText(value, max).replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}

/** At most `max` code points of `text`; a longer text keeps `max - 3` of them and ends in `...`. */
export function truncateText(text: string, max: number): string {
  return head(text, max).cut ? head(text, Math.max(1, max - 3)).text + '...' : text;
}

/** Several values, each `quoted()`, comma-separated; past `maxItems` only a count of the rest. */
export function quotedList(values: readonly string[], maxItems = 20): string {
  const shown = values.slice(0, maxItems).map((v) => quoted(v));
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} (and ${rest} more)` : shown.join(', ');
}

/**
 * A file path where a message starts with it (`file:line: …`): hidden characters escaped, and
 * a path that itself starts with ":" read as "./…", so that no line of a message can begin
 * with `::`.
 */
export function visiblePath(path: string): string {
  const shown = visible(path);
  return shown.startsWith(':') ? `./${shown}` : shown;
}
