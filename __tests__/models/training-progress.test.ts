/**
 * Training reports its progress (docs/cli.md#progress): each model starts at 0 rows, a fit that
 * reads the training texts reports the rows it has read, and each model ends at the total. The
 * reports change no score.
 */
import type { ModelPlan } from '../../src/config/plan.js';
import type { Example } from '../../src/data/example.js';
import { buildModels, type TrainingProgress } from '../../src/models/build.js';

const PLANS: ModelPlan[] = [
  { name: 'nb', kind: 'naive-bayes', params: { alpha: 1 } },
  { name: 'char', kind: 'tfidf-char', params: {} },
  { name: 'mix', kind: 'hybrid', params: { word_weight: 0.5 } }
];

const train: Example[] = Array.from({ length: 200 }, (_, i) => ({
  id: String(i),
  split: 'train',
  label: i % 2 === 0 ? 'a' : 'b',
  language: 'en',
  domain: null,
  input: { kind: 'text', text: `${i % 2 === 0 ? 'alpha beta' : 'gamma delta'} text number ${i}` },
  file: 'train.jsonl',
  line: i + 1
}));

test('each model reports its start, the rows its fit has read and its end, in config order', async () => {
  const events: TrainingProgress[] = [];
  const models = await buildModels(PLANS, train, ['a', 'b'], { training: (p) => events.push(p) });
  const of = (model: string) => events.filter((e) => e.model === model).map((e) => e.rows);
  expect(of('nb')).toEqual([0, 64, 128, 192, 200]);
  expect(of('char')).toEqual([0, 64, 128, 192, 200]);
  // The hybrid fits the word scorer (its char scorer is the one already fitted).
  expect(of('mix')).toEqual([0, 64, 128, 192, 200]);
  expect(events.every((e) => e.total === 200)).toBe(true);
  const order = [...Array(5).fill('nb'), ...Array(5).fill('char'), ...Array(5).fill('mix')];
  expect(events.map((e) => e.model)).toEqual(order);
  const plain = await buildModels(PLANS, train, ['a', 'b']);
  const input = [{ kind: 'text' as const, text: 'alpha text' }];
  for (const [i, m] of models.entries()) {
    expect(await m.score(input)).toEqual(await (plain[i] as (typeof plain)[number]).score(input));
  }
});
