/** The search's shared model calls (src/evaluate/step-batcher.ts) and how many rows are searched at once. */
import { rowsAtOnce, SEARCH_ROWS_AT_ONCE, SEARCH_ROWS_AT_ONCE_IN_PROCESS } from '../../src/evaluate/search.js';
import { StepBatcher } from '../../src/evaluate/step-batcher.js';
import type { ScoreResult } from '../../src/models/model.js';

const answer = (t: string): ScoreResult => ({ status: 'ok', scores: [t.length, 0] });

test('steps asked in the same turn go to the model in one call, each row getting its own answers in order', async () => {
  const calls: string[][] = [];
  const batcher = new StepBatcher(async (texts) => {
    calls.push([...texts]);
    return texts.map(answer);
  });
  const [a, b, c] = await Promise.all([batcher.ask(['x', 'yy']), batcher.ask([]), batcher.ask(['zzz'])]);
  expect(calls).toEqual([['x', 'yy', 'zzz']]);
  expect(a).toEqual([answer('x'), answer('yy')]);
  expect(b).toEqual([]);
  expect(c).toEqual([answer('zzz')]);
  // A row that asks again after its answers arrive goes into the next call.
  const next = await batcher.ask(['w']);
  expect(next).toEqual([answer('w')]);
  expect(calls).toHaveLength(2);
});

test('a failing call fails every row that shared it; a short answer is refused', async () => {
  const failing = new StepBatcher(async () => {
    throw new Error('model down');
  });
  await expect(Promise.all([failing.ask(['a']), failing.ask(['b'])])).rejects.toThrow('model down');
  const short = new StepBatcher(async (texts) => texts.slice(1).map(answer));
  await expect(short.ask(['a', 'b'])).rejects.toThrow('the model returned 1 results for 2 search candidates');
});

test('rows searched at once: bounded by the budget and by the length of the texts, at least one', () => {
  expect(rowsAtOnce(200, 300)).toBe(SEARCH_ROWS_AT_ONCE);
  expect(rowsAtOnce(100_000, 300)).toBe(1);
  expect(rowsAtOnce(2_000, 100)).toBe(131);
  expect(rowsAtOnce(200, 20_000)).toBe(8);
  expect(rowsAtOnce(100_000, 10_000_000)).toBe(1);
  // A model scored in this process: fewer rows, the same bounds.
  expect(SEARCH_ROWS_AT_ONCE_IN_PROCESS).toBeLessThan(SEARCH_ROWS_AT_ONCE);
  expect(rowsAtOnce(200, 300, true)).toBe(SEARCH_ROWS_AT_ONCE_IN_PROCESS);
  expect(rowsAtOnce(200, 20_000, true)).toBe(8);
  expect(rowsAtOnce(100_000, 300, true)).toBe(1);
});
