/** One parsed row of a data file, before any column mapping. */
export interface RawRecord {
  /** 1-based line where the row starts (JSONL) or ends (CSV). */
  line: number;
  values: Record<string, unknown>;
}

/** A row the reader could not parse; fatal unless `data.on_bad_row: skip`. */
export interface BadRow {
  file: string;
  line: number;
  reason: string;
  /** `line:column` when the column is known (CSV feature values). */
  at?: string;
}

export interface ParsedFile {
  records: RawRecord[];
  bad: BadRow[];
  /** Column names (CSV header; JSONL: null since each object names its own keys). */
  header: string[] | null;
}
