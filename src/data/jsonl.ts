/** JSON Lines reader: one object per line; blank lines and CRLF line ends are accepted. */
import { describeFound } from '../errors.js';
import { truncateText, visible } from '../util/visible.js';
import type { BadRow, ParsedFile, RawRecord } from './records.js';

export function parseJsonl(text: string, file: string): ParsedFile {
  const records: RawRecord[] = [];
  const bad: BadRow[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      // The parser's message may quote a piece of the line: shown bounded, hidden characters escaped.
      bad.push({
        file,
        line,
        reason:
          `malformed JSON (${visible(truncateText((error as Error).message, 200))}); expected one JSON object per ` +
          `line`
      });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      bad.push({ file, line, reason: `expected a JSON object, found ${describeFound(value)}` });
      return;
    }
    records.push({ line, values: value as Record<string, unknown> });
  });
  return { records, bad, header: null };
}
