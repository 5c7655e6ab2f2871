/** The one set of checks every scored answer passes: a command's line, each HTTP format, chat log-probabilities. */
import { ScoreCheck } from '../../src/models/score-check.js';

const LABELS = ['a', 'b', 'c'];
const quote = (text: string, max = 80) => JSON.stringify(text.slice(0, max));
const plain = new ScoreCheck(LABELS, false, quote);
const probs = new ScoreCheck(LABELS, true, quote);

test('the same scores read the same way from a JSON object, from pairs and in label order', () => {
  const expected = { ok: true, scores: [0.2, 0.3, 0.5] };
  expect(probs.table({ c: 0.5, a: 0.2, b: 0.3 })).toEqual(expected);
  expect(
    probs.pairs(
      [
        ['b', 0.3],
        ['c', 0.5],
        ['a', 0.2]
      ],
      false
    )
  ).toEqual(expected);
  expect(probs.values([0.2, 0.3, 0.5])).toEqual(expected);
});

test.each([
  ['scores outside [0, 1]', () => probs.values([5, -3, -1]), 'not_probabilities', /"a" is not a probability: 5/],
  [
    'a sum off 1',
    () =>
      probs.pairs(
        [
          ['a', 0.5],
          ['b', 0.5],
          ['c', 0.5]
        ],
        false
      ),
    'not_probabilities',
    /sum to 1\.5, not 1/
  ],
  [
    'a label twice',
    () =>
      plain.pairs(
        [
          ['a', 1],
          ['a', 2],
          ['b', 0],
          ['c', 0]
        ],
        false
      ),
    'duplicate_label',
    /"a" is given more than once/
  ],
  [
    'a label missing from a full answer',
    () =>
      plain.pairs(
        [
          ['a', 1],
          ['b', 0]
        ],
        false
      ),
    'missing_labels',
    /miss training labels "c"/
  ],
  [
    'a label outside the training labels',
    () => plain.pairs([['z', 1]], true),
    'unknown_label',
    /"z" is not a training label/
  ],
  [
    'a score that is no number',
    () => plain.table({ a: 1, b: null, c: 0 }),
    'non_finite_score',
    /"b" is not a finite number: "null"/
  ]
])('%s', (_name, check, failure, reason) => {
  const r = check();
  expect(r).toMatchObject({ ok: false, failure, reason: expect.stringMatching(reason) });
});

test('a top-k list: its best label, its scores each a probability and summing to at most 1', () => {
  expect(
    probs.pairs(
      [
        ['c', 0.4],
        ['b', 0.6]
      ],
      true
    )
  ).toEqual({ ok: true, scores: null, label: 'b' });
  expect(
    probs.pairs(
      [
        ['c', 0.4],
        ['b', 0.7]
      ],
      true
    )
  ).toMatchObject({ ok: false, failure: 'not_probabilities' });
  // Without probabilities any finite scale is accepted.
  expect(
    plain.pairs(
      [
        ['c', -4],
        ['b', 9]
      ],
      true
    )
  ).toEqual({ ok: true, scores: null, label: 'b' });
});
