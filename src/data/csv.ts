/** CSV reader on csv-parse: the first record is the header; every row must have its width. */
import { parse } from 'csv-parse/sync';
import { DataError } from '../errors.js';
import { quoted, truncateText as truncate, visible, visiblePath } from '../util/visible.js';
import type { BadRow, ParsedFile, RawRecord } from './records.js';

interface CsvError extends Error {
  code?: string;
  lines?: number;
}

/** First non-blank line after `line` (1-based): where the record after it starts. */
function nextRecordLine(lines: readonly string[], line: number): number {
  let next = line + 1;
  while (next <= lines.length && (lines[next - 1] ?? '').trim() === '') next++;
  return next;
}

export function parseCsv(text: string, file: string): ParsedFile {
  const bad: BadRow[] = [];
  let unclosed: CsvError | null = null;
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, {
      info: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        if (!error) return;
        // An unclosed quote swallows every later line: never skippable.
        if (error.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = error;
        else bad.push({ file, line: error.lines ?? 0, reason: `malformed CSV row (${describe(error)})` });
      }
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const e = error as CsvError;
    throw new DataError(`${visiblePath(file)}:${e.lines ?? 1}: malformed CSV (${describe(e)})`);
  }
  if (unclosed) {
    const start = nextRecordLine(text.split('\n'), rows[rows.length - 1]?.info.lines ?? 0);
    throw new DataError(
      `${visiblePath(file)}:${start}: malformed CSV row (a quoted field opened here is never closed)`
    );
  }
  const first = rows[0];
  if (!first) return { records: [], bad, header: [] };
  const header = first.record.map((h) => h.trim());
  header.forEach((name, i) => {
    if (name === '')
      throw new DataError(`${visiblePath(file)}:1: CSV header column ${i + 1} is empty; expected a column name`);
    if (header.indexOf(name) !== i)
      throw new DataError(
        `${visiblePath(file)}:1: CSV header names column ${quoted(name)} twice; expected unique column names`
      );
  });
  const records: RawRecord[] = rows.slice(1).map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(header.map((name, i) => [name, record[i]]))
  }));
  return { records, bad, header };
}

/** The parser's own words, one line, bounded: they may quote a piece of the row. */
function describe(e: CsvError): string {
  const first = (e.message ?? String(e)).split('\n')[0] ?? '';
  return visible(
    truncate(first.replace(/^Invalid (Record Length|Opening Quote|Closing Quote): /, '').replace(/\s+$/, ''), 200)
  );
}
