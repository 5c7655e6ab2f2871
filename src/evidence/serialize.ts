/**
 * Evidence rows as JSONL bytes (docs/definitions.md#ledger): keys in EVIDENCE_FIELDS order, scores as a label-keyed
 * map in label order (plain JSON.stringify would put numeric-looking labels first), finite
 * numbers as JavaScript prints them (the shortest form that reads back exactly), non-finite ones
 * as null.
 *
 * A row is built as one string and encoded once: a million rows of two dozen small fields cost
 * far less that way than as two dozen small byte copies. Fields that repeat across rows (ids,
 * labels, model and condition names, the text of one example) keep their JSON in a bounded memo;
 * a long text keeps its UTF-8 bytes instead, so that writing it once per model and condition is
 * a copy, not a fresh encoding. A tabular row's feature maps are printed by JSON.stringify, and
 * the clean features, which every row of an example shares, once per example.
 */
import { WORK_FIELDS, type EvidenceRow } from './row.js';

/** One JSON value: finite numbers as JSON prints them, non-finite as null. */
function value(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  // null and booleans (tabular flags) without a call to JSON.stringify.
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return flag(v);
  return JSON.stringify(v);
}

/** The work fields' keys as printed, made once. */
const WORK_KEYS = WORK_FIELDS.map((field) => ',"' + field + '":');

const flag = (v: boolean | null): string => (v === null ? 'null' : v ? 'true' : 'false');

/**
 * A feature map (or null): JSON.stringify prints a record of numbers exactly as value() prints
 * each entry, in the same key order, non-finite values as null, and several times faster than
 * a walk over its entries.
 */
function featureMap(v: Record<string, number> | null | undefined): string {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : value(v);
}

/** Where a row goes: the evidence writer, or a buffer collecting one line. */
interface ByteSink {
  /** Adds a string, encoded as UTF-8. */
  appendString(text: string): void;
  /** Adds bytes already encoded. */
  append(bytes: Uint8Array): void;
  /** Ends the row (writes the newline). */
  endLine(): void;
}

/** Values remembered per field at most. */
const MEMO_MAX = 8192;
/** A text JSON at least this long is kept as bytes and copied rather than re-encoded. */
const LONG_TEXT = 1024;

/** A bounded memo of one field's JSON, with the last value at hand: rows of one example follow each other. */
class JsonMemo {
  private values = new Map<string | null, string>();
  private lastKey: string | null | undefined;
  private last = '';

  json(key: string | null): string {
    if (key === this.lastKey) return this.last;
    let j = this.values.get(key);
    if (j === undefined) {
      j = key === null ? 'null' : JSON.stringify(key);
      if (this.values.size >= MEMO_MAX) this.values = new Map();
      this.values.set(key, j);
    }
    this.lastKey = key;
    this.last = j;
    return j;
  }
}

/**
 * The JSON of the last value seen, kept while the value repeats (=== : 0 and −0 print alike; NaN never matches and is
 * printed again).
 */
class LastJson<K> {
  private seen = false;
  private key: K | undefined;
  private json = '';

  of(key: K, print: (key: K) => string): string {
    if (!this.seen || key !== this.key) {
      this.seen = true;
      this.key = key;
      this.json = print(key);
    }
    return this.json;
  }
}

export class RowSerializer {
  private readonly scoreKeys: string[];
  private readonly memo = {
    id: new JsonMemo(),
    split: new JsonMemo(),
    model: new JsonMemo(),
    condition: new JsonMemo(),
    language: new JsonMemo(),
    domain: new JsonMemo(),
    label: new JsonMemo(),
    cleanPrediction: new JsonMemo(),
    prediction: new JsonMemo(),
    invalidReason: new JsonMemo(),
    uncoveredReason: new JsonMemo(),
    status: new JsonMemo(),
    error: new JsonMemo()
  };
  /** The last text: its JSON, or its bytes when long. */
  private lastText: string | null | undefined;
  private lastTextJson = '';
  private lastTextBytes: Uint8Array | null = null;
  /** Rows that share an input share its score array. */
  private readonly scores = new LastJson<readonly number[] | null>();
  /** clean_margin repeats on every row of one example and model. */
  private readonly cleanMargin = new LastJson<number | null>();
  /** Tabular rows of one example share their clean feature map. */
  private readonly features = new LastJson<Record<string, number> | undefined>();

  constructor(readonly labels: readonly string[]) {
    this.scoreKeys = labels.map((l, i) => (i === 0 ? '{' : ',') + JSON.stringify(l) + ':');
  }

  private readonly printScores = (scores: readonly number[] | null): string => {
    if (scores === null) return 'null';
    let json = '';
    for (let i = 0; i < this.scoreKeys.length; i++) json += (this.scoreKeys[i] as string) + value(scores[i]);
    return json + '}';
  };

  private text(text: string | null): void {
    if (text === this.lastText) return;
    const json = text === null ? 'null' : JSON.stringify(text);
    this.lastText = text;
    this.lastTextJson = json;
    this.lastTextBytes = json.length >= LONG_TEXT ? Buffer.from(json, 'utf8') : null;
  }

  /**
   * Writes one row and its newline, its keys in EVIDENCE_FIELDS order (tests compare it with a stableJson of the row).
   */
  write(row: EvidenceRow, sink: ByteSink): void {
    const m = this.memo;
    this.text(row.text);
    let line =
      '{"id":' +
      m.id.json(row.id) +
      ',"split":' +
      m.split.json(row.split) +
      ',"model":' +
      m.model.json(row.model) +
      ',"condition":' +
      m.condition.json(row.condition) +
      ',"language":' +
      m.language.json(row.language) +
      ',"domain":' +
      m.domain.json(row.domain) +
      ',"text":';
    if (this.lastTextBytes !== null) {
      sink.appendString(line);
      sink.append(this.lastTextBytes);
      line = '';
    } else line += this.lastTextJson;
    line +=
      ',"perturbed_text":' +
      (row.perturbed_text === null ? 'null' : JSON.stringify(row.perturbed_text)) +
      ',"label":' +
      m.label.json(row.label) +
      ',"clean_prediction":' +
      m.cleanPrediction.json(row.clean_prediction) +
      ',"prediction":' +
      m.prediction.json(row.prediction) +
      ',"scores":' +
      this.scores.of(row.scores, this.printScores) +
      ',"margin":' +
      value(row.margin) +
      ',"clean_margin":' +
      this.cleanMargin.of(row.clean_margin, value) +
      ',"changed":' +
      flag(row.changed) +
      ',"valid":' +
      flag(row.valid) +
      ',"invalid_reason":' +
      m.invalidReason.json(row.invalid_reason) +
      ',"eligible":' +
      flag(row.eligible) +
      ',"tested":' +
      flag(row.tested) +
      ',"success":' +
      flag(row.success) +
      ',"uncovered":' +
      flag(row.uncovered) +
      ',"uncovered_reason":' +
      m.uncoveredReason.json(row.uncovered_reason) +
      ',"status":' +
      m.status.json(row.status) +
      ',"error":' +
      m.error.json(row.error) +
      ',"input_sha256":' +
      JSON.stringify(row.input_sha256);
    // Tabular rows: feature maps in the config's feature order (insertion order of the record).
    if (row.features !== undefined) {
      line +=
        ',"features":' +
        this.features.of(row.features, featureMap) +
        ',"perturbed_features":' +
        featureMap(row.perturbed_features) +
        ',"exact":' +
        value(row.exact);
      if (row.queries !== undefined)
        for (let i = 0; i < WORK_FIELDS.length; i++)
          line += (WORK_KEYS[i] as string) + value(row[WORK_FIELDS[i] as (typeof WORK_FIELDS)[number]]);
    }
    // Search rows: queries spent and the edits kept, {op, word, from, to[, at]} in that key order; typo rows: the
    // edits alone.
    if (row.features === undefined && (row.queries !== undefined || row.edits !== undefined)) {
      if (row.queries !== undefined) line += ',"queries":' + String(row.queries);
      line +=
        ',"edits":[' +
        (row.edits ?? [])
          .map(
            (e) =>
              '{"op":' +
              JSON.stringify(e.op) +
              ',"word":' +
              String(e.word) +
              ',"from":' +
              (e.from === null ? 'null' : JSON.stringify(e.from)) +
              ',"to":' +
              (e.to === null ? 'null' : JSON.stringify(e.to)) +
              (e.at === undefined ? '' : ',"at":' + String(e.at)) +
              '}'
          )
          .join(',') +
        ']';
    }
    // Text exact rows: the certificate after the edits.
    if (row.features === undefined && row.method !== undefined)
      line +=
        ',"certified":' +
        value(row.certified ?? null) +
        ',"tie":' +
        value(row.tie ?? null) +
        ',"method":' +
        JSON.stringify(row.method) +
        ',"candidates":' +
        String(row.candidates) +
        ',"candidates_bound":' +
        String(row.candidates_bound === true);
    // A repeated model's rows: the agreement of its answers, last.
    if (row.agreement !== undefined) line += ',"agreement":' + value(row.agreement);
    sink.appendString(line + '}');
    sink.endLine();
  }

  /** One row as a string (without the newline). */
  line(row: EvidenceRow): string {
    const parts: Buffer[] = [];
    this.write(row, {
      appendString: (s) => parts.push(Buffer.from(s, 'utf8')),
      append: (b) => parts.push(Buffer.from(b)),
      endLine: () => {}
    });
    return Buffer.concat(parts).toString('utf8');
  }
}
