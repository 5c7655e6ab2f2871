/**
 * Load the training file and the evaluation splits into frozen examples (docs/definitions.md#data):
 * column mapping, strict row checks, digests, the label set and the train/evaluation overlap.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { FileRef } from '../config/paths.js';
import { DataError, describeFound } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { compareCodePoints, sortCodePoints } from '../util/strings.js';
import { quoted, quotedList, visible, visiblePath } from '../util/visible.js';
import { parseCsv } from './csv.js';
import { decodeUtf8 } from './decode.js';
import { inputKey, UNKNOWN_LANGUAGE, type Example } from './example.js';
import { parseJsonl } from './jsonl.js';
import type { BadRow, ParsedFile } from './records.js';

/** The columns the config maps (`data.columns`). */
interface ColumnMap {
  id: string;
  text: string;
  label: string;
  language: string;
  domain: string;
  /** Tabular: the numeric feature columns, in order (empty for text). */
  features: string[];
}

/** The `data:` block of the plan (src/config/plan.ts): the files to read and how. */
export interface DataPlan {
  train: FileRef;
  /** Evaluation splits in config order. */
  evaluate: Array<{ split: string; file: FileRef }>;
  columns: ColumnMap;
  onBadRow: 'error' | 'skip';
  /**
   * Tabular: the declared feature bounds (threat_model.constraints.bounds), checked on every
   * row as it is read, so that a value outside them is a data error at its line and column.
   */
  bounds?: Record<string, [number, number]>;
}

export interface DataFileInfo {
  split: string;
  path: string;
  format: 'jsonl' | 'csv';
  sha256: string;
  bytes: number;
  rows: number;
  skipped: number;
}

interface SplitData {
  split: string;
  /** Examples in id code-point order. */
  examples: Example[];
}

interface Overlap {
  split: string;
  count: number;
  ids: string[];
}

export interface Dataset {
  train: Example[];
  splits: SplitData[];
  /** Training labels in code-point order: the label set of every model. */
  labels: string[];
  /** Language slices seen across the evaluation splits, in code-point order. */
  languages: string[];
  files: DataFileInfo[];
  labelDigest: string;
  skipped: BadRow[];
  overlap: Overlap[];
}

/** The documented label digest: SHA-256 of this JSON list of [split, id, label] triples. */
export const LABEL_DIGEST_DEFINITION =
  'sha256 of the compact JSON list [[split, id, label], ...]: train first, then the evaluation splits in config ' +
  'order, ids in code-point order within each split';

export function parseFile(ref: FileRef): {
  parsed: ParsedFile;
  info: Omit<DataFileInfo, 'split' | 'rows' | 'skipped'>;
} {
  let bytes: Buffer;
  try {
    bytes = readFileSync(ref.absolute);
  } catch (error) {
    throw new DataError(
      `${visiblePath(ref.path)}: cannot read (` +
        `${visible((error as NodeJS.ErrnoException).code ?? (error as Error).message)}); expected a readable file`
    );
  }
  const ext = extname(ref.path).toLowerCase();
  const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' ? 'jsonl' : null;
  if (!format)
    throw new DataError(
      `${visiblePath(ref.path)}: unsupported extension ${quoted(ext || '(none)')}; expected .jsonl or .csv`
    );
  const text = decodeUtf8(bytes, ref.path);
  if (text.trim() === '') throw new DataError(`${visiblePath(ref.path)}:1: empty file; expected at least one row`);
  const parsed = format === 'csv' ? parseCsv(text, ref.path) : parseJsonl(text, ref.path);
  return { parsed, info: { path: ref.path, format, sha256: sha256Hex(bytes), bytes: bytes.length } };
}

class RowProblem extends Error {
  /** 1-based column of the offending value, where the format has columns (CSV). */
  constructor(
    message: string,
    readonly column: string | null = null
  ) {
    super(message);
  }
}

export const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A numeric feature: a finite JSON number, or a CSV cell holding a decimal number, inside the
 * feature's declared bounds when it has them (a row outside them is not a point of the
 * declared feature space, so no attack result on it would mean anything).
 */
function featureValue(value: unknown, column: string, bounds: [number, number] | undefined): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n))
    throw new RowProblem(`column ${quoted(column)}: expected a finite number, found ${describeFound(value)}`, column);
  if (bounds && !(n >= bounds[0] && n <= bounds[1])) {
    throw new RowProblem(
      `column ${quoted(column)}: expected a value within the declared bounds [${bounds[0]}, ${bounds[1]}] ` +
        `(threat_model.constraints.bounds), found ${n}`,
      column
    );
  }
  return n;
}

/**
 * Strings stay strings; numbers become their decimal text; anything else is refused. A whole
 * number beyond 2^53 has already lost digits in the JSON reader, so it is refused rather than
 * risking two ids collapsing into one.
 */
function asString(value: unknown, column: string): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw new RowProblem(
        `column ${quoted(column)}: a whole number beyond 2^53 cannot be read exactly; expected a string (quote ` +
          `the value in the file)`
      );
    }
    return String(value);
  }
  return null;
}

function toExample(
  values: Record<string, unknown>,
  plan: DataPlan,
  split: string,
  file: string,
  line: number
): Example {
  const columns = plan.columns;
  const need = (key: 'id' | 'label'): string => {
    const column = columns[key];
    if (!Object.hasOwn(values, column)) throw new RowProblem(`missing required column ${quoted(column)} (${key})`);
    const v = asString(values[column], column);
    if (v === null)
      throw new RowProblem(
        `column ${quoted(column)} (${key}): expected a string or number, found ${describeFound(values[column])}`
      );
    if (v.trim() === '')
      throw new RowProblem(`column ${quoted(column)} (${key}): expected a non-empty value, found ${quoted(v)}`);
    return v;
  };
  const id = need('id');
  const label = need('label');
  const optional = (column: string): string | null => {
    const v = Object.hasOwn(values, column) ? values[column] : undefined;
    if (v === undefined || v === null || v === '') return null;
    const s = asString(v, column);
    if (s === null) throw new RowProblem(`column ${quoted(column)}: expected a string, found ${describeFound(v)}`);
    return s;
  };
  const common = {
    id,
    split,
    label,
    language: optional(columns.language) ?? UNKNOWN_LANGUAGE,
    domain: optional(columns.domain),
    file,
    line
  };
  if (columns.features.length > 0) {
    const features: Record<string, number> = {};
    for (const name of columns.features) {
      if (!Object.hasOwn(values, name)) throw new RowProblem(`missing required feature column ${quoted(name)}`);
      features[name] = featureValue(values[name], name, plan.bounds?.[name]);
    }
    return { ...common, input: { kind: 'features', values: features } };
  }
  if (!Object.hasOwn(values, columns.text))
    throw new RowProblem(`missing required column ${quoted(columns.text)} (text)`);
  const text = values[columns.text];
  if (typeof text !== 'string')
    throw new RowProblem(`column ${quoted(columns.text)} (text): expected a string, found ${describeFound(text)}`);
  if (text.trim() === '')
    throw new RowProblem(`column ${quoted(columns.text)} (text): expected non-empty text, found ${quoted(text)}`);
  return { ...common, input: { kind: 'text', text } };
}

export function loadDataset(plan: DataPlan): Dataset {
  const skipped: BadRow[] = [];
  const files: DataFileInfo[] = [];
  const reject = (row: BadRow): void => {
    if (plan.onBadRow === 'skip') skipped.push(row);
    else throw new DataError(`${visiblePath(row.file)}:${row.at ?? row.line}: ${row.reason}`);
  };

  /** Where each id was first read: its split and `file:line`. */
  type Seen = Map<string, { split: string; at: string }>;
  const readSplit = (split: string, ref: FileRef, seen: Seen): Example[] => {
    const { parsed, info } = parseFile(ref);
    const before = skipped.length;
    parsed.bad.forEach(reject);
    const header = parsed.header;
    if (header) {
      const required =
        plan.columns.features.length > 0
          ? [
              ['id', plan.columns.id],
              ['label', plan.columns.label],
              ...plan.columns.features.map((f) => ['feature', f])
            ]
          : (['id', 'text', 'label'] as const).map((k) => [k, plan.columns[k]]);
      for (const [key, column] of required) {
        if (!header.includes(column as string)) {
          throw new DataError(
            `${visiblePath(ref.path)}:1: missing required column ${quoted(column as string)} (${key}); found ` +
              `columns ${quotedList(header)}`
          );
        }
      }
    }
    // CSV errors name the column by its 1-based position in the header.
    const where = (line: number, column: string | null) =>
      header && column !== null ? `${line}:${header.indexOf(column) + 1}` : undefined;
    const examples: Example[] = [];
    for (const record of parsed.records) {
      let example: Example;
      try {
        example = toExample(record.values, plan, split, ref.path, record.line);
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        reject({ file: ref.path, line: record.line, reason: error.message, at: where(record.line, error.column) });
        continue;
      }
      const earlier = seen.get(example.id);
      if (earlier !== undefined) {
        const where =
          earlier.split === split ? `split ${quoted(split)}` : `splits ${quoted(earlier.split)} and ${quoted(split)}`;
        reject({
          file: ref.path,
          line: record.line,
          reason: `duplicate id ${quoted(example.id)} in ${where}; expected unique ids, first seen at ${earlier.at}`
        });
        continue;
      }
      seen.set(example.id, { split, at: `${visiblePath(ref.path)}:${record.line}` });
      examples.push(example);
    }
    if (examples.length === 0)
      throw new DataError(`${visiblePath(ref.path)}:1: no usable rows; expected at least one row`);
    files.push({ split, ...info, rows: examples.length, skipped: skipped.length - before });
    return examples;
  };

  const train = readSplit('train', plan.train, new Map());
  const labels = sortCodePoints(new Set(train.map((e) => e.label)));
  if (labels.length < 2) {
    throw new DataError(
      `${visiblePath(plan.train.path)}: training data has ${labels.length} label; expected at least two labels ` +
        `to classify`
    );
  }
  const known = new Set(labels);
  const evalIds: Seen = new Map();
  const splits: SplitData[] = plan.evaluate.map(({ split, file }) => {
    const examples = readSplit(split, file, evalIds).filter((e) => {
      if (known.has(e.label)) return true;
      reject({
        file: e.file,
        line: e.line,
        reason: `label ${quoted(e.label)} never occurs in the training data; expected one of ${quotedList(labels)}`
      });
      return false;
    });
    const info = files[files.length - 1];
    if (info) info.rows = examples.length;
    if (examples.length === 0)
      throw new DataError(`${visiblePath(file.path)}:1: no usable rows; expected at least one row`);
    return { split, examples: examples.sort((a, b) => compareCodePoints(a.id, b.id)) };
  });
  if (plan.onBadRow === 'skip') {
    for (const info of files) info.skipped = skipped.filter((s) => s.file === info.path).length;
  }

  const languages = sortCodePoints(new Set(splits.flatMap((s) => s.examples.map((e) => e.language))));
  const sortedTrain = [...train].sort((a, b) => compareCodePoints(a.id, b.id));
  const triples = [...sortedTrain, ...splits.flatMap((s) => s.examples)].map((e) => [e.split, e.id, e.label]);
  // Exact overlap of inputs: the same text, or the same feature vector.
  const trainInputs = new Set(train.map((e) => inputKey(e.input)));
  const overlap = splits.map(({ split, examples }) => {
    const ids = examples.filter((e) => trainInputs.has(inputKey(e.input))).map((e) => e.id);
    return { split, count: ids.length, ids };
  });
  return {
    train,
    splits,
    labels,
    languages,
    files,
    labelDigest: sha256Hex(stableJson(triples)),
    skipped,
    overlap
  };
}
