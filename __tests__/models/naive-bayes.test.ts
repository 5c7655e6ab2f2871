/**
 * Naive-Bayes scores against scikit-learn (golden file from scripts/golden/naive_bayes.py):
 * the multilingual fixture, the bundled example, and texts with no known word (which get the
 * class prior, as predict_proba gives it), all to 1e-12.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../src/data/example.js';
import { decide } from '../../src/models/model.js';
import { NaiveBayesModel } from '../../src/models/naive-bayes.js';
import { sortCodePoints } from '../../src/util/strings.js';
import { REPO_ROOT } from '../helpers.js';

interface GoldenCase {
  labels: string[];
  vocabulary_size: number;
  texts: string[];
  known_words: number[];
  scores: number[][];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/naive-bayes.json'), 'utf8')) as {
  fixture: GoldenCase;
  example: GoldenCase;
  example_unknown: GoldenCase;
};

function example(text: string, label: string, i: number): Example {
  return {
    id: String(i),
    split: 'train',
    label,
    language: 'en',
    domain: null,
    input: { kind: 'text', text },
    file: 'x',
    line: i + 1
  };
}

function readJsonl(path: string): Array<Record<string, string>> {
  return readFileSync(join(REPO_ROOT, path), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string>);
}

async function expectMatches(train: Example[], c: GoldenCase): Promise<void> {
  const labels = sortCodePoints(new Set(train.map((e) => e.label)));
  expect(labels).toEqual(c.labels);
  const model = NaiveBayesModel.fit('nb', train, labels);
  expect(model.describe().params.vocabulary_size).toBe(c.vocabulary_size);
  const results = await model.score(c.texts.map((text) => ({ kind: 'text', text })));
  results.forEach((r, i) => {
    if (r.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
    const want = c.scores[i] as number[];
    r.scores.forEach((s, j) => expect(Math.abs(s - (want[j] as number))).toBeLessThan(1e-12));
  });
}

function exampleTrain(): Example[] {
  return readJsonl('examples/academic-intent/data/train.jsonl').map((r, i) =>
    example(r.text as string, r.label as string, i)
  );
}

describe('naive-bayes equals scikit-learn MultinomialNB(alpha=1) on CountVectorizer', () => {
  test('multilingual fixture: accents, punctuation-joined words, one-letter and unseen-only texts', async () => {
    // The fixture keeps its texts without a known word (punctuation, one letter, empty, unseen).
    expect(golden.fixture.known_words.filter((n) => n === 0).length).toBeGreaterThanOrEqual(8);
    const fixture = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/fixtures/nb-fixture.json'), 'utf8')) as {
      train: Array<{ text: string; label: string }>;
    };
    await expectMatches(
      fixture.train.map((r, i) => example(r.text, r.label, i)),
      golden.fixture
    );
  });

  test('bundled example: 184 evaluation texts', async () => {
    expect(golden.example.texts).toHaveLength(184);
    await expectMatches(exampleTrain(), golden.example);
  });

  test('bundled example model on texts with no known word: the class prior', async () => {
    expect(golden.example_unknown.known_words.every((n) => n === 0)).toBe(true);
    await expectMatches(exampleTrain(), golden.example_unknown);
  });

  test('a text with no known word gets the class prior: sums to 1, predicts the most frequent class', async () => {
    const train = [example('alpha beta', 'b', 0), example('gamma delta', 'a', 1), example('beta gamma', 'b', 2)];
    const model = NaiveBayesModel.fit('nb', train, ['a', 'b']);
    for (const text of ['x y z!', '?!...', 'a', '']) {
      const [r] = await model.score([{ kind: 'text', text }]);
      if (r?.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
      expect(r.scores[0]).toBeCloseTo(1 / 3, 15);
      expect(r.scores[1]).toBeCloseTo(2 / 3, 15);
      expect(decide(['a', 'b'], r.scores).prediction).toBe('b');
    }
  });

  test('the digest changes with the trained parameters and not with object identity', () => {
    const train = [example('alpha beta', 'b', 0), example('gamma delta', 'a', 1)];
    const d1 = NaiveBayesModel.fit('nb', train, ['a', 'b']).describe().digest;
    const d2 = NaiveBayesModel.fit('nb', [...train].reverse(), ['a', 'b']).describe().digest;
    const d3 = NaiveBayesModel.fit('nb', [...train, example('alpha', 'a', 2)], ['a', 'b']).describe().digest;
    expect(d1).toMatch(/^[0-9a-f]{64}$/);
    expect(d2).toBe(d1);
    expect(d3).not.toBe(d1);
  });
});

describe('decide', () => {
  test('argmax with ties to the first label in code-point order; margin = top − second', () => {
    expect(decide(['a', 'b', 'c'], [0.2, 0.5, 0.3])).toEqual({ prediction: 'b', margin: 0.2 });
    expect(decide(['a', 'b', 'c'], [0.4, 0.4, 0.2])).toEqual({ prediction: 'a', margin: 0 });
  });
});
