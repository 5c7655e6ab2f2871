/**
 * The JSONL wire format of an external model (docs/definitions.md#external-models): encoding one request line, and
 * parsing + validating one response line against the training labels.
 *
 * Request ids are `r1, r2, …` (one sequence per process, in the order requests are written).
 * A response is checked in this order, the first problem found being the one reported:
 *   not JSON or not a JSON object          → malformed_json  (no usable id)
 *   no string `id`                         → bad_response    (no usable id)
 *   `error` and neither `scores` nor `label` → model_error (a string: the model's own reason)
 *   both or neither of `scores` / `label`  → bad_response
 *   `label` not a string                   → bad_response
 *   `label` outside the label set          → unknown_label
 *   `scores` not an object                 → bad_response
 *   then the checks every model's scores pass (src/models/score-check.ts).
 * Untrusted text is masked (secrets replaced) before a reason quotes and cuts it.
 */
import type { ExampleInput } from '../../data/example.js';
import type { ScoreResult } from '../model.js';
import { ScoreCheck } from '../score-check.js';
import type { FailureKind } from './contract.js';

export type OkResult = Extract<ScoreResult, { status: 'ok' }>;

/** One parsed response line: an accepted answer, or a failure (with `id: null` when no id could be read). */
type ParsedResponse =
  { ok: true; id: string; result: OkResult } | { ok: false; id: string | null; failure: FailureKind; reason: string };

/** How much of an offending response line a reason quotes. */
const QUOTE_CHARS = 80;

export function requestId(seq: number): string {
  return `r${seq}`;
}

/** The sequence number of an id exactly as `requestId` writes it (`r` + digits, no leading zero), else null. */
export function requestSeq(id: string): number | null {
  const n = id.length;
  if (n < 2 || n > 16 || id.charCodeAt(0) !== 114 /* r */) return null;
  let seq = 0;
  for (let i = 1; i < n; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9 || (i === 1 && d === 0)) return null;
    seq = seq * 10 + d;
  }
  return seq;
}

/** Characters JSON.stringify would escape (or might: any surrogate, in case it is lone). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal, identical to JSON.stringify(text) but faster for plain text. */
function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** One request line, newline included. */
export function encodeRequest(seq: number, input: ExampleInput): string {
  return input.kind === 'text'
    ? `{"id":"r${seq}","text":${jsonString(input.text)}}\n`
    : `{"id":"r${seq}","features":${JSON.stringify(input.values)}}\n`;
}

/** The first `QUOTE_CHARS` characters of untrusted text, JSON-quoted so control characters stay visible. */
export function quote(text: string, max = QUOTE_CHARS): string {
  if (text.length <= max) return JSON.stringify(text);
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // never split a surrogate pair
  return `${JSON.stringify(text.slice(0, end))}…`;
}

/**
 * Array.isArray behind a cheap pre-test: builtins such as Array.isArray, Number.isFinite,
 * Object.hasOwn and `new Array(n)` cost ~0.2 µs a call inside jest's VM contexts, which matters
 * at 200,000 responses per second; the hot path below avoids them.
 */
function isArray(value: object): boolean {
  return typeof (value as { length?: unknown }).length === 'number' && Array.isArray(value);
}

export class ResponseParser {
  private readonly check: ScoreCheck;
  private readonly quote: (text: string, max?: number) => string;

  /** `mask` hides secrets in untrusted text; it runs before the text is quoted and cut. */
  constructor(labels: readonly string[], probabilities: boolean, mask: (text: string) => string = (text) => text) {
    this.quote = (text, max) => quote(mask(text), max);
    this.check = new ScoreCheck(labels, probabilities, this.quote);
  }

  parse(line: string): ParsedResponse {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, id: null, failure: 'malformed_json', reason: `malformed JSON response ${this.quote(line)}` };
    }
    return this.parseValue(value, line);
  }

  /** One response already parsed from JSON (an HTTP model's output object); `line` is its text, for quoting. */
  parseValue(value: unknown, line: string): ParsedResponse {
    if (typeof value !== 'object' || value === null || isArray(value)) {
      return {
        ok: false,
        id: null,
        failure: 'malformed_json',
        reason: `response is not a JSON object: ${this.quote(line)}`
      };
    }
    const obj = value as Record<string, unknown>;
    const id = obj.id;
    if (typeof id !== 'string') {
      return {
        ok: false,
        id: null,
        failure: 'bad_response',
        reason: `response without a string "id": ${this.quote(line)}`
      };
    }
    // JSON.parse never yields `undefined`, so this is an own-property test (and much cheaper than
    // Object.hasOwn inside jest's VM contexts).
    const hasScores = obj.scores !== undefined;
    const hasLabel = obj.label !== undefined;
    if (!hasScores && !hasLabel && obj.error !== undefined) return this.modelError(id, obj.error);
    if (hasScores === hasLabel) {
      const what = hasScores ? 'both "scores" and "label"' : 'neither "scores" nor "label"';
      return { ok: false, id, failure: 'bad_response', reason: `response has ${what}` };
    }
    return hasLabel ? this.labelOnly(id, obj.label) : this.scores(id, obj.scores);
  }

  /** The model's own report that it could not answer this input (a Python model's exception). */
  private modelError(id: string, error: unknown): ParsedResponse {
    if (typeof error !== 'string')
      return {
        ok: false,
        id,
        failure: 'bad_response',
        reason: `"error" is not a string: ${this.check.describe(error)}`
      };
    return { ok: false, id, failure: 'model_error', reason: `the model reported an error: ${this.quote(error, 200)}` };
  }

  private labelOnly(id: string, label: unknown): ParsedResponse {
    if (typeof label !== 'string') {
      return {
        ok: false,
        id,
        failure: 'bad_response',
        reason: `"label" is not a string: ${this.check.describe(label)}`
      };
    }
    if (!this.check.isLabel(label)) return { id, ...this.check.unknownLabel(label) };
    return { ok: true, id, result: { status: 'ok', scores: null, label } };
  }

  private scores(id: string, raw: unknown): ParsedResponse {
    if (typeof raw !== 'object' || raw === null || isArray(raw)) {
      return {
        ok: false,
        id,
        failure: 'bad_response',
        reason: `"scores" is not an object: ${this.check.describe(raw)}`
      };
    }
    const checked = this.check.table(raw as Record<string, unknown>);
    return checked.ok ? { ok: true, id, result: { status: 'ok', scores: checked.scores } } : { id, ...checked };
  }
}
