/**
 * Text `exact`'s closed form (docs/search.md#exact) for a model whose decision is linear in the token counts
 * (LinearDecision), or a weighted sum of such decisions each divided by its text's norm (hybrid). Tokens never cross a
 * token run, so an edit set changes each label's linear score by the sum of its runs' changes, each read from that run
 * alone (edited together where the set edits several words of one run). A set's gap between a rival and gold is thus
 * known without asking the model: exactly for a linear model; as an upper bound for a mixture, whose norms are
 * bounded (a set's tf-idf vector is no shorter than the untouchable text's and no longer than the clean text's plus its
 * edited runs'). Over the whole space, the largest reachable gap is at most the clean gap plus the `limit` largest
 * per-run gains. Declines (null) when some set could remove every known token (a tf-idf part then scores 0), or when a
 * run holds more ways to edit it than MAX_RUN_OPTIONS.
 */
import type { Model, WeightedDecision } from '../../models/model.js';
import type { PlacedEdit } from '../search/edits.js';
import type { SearchObjective } from '../search/objective.js';

/** A gap this far below zero, relative to the scores involved, is certain despite rounding (§20's tie scale). */
const TIE = 1e-9;

export interface DecisionBound {
  /** No set of at most `limit` edited words can give a wrong decision (the whole space, with no size limit). */
  row: boolean;
  /** No set of exactly `level` edited words can give a wrong decision (that level need not be listed). */
  ruledOutAt(level: number): boolean;
  /** How near the set's best rival comes to gold (an upper bound of its gap; higher is nearer). */
  reach(set: readonly PlacedEdit[]): number;
  /** Whether a set of `terms` edits whose reach is this certainly gives no wrong decision (need not be asked). */
  ruledOut(reach: number, terms: number): boolean;
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

/** What a change of one token run does to a part: each rival's gain over gold, and the edited run's norm. */
interface RunChange {
  gains: number[];
  norm: number;
}

/** What one part knows about a row: its clean gaps and norms, and what each run's edits change. */
interface PartFacts {
  weight: number;
  /** Clean linear gap of each rival over gold. */
  gap: number[];
  /** Mixed parts only: the norms of the clean and the untouchable text. */
  clean: number;
  floor: number;
  /** TIE × (1 + the largest |score| seen), in this part's units. */
  tol: number;
  /** The token run of each edit (edits of words in one run share it). */
  runOf: Map<PlacedEdit, number>;
  /** The change of one edit alone (0 gains and norm when it touches no token). */
  single: Map<PlacedEdit, RunChange>;
  /** The change of several edits in one run, read from that run edited together. */
  joint(edits: readonly PlacedEdit[]): RunChange;
  /** Per run: each rival's largest gain, and the largest norm, over the ways its words can be edited. */
  runs: RunChange[];
}

/** Most ways to edit the words of one shared run that the closed form reads before it declines. */
const MAX_RUN_OPTIONS = 4096;

/** Every way to edit at least one of `words` (each one edit, at most `limit` words), or null past the cap. */
function runOptions(words: readonly PlacedEdit[][], limit: number): PlacedEdit[][] | null {
  let count = 0;
  const out: PlacedEdit[][] = [];
  const walk = (from: number, chosen: PlacedEdit[]): boolean => {
    for (let i = from; i < words.length; i++)
      for (const e of words[i] as PlacedEdit[]) {
        const next = [...chosen, e];
        if (++count > MAX_RUN_OPTIONS) return false;
        out.push(next);
        if (next.length < limit && !walk(i + 1, next)) return false;
      }
    return true;
  };
  return walk(0, []) ? out : null;
}

function partFacts(
  text: string,
  edits: readonly PlacedEdit[][],
  part: WeightedDecision,
  task: { g: number; wrong: readonly number[]; limit: number },
  mixed: boolean
): PartFacts | null {
  const { linear } = part;
  const { g, wrong } = task;
  // Each word's token run; words of one run are read together. A word whose every edit leaves its run as the
  // tokenizer reads it (a case change: the models lower-case) touches no token.
  const spans: Array<[number, number]> = [];
  const runOf = new Map<PlacedEdit, number>();
  const wordsOf: PlacedEdit[][][] = [];
  for (const word of edits) {
    const [a, b] = runAround(text, (word[0] as PlacedEdit).start, (word[0] as PlacedEdit).end, linear.separator);
    const last = spans[spans.length - 1];
    if (last === undefined || last[0] !== a) {
      spans.push([a, b]);
      wordsOf.push([]);
    }
    (wordsOf[wordsOf.length - 1] as PlacedEdit[][]).push(word);
    for (const e of word) runOf.set(e, spans.length - 1);
  }
  const edited = (set: readonly PlacedEdit[], [a, b]: [number, number]): string => {
    let out = '';
    let at = a;
    for (const e of set) {
      out += text.slice(at, e.start) + e.to;
      at = e.end;
    }
    return out + text.slice(at, b);
  };
  const spanOf = (e: PlacedEdit): [number, number] => spans[runOf.get(e) as number] as [number, number];
  const foldedRuns = spans.map(([a, b]) => linear.fold(text.slice(a, b)));
  const touching = new Set<PlacedEdit>();
  for (const word of edits)
    for (const e of word)
      if (linear.fold(edited([e], spanOf(e))) !== foldedRuns[runOf.get(e) as number]) touching.add(e);
  const acts = (e: PlacedEdit): boolean => touching.has(e);
  const acting = edits.filter((word) => word.some(acts));
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
  const before = spans.map(([a, b]) => raw(text.slice(a, b)));
  const change = (set: readonly PlacedEdit[]): RunChange => {
    const run = edited(set, spanOf(set[0] as PlacedEdit));
    const after = raw(run);
    const was = before[runOf.get(set[0] as PlacedEdit) as number] as readonly number[];
    const gains = wrong.map(
      (j) => (after[j] as number) - (was[j] as number) - ((after[g] as number) - (was[g] as number))
    );
    return { gains, norm: norm(run) };
  };
  const none: RunChange = { gains: wrong.map(() => 0), norm: 0 };
  const single = new Map<PlacedEdit, RunChange>();
  for (const word of edits) for (const e of word) single.set(e, acts(e) ? change([e]) : none);
  const joints = new Map<string, RunChange>();
  const ids = new Map<PlacedEdit, number>();
  for (const e of single.keys()) ids.set(e, ids.size);
  const joint = (set: readonly PlacedEdit[]): RunChange => {
    const key = set.map((e) => ids.get(e)).join(',');
    let known = joints.get(key);
    if (known === undefined) joints.set(key, (known = change(set)));
    return known;
  };
  // Per run, the best change over the ways to edit it: its one word's edits, or every way to edit its acting words.
  const runs: RunChange[] = [];
  for (const inRun of wordsOf) {
    const words = inRun.filter((word) => word.some(acts));
    const options =
      words.length <= 1 ? (words[0] ?? []).map((e) => [e]) : runOptions(words, Math.min(task.limit, words.length));
    if (options === null) return null;
    const best = { gains: wrong.map(() => -Infinity), norm: 0 };
    for (const set of options) {
      const c = set.length === 1 ? (single.get(set[0] as PlacedEdit) as RunChange) : joint(set);
      c.gains.forEach((x, k) => (best.gains[k] = Math.max(best.gains[k] as number, x)));
      best.norm = Math.max(best.norm, c.norm);
    }
    runs.push(best);
  }
  return {
    weight: part.weight,
    gap: wrong.map((j) => (base[j] as number) - (base[g] as number)),
    clean: mixed ? norm(text) : 1,
    floor,
    tol: TIE * (1 + scale),
    runOf,
    single,
    joint,
    runs
  };
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
    const f = partFacts(text, edits, part, { g, wrong, limit: task.limit }, mixed);
    if (f === null) return null;
    facts.push(f);
  }
  // Rounding allowance for a sum of `terms` changes, in the decision's units.
  const tolerance = (terms: number): number =>
    facts.reduce((t, p) => t + (p.weight * p.tol * (1 + terms)) / (mixed ? p.floor : 1), 0);
  // Per rival, each part's run gains and norms, largest first: the top `level` of them bound a set of `level` words.
  const sorted = facts.map((p) => ({
    gains: wrong.map((_, k) => p.runs.map((w) => Math.max(0, w.gains[k] as number)).sort((x, y) => y - x)),
    norms: p.runs.map((w) => w.norm).sort((x, y) => y - x)
  }));
  const top = (values: readonly number[], level: number): number => {
    let sum = 0;
    for (let i = 0; i < Math.min(level, values.length); i++) sum += values[i] as number;
    return sum;
  };
  const ruledOutAt = (level: number): boolean =>
    wrong.every((_, k) => {
      let bound = 0;
      facts.forEach((p, n) => {
        const s = sorted[n] as { gains: number[][]; norms: number[] };
        bound += share(p, mixed, (p.gap[k] as number) + top(s.gains[k] as number[], level), top(s.norms, level));
      });
      return bound < -tolerance(level);
    });
  const row = ruledOutAt(task.limit);
  // A set's gap per rival, summed part by part into `sums` (reused: this runs once per enumerated set). A set lists its
  // edits in text order, so the edits of one run are adjacent and read together.
  const sums = new Float64Array(wrong.length);
  const gaps = new Float64Array(wrong.length);
  const reach = (set: readonly PlacedEdit[]): number => {
    sums.fill(0);
    for (const p of facts) {
      for (let k = 0; k < wrong.length; k++) gaps[k] = p.gap[k] as number;
      let norms = 0;
      for (let i = 0; i < set.length;) {
        const r = p.runOf.get(set[i] as PlacedEdit);
        if (r === undefined) return Infinity;
        let j = i + 1;
        while (j < set.length && p.runOf.get(set[j] as PlacedEdit) === r) j++;
        const c = j === i + 1 ? (p.single.get(set[i] as PlacedEdit) as RunChange) : p.joint(set.slice(i, j));
        for (let k = 0; k < wrong.length; k++) gaps[k] = (gaps[k] as number) + (c.gains[k] as number);
        norms += c.norm;
        i = j;
      }
      for (let k = 0; k < wrong.length; k++) sums[k] = (sums[k] as number) + share(p, mixed, gaps[k] as number, norms);
    }
    let best = -Infinity;
    for (let k = 0; k < wrong.length; k++) best = Math.max(best, sums[k] as number);
    return best;
  };
  // The rounding allowance per set size, computed once.
  const allowance = Array.from({ length: task.limit + 1 }, (_, terms) => tolerance(terms));
  return {
    row,
    ruledOutAt,
    reach,
    ruledOut: (reach, terms) => reach < -(allowance[terms] ?? tolerance(terms))
  };
}
