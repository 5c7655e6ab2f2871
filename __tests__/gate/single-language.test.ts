/**
 * With one language in the data the per-language checks would repeat the challenge checks (and
 * double the blocking count): they are not applicable, and summary.md and report.html say so once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import type { Check } from '../../src/gate/check.js';
import { ONE_LANGUAGE } from '../../src/metrics/cells/data.js';
import { jsonl, tinyRepo } from '../helpers.js';

const NOTE =
  'Per-language checks are not applicable: the data has one language (en), so they would repeat the challenge checks.';

async function checksOf(challengeLanguage: string) {
  const root = tinyRepo({
    'data/challenge.jsonl': jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result', language: challengeLanguage },
      { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: challengeLanguage }
    ])
  });
  const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const checks = JSON.parse(readFileSync(join(root, 'out', 'checks.json'), 'utf8')) as {
    checks: Check[];
    failing: string[];
  };
  const html = readFileSync(join(root, 'out', 'report.html'), 'utf8');
  return { checks, summary: result.summary, html };
}

test('one language: language_examples and language_accuracy are not applicable, never blocking, and said once', async () => {
  const { checks, summary, html } = await checksOf('en');
  const perLanguage = checks.checks.filter((c) => c.check === 'language_examples' || c.check === 'language_accuracy');
  expect(perLanguage.map((c) => [c.id, c.status, c.reason])).toEqual([
    ['language_examples/data/en', 'not_applicable', ONE_LANGUAGE],
    ['language_accuracy/naive-bayes/en', 'not_applicable', ONE_LANGUAGE]
  ]);
  expect(checks.failing.filter((id) => id.startsWith('language_'))).toEqual([]);
  expect(checks.failing).toContain('challenge_examples/data');
  expect(summary.split(NOTE).length - 1).toBe(1);
  expect(html.split(NOTE).length - 1).toBe(1);
});

test('two languages: the per-language checks are judged as before, and nothing is said', async () => {
  const { checks, summary, html } = await checksOf('es');
  const perLanguage = checks.checks.filter((c) => c.check === 'language_examples');
  expect(perLanguage.map((c) => [c.id, c.status])).toEqual([
    ['language_examples/data/en', 'fail'],
    ['language_examples/data/es', 'fail']
  ]);
  expect(summary).not.toContain('Per-language checks are not applicable');
  expect(html).not.toContain('Per-language checks are not applicable');
});
