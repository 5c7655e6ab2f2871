/**
 * Evidence rows as JSONL bytes (SPEC §7): keys in EVIDENCE_FIELDS order, scores as a label-keyed
 * map in label order (plain JSON.stringify would put numeric-looking labels first), finite
 * numbers as JavaScript prints them (the shortest form that reads back exactly), non-finite ones
 * as null. A run writes each text once per model and condition, each id and label two dozen
 * times, and each score vector once per row that shares its input; so each field's bytes
 * (`,"field":value`) are remembered for a while and copied, not encoded again.
 */
import { EVIDENCE_FIELDS, TABULAR_FIELDS, type EvidenceRow } from './row.js';

/** One JSON value: finite numbers as JSON prints them, non-finite as null. */
function value(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return v === undefined ? 'null' : JSON.stringify(v);
}

/** Where serialized bytes go: the evidence writer, or a buffer collecting one line. */
export interface ByteSink {
  append(bytes: Uint8Array): void;
  /** Ends the row (writes the newline). */
  endLine(): void;
}

/** Values remembered per field at most. */
const MEMO_MAX = 8192;
const SCORES = EVIDENCE_FIELDS.indexOf('scores');

/** A bounded memo of one field's encoded `,"field":value` bytes. */
class FieldMemo<K> {
  private values = new Map<K, Uint8Array>();
  /** The last value and its bytes: rows of one example follow each other and share most fields. */
  private lastKey: K | undefined;
  private lastBytes: Uint8Array | undefined;
  constructor(private readonly prefix: string) {}

  bytes(key: K, json: (key: K) => string): Uint8Array {
    if (key === this.lastKey && this.lastBytes !== undefined) return this.lastBytes;
    let b = this.values.get(key);
    if (b === undefined) {
      b = Buffer.from(this.prefix + json(key), 'utf8');
      if (this.values.size >= MEMO_MAX) this.values = new Map();
      this.values.set(key, b);
    }
    this.lastKey = key;
    this.lastBytes = b;
    return b;
  }
}

export class RowSerializer {
  private readonly memos: Array<FieldMemo<unknown>>;
  private readonly scoreKeys: string[];

  constructor(readonly labels: readonly string[]) {
    this.memos = EVIDENCE_FIELDS.map((f, i) => new FieldMemo<unknown>((i === 0 ? '{"' : ',"') + f + '":'));
    this.scoreKeys = labels.map((l, i) => (i === 0 ? '{' : ',') + JSON.stringify(l) + ':');
  }

  private scoresJson = (scores: unknown): string => {
    if (scores === null) return 'null';
    const s = scores as readonly number[];
    let json = '';
    for (let i = 0; i < this.scoreKeys.length; i++) json += (this.scoreKeys[i] as string) + value(s[i]);
    return json + '}';
  };

  /** Writes one row and its newline. */
  write(row: EvidenceRow, sink: ByteSink): void {
    for (let f = 0; f < EVIDENCE_FIELDS.length; f++) {
      const v = row[EVIDENCE_FIELDS[f] as (typeof EVIDENCE_FIELDS)[number]];
      sink.append((this.memos[f] as FieldMemo<unknown>).bytes(v, f === SCORES ? this.scoresJson : value));
    }
    // Tabular rows: feature maps in the config's feature order (insertion order of the record).
    if (row.features !== undefined) {
      let tail = '';
      for (const field of TABULAR_FIELDS) {
        const v = row[field];
        tail += ',"' + field + '":' + (v !== null && typeof v === 'object' ? '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ':' + value(x)).join(',') + '}' : value(v));
      }
      sink.append(Buffer.from(tail, 'utf8'));
    }
    sink.append(CLOSE);
    sink.endLine();
  }

  /** One row as a string (without the newline). */
  line(row: EvidenceRow): string {
    const parts: Uint8Array[] = [];
    this.write(row, { append: (b) => parts.push(b), endLine: () => {} });
    return Buffer.concat(parts).toString('utf8');
  }
}

const CLOSE = Buffer.from('}', 'utf8');

/** One JSONL line (without the newline); a run keeps one RowSerializer for all its rows. */
export function serializeRow(row: EvidenceRow, labels: readonly string[]): string {
  return new RowSerializer(labels).line(row);
}
