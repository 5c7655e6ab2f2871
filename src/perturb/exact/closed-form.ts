/**
 * Text `exact`'s closed form (docs/search.md#exact) for a model whose decision is linear in the token counts
 * (LinearDecision). When no token run holds two editable words, an edit set changes each label's linear score by the
 * sum of its edits' own changes, so the largest gap a rival can reach over gold with at most `limit` edited words is
 * the rival's clean gap plus its `limit` largest positive per-word gains. That bound covers every valid candidate (they
 * are such sets); when it stays below zero for every label a wrong decision may name, no candidate of the space moves
 * the row and it is certified with no query. Otherwise, or when words share a token run, or when some set could
 * remove every known token (a tf-idf model then scores all labels 0), the caller enumerates.
 */
import type { LinearDecision } from '../../models/model.js';
import { applySearchEdits, editSetViolation, type PlacedEdit } from '../search/edits.js';
import type { SearchObjective } from '../search/objective.js';

/** A gap this far below zero, relative to the scores involved, is certain despite rounding (§20's tie scale). */
const TIE = 1e-9;

/** The labels a wrong decision may name: every other label, or gold's protected targets. */
function rivals(o: SearchObjective, g: number): number[] {
  if (o.objective === 'untargeted') return o.labels.map((_, j) => j).filter((j) => j !== g);
  return o.transitions.filter((t) => t.from === o.gold).map((t) => o.labels.indexOf(t.to));
}

/** Whether a UTF-16 unit ends tokens (half of a surrogate pair never does: the run is taken to go on). */
function ends(ch: string, separator: RegExp): boolean {
  const c = ch.charCodeAt(0);
  return !(c >= 0xd800 && c <= 0xdfff) && separator.test(ch);
}

/** The text with every token run (or chunk) holding an editable word blanked: the tokens no edit can touch. */
function untouchable(text: string, edits: readonly PlacedEdit[][], separator: RegExp): string {
  let out = '';
  let at = 0;
  for (const word of edits) {
    const { start, end } = word[0] as PlacedEdit;
    let a = start;
    let b = end;
    while (a > at && !ends(text[a - 1] as string, separator)) a--;
    while (b < text.length && !ends(text[b] as string, separator)) b++;
    if (a < at) a = at;
    out += text.slice(at, a) + ' ';
    at = Math.max(at, b);
  }
  return out + text.slice(at);
}

/** Whether consecutive editable words (in text order) each have a separator between them. */
function separated(text: string, edits: readonly PlacedEdit[][], separator: RegExp): boolean {
  for (let i = 1; i < edits.length; i++) {
    const before = (edits[i - 1] as PlacedEdit[])[0] as PlacedEdit;
    const after = (edits[i] as PlacedEdit[])[0] as PlacedEdit;
    if (!separator.test(text.slice(before.end, after.start))) return false;
  }
  return true;
}

/**
 * When the closed form proves that no set of at most `limit` of these edits gives a wrong decision: the single edit,
 * valid on its own, that comes closest (the largest gain of the rival that gets nearest), shown as the row's candidate.
 * Null when it cannot tell (the caller then asks the model) or when no single edit is valid on its own.
 */
export function closedFormCertificate(
  task: SearchObjective & { space: { text: string }; limit: number; maxCharEditRatio: number | null },
  edits: readonly PlacedEdit[][],
  linear: LinearDecision
): PlacedEdit | null {
  const text = task.space.text;
  const g = task.labels.indexOf(task.gold);
  const wrong = rivals(task, g);
  if (g < 0 || wrong.length === 0) return null;
  // Words whose every edit leaves the text as the tokenizer reads it (a case change) touch no token.
  const folded = linear.fold(text);
  const acting = edits.filter((word) => word.some((e) => linear.fold(applySearchEdits(text, [e])) !== folded));
  if (!separated(text, acting, linear.separator)) return null;
  // A text whose every known token some edit reaches could lose them all (no linear decision there).
  if (linear.scores(untouchable(text, acting, linear.separator)) === null) return null;
  const base = linear.scores(text);
  if (base === null) return null;
  let scale = 1;
  for (const s of base) scale = Math.max(scale, Math.abs(s));
  // Per rival: each word's largest gain over gold among its edits; and every edit's gains, to pick the one shown.
  const gains = wrong.map(() => [] as number[]);
  const each: Array<{ edit: PlacedEdit; gains: number[] }> = [];
  for (const word of edits) {
    const best = wrong.map(() => -Infinity);
    for (const e of word) {
      const after = linear.scores(applySearchEdits(text, [e]));
      if (after === null) return null;
      const mine = wrong.map((j) => {
        scale = Math.max(scale, Math.abs(after[j] as number), Math.abs(after[g] as number));
        return (after[j] as number) - (base[j] as number) - ((after[g] as number) - (base[g] as number));
      });
      mine.forEach((gain, k) => (best[k] = Math.max(best[k] as number, gain)));
      each.push({ edit: e, gains: mine });
    }
    best.forEach((b, k) => (gains[k] as number[]).push(b));
  }
  const reach = wrong.map((j, k) => {
    const top = (gains[k] as number[])
      .filter((x) => x > 0)
      .sort((a, b) => b - a)
      .slice(0, task.limit);
    let r = (base[j] as number) - (base[g] as number);
    for (const x of top) r += x;
    return { r, terms: top.length };
  });
  if (!reach.every(({ r, terms }) => r < -TIE * (1 + scale) * (1 + terms))) return null;
  // The rival that gets nearest, and its best single edit that is valid on its own.
  let k = 0;
  reach.forEach(({ r }, i) => {
    if (r > (reach[k] as { r: number }).r) k = i;
  });
  let shown: { edit: PlacedEdit; gain: number } | null = null;
  for (const { edit, gains: mine } of each) {
    const gain = mine[k] as number;
    if (shown !== null && gain <= shown.gain) continue;
    if (editSetViolation(text, [edit], task.limit, task.maxCharEditRatio) === null) shown = { edit, gain };
  }
  return shown?.edit ?? null;
}
