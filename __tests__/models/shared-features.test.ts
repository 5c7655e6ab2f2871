/**
 * naive-bayes, tfidf-word, tfidf-char and hybrid configured together: a chunk of distinct
 * texts scored by all four (in config order, as the evaluation loop does) is featurized
 * once per feature space, and every score is bit-identical to the models fitted alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelPlan } from '../../src/config/plan.js';
import type { Example } from '../../src/data/example.js';
import { buildModels } from '../../src/models/build.js';
import { HybridModel } from '../../src/models/hybrid.js';
import type { Model } from '../../src/models/model.js';
import { NaiveBayesModel } from '../../src/models/naive-bayes.js';
import { TfidfModel } from '../../src/models/tfidf.js';
import { BoundedMemo, Featurizer, type FeatureSpace } from '../../src/text/features.js';
import { packRows, packVocabulary, unpackRows, unpackVocabulary, type PackedRows } from '../../src/text/packed-rows.js';
import { sortCodePoints } from '../../src/util/strings.js';
import { REPO_ROOT } from '../helpers.js';

const PLANS: ModelPlan[] = [
  { name: 'naive-bayes', kind: 'naive-bayes', params: { alpha: 1 } },
  { name: 'tfidf-word', kind: 'tfidf-word', params: {} },
  { name: 'tfidf-char', kind: 'tfidf-char', params: {} },
  { name: 'hybrid', kind: 'hybrid', params: { word_weight: 0.5 } }
];

function rows(split: string): Array<{ text: string; label: string }> {
  return readFileSync(join(REPO_ROOT, 'examples/academic-intent/data', `${split}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { text: string; label: string });
}

const train: Example[] = rows('train').map((r, i) => ({
  id: String(i),
  split: 'train',
  label: r.label,
  language: 'en',
  domain: null,
  input: { kind: 'text', text: r.text },
  file: 'train.jsonl',
  line: i + 1
}));
const labels = sortCodePoints(new Set(train.map((e) => e.label)));

/** `count` distinct texts: the example's evaluation texts, then numbered variants of them. */
function chunk(count: number): string[] {
  const base = [...rows('controlled'), ...rows('challenge')].map((r) => r.text);
  return Array.from({ length: count }, (_, i) =>
    i < base.length ? (base[i] as string) : `${base[i % base.length] as string} (${i})`
  );
}

async function scoreAll(models: readonly Model[], texts: readonly string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const model of models) out[model.name] = await model.score(texts.map((text) => ({ kind: 'text', text })));
  return out;
}

async function counted(plans: ModelPlan[]): Promise<{ models: Model[]; counts: Record<FeatureSpace, number> }> {
  const counts: Record<FeatureSpace, number> = { word: 0, char: 0 };
  const models = await buildModels(plans, train, labels, { onFeaturize: (space) => counts[space]++ });
  return { models, counts };
}

describe('four text models share their featurizations', () => {
  test('a chunk of 4,096 distinct texts is featurized once per feature space', async () => {
    const { models, counts } = await counted(PLANS);
    const texts = chunk(4096);
    await scoreAll(models, texts);
    expect(counts).toEqual({ word: 4096, char: 4096 });
    // The next chunk costs its own texts only; a text seen again is a look-up.
    await scoreAll(models, [...texts.slice(0, 10), 'an entirely new text']);
    expect(counts).toEqual({ word: 4097, char: 4097 });
  }, 60_000);

  test('one-off search candidates (once) are featurized for each model that asks, bypass the memos and score the same', async () => {
    const { models, counts } = await counted(PLANS);
    const texts = chunk(50);
    const inputs = texts.map((text) => ({ kind: 'text' as const, text }));
    const once: Record<string, unknown[]> = {};
    for (const model of models) once[model.name] = await model.score(inputs, { once: true });
    // naive-bayes, tfidf-word and hybrid read the word space; tfidf-char and hybrid the char space.
    expect(counts).toEqual({ word: 150, char: 100 });
    // Nothing was kept: scoring them again the usual way featurizes each once more, and the answers agree bit for bit.
    const kept = await scoreAll(models, texts);
    expect(counts).toEqual({ word: 200, char: 150 });
    for (const name of Object.keys(kept)) {
      (kept[name] as Array<{ scores: number[] }>).forEach((r, i) =>
        r.scores.forEach((s, j) =>
          expect(Object.is((once[name] as Array<{ scores: number[] }>)[i]?.scores[j], s)).toBe(true)
        )
      );
    }
  });

  test('whatever the config order', async () => {
    const { models, counts } = await counted([...PLANS].reverse());
    await scoreAll(models, chunk(500));
    expect(counts).toEqual({ word: 500, char: 500 });
  });

  test('scores are bit-identical to the four models fitted on their own', async () => {
    const texts = chunk(600);
    const { models } = await counted(PLANS);
    const shared = await scoreAll(models, texts);
    const alone = await scoreAll(
      [
        NaiveBayesModel.fit('naive-bayes', train, labels),
        TfidfModel.fit('tfidf-word', train, labels, 'word'),
        TfidfModel.fit('tfidf-char', train, labels, 'char'),
        HybridModel.fit('hybrid', train, labels, 0.5)
      ],
      texts
    );
    expect(shared).toEqual(alone);
    // Object.is per score: the same doubles, not merely close ones.
    for (const name of Object.keys(alone)) {
      (alone[name] as Array<{ scores: number[] }>).forEach((r, i) => {
        const got = (shared[name] as Array<{ scores: number[] }>)[i] as { scores: number[] };
        r.scores.forEach((s, j) => expect(Object.is(got.scores[j], s)).toBe(true));
      });
    }
  });

  test('the models and the hybrid components reuse one scorer per analyzer', async () => {
    const { models } = await counted(PLANS);
    const [nb, word, char, hybrid] = models as [NaiveBayesModel, TfidfModel, TfidfModel, HybridModel];
    expect(nb.featurizer).toBe(word.scorer.featurizer);
    expect(hybrid.word.scorer).toBe(word.scorer);
    expect(hybrid.char.scorer).toBe(char.scorer);
    // A caller that modifies its result does not reach the shared scores.
    const [first] = await word.score([{ kind: 'text', text: 'the results show' }]);
    if (first?.status !== 'ok' || first.scores === null) throw new Error('unexpected error');
    first.scores.fill(7);
    expect(word.scoresFor('the results show')).not.toContain(7);
  });
});

describe('rows provided from elsewhere (what the perturbation thread does)', () => {
  test('featurizers rebuilt from the shared vocabularies give rows that, provided back, score the same doubles with no featurization', async () => {
    const texts = chunk(700);
    const featurizers: Featurizer[] = [];
    const counts: Record<FeatureSpace, number> = { word: 0, char: 0 };
    const models = await buildModels(PLANS, train, labels, { featurizers, onFeaturize: (space) => counts[space]++ });
    expect(featurizers.map((f) => f.space)).toEqual(['word', 'char']);
    // The thread's side: vocabularies packed and unpacked, fresh featurizers, rows packed for the trip.
    const packed = featurizers.map((f) => {
      const theirs = new Featurizer(f.space, unpackVocabulary(packVocabulary(f.vocabulary)));
      return packRows(texts.map((t) => theirs.row(t)));
    });
    featurizers.forEach((f, k) => f.provide(texts, unpackRows(packed[k] as PackedRows)));
    const provided = await scoreAll(models, texts);
    expect(counts).toEqual({ word: 0, char: 0 });
    const own = await scoreAll(await buildModels(PLANS, train, labels), texts);
    for (const name of Object.keys(own)) {
      (own[name] as Array<{ scores: number[] }>).forEach((r, i) => {
        const got = (provided[name] as Array<{ scores: number[] }>)[i] as { scores: number[] };
        r.scores.forEach((s, j) => expect(Object.is(got.scores[j], s)).toBe(true));
      });
    }
    // Forgotten after the chunk: a text not seen since is featurized again.
    featurizers.forEach((f) => f.forgetProvided());
    await scoreAll(models, ['a text no chunk had']);
    expect(counts).toEqual({ word: 1, char: 1 });
  }, 60_000);
});

describe('BoundedMemo', () => {
  test('keeps at most its number of entries, dropping the oldest first', () => {
    const memo = new BoundedMemo<number>(3, 1e9);
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) memo.set(k, i, 8);
    expect(memo.size).toBe(3);
    expect(memo.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((k) => memo.get(k))).toEqual([1, 2, 3]);
  });

  test('keeps its keys and values within its byte budget; never holds one larger than the budget', () => {
    const memo = new BoundedMemo<string>(100, 100);
    memo.set('x'.repeat(30), 'first', 10); // 60 + 10 bytes
    memo.set('y'.repeat(10), 'second', 10); // 20 + 10: 100 in all
    expect(memo.size).toBe(2);
    memo.set('z', 'third', 0); // 2 more: the oldest goes
    expect(memo.get('x'.repeat(30))).toBeUndefined();
    expect(memo.get('z')).toBe('third');
    memo.set('w'.repeat(60), 'too big', 0);
    expect(memo.get('w'.repeat(60))).toBeUndefined();
    expect(memo.size).toBe(2);
  });

  test('a memo of size 0 holds nothing', () => {
    const memo = new BoundedMemo<number>(0);
    memo.set('a', 1, 0);
    expect(memo.get('a')).toBeUndefined();
  });
});
