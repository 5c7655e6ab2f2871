/** The search's query ledger (src/perturb/search/queries.ts): one query per distinct text, the budget's edge, answers in the callers' order. */
import type { ScoreResult } from '../../src/models/model.js';
import type { PlacedEdit } from '../../src/perturb/search/edits.js';
import { QueryLedger, SearchFailure } from '../../src/perturb/search/queries.js';

const ORIGINAL = 'the results show it';

/** Answers a text with its length as the first score; records every call. */
function lengthModel(calls: string[][], fail: string | null = null) {
  return async (texts: readonly string[]): Promise<ScoreResult[]> => {
    calls.push([...texts]);
    return texts.map((t): ScoreResult =>
      t === fail ? { status: 'error', error: 'boom' } : { status: 'ok', scores: [t.length, 0] }
    );
  };
}

const edit = (word: number, start: number, end: number, to: string): PlacedEdit => ({
  op: 'format',
  word,
  from: ORIGINAL.slice(start, end),
  to,
  start,
  end,
  cost: 1
});
const SETS: PlacedEdit[][] = [
  [edit(0, 0, 3, 'The')],
  [edit(1, 4, 11, 'Results')],
  [edit(0, 0, 3, 'The')],
  [edit(2, 12, 16, 'Show')]
];
const TEXTS = ['The results show it', 'the Results show it', 'The results show it', 'the results Show it'];
const CLEAN: ScoreResult = { status: 'ok', scores: [0, 1] };

async function answers(asked: ReturnType<QueryLedger['ask']>) {
  return asked.ready ?? (await asked.pending);
}

describe('QueryLedger', () => {
  it('asks each distinct text once, in order, and gives every candidate its answer (repeats included)', async () => {
    const calls: string[][] = [];
    const ledger = new QueryLedger(10, lengthModel(calls), ORIGINAL, CLEAN);
    const got = await answers(ledger.ask(SETS));
    expect(calls).toEqual([[TEXTS[0], TEXTS[1], TEXTS[3]]]);
    expect(ledger.queries).toBe(3);
    expect(got.map((r) => (r?.status === 'ok' ? r.scores?.[0] : null))).toEqual([19, 19, 19, 19]);
    expect(got[2]).toBe(got[0]);
  });

  it('answers at once, without a model call, when every text is known (the clean text never counts)', async () => {
    const calls: string[][] = [];
    const ledger = new QueryLedger(10, lengthModel(calls), ORIGINAL, CLEAN);
    await answers(ledger.ask(SETS.slice(0, 2)));
    const again = ledger.ask([SETS[1] as PlacedEdit[], []]);
    expect(again.ready).not.toBeNull();
    expect(again.ready?.[1]).toBe(CLEAN);
    expect(calls).toHaveLength(1);
    expect(ledger.queries).toBe(2);
  });

  it('stops asking at the budget; past the edge, known texts and repeats of this call still get their answers', async () => {
    const calls: string[][] = [];
    const ledger = new QueryLedger(2, lengthModel(calls), ORIGINAL, CLEAN);
    await answers(ledger.ask([SETS[3] as PlacedEdit[]]));
    // Room for one more: TEXTS[0] is asked; TEXTS[1] is past the edge; TEXTS[0] again and TEXTS[3] (known) are answered.
    const got = await answers(ledger.ask([SETS[0], SETS[1], SETS[2], SETS[3]] as PlacedEdit[][]));
    expect(calls).toEqual([[TEXTS[3]], [TEXTS[0]]]);
    expect(ledger.remaining).toBe(0);
    expect(got.map((r) => r !== undefined)).toEqual([true, false, true, true]);
    expect(ledger.has(TEXTS[1] as string)).toBe(false);
  });

  it('raises the first failed answer with the edit set that made its text, after recording every answer of the call', async () => {
    const ledger = new QueryLedger(10, lengthModel([], TEXTS[1] as string), ORIGINAL, CLEAN);
    const asked = ledger.ask(SETS);
    await expect(answers(asked)).rejects.toBeInstanceOf(SearchFailure);
    await answers(asked).catch((error: SearchFailure) => expect(error.edits).toEqual(SETS[1]));
    expect(ledger.queries).toBe(3);
    expect(ledger.has(TEXTS[3] as string)).toBe(true);
  });
});
