import type { Dataset } from '../../src/data/dataset.js';
import type { Example } from '../../src/data/example.js';
import {
  AHEAD_AT_START_EXAMPLES,
  CHUNKS_AHEAD,
  CHUNKS_AHEAD_AT_START,
  chunksAtStart,
  featurizersToShare,
  ROWS_MAX_FEATURES,
  ROWS_MEAN_CHARS
} from '../../src/evaluate/conditions.js';
import { evaluationChunks } from '../../src/evaluate/evaluate.js';
import { shardOf } from '../../src/shard/select.js';

function example(split: string, id: string, chars: number): Example {
  return {
    id,
    split,
    label: 'a',
    language: 'en',
    domain: null,
    input: { kind: 'text', text: 'x'.repeat(chars) },
    file: 'f',
    line: 1
  };
}

function dataset(...splits: Array<{ split: string; examples: Example[] }>): Dataset {
  return { splits } as unknown as Dataset;
}

const ids = (chunks: Example[][]) => chunks.map((c) => c.map((e) => e.id));

describe('evaluationChunks', () => {
  test('keeps evidence order across splits and cuts at the example bound', () => {
    const d = dataset(
      { split: 'a', examples: [example('a', '1', 1), example('a', '2', 1), example('a', '3', 1)] },
      { split: 'b', examples: [example('b', '4', 1)] }
    );
    expect(ids(evaluationChunks(d, null, 2, 100))).toEqual([
      ['1', '2'],
      ['3', '4']
    ]);
  });

  test('cuts before the characters would pass the bound; an example longer than the bound is a chunk of its own', () => {
    const d = dataset({
      split: 'a',
      examples: [
        example('a', '1', 40),
        example('a', '2', 60),
        example('a', '3', 1),
        example('a', '4', 500),
        example('a', '5', 10)
      ]
    });
    expect(ids(evaluationChunks(d, null, 100, 100))).toEqual([['1', '2'], ['3'], ['4'], ['5']]);
  });

  test('tabular rows (no text) are bounded by count only', () => {
    const row = (id: string): Example => ({
      ...example('t', id, 0),
      input: { kind: 'tabular', features: { x: 1 } } as unknown as Example['input']
    });
    expect(ids(evaluationChunks(dataset({ split: 't', examples: ['1', '2', '3'].map(row) }), null, 2, 1))).toEqual([
      ['1', '2'],
      ['3']
    ]);
  });

  test('a shard keeps only its examples; no examples give no chunks', () => {
    const all = Array.from({ length: 50 }, (_, i) => example('s', `id-${i}`, 3));
    const chunks = evaluationChunks(dataset({ split: 's', examples: all }), { index: 2, count: 3 });
    expect(chunks.flat().map((e) => e.id)).toEqual(all.filter((e) => shardOf('s', e.id, 3) === 2).map((e) => e.id));
    expect(evaluationChunks(dataset({ split: 's', examples: [] }), null)).toEqual([]);
  });
});

describe('chunksAtStart (what the perturbation thread builds while the models train)', () => {
  const chunksOf = (count: number, size: number) =>
    Array.from({ length: count }, (_, c) => Array.from({ length: size }, (_, k) => example('a', `${c}-${k}`, 1)));

  test('long texts (small chunks): up to CHUNKS_AHEAD_AT_START chunks', () => {
    expect(chunksAtStart(chunksOf(100, 16))).toBe(CHUNKS_AHEAD_AT_START);
    expect(chunksAtStart(chunksOf(20, 16))).toBe(20);
  });

  test('short texts (full chunks): CHUNKS_AHEAD chunks, the examples bound stopping the rest', () => {
    expect(chunksAtStart(chunksOf(20, 2048))).toBe(CHUNKS_AHEAD);
    expect(chunksAtStart(chunksOf(20, 1024))).toBe(AHEAD_AT_START_EXAMPLES / 1024);
    expect(chunksAtStart(chunksOf(3, 2048))).toBe(3);
    expect(chunksAtStart([])).toBe(0);
  });
});

describe('featurizersToShare (whose rows the perturbation thread computes)', () => {
  const spaces = (...sizes: number[]) =>
    sizes.map((n) => ({ vocabulary: { length: n } as unknown as readonly string[] }));
  const chunksOf = (...lengths: number[]) => [lengths.map((n, i) => example('s', String(i), n))];

  test('all of them for short texts and small vocabularies', () => {
    const shared = spaces(1231, 7510);
    expect(featurizersToShare(chunksOf(100, 150, 2000), shared)).toBe(shared);
    expect(featurizersToShare([], shared)).toBe(shared);
  });

  test('none when the texts average more than ROWS_MEAN_CHARS', () => {
    expect(featurizersToShare(chunksOf(ROWS_MEAN_CHARS, ROWS_MEAN_CHARS + 2), spaces(10))).toEqual([]);
    expect(featurizersToShare(chunksOf(ROWS_MEAN_CHARS, ROWS_MEAN_CHARS), spaces(10))).toHaveLength(1);
  });

  test('none when the vocabularies together pass ROWS_MAX_FEATURES', () => {
    expect(featurizersToShare(chunksOf(10), spaces(ROWS_MAX_FEATURES - 5, 6))).toEqual([]);
    expect(featurizersToShare(chunksOf(10), spaces(ROWS_MAX_FEATURES - 5, 5))).toHaveLength(2);
  });
});
