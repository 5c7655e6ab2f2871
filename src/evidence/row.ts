/**
 * The evidence row (SPEC §7) and its serialisation with a fixed key order. Scores are a
 * label-keyed map kept in label code-point order, which plain JSON.stringify would not keep
 * for numeric-looking labels.
 */
import type { Condition } from '../config/families.js';

/** Major version of the row layout below; recorded in the manifest's entry for evidence.jsonl. v2 added input_sha256. */
export const EVIDENCE_SCHEMA_VERSION = 2;

export type RowStatus = 'ok' | 'error' | 'timeout';
export type UncoveredReason = 'unchanged' | 'no_dictionary' | 'invalid' | 'missing';

export interface EvidenceRow {
  id: string;
  split: string;
  model: string;
  condition: Condition;
  language: string;
  domain: string | null;
  text: string | null;
  perturbed_text: string | null;
  label: string;
  clean_prediction: string | null;
  prediction: string | null;
  /** Scores in label order (the labels list of the manifest), null when the row is missing. */
  scores: number[] | null;
  margin: number | null;
  clean_margin: number | null;
  changed: boolean;
  valid: boolean | null;
  invalid_reason: string | null;
  eligible: boolean | null;
  tested: boolean | null;
  success: boolean | null;
  uncovered: boolean | null;
  uncovered_reason: UncoveredReason | null;
  status: RowStatus;
  error: string | null;
  /** SHA-256 of the input the model scored: the text (perturbed on perturbed rows) or the feature record as written. */
  input_sha256: string;
  /** Tabular rows only (SPEC §13): the clean feature vector, the candidate, and whether FGM is the exact worst case. */
  features?: Record<string, number>;
  perturbed_features?: Record<string, number> | null;
  exact?: boolean | null;
}

export const EVIDENCE_FIELDS = [
  'id', 'split', 'model', 'condition', 'language', 'domain', 'text', 'perturbed_text', 'label',
  'clean_prediction', 'prediction', 'scores', 'margin', 'clean_margin', 'changed',
  'valid', 'invalid_reason', 'eligible', 'tested', 'success', 'uncovered', 'uncovered_reason', 'status',
  'error', 'input_sha256'
] as const satisfies ReadonlyArray<keyof EvidenceRow>;

/** Appended after EVIDENCE_FIELDS on tabular rows. */
export const TABULAR_FIELDS = ['features', 'perturbed_features', 'exact'] as const satisfies ReadonlyArray<keyof EvidenceRow>;

/** One JSON value: finite numbers as JSON prints them, non-finite as null. */
function value(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return v === undefined ? 'null' : JSON.stringify(v);
}

/** The `"field":` prefixes in EVIDENCE_FIELDS order (the first without its comma). */
const PREFIXES = EVIDENCE_FIELDS.map((f, i) => (i === 0 ? '{"' : ',"') + f + '":');
const SCORES = EVIDENCE_FIELDS.indexOf('scores');

/** Strings shorter than this are encoded directly; longer ones (texts) are worth remembering. */
const MEMO_MIN = 24;
const MEMO_MAX = 8192;

/**
 * Writes evidence rows as JSONL lines, keys in EVIDENCE_FIELDS order and scores in label order.
 * A run writes every text many times (once per model and condition) and every score vector
 * several times (once per row that shares an input), so the JSON of long strings and of score
 * vectors is remembered for a while: the same bytes, a fraction of the work.
 */
export class RowSerializer {
  private readonly keys: string[];
  private strings = new Map<string, string>();
  private scores = new WeakMap<readonly number[], string>();

  constructor(readonly labels: readonly string[]) {
    this.keys = labels.map((l, i) => (i === 0 ? '{' : ',') + JSON.stringify(l) + ':');
  }

  private text(v: string): string {
    if (v.length < MEMO_MIN) return JSON.stringify(v);
    let json = this.strings.get(v);
    if (json === undefined) {
      json = JSON.stringify(v);
      if (this.strings.size >= MEMO_MAX) this.strings = new Map();
      this.strings.set(v, json);
    }
    return json;
  }

  private scoreJson(scores: readonly number[]): string {
    let json = this.scores.get(scores);
    if (json === undefined) {
      json = '';
      for (let i = 0; i < this.keys.length; i++) json += (this.keys[i] as string) + value(scores[i]);
      json += '}';
      this.scores.set(scores, json);
    }
    return json;
  }

  private numbers = new Map<number, string>();

  /** Margins repeat with their inputs: the shortest round-trip digits of each are found once. */
  private number(v: number): string {
    let text = this.numbers.get(v);
    if (text === undefined) {
      text = value(v);
      if (this.numbers.size >= MEMO_MAX * 8) this.numbers = new Map();
      this.numbers.set(v, text);
    }
    return text;
  }

  line(row: EvidenceRow): string {
    let out = '';
    for (let f = 0; f < EVIDENCE_FIELDS.length; f++) {
      out += PREFIXES[f] as string;
      if (f === SCORES) {
        out += row.scores === null ? 'null' : this.scoreJson(row.scores);
        continue;
      }
      const v = row[EVIDENCE_FIELDS[f] as (typeof EVIDENCE_FIELDS)[number]];
      out += typeof v === 'string' ? this.text(v) : typeof v === 'number' ? this.number(v) : v === null ? 'null' : v === true ? 'true' : v === false ? 'false' : value(v);
    }
    // Tabular rows: feature maps in the config's feature order (insertion order of the record).
    if (row.features !== undefined) {
      for (const field of TABULAR_FIELDS) {
        const v = row[field];
        out += ',"' + field + '":' + (v !== null && typeof v === 'object' ? '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ':' + value(x)).join(',') + '}' : value(v));
      }
    }
    return out + '}';
  }
}

/** One JSONL line (without the newline); see RowSerializer, which a run keeps for all its rows. */
export function serializeRow(row: EvidenceRow, labels: readonly string[]): string {
  return new RowSerializer(labels).line(row);
}

/** A line of evidence.jsonl that cannot be read back as a row. */
export class EvidenceParseError extends Error {}

const STATUSES = new Set(['ok', 'error', 'timeout']);

/**
 * One JSONL line back into a row: scores go from the label-keyed map to the label-ordered array
 * (every label present, no other key). Field types are checked so that a damaged file gives a
 * clear message instead of wrong figures.
 */
export function parseRow(line: string, labels: readonly string[], where: string): EvidenceRow {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch (error) {
    throw new EvidenceParseError(`${where}: not JSON (${(error as Error).message})`);
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new EvidenceParseError(`${where}: expected a JSON object`);
  const text = (k: string) => {
    if (typeof o[k] !== 'string') throw new EvidenceParseError(`${where}: field ${k} must be a string`);
  };
  const textOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'string') throw new EvidenceParseError(`${where}: field ${k} must be a string or null`);
  };
  const boolOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'boolean') throw new EvidenceParseError(`${where}: field ${k} must be true, false or null`);
  };
  const numOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'number') throw new EvidenceParseError(`${where}: field ${k} must be a number or null`);
  };
  for (const k of ['id', 'split', 'model', 'condition', 'language', 'label', 'status', 'input_sha256']) text(k);
  for (const k of ['domain', 'text', 'perturbed_text', 'clean_prediction', 'prediction', 'invalid_reason', 'uncovered_reason', 'error']) textOrNull(k);
  for (const k of ['valid', 'eligible', 'tested', 'success', 'uncovered']) boolOrNull(k);
  for (const k of ['margin', 'clean_margin']) numOrNull(k);
  if (typeof o.changed !== 'boolean') throw new EvidenceParseError(`${where}: field changed must be true or false`);
  if (!STATUSES.has(o.status as string)) throw new EvidenceParseError(`${where}: status must be ok, error or timeout`);
  let scores: number[] | null = null;
  if (o.scores !== null) {
    const map = o.scores as Record<string, unknown>;
    if (typeof map !== 'object' || Array.isArray(map)) throw new EvidenceParseError(`${where}: scores must be a label-keyed object or null`);
    if (Object.keys(map).length !== labels.length) throw new EvidenceParseError(`${where}: scores must name every label once`);
    scores = labels.map((l) => {
      const v = map[l];
      if (typeof v !== 'number') throw new EvidenceParseError(`${where}: scores.${l} must be a number`);
      return v;
    });
  }
  return { ...(o as unknown as EvidenceRow), scores };
}
