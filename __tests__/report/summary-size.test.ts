/**
 * The job summary stays far below GitHub's 1 MiB step-summary limit at 50 models × 6
 * conditions × 20 languages, with every check failing or not evaluated.
 */
import { run } from '../../src/engine.js';
import { SUMMARY_BUDGET } from '../../src/report/summary.js';
import { jsonl, tempRepo } from '../helpers.js';

const LANGUAGES = Array.from({ length: 20 }, (_, i) => `l${String(i).padStart(2, '0')}`);
const MODELS = 50;

function rows(prefix: string, perLanguage: number, offset: number): object[] {
  return LANGUAGES.flatMap((language, l) =>
    Array.from({ length: perLanguage }, (_, k) => ({
      id: `${prefix}-${language}-${k}`,
      text: `${k % 2 ? 'results show' : 'a limitation of'} the ${language} study number ${offset + k} <b>|@x</b>`,
      label: (k + l) % 2 ? 'result' : 'limitation',
      language
    }))
  );
}

test('50 models × 6 conditions × 20 languages: summary below 1 MiB', async () => {
  const config = [
    'version: 1',
    'threat_model:',
    '  id: size',
    '  protected_transitions: [ { from: limitation, to: result } ]',
    '  attacks:',
    '    format: {}',
    '    transpose: {}',
    '    dictionary: { file: dictionary.yml }',
    '    append:',
    '      sentences:',
    ...LANGUAGES.map((l) => `        ${l}: "See the appendix."`),
    '    truncate: {}',
    'data:',
    '  train: train.jsonl',
    '  evaluate: { controlled: controlled.jsonl, challenge: challenge.jsonl }',
    'models:',
    ...Array.from(
      { length: MODELS },
      (_, i) => `  - { hybrid: { word_weight: ${(i / MODELS).toFixed(2)} }, name: model-${i} }`
    ),
    'statistics: { bootstrap_iterations: 20, paired_iterations: 5 }',
    // Impossible thresholds: every check fails, the worst case for the summary's size.
    'gate: { min_challenge_examples: 1000, min_language_examples: 1000, min_challenge_accuracy: 1, min_language_accuracy: 1, max_generalization_gap_pp: -100, max_length_psi: 0, min_changed_examples: 1000, max_flip_rate: 0, max_accuracy_drop_pp: -100, min_eligible_coverage: 1, max_attack_success: 0 }'
  ].join('\n');
  const root = tempRepo({
    'evidence-gate.yml': config,
    'dictionary.yml': 'version: 1\nlanguages:\n  l00:\n    study: research\n',
    'train.jsonl': jsonl(rows('t', 4, 0)),
    'controlled.jsonl': jsonl(rows('c', 2, 10)),
    'challenge.jsonl': jsonl(rows('h', 2, 20))
  });
  const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  expect(result.gate?.checks.length).toBeGreaterThan(50 * 40);
  const summary = result.summary;
  const bytes = Buffer.byteLength(summary, 'utf8');
  // GitHub refuses a step summary over 1 MiB; the summary keeps to its own budget below that.
  expect(bytes).toBeLessThanOrEqual(SUMMARY_BUDGET);
  expect(bytes).toBeLessThan(1024 * 1024);
  expect(summary).toContain('more rows in the evidence files');
  // The rows behind the most severe checks are shown; the rest are named as left to checks.json.
  expect(summary).toContain('<details>');
  expect(summary).toMatch(/Rows behind \d+ more failing checks are in checks\.json and report\.html\./);
  expect(summary).not.toContain('<b>');
}, 120_000);
