/**
 * Hybrid scores (w·word + (1−w)·char) against scikit-learn, w = 0.5 and 0.3, to 1e-9.
 */
import type { Example } from '../../src/data/example.js';
import { HybridModel } from '../../src/models/hybrid.js';
import { TfidfModel } from '../../src/models/tfidf.js';
import { sortCodePoints } from '../../src/util/strings.js';
import {
  example,
  exampleTrain,
  expectScores,
  fixtureTrain,
  golden,
  type GoldenCase
} from '../fixtures/tfidf-golden.js';

async function check(train: Example[], c: GoldenCase, weight: string): Promise<void> {
  const labels = sortCodePoints(new Set(train.map((e) => e.label)));
  const model = HybridModel.fit('h', train, labels, Number(weight));
  const results = await model.score(c.texts.map((text) => ({ kind: 'text', text })));
  const got = results.map((r) => {
    if (r.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
    return r.scores;
  });
  expectScores(got, c.hybrid[weight] as GoldenCase['word'], labels);
}

describe.each(['0.5', '0.3'])('hybrid with word_weight %s equals scikit-learn', (weight) => {
  test('fixture', async () => {
    await check(fixtureTrain(), golden.fixture, weight);
  });
  test('bundled example: predictions equal sklearn argmax', async () => {
    await check(exampleTrain(), golden.example, weight);
  });
});

describe('HybridModel', () => {
  const train = [example('alpha beta', 'b', 0), example('gamma delta', 'a', 1)];

  test('default weight 0.5; describe', () => {
    const d = HybridModel.fit('h', train, ['a', 'b']).describe();
    expect(d).toMatchObject({ name: 'h', kind: 'hybrid', params: { word_weight: 0.5 }, probabilities: false });
    expect(d.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  test('scores 0 everywhere only when neither component knows a feature', async () => {
    const model = HybridModel.fit('h', train, ['a', 'b'], 0.3);
    const [none, charOnly] = await model.score([
      { kind: 'text', text: 'x y z!' },
      { kind: 'text', text: 'alphabet' }
    ]);
    expect(none).toEqual({ status: 'ok', scores: [0, 0] });
    if (charOnly?.status !== 'ok' || charOnly.scores === null) throw new Error('unexpected error');
    expect(charOnly.scores.some((s) => s > 0)).toBe(true);
  });

  test('accepts trained components; the digest depends on the weight and on both components', () => {
    const word = TfidfModel.fit('w', train, ['a', 'b'], 'word');
    const char = TfidfModel.fit('c', train, ['a', 'b'], 'char');
    const other = TfidfModel.fit('c', [...train, example('alpha', 'a', 2)], ['a', 'b'], 'char');
    const d = (m: HybridModel) => m.describe().digest;
    expect(d(new HybridModel('h', word, char))).toBe(d(HybridModel.fit('x', train, ['a', 'b'])));
    expect(d(new HybridModel('h', word, char, 0.3))).not.toBe(d(new HybridModel('h', word, char)));
    expect(d(new HybridModel('h', word, other))).not.toBe(d(new HybridModel('h', word, char)));
  });

  test('refuses a weight outside [0, 1] and swapped components', () => {
    const word = TfidfModel.fit('w', train, ['a', 'b'], 'word');
    const char = TfidfModel.fit('c', train, ['a', 'b'], 'char');
    expect(() => new HybridModel('h', word, char, 1.5)).toThrow(/word_weight/);
    expect(() => new HybridModel('h', word, char, Number.NaN)).toThrow(/word_weight/);
    expect(() => new HybridModel('h', char, word)).toThrow(/tfidf-word/);
  });
});
