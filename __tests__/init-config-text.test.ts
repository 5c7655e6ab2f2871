/**
 * The config `evidence-gate init` writes, byte for byte, for each shape of data it meets: text with
 * a dictionary and a sentence for every language, text whose languages have none, tabular data, and
 * each with the team's own model. The families and models it names come from their descriptors
 * (docs/extending.md); this golden keeps that wiring from changing what users get.
 * EVIDENCE_GATE_WRITE_GOLDEN=1 rewrites the fixtures after a reviewed change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Recognised } from '../src/init/columns.js';
import { renderConfig, type ConfigFacts } from '../src/init/config-text.js';
import { modelEntry } from '../src/init/model-entry.js';
import { REPO_ROOT } from './helpers.js';

const FIXTURES = join(REPO_ROOT, '__tests__/fixtures/init-config');

const text: Recognised = {
  task: 'text',
  id: 'id',
  label: 'label',
  text: 'text',
  language: 'language',
  domain: null,
  features: [],
  how: { id: 'named "id"', text: 'the longest strings', label: 'named "label"', language: 'language tags' },
  unused: ['notes']
};

const tabular: Recognised = {
  task: 'tabular',
  id: 'id',
  label: 'label',
  text: null,
  language: null,
  domain: null,
  features: ['x1', 'weight (kg)'],
  how: { id: 'named "id"', label: 'named "label"', features: 'numeric columns' },
  unused: []
};

const base = {
  train: { path: 'data/train.jsonl', rows: 120 },
  evaluate: [
    { split: 'test', path: 'data/test.jsonl', rows: 40 },
    { split: 'challenge', path: 'data/challenge.jsonl', rows: 12 }
  ],
  labels: ['neg', 'pos', 'yes']
};

const CASES: Record<string, ConfigFacts> = {
  'text-dictionary-append': {
    ...base,
    recognised: text,
    languages: [
      { language: 'en', rows: 30 },
      { language: 'pt-BR', rows: 22 }
    ],
    dictionary: 'data/dictionary.yml',
    tabular: null
  },
  'text-no-sentences': {
    ...base,
    recognised: { ...text, language: null },
    languages: [
      { language: 'unknown', rows: 40 },
      { language: 'tlh', rows: 12 }
    ],
    dictionary: null,
    tabular: null,
    model: modelEntry('models/serve.py', () => 'def predict(texts):\n    return texts\n')
  },
  tabular: {
    ...base,
    recognised: tabular,
    languages: [],
    dictionary: null,
    tabular: { eps: 0.05, bounds: { x1: [0, 1], 'weight (kg)': [2.5, 90] } }
  },
  'tabular-own-model': {
    ...base,
    recognised: tabular,
    languages: [],
    dictionary: null,
    tabular: { eps: 0.05, bounds: { x1: [0, 1], 'weight (kg)': [2.5, 90] } },
    model: modelEntry('models/risk.joblib', () => '')
  }
};

test.each(Object.keys(CASES))('%s', (name) => {
  const written = renderConfig(CASES[name] as ConfigFacts);
  const path = join(FIXTURES, `${name}.yml`);
  if (process.env.EVIDENCE_GATE_WRITE_GOLDEN === '1') writeFileSync(path, written);
  expect(written).toBe(readFileSync(path, 'utf8'));
});
