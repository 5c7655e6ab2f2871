/**
 * verify --rerun's second opinion on exact's closed form (src/perturb/exact/cross-check.ts): a sampled closed-form row
 * is enumerated again without the closed form, and a disagreement is reported, not hidden.
 */
import type { ScoreResult } from '../../src/models/model.js';
import { ClosedFormCheck, CROSS_CHECK_PER_MODEL } from '../../src/perturb/exact/cross-check.js';
import { textExact } from '../../src/perturb/exact/runner.js';

const TEXT = 'alpha beta gamma delta';
// A decision that never moves (every label's score is a constant): the closed form certifies any row with it.
const still = {
  weight: 1,
  linear: { scores: () => [5, 0], separator: /[^\p{L}\p{N}_]/u, fold: (t: string) => t.toLowerCase() }
};

function call(score: (text: string) => ScoreResult, id = 'r1') {
  return {
    input: { id, text: TEXT, language: 'en' },
    labels: ['a', 'b'],
    gold: 'a',
    objective: 'untargeted' as const,
    transitions: [],
    policy: null,
    clean: score(TEXT),
    score: async (texts: readonly string[]) => texts.map(score),
    parts: [still],
    model: 'm'
  };
}

const exact = textExact({ maxCandidates: 1000, operators: ['transpose'], maxWordsChanged: 1 }, 7, null, null);

test('a closed form that is wrong about a candidate it did not show is caught by asking every candidate', async () => {
  // The model moves only when the last word is edited; the closed form shows the first word's edit.
  const model = (text: string): ScoreResult => ({
    status: 'ok',
    scores: text.endsWith('delta') ? [0.9, 0.1] : [0.1, 0.9]
  });
  const check = new ClosedFormCheck();
  const outcome = await exact.crossChecked(check).run(call(model));
  expect([outcome.closedForm, outcome.certified]).toEqual([true, true]);
  expect(check.total).toBe(1);
  expect(check.disagreements).toHaveLength(1);
  expect(check.disagreements[0]).toMatch(
    /^exact r1 \(m\): the closed form certified the row, but asking all \d+ candidates found a success/
  );
});

test('a right closed form is confirmed, and the sample stops at its size per model', async () => {
  const model = (): ScoreResult => ({ status: 'ok', scores: [0.9, 0.1] });
  const check = new ClosedFormCheck();
  const checked = exact.crossChecked(check);
  for (let i = 0; i < CROSS_CHECK_PER_MODEL + 3; i++) await checked.run(call(model, `r${i}`));
  expect(check.total).toBe(CROSS_CHECK_PER_MODEL);
  expect(check.disagreements).toEqual([]);
  // Without the check nothing is re-derived (the plain runner asks the shown candidate once).
  let asked = 0;
  await exact.run({ ...call(model), score: async (texts) => ((asked += texts.length), texts.map(model)) });
  expect(asked).toBe(1);
});
