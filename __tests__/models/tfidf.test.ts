/**
 * TF-IDF centroid scores against scikit-learn (golden file from scripts/golden/tfidf.py):
 * the fixture and the bundled example, to 1e-9, for the word and char_wb analyzers.
 */
import type { Example } from '../../src/data/example.js';
import { fitTfidf, TfidfModel, type TfidfAnalyzer } from '../../src/models/tfidf.js';
import { sortCodePoints } from '../../src/util/strings.js';
import {
  example,
  exampleTrain,
  expectScores,
  fixtureTrain,
  golden,
  type GoldenCase
} from '../fixtures/tfidf-golden.js';

async function check(train: Example[], c: GoldenCase, analyzer: TfidfAnalyzer): Promise<void> {
  const labels = sortCodePoints(new Set(train.map((e) => e.label)));
  expect(labels).toEqual(c.labels);
  const model = TfidfModel.fit('m', train, labels, analyzer);
  const want = c[analyzer];
  expect(model.describe().params.vocabulary_size).toBe(want.vocabulary_size);
  const results = await model.score(c.texts.map((text) => ({ kind: 'text', text })));
  const got = results.map((r) => {
    if (r.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
    return r.scores;
  });
  expectScores(got, want, labels);
}

describe.each(['word', 'char'] as const)('tfidf-%s equals scikit-learn centroid cosine', (analyzer) => {
  test('fixture: accents, joined words, whitespace kinds, invisible and astral characters, empty rows', async () => {
    await check(fixtureTrain(), golden.fixture, analyzer);
  });

  test('bundled example: 184 evaluation texts, predictions equal sklearn argmax', async () => {
    expect(golden.example.texts).toHaveLength(184);
    await check(exampleTrain(), golden.example, analyzer);
  });
});

describe('TfidfModel', () => {
  const train = [example('alpha beta', 'b', 0), example('gamma delta', 'a', 1)];

  test('a text with no known feature scores 0 for every label', async () => {
    const word = TfidfModel.fit('w', train, ['a', 'b'], 'word');
    const char = TfidfModel.fit('c', train, ['a', 'b'], 'char');
    expect(await word.score([{ kind: 'text', text: 'x y z!' }])).toEqual([{ status: 'ok', scores: [0, 0] }]);
    expect(
      await char.score([
        { kind: 'text', text: 'qqq' },
        { kind: 'text', text: '' }
      ])
    ).toEqual([
      { status: 'ok', scores: [0, 0] },
      { status: 'ok', scores: [0, 0] }
    ]);
  });

  test.each(['word', 'char'] as const)(
    '%s vocabulary is in code-point order, with or without astral characters',
    (analyzer) => {
      for (const texts of [
        ['zeta Éclair alpha', 'ａｂ ωmega'],
        ['zeta 😀x ａｂ', '𝐀𝐁 alpha\uffeeq']
      ]) {
        const { vocabulary } = fitTfidf(
          analyzer,
          texts.map((t, i) => example(t, 'a', i)),
          ['a']
        );
        expect(vocabulary.length).toBeGreaterThan(3);
        expect(vocabulary).toEqual(sortCodePoints(vocabulary));
      }
    }
  );

  test('non-text inputs are errors', async () => {
    const [r] = await TfidfModel.fit('w', train, ['a', 'b'], 'word').score([{ kind: 'features', values: { x: 1 } }]);
    expect(r?.status).toBe('error');
  });

  test('describe: kind, params, no probabilities', () => {
    const d = TfidfModel.fit('c', train, ['a', 'b'], 'char').describe();
    expect(d).toMatchObject({ name: 'c', kind: 'tfidf-char', probabilities: false });
    expect(d.params).toEqual({
      analyzer: 'char_wb',
      ngram_range: [2, 4],
      vocabulary_size: expect.any(Number),
      idf: 'smooth',
      norm: 'l2',
      scores: 'centroid cosine'
    });
    expect(TfidfModel.fit('w', train, ['a', 'b'], 'word').describe()).toMatchObject({
      kind: 'tfidf-word',
      params: { analyzer: 'word', vocabulary_size: 4 }
    });
  });

  test.each(['word', 'char'] as const)(
    '%s digest: deterministic, order-free, sensitive to training data',
    (analyzer) => {
      const rows = exampleTrain();
      const labels = sortCodePoints(new Set(rows.map((e) => e.label)));
      const d1 = TfidfModel.fit('m', rows, labels, analyzer).describe().digest;
      const d2 = TfidfModel.fit('other', [...rows].reverse(), labels, analyzer).describe().digest;
      const d3 = TfidfModel.fit('m', rows.slice(1), labels, analyzer).describe().digest;
      const relabelled = rows.map((e, i) =>
        i === 0 ? { ...e, label: labels.find((l) => l !== e.label) as string } : e
      );
      const d4 = TfidfModel.fit('m', relabelled, labels, analyzer).describe().digest;
      expect(d1).toMatch(/^[0-9a-f]{64}$/);
      expect(d2).toBe(d1);
      expect(new Set([d1, d3, d4]).size).toBe(3);
    }
  );

  test('word and char digests differ on the same data', () => {
    expect(TfidfModel.fit('m', train, ['a', 'b'], 'word').describe().digest).not.toBe(
      TfidfModel.fit('m', train, ['a', 'b'], 'char').describe().digest
    );
  });
});
