/**
 * A reference to one evidence row behind a check (docs/definitions.md#drill-down), ranked most severe first:
 * a protected transition (gold → prediction is a declared pair), then the largest margin loss
 * (clean margin − margin; a missing row, which has no prediction at all, loses the most), then
 * id in code points, then split, model and condition in evidence order.
 */
import { familyNamed } from '../config/families.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { isProtected } from '../evidence/ledger.js';
import type { EvidenceRow } from '../evidence/row.js';
import { codePointLength, compareCodePoints, unitOffset } from '../util/strings.js';
import { searchMarks, type MarkedSnippet } from './search-marks.js';

/** What checks.json lists per example. */
export interface ExampleRef {
  split: string;
  id: string;
  language: string;
  /** Null for data-level checks (the example itself, not a model's reading of it). */
  model: string | null;
  condition: string | null;
  gold: string;
  clean_prediction: string | null;
  prediction: string | null;
  clean_margin: number | null;
  margin: number | null;
  /** Search rows (docs/search.md): the queries the search spent and the edits it kept; typo rows: the edits. */
  queries?: number;
  edits?: SearchEditRef[];
  /** Text `exact` rows (docs/search.md#exact): how the row was decided and the size of its edit space. */
  exact?: ExactRef;
}

/** What an exact row says about its space: the method, its outcome flags and the candidates it holds. */
export interface ExactRef {
  method: 'closed_form' | 'enumeration' | 'undecided';
  certified: boolean | null;
  tie: boolean | null;
  candidates: number;
  /** The space holds more than `candidates` (past max_candidates; still decided at times: docs/search.md#exact). */
  candidates_bound: boolean;
}

/**
 * One kept search edit: its operator and word index. The words before and after stay in the
 * evidence row (a word may be as long as its text), so a reference stays small.
 */
interface SearchEditRef {
  op: string;
  word: number;
  /** A typo's letter position in the word (docs/families.md#typo). */
  at?: number;
}

/** A piece of text cut for display, the changed span apart (null parts: no text in the evidence). */
export interface TextSnippet {
  before: string;
  changed: string;
  after: string;
  /** Text was cut at the start / end. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** A ref with its ranking keys and, when the evidence holds text, the texts cut for the summary. */
export interface RankedRef {
  ref: ExampleRef;
  protected: boolean;
  loss: number;
  order: number;
  original: TextSnippet | null;
  perturbed: TextSnippet | null;
  /** Search rows with text: both texts with every edited word apart (the snippets above keep one span). */
  marks?: { original: MarkedSnippet; perturbed: MarkedSnippet };
}

/** Longest display of a text: docs/definitions.md#drill-down cuts at 200 characters. */
export const SNIPPET_CHARS = 200;

/**
 * `text` cut to `max` code points around [from, to) (code-unit offsets), keeping the changed
 * span in view: up to a quarter of the room before it. Offsets are counted in place rather than
 * through an array of code points: the collector cuts thousands of texts per run.
 */
export function snippet(text: string, from: number, to: number, max = SNIPPET_CHARS): TextSnippet {
  const total = codePointLength(text);
  const a = codePointLength(text, from);
  const b = codePointLength(text, to);
  const cut = (p: number, q: number) => text.slice(unitOffset(text, p), unitOffset(text, q));
  if (total <= max)
    return { before: cut(0, a), changed: cut(a, b), after: cut(b, total), cutStart: false, cutEnd: false };
  const start = Math.max(0, Math.min(a - Math.floor(max / 4), total - max));
  const end = Math.min(total, start + max);
  const clip = (x: number) => Math.max(start, Math.min(end, x));
  return {
    before: cut(start, clip(a)),
    changed: cut(clip(a), clip(b)),
    after: cut(clip(b), end),
    cutStart: start > 0,
    cutEnd: end < total
  };
}

/**
 * The changed span between an original and its candidate: common prefix and suffix left out (code units,
 * surrogate-safe).
 */
export function changedSpan(
  original: string,
  candidate: string
): { start: number; endOriginal: number; endCandidate: number } {
  let start = 0;
  const n = Math.min(original.length, candidate.length);
  while (start < n && original.charCodeAt(start) === candidate.charCodeAt(start)) start++;
  // Never split a surrogate pair.
  if (start > 0 && start < original.length && isLowSurrogate(original.charCodeAt(start))) start--;
  let tail = 0;
  while (
    tail < n - start &&
    original.charCodeAt(original.length - 1 - tail) === candidate.charCodeAt(candidate.length - 1 - tail)
  )
    tail++;
  if (tail > 0 && isLowSurrogate(original.charCodeAt(original.length - tail))) tail--;
  return { start, endOriginal: original.length - tail, endCandidate: candidate.length - tail };
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Rows of a family whose descriptor says they record word edits (the search's `edits`). */
function recordsEdits(row: EvidenceRow): boolean {
  return familyNamed(row.condition, row.features === undefined ? 'text' : 'tabular')?.recordsEdits === true;
}

export function refOf(row: EvidenceRow): ExampleRef {
  return {
    split: row.split,
    id: row.id,
    language: row.language,
    model: row.model,
    condition: row.condition,
    gold: row.label,
    clean_prediction: row.clean_prediction,
    prediction: row.prediction,
    clean_margin: row.clean_margin,
    margin: row.margin,
    ...(recordsEdits(row) && typeof row.queries === 'number' ? { queries: row.queries } : {}),
    ...(recordsEdits(row) && row.edits !== undefined
      ? { edits: row.edits.map((e) => ({ op: e.op, word: e.word, ...(e.at !== undefined ? { at: e.at } : {}) })) }
      : {}),
    ...(row.method !== undefined
      ? {
          exact: {
            method: row.method,
            certified: row.certified ?? null,
            tie: row.tie ?? null,
            candidates: row.candidates ?? 0,
            candidates_bound: row.candidates_bound === true
          }
        }
      : {})
  };
}

/**
 * Ranks a row; `order` is its position among the rows of its example (model × condition). Texts are cut later, only for
 * kept refs.
 */
export function rank(row: EvidenceRow, transitions: readonly ProtectedTransition[], order: number): RankedRef {
  const missing = row.status !== 'ok';
  const loss = missing
    ? Infinity
    : row.clean_margin !== null && row.margin !== null
      ? row.clean_margin - row.margin
      : 0;
  return {
    ref: refOf(row),
    protected: !missing && isProtected(transitions, row.label, row.prediction),
    loss,
    order,
    original: null,
    perturbed: null
  };
}

/** Cuts the row's texts (when the evidence holds them) into the ref, the changed span marked. */
export function withTexts(ranked: RankedRef, row: EvidenceRow): void {
  if (row.text === null) return;
  if (row.perturbed_text !== null && row.perturbed_text !== row.text) {
    const span = changedSpan(row.text, row.perturbed_text);
    ranked.original = snippet(row.text, span.start, span.endOriginal);
    ranked.perturbed = snippet(row.perturbed_text, span.start, span.endCandidate);
    const marks = recordsEdits(row) ? searchMarks(row, SNIPPET_CHARS) : null;
    if (marks) ranked.marks = marks;
  } else ranked.original = snippet(row.text, 0, 0);
}

/** A data-level reference: the example, with no model's reading. */
export function dataRef(row: EvidenceRow): RankedRef {
  return {
    ref: {
      split: row.split,
      id: row.id,
      language: row.language,
      model: null,
      condition: null,
      gold: row.label,
      clean_prediction: null,
      prediction: null,
      clean_margin: null,
      margin: null
    },
    protected: false,
    loss: 0,
    order: 0,
    original: null,
    perturbed: null
  };
}

/** Negative when `a` is more severe than `b`. */
export function compareSeverity(a: RankedRef, b: RankedRef): number {
  if (a.protected !== b.protected) return a.protected ? -1 : 1;
  if (a.loss !== b.loss) return a.loss > b.loss ? -1 : 1;
  return compareCodePoints(a.ref.id, b.ref.id) || compareCodePoints(a.ref.split, b.ref.split) || a.order - b.order;
}

/** The `limit` most severe refs seen, and how many were offered. */
export class TopRefs {
  count = 0;
  private readonly kept: RankedRef[] = [];
  constructor(private readonly limit: number) {}

  /** Counts a ref and keeps it if it is among the most severe; `fill` completes a kept ref (its texts). */
  offer(ranked: RankedRef, fill?: (kept: RankedRef) => void): void {
    this.count++;
    if (this.limit === 0) return;
    const kept = this.kept;
    if (kept.length === this.limit && compareSeverity(ranked, kept[kept.length - 1] as RankedRef) >= 0) return;
    fill?.(ranked);
    let i = kept.length;
    while (i > 0 && compareSeverity(ranked, kept[i - 1] as RankedRef) < 0) i--;
    kept.splice(i, 0, ranked);
    if (kept.length > this.limit) kept.pop();
  }

  list(): RankedRef[] {
    return [...this.kept];
  }
}

/** Where an edit acts, as the reports say it: "transpose at word 3", "typo_delete at word 3, letter 2". */
export function editPlace(e: SearchEditRef): string {
  return `${e.op} at word ${e.word}${e.at !== undefined ? `, letter ${e.at}` : ''}`;
}
