/** The adaptive search on its own (docs/search.md): edit space, validity, budget, both knowledges, determinism. */
import type { ScoreResult } from '../../src/models/model.js';
import {
  editSetViolation,
  editSpace,
  recordedEdits,
  singleEdits,
  wordLimit,
  type SearchOperator
} from '../../src/perturb/search/edits.js';
import { runSearch, type SearchTask } from '../../src/perturb/search/search.js';
import { searchRowProblem } from './search-check.js';

const LABELS = ['a', 'b'];
const DICT = new Map([
  ['results', 'findings'],
  ['show', 'indicate']
]);

/** A model that moves from `a` towards `b` with every word that differs from the original's. */
function driftModel(original: string, perWord: number, calls: string[][] = []) {
  const base = original.split(/\s+/);
  return {
    calls,
    score: async (texts: readonly string[]): Promise<ScoreResult[]> => {
      calls.push([...texts]);
      return texts.map((t) => {
        const words = t.split(/\s+/);
        const changed = words.filter((w, i) => w !== base[i]).length;
        const a = Math.max(0, 0.9 - perWord * changed);
        return { status: 'ok', scores: [a, 1 - a] };
      });
    }
  };
}

function task(
  text: string,
  over: Partial<SearchTask> & { operators?: SearchOperator[]; share?: number } = {}
): SearchTask {
  const operators = over.operators ?? ['transpose', 'dictionary', 'format'];
  const space = editSpace(text, { seed: 7, id: 'x1', language: 'en', operators, dictionary: DICT });
  const model = driftModel(text, 0.15);
  return {
    labels: LABELS,
    gold: 'a',
    objective: 'untargeted',
    transitions: [],
    seed: 7,
    id: 'x1',
    model: 'm',
    knowledge: 'scores',
    budget: 200,
    space,
    limit: wordLimit(space.words, over.share ?? 0.5),
    maxCharEditRatio: null,
    clean: { status: 'ok', scores: [0.9, 0.1] },
    score: model.score,
    ...over
  };
}

const TEXT = 'The results show a clear Gain although not 12% of samples were large';

/** The text one single edit of the task's edit space makes (word position, edit in operator order). */
function editSpaceText(t: SearchTask, word: number, op: number): string {
  const e = singleEdits(t.space)[word]?.[op];
  if (e === undefined) throw new Error(`no edit ${op} at word ${word}`);
  return t.space.text.slice(0, e.start) + e.to + t.space.text.slice(e.end);
}

describe('edit space', () => {
  test('offers one edit per operator on each unprotected word, never on negators, numbers or URLs', () => {
    const space = editSpace('Results do not show 12% gains, see www.example.org today', {
      seed: 1,
      id: 'r',
      language: 'en',
      operators: ['transpose', 'dictionary', 'format'],
      dictionary: DICT
    });
    const words = singleEdits(space).map((p) => p[0]?.from);
    expect(words).not.toContain('not');
    expect(words).not.toContain('example');
    expect(words).not.toContain('www');
    expect(
      singleEdits(space)
        .find((p) => p[0]?.from === 'Results')
        ?.map((e) => e.op)
    ).toEqual(['transpose', 'dictionary', 'format']);
    // "do" has two letters: no swap, but a case change.
    expect(
      singleEdits(space)
        .find((p) => p[0]?.from === 'do')
        ?.map((e) => e.op)
    ).toEqual(['format']);
    expect(
      singleEdits(space)
        .find((p) => p[0]?.from === 'Results')
        ?.find((e) => e.op === 'dictionary')?.to
    ).toBe('Findings');
  });

  test('the word limit is ceil(share × words), at least 1', () => {
    expect(wordLimit(10, 0.2)).toBe(2);
    expect(wordLimit(11, 0.2)).toBe(3);
    expect(wordLimit(1, 0.01)).toBe(1);
  });

  test('an edit set is invalid with a word edited twice, over the limit, or over the edit ratio', () => {
    const space = editSpace(TEXT, {
      seed: 1,
      id: 'r',
      language: 'en',
      operators: ['transpose', 'format'],
      dictionary: undefined
    });
    const [p0, p1, p2] = singleEdits(space).filter((p) => p.length === 2) as [any[], any[], any[]];
    expect(editSetViolation(TEXT, [p0[0], p0[1]], 5, null)).toMatch(/more than once/);
    expect(editSetViolation(TEXT, [p0[0], p1[0], p2[0]], 2, null)).toMatch(/at most 2/);
    expect(editSetViolation(TEXT, [p0[0], p1[0]], 2, 0.001)).toMatch(/max_char_edit_ratio/);
    expect(editSetViolation(TEXT, [p0[0], p1[0]], 2, null)).toBeNull();
  });
});

describe('score-based search', () => {
  test('finds a success by keeping edits that lower the margin, and its edits re-derive the text', async () => {
    const t = task(TEXT);
    const out = await runSearch(t);
    expect(out.attempted).toBe(true);
    expect(out.result.status).toBe('ok');
    expect((out.result as { scores: number[] }).scores[1]).toBeGreaterThan(0.5);
    expect(out.queries).toBeLessThanOrEqual(200);
    expect(searchRowProblem(TEXT, out.text, 'en', recordedEdits(out.edits), DICT, t.limit)).toBeNull();
  });

  test('never exceeds the budget, and each call is one step (a batch of distinct texts)', async () => {
    for (const budget of [1, 2, 3, 5, 17]) {
      const calls: string[][] = [];
      const model = driftModel(TEXT, 0.05, calls);
      const out = await runSearch(task(TEXT, { budget, score: model.score }));
      const asked = calls.flat();
      expect(asked.length).toBe(out.queries);
      expect(new Set(asked).size).toBe(asked.length);
      expect(out.queries).toBeLessThanOrEqual(budget);
      expect(asked).not.toContain(TEXT);
      expect(out.text).not.toBe(TEXT);
    }
  });

  test('with a budget below step 1, scores a seeded half and still ends on a changed, valid candidate', async () => {
    const calls: string[][] = [];
    const model = driftModel(TEXT, 0.01, calls);
    const t = task(TEXT, { budget: 6, score: model.score });
    const out = await runSearch(t);
    expect(calls[0]?.length).toBeLessThanOrEqual(3);
    expect(out.queries).toBeLessThanOrEqual(6);
    expect(searchRowProblem(TEXT, out.text, 'en', recordedEdits(out.edits), DICT, t.limit)).toBeNull();
  });

  test('budget 6 below step 1: step 1 asks exactly 3 single edits (the last word partly), step 2 its other edit, then text order', async () => {
    // Four words of at least 4 letters, two edits each (transpose, format): 8 single edits > 6.
    const text = 'alpha bravo charlie delta';
    const calls: string[][] = [];
    // Every text scores the same: nothing lowers the margin, so step 2 walks the whole order until the budget is spent.
    const flat = async (texts: readonly string[]): Promise<ScoreResult[]> => {
      calls.push([...texts]);
      return texts.map(() => ({ status: 'ok', scores: [0.9, 0.1] }));
    };
    const t = task(text, { budget: 6, operators: ['transpose', 'format'], score: flat });
    expect(singleEdits(t.space).map((p) => p.length)).toEqual([2, 2, 2, 2]);
    const single = (word: number, op: number) => editSpaceText(t, word, op);
    const out = await runSearch(t);
    expect(calls.map((c) => c.length)).toEqual([3, 1, 2]);
    expect(out.queries).toBe(6);
    // Step 1: the first word of the seeded order (x) whole, then the first edit (transpose) of the second (y).
    const words = calls[0]?.map(
      (c) => [0, 1, 2, 3].find((w) => c === single(w, 0) || c === single(w, 1)) as number
    ) as number[];
    const [x, y] = [words[0] as number, words[2] as number];
    expect(calls[0]).toEqual([single(x, 0), single(x, 1), single(y, 0)]);
    // Step 2 (equal margins: text order between x and y): y's unanswered format edit, then the first unscored word in text order, both edits.
    expect(calls[1]).toEqual([single(y, 1)]);
    const rest = [0, 1, 2, 3].filter((w) => w !== x && w !== y);
    expect(calls[2]).toEqual([single(rest[0] as number, 0), single(rest[0] as number, 1)]);
    // Nothing was kept: the row shows the closest single edit, the first of the ranking (the earlier of x and y, its transpose).
    expect(out.edits.map((e) => [e.word, e.op])).toEqual([[Math.min(x, y), 'transpose']]);
  });

  test("budget 1 below step 1: step 1 asks nothing, step 2 asks the first word's first edit, and the row shows it", async () => {
    const text = 'alpha bravo charlie delta';
    const calls: string[][] = [];
    const flat = async (texts: readonly string[]): Promise<ScoreResult[]> => {
      calls.push([...texts]);
      return texts.map(() => ({ status: 'ok', scores: [0.9, 0.1] }));
    };
    const t = task(text, { budget: 1, operators: ['transpose', 'format'], score: flat });
    const out = await runSearch(t);
    expect(calls).toEqual([[editSpaceText(t, 0, 0)]]);
    expect(out.queries).toBe(1);
    expect(out.edits.map((e) => [e.word, e.op])).toEqual([[0, 'transpose']]);
    expect(out.text).toBe(editSpaceText(t, 0, 0));
  });

  test('same inputs → same search; another model name draws another order', async () => {
    const a = await runSearch(task(TEXT, { budget: 4 }));
    const b = await runSearch(task(TEXT, { budget: 4 }));
    expect(b).toEqual(a);
  });

  test('a text with nothing editable is not attempted (no_edit) and spends nothing', async () => {
    const out = await runSearch(task('no 12 34 www.x.org'));
    expect(out).toMatchObject({ attempted: false, queries: 0, edits: [] });
  });

  test('a model failure mid-search ends the search with that reason and the candidate it failed on', async () => {
    let n = 0;
    const score = async (texts: readonly string[]): Promise<ScoreResult[]> =>
      texts.map(() =>
        ++n > 3 ? { status: 'timeout', error: 'no answer in 5 s' } : { status: 'ok', scores: [0.8, 0.2] }
      );
    const out = await runSearch(task(TEXT, { score }));
    // Step 1 is one batch: all of it was asked, so all of it counts.
    expect(out.result).toEqual({
      status: 'timeout',
      error: `search stopped after ${out.queries} queries: no answer in 5 s`
    });
    expect(out.queries).toBeGreaterThan(3);
    expect(out.text).not.toBe(TEXT);
  });

  test('targeted: the margin is to the protected target, and only a protected prediction is a success', async () => {
    const labels = ['a', 'b', 'c'];
    const score = async (texts: readonly string[]): Promise<ScoreResult[]> =>
      texts.map((t) => {
        const changed = t.split(/\s+/).filter((w, i) => w !== TEXT.split(/\s+/)[i]).length;
        // b rises fast but is not protected; c rises slowly.
        return { status: 'ok', scores: [0.7 - 0.1 * changed, 0.2 + 0.09 * changed, 0.1 + 0.05 * changed] };
      });
    const clean: ScoreResult = { status: 'ok', scores: [0.7, 0.2, 0.1] };
    const untargeted = await runSearch(task(TEXT, { labels, score, clean }));
    const targeted = await runSearch(
      task(TEXT, { labels, score, clean, objective: 'targeted', transitions: [{ from: 'a', to: 'c' }] })
    );
    // Untargeted stops once b wins (3 words); targeted goes on towards c while a → b is no success.
    expect(untargeted.edits).toHaveLength(3);
    expect(targeted.edits.length).toBeGreaterThan(3);
    const s = (targeted.result as { scores: number[] }).scores;
    expect(s[2]).toBeGreaterThan(s[0] as number);
  });
});

describe('label-only search', () => {
  test('moves the label within the budget, then drops edits that are not needed', async () => {
    const calls: string[][] = [];
    const model = driftModel(TEXT, 0.3, calls);
    const t = task(TEXT, { knowledge: 'labels', score: model.score });
    const out = await runSearch(t);
    const s = (out.result as { scores: number[] }).scores;
    expect(s[1]).toBeGreaterThan(s[0] as number);
    // Two changed words are enough (0.9 − 0.6 < 0.5); reduction leaves exactly two.
    expect(out.edits).toHaveLength(2);
    expect(calls.every((c) => c.length === 1)).toBe(true);
    expect(searchRowProblem(TEXT, out.text, 'en', recordedEdits(out.edits), DICT, t.limit)).toBeNull();
  });

  test('respects the budget when the label never moves', async () => {
    for (const budget of [1, 4, 50]) {
      const calls: string[][] = [];
      const model = driftModel(TEXT, 0, calls);
      const out = await runSearch(task(TEXT, { knowledge: 'labels', budget, score: model.score }));
      expect(calls.flat().length).toBe(out.queries);
      expect(out.queries).toBeLessThanOrEqual(budget);
      expect(out.text).not.toBe(TEXT);
    }
  });
});
