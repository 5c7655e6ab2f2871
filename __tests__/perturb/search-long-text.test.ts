/**
 * A search on a long text costs what its budget asks, not what the text offers (issue #44 item 7):
 * the edit space makes a word's edits only when the search reaches the word, and the ledger knows
 * long candidates by their digest.
 */
import type { ScoreResult } from '../../src/models/model.js';
import { editSpace, singleEdits, wordLimit, type EditSpace } from '../../src/perturb/search/edits.js';
import { LEDGER_TEXT_KEY_CHARS, QueryLedger, TextMap } from '../../src/perturb/search/queries.js';
import { runSearch, type SearchTask } from '../../src/perturb/search/search.js';

const WORDS = ['Results', 'show', 'clear', 'gains', 'across', 'every', 'sample', 'studied'];
/** About 40,000 words (300,000 characters), each with two or three edits. */
const LONG = Array.from({ length: 40_000 }, (_, i) => WORDS[i % WORDS.length]).join(' ');
const DICT = new Map([['results', 'findings']]);

/** The space with a count of the words whose edits were made. */
function counted(space: EditSpace): { space: EditSpace; made: number[] } {
  const made: number[] = [];
  return { space: { ...space, editsAt: (i) => (made.push(i), space.editsAt(i)) }, made };
}

function task(space: EditSpace, budget: number, knowledge: 'scores' | 'labels', asked: number[]): SearchTask {
  return {
    labels: ['a', 'b'],
    gold: 'a',
    objective: 'untargeted',
    transitions: [],
    seed: 3,
    id: 'long',
    model: 'm',
    knowledge,
    budget,
    space,
    limit: wordLimit(space.words, 0.2),
    maxCharEditRatio: 0.25,
    clean: { status: 'ok', scores: [0.9, 0.1] },
    // A model no edit moves: the search spends its whole budget.
    score: async (texts: readonly string[]): Promise<ScoreResult[]> => {
      asked.push(texts.length);
      return texts.map(() => ({ status: 'ok', scores: [0.9, 0.1] }));
    }
  };
}

describe('search on a long text', () => {
  const operators = ['transpose', 'dictionary', 'format'] as const;
  const options = { seed: 3, id: 'long', language: 'en', operators, dictionary: DICT };
  const space = editSpace(LONG, options);

  test('the edit space knows every editable word and how many edits it offers without making them', () => {
    expect(space.words).toBe(40_000);
    expect(space.size).toBe(40_000);
    let edits = 0;
    for (let i = 0; i < space.size; i++) edits += space.countAt(i);
    // Every word has a case change and a swap; "Results" also a dictionary word.
    expect(edits).toBe(5_000 * 3 + 35_000 * 2);
    const few = editSpace(WORDS.join(' '), options);
    expect(singleEdits(few).map((e) => e.length)).toEqual(WORDS.map((_, i) => few.countAt(i)));
  });

  test.each(['scores', 'labels'] as const)('a %s search makes the edits of the words it reaches', async (knowledge) => {
    const { space: lazy, made } = counted(space);
    const asked: number[] = [];
    const out = await runSearch(task(lazy, 20, knowledge, asked));
    expect(out.queries).toBe(20);
    expect(asked.reduce((a, b) => a + b, 0)).toBe(20);
    // Each word reached costs at least one query (step 1 at most half the budget, step 2 the rest),
    // and a label-only trial reaches one word per query.
    expect(new Set(made).size).toBeLessThanOrEqual(21);
  });

  test('long candidates are known by their digest, short ones by themselves, never one for the other', async () => {
    const map = new TextMap<number>();
    const long = 'x'.repeat(LEDGER_TEXT_KEY_CHARS + 1);
    map.set(long, 1);
    map.set('short', 2);
    expect(map.get('x'.repeat(LEDGER_TEXT_KEY_CHARS) + 'x')).toBe(1);
    expect(map.get('y'.repeat(LEDGER_TEXT_KEY_CHARS + 1))).toBeUndefined();
    expect(map.get('short')).toBe(2);
    expect(map.size).toBe(2);
    // The ledger asks a long text once, however often and however built.
    const calls: number[] = [];
    const ok: ScoreResult = { status: 'ok', scores: [1, 0] };
    const ledger = new QueryLedger(5, async (texts) => (calls.push(texts.length), texts.map(() => ok)), 'o', ok);
    const again = 'x'.repeat(LEDGER_TEXT_KEY_CHARS) + 'x';
    const first = ledger.ask([[], []], [long, again]);
    await first.pending;
    expect(calls).toEqual([1]);
    expect(ledger.has('x'.repeat(LEDGER_TEXT_KEY_CHARS - 1) + 'xx')).toBe(true);
    expect(ledger.ask([[]], [again]).ready).not.toBeNull();
  });
});
