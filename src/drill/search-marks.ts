/**
 * A search row's texts cut for display with every edited word apart (docs/search.md): the search
 * may edit several words far from each other, so one changed span from the first to the last
 * edit would mark everything between them. The words are found as the search found them — the
 * edit's `word` is the index among all words of the text (perturb/words.ts) — and each is
 * checked against the edit's `from`; a row whose edits do not fit its text gets no marks (the
 * caller falls back to the plain changed span).
 */
import type { EvidenceRow } from '../evidence/row.js';
import { scanText } from '../perturb/words.js';
import { codePointLength, unitOffset } from '../util/strings.js';

/** One piece of a cut text: plain (op null) or an edited word with the operator that made it. */
interface MarkedPart {
  text: string;
  op: string | null;
}

export interface MarkedSnippet {
  parts: MarkedPart[];
  cutStart: boolean;
  cutEnd: boolean;
}

interface Span {
  start: number;
  end: number;
  op: string;
}

/** `text` cut to `max` code points (a quarter of the room before the first span), the spans apart. */
function markedSnippet(text: string, spans: readonly Span[], max: number): MarkedSnippet {
  const total = codePointLength(text);
  const first = spans.length > 0 ? codePointLength(text, (spans[0] as Span).start) : 0;
  const startCp = total <= max ? 0 : Math.max(0, Math.min(first - Math.floor(max / 4), total - max));
  const endCp = Math.min(total, startCp + max);
  const from = unitOffset(text, startCp);
  const to = unitOffset(text, endCp);
  const parts: MarkedPart[] = [];
  const push = (a: number, b: number, op: string | null) => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi > lo) parts.push({ text: text.slice(lo, hi), op });
  };
  let at = 0;
  for (const s of spans) {
    push(at, s.start, null);
    push(s.start, s.end, s.op);
    at = s.end;
  }
  push(at, text.length, null);
  return { parts, cutStart: startCp > 0, cutEnd: endCp < total };
}

/**
 * The original and perturbed texts of a search row with each edited word marked; null when the row has none or they do
 * not fit.
 */
export function searchMarks(
  row: Pick<EvidenceRow, 'text' | 'perturbed_text' | 'edits' | 'language'>,
  max: number
): { original: MarkedSnippet; perturbed: MarkedSnippet } | null {
  const edits = row.edits;
  if (row.text === null || row.perturbed_text === null || edits === undefined || edits.length === 0) return null;
  const words = scanText(row.text, row.language).words;
  const before: Span[] = [];
  const after: Span[] = [];
  let delta = 0;
  let rebuilt = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.word - b.word)) {
    const w = words[e.word];
    if (w === undefined || e.from === null || e.to === null || w.text !== e.from || w.start < at) return null;
    before.push({ start: w.start, end: w.end, op: e.op });
    after.push({ start: w.start + delta, end: w.start + delta + e.to.length, op: e.op });
    delta += e.to.length - (w.end - w.start);
    rebuilt += row.text.slice(at, w.start) + e.to;
    at = w.end;
  }
  if (rebuilt + row.text.slice(at) !== row.perturbed_text) return null;
  return { original: markedSnippet(row.text, before, max), perturbed: markedSnippet(row.perturbed_text, after, max) };
}
