/**
 * Text `exact`'s closed form (docs/search.md#exact) for a model whose decision is linear in the token counts
 * (LinearDecision), or a weighted sum of such decisions each divided by its text's norm (hybrid). When no token run
 * holds two editable words, an edit set changes each label's linear score by the sum of its edits' own changes, each
 * read from the edited word's token run alone. So a set's gap between a rival and gold is known without asking the
 * model (exactly for a linear model; as an upper bound for a mixture, whose norms are bounded: a set's tf-idf vector
 * is no shorter than the untouchable text's and no longer than the clean text's plus its edited runs'). Over the whole
 * space, the largest reachable gap is at most the clean gap plus the `limit` largest per-word gains. Declines (null)
 * when words share a token run, or when some set could remove every known token (a tf-idf part then scores 0).
 */
import type { Model, WeightedDecision } from '../../models/model.js';
import type { PlacedEdit } from '../search/edits.js';
import type { SearchObjective } from '../search/objective.js';

/** A gap this far below zero, relative to the scores involved, is certain despite rounding (§20's tie scale). */
const TIE = 1e-9;

export interface DecisionBound {
  /** No set of at most `limit` edited words can give a wrong decision (the whole space, with no size limit). */
  row: boolean;
  /** Whether the set may give a wrong decision; false means it certainly does not and need not be asked. */
  mayMove(set: readonly PlacedEdit[]): boolean;
  /** How near the set's best rival comes to gold (an upper bound of its gap; higher is nearer). */
  reach(set: readonly PlacedEdit[]): number;
}

/** The linear parts of a model's decision the closed form reads: its linear decision, or its mixture; else none. */
export function decisionParts(model: Model): readonly WeightedDecision[] | undefined {
  if (model.linear) return [{ weight: 1, linear: model.linear }];
  return model.mixture;
}

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

/** The token run (or chunk) around [start, end): the characters up to the nearest separators. */
function runAround(text: string, start: number, end: number, separator: RegExp): [number, number] {
  let a = start;
  let b = end;
  while (a > 0 && !ends(text[a - 1] as string, separator)) a--;
  while (b < text.length && !ends(text[b] as string, separator)) b++;
  return [a, b];
}

/** The text with every token run holding an acting word blanked: the tokens no edit can touch. */
function untouchable(text: string, acting: readonly PlacedEdit[][], separator: RegExp): string {
  let out = '';
  let at = 0;
  for (const word of acting) {
    const { start, end } = word[0] as PlacedEdit;
    const [a, b] = runAround(text, start, end, separator);
    out += text.slice(at, Math.max(a, at)) + ' ';
    at = Math.max(at, b);
  }
  return out + text.slice(at);
}

/** Whether consecutive acting words (in text order) each have a separator between them. */
function separated(text: string, acting: readonly PlacedEdit[][], separator: RegExp): boolean {
  for (let i = 1; i < acting.length; i++) {
    const before = (acting[i - 1] as PlacedEdit[])[0] as PlacedEdit;
    const after = (acting[i] as PlacedEdit[])[0] as PlacedEdit;
    if (!separator.test(text.slice(before.end, after.start))) return false;
  }
  return true;
}

/** What one part knows about a row: its clean gaps and norms, and each edit's gains and edited-run norm. */
interface PartFacts {
  weight: number;
  /** Clean linear gap of each rival over gold. */
  gap: number[];
  /** Mixed parts only: the norms of the clean and the untouchable text. */
  clean: number;
  floor: number;
  /** TIE × (1 + the largest |score| seen), in this part's units. */
  tol: number;
  /** Per edit: each rival's gain over gold, and the edited run's norm (0 when the edit touches no token). */
  edits: Map<PlacedEdit, { gains: number[]; norm: number }>;
  /** Per word: each rival's largest gain, and the largest norm, over its edits. */
  words: Array<{ gains: number[]; norm: number }>;
}

function partFacts(
  text: string,
  edits: readonly PlacedEdit[][],
  part: WeightedDecision,
  g: number,
  wrong: readonly number[],
  mixed: boolean
): PartFacts | null {
  const { linear } = part;
  // Each word's token run, and each edit's run once edited. A word whose every edit leaves its run as the tokenizer
  // reads it (a case change: the models lower-case) touches no token.
  const runs = edits.map((word) =>
    runAround(text, (word[0] as PlacedEdit).start, (word[0] as PlacedEdit).end, linear.separator)
  );
  const edited = (e: PlacedEdit, [a, b]: [number, number]): string =>
    text.slice(a, e.start) + e.to + text.slice(e.end, b);
  const acts = (e: PlacedEdit, run: [number, number]): boolean =>
    linear.fold(edited(e, run)) !== linear.fold(text.slice(run[0], run[1]));
  const acting = edits.filter((word, i) => word.some((e) => acts(e, runs[i] as [number, number])));
  if (!separated(text, acting, linear.separator)) return null;
  const rest = untouchable(text, acting, linear.separator);
  if (linear.scores(rest) === null) return null;
  const base = linear.scores(text);
  if (base === null) return null;
  const norm = (t: string): number => (mixed && linear.norm ? linear.norm(t) : 0);
  const floor = mixed ? norm(rest) : 1;
  if (!(floor > 0)) return null;
  let scale = 1;
  for (const s of base) scale = Math.max(scale, Math.abs(s));
  // A run's own scores: its tokens' sum (a constant such as naive Bayes' prior cancels in a difference).
  const raw = (t: string): readonly number[] => {
    const s = linear.scores(t);
    if (s !== null) for (const x of s) scale = Math.max(scale, Math.abs(x));
    return s ?? base.map(() => 0);
  };
  const facts: PartFacts = {
    weight: part.weight,
    gap: wrong.map((j) => (base[j] as number) - (base[g] as number)),
    clean: mixed ? norm(text) : 1,
    floor,
    tol: 0,
    edits: new Map(),
    words: []
  };
  edits.forEach((word, i) => {
    const best = { gains: wrong.map(() => -Infinity), norm: 0 };
    const span = runs[i] as [number, number];
    const before = raw(text.slice(span[0], span[1]));
    for (const e of word) {
      let mine = { gains: wrong.map(() => 0), norm: 0 };
      if (acts(e, span)) {
        const run = edited(e, span);
        const after = raw(run);
        const gains = wrong.map(
          (j) => (after[j] as number) - (before[j] as number) - ((after[g] as number) - (before[g] as number))
        );
        mine = { gains, norm: norm(run) };
      }
      facts.edits.set(e, mine);
      mine.gains.forEach((x, k) => (best.gains[k] = Math.max(best.gains[k] as number, x)));
      best.norm = Math.max(best.norm, mine.norm);
    }
    facts.words.push(best);
  });
  facts.tol = TIE * (1 + scale);
  return facts;
}

/**
 * A part's share of a rival's gap, bounded above: a linear gap as it is; a mixed part's gap over the text's norm, whose
 * range [floor, clean + edited runs' norms] gives the bound (the smallest norm for a positive gap, the largest for a
 * negative one).
 */
function share(p: PartFacts, mixed: boolean, gap: number, norms: number): number {
  if (!mixed) return p.weight * gap;
  return (p.weight * gap) / (gap >= 0 ? p.floor : p.clean + norms);
}

/** The sum of the `limit` largest positive values. */
function topSum(values: readonly number[], limit: number): { sum: number; terms: number } {
  const top = values
    .filter((x) => x > 0)
    .sort((a, b) => b - a)
    .slice(0, limit);
  return { sum: top.reduce((a, b) => a + b, 0), terms: top.length };
}

/** The closed form of a row for `parts` (one linear decision, or a mixture), or null when it cannot tell. */
export function decisionBound(
  task: SearchObjective & { space: { text: string }; limit: number },
  edits: readonly PlacedEdit[][],
  parts: readonly WeightedDecision[]
): DecisionBound | null {
  const text = task.space.text;
  const g = task.labels.indexOf(task.gold);
  const wrong = rivals(task, g);
  if (g < 0 || wrong.length === 0 || parts.length === 0) return null;
  const mixed = parts.length > 1;
  const facts: PartFacts[] = [];
  for (const part of parts) {
    const f = partFacts(text, edits, part, g, wrong, mixed);
    if (f === null) return null;
    facts.push(f);
  }
  // Rounding allowance for a sum of `terms` changes, in the decision's units.
  const tolerance = (terms: number): number =>
    facts.reduce((t, p) => t + (p.weight * p.tol * (1 + terms)) / (mixed ? p.floor : 1), 0);
  const row = wrong.every((_, k) => {
    let bound = 0;
    let terms = 0;
    for (const p of facts) {
      const gain = topSum(
        p.words.map((w) => w.gains[k] as number),
        task.limit
      );
      const norms = topSum(
        p.words.map((w) => w.norm),
        task.limit
      );
      bound += share(p, mixed, (p.gap[k] as number) + gain.sum, norms.sum);
      terms = Math.max(terms, gain.terms);
    }
    return bound < -tolerance(terms);
  });
  const reach = (set: readonly PlacedEdit[]): number => {
    let best = -Infinity;
    for (let k = 0; k < wrong.length; k++) {
      let bound = 0;
      for (const p of facts) {
        let gap = p.gap[k] as number;
        let norms = 0;
        for (const e of set) {
          const known = p.edits.get(e);
          if (known === undefined) return Infinity;
          gap += known.gains[k] as number;
          norms += known.norm;
        }
        bound += share(p, mixed, gap, norms);
      }
      best = Math.max(best, bound);
    }
    return best;
  };
  return { row, reach, mayMove: (set) => reach(set) >= -tolerance(set.length) };
}
