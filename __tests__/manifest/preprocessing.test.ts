/**
 * The manifest's preprocessing record: per model, the exact input transformation, stated so the
 * evidence can be reproduced without the source — and true of the models it describes.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { run } from '../../src/engine.js';
import {
  preprocessingRecord,
  TEXT_INPUT,
  type TabularModelPreprocessing,
  type TextModelPreprocessing
} from '../../src/manifest/preprocessing.js';
import type { Manifest } from '../../src/manifest/manifest.js';
import { buildModels } from '../../src/models/build.js';
import { loadDataset } from '../../src/data/dataset.js';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT, tempRepo, tinyRepo } from '../helpers.js';

test('the bundled text example: every model, in config order, with the scikit-learn settings spelled out', () => {
  const root = exampleRepo();
  const record = preprocessingRecord(loadPlan({ root, configPath: EXAMPLE_CONFIG }));
  expect(record.task).toBe('text');
  expect(record.unicode_note).toContain('[\\p{L}\\p{N}_]');
  expect(record.unicode_note).toContain('tool.unicode');
  const models = record.models as TextModelPreprocessing[];
  expect(models.map((m) => [m.model, m.kind, m.vectorizers.map((v) => v.analyzer)])).toEqual([
    ['naive-bayes', 'naive-bayes', ['word']],
    ['tfidf-word', 'tfidf-word', ['word']],
    ['tfidf-char', 'tfidf-char', ['char_wb']],
    ['hybrid', 'hybrid', ['word', 'char_wb']]
  ]);
  for (const m of models) expect(m.input).toBe(TEXT_INPUT);
  const [nb, word, char, hybrid] = models as [
    TextModelPreprocessing,
    TextModelPreprocessing,
    TextModelPreprocessing,
    TextModelPreprocessing
  ];
  expect(nb.vectorizers[0]).toMatchObject({
    equivalent: 'CountVectorizer() (every default)',
    lowercase: true,
    strip_accents: null,
    token_pattern: '(?u)\\b\\w\\w+\\b',
    ngram_range: [1, 1],
    stop_words: null,
    idf: null,
    norm: null
  });
  expect(nb.scores).toBe('MultinomialNB(alpha=1).predict_proba: posterior probability of each label');
  expect(word.vectorizers[0]).toMatchObject({
    equivalent: 'TfidfVectorizer() (every default)',
    norm: 'l2',
    idf: { use_idf: true, smooth_idf: true, sublinear_tf: false }
  });
  expect(word.vectorizers[0]?.idf?.formula).toBe(
    'idf(t) = ln((1 + n) / (1 + df(t))) + 1, n = training rows, df(t) = training rows containing t'
  );
  expect(char.vectorizers[0]).toMatchObject({
    equivalent: 'TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4))',
    token_pattern: null,
    ngram_range: [2, 4],
    norm: 'l2'
  });
  expect(hybrid.scores).toBe(
    'w × (word centroid cosine) + (1 − w) × (char_wb centroid cosine) per label, w = 0.5; each cosine as in tfidf-word and tfidf-char'
  );
});

test('what the record states holds for the models: lower-casing, accents kept, one-character words dropped', async () => {
  const root = exampleRepo();
  const plan = loadPlan({ root, configPath: EXAMPLE_CONFIG });
  const dataset = loadDataset(plan.data);
  const models = await buildModels(plan.models, dataset.train, dataset.labels);
  const score = async (text: string) =>
    Promise.all(models.map(async (m) => (await m.score([{ kind: 'text', text }]))[0]));
  // lowercase: true — case does not reach any model.
  expect(await score('LOS HALLAZGOS SUGIEREN UN EFECTO')).toEqual(await score('los hallazgos sugieren un efecto'));
  // strip_accents: None — an accent is a different character (the char n-grams see it).
  const [, , charAccent] = await score('limitación');
  const [, , charPlain] = await score('limitacion');
  expect(charAccent).not.toEqual(charPlain);
  // token_pattern (?u)\b\w\w+\b — a one-character word is no token for the word models.
  const [nbWith, wordWith] = await score('y resultados');
  const [nbWithout, wordWithout] = await score('resultados');
  expect([nbWith, wordWith]).toEqual([nbWithout, wordWithout]);
});

test('the tabular example: feature order, identity scaling, bounds, editable set and budget in raw units', () => {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(root, 'examples', 'inspection-tabular'), {
    recursive: true
  });
  const record = preprocessingRecord(loadPlan({ root, configPath: 'examples/inspection-tabular/evidence-gate.yml' }));
  expect(record.task).toBe('tabular');
  expect(record.unicode_note).toBeNull();
  const [m] = record.models as TabularModelPreprocessing[];
  expect(m).toMatchObject({
    model: 'logistic-regression',
    kind: 'logistic-regression',
    features: ['x1', 'x2'],
    scaling: 'identity: no scaler; the model is fitted and scored on raw feature units',
    bounds: { x1: [0, 1], x2: [0, 1] },
    editable: ['x1', 'x2'],
    linf_eps: 0.05
  });
  expect(m?.scores).toContain('LogisticRegression(C=1) on the raw features');
});

test('an external model gets the text as written, and the run writes the record into manifest.json', async () => {
  const root = tinyRepo({}, "  - { name: cue, command: 'node cue.mjs', timeout_s: 30 }");
  const plan = loadPlan({ root, configPath: 'evidence-gate.yml' });
  const record = preprocessingRecord(plan);
  const external = record.models[1] as TextModelPreprocessing;
  expect(external.input).toMatch(
    /^the text as written \(the perturbed text under a perturbation\), UTF-8, as the "text" string of one JSON request line/
  );
  expect(external.vectorizers).toEqual([]);

  const plain = tinyRepo();
  await run({ root: plain, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const manifest = JSON.parse(readFileSync(join(plain, 'out', 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest.preprocessing).toEqual(
    JSON.parse(JSON.stringify(preprocessingRecord(loadPlan({ root: plain, configPath: 'evidence-gate.yml' }))))
  );
});
