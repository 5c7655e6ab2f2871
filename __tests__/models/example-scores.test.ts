/**
 * The bundled example's scores are pinned bit for bit. Every distinct text the example run
 * scores (each evaluation text and each family's candidate of it) goes through the four
 * configured models; the SHA-256 of each model's score list (JSON numbers, which round-trip
 * every double) must stay what it was before naive Bayes learned the class prior for texts
 * without a known word (none of the example's texts is such a text) and before the models
 * started sharing featurizations. A change here changes the example's evidence.
 */
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { loadDataset } from '../../src/data/dataset.js';
import { buildModels } from '../../src/models/build.js';
import { buildFamilies } from '../../src/perturb/registry.js';
import { sha256Hex } from '../../src/util/hash.js';
import { EXAMPLE_CONFIG, REPO_ROOT } from '../helpers.js';

/** Computed from the scores of commit d150714 (before these changes). */
const PINNED: Record<string, { texts: number; digest: string }> = {
  'naive-bayes': { texts: 1013, digest: 'ff429ea1e95ed1a3e262136d23001cfd4800c9fe1a66c7fd49cb2830a0bf16ad' },
  'tfidf-word': { texts: 1013, digest: 'cfe25a4e532fea8f6e9ebf359dc033171c319b09852113341150c609379eabc0' },
  'tfidf-char': { texts: 1013, digest: 'd9e91d12a5066a7c44b8fa20f307fa4ae645d516b38dea9dc5eb94a3432a298e' },
  hybrid: { texts: 1013, digest: 'bd2a775716dec6fe251bd4a82dde11f1bc4c6576a29eb502c9b22dcdd271f3e7' }
};

function exampleTexts(): { texts: string[]; build: () => ReturnType<typeof buildModels> } {
  const plan = loadPlan({ root: REPO_ROOT, configPath: join(REPO_ROOT, EXAMPLE_CONFIG) });
  const dataset = loadDataset(plan.data);
  const { runners } = buildFamilies(plan.threatModel.attacks, {
    seed: plan.statistics.seed,
    maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio
  });
  const texts = new Set<string>();
  for (const split of dataset.splits) {
    for (const example of split.examples) {
      if (example.input.kind !== 'text') continue;
      texts.add(example.input.text);
      // The families pinned then: `typo` came later, and its candidates are new texts, not changed scores.
      for (const runner of runners.filter((r) => r.family !== 'typo'))
        texts.add(runner.perturb({ id: example.id, text: example.input.text, language: example.language }).text);
    }
  }
  return { texts: [...texts], build: () => buildModels(plan.models, dataset.train, dataset.labels) };
}

test('the example scores of all four models are unchanged, bit for bit', async () => {
  const { texts, build } = exampleTexts();
  const models = await build();
  const found: Record<string, { texts: number; digest: string }> = {};
  for (const model of models) {
    const results = await model.score(texts.map((text) => ({ kind: 'text' as const, text })));
    const scores = results.map((r) => (r.status === 'ok' ? r.scores : r.error));
    found[model.name] = { texts: texts.length, digest: sha256Hex(JSON.stringify(scores)) };
  }
  expect(found).toEqual(PINNED);
});
