/**
 * The five families on the bundled academic-intent example (184 evaluation rows, seed
 * 1637, max_char_edit_ratio 0.25). Set PERTURB_REPORT=1 to print the per-family counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFamilies } from '../../src/perturb/registry.js';
import type { PerturbInput } from '../../src/perturb/input.js';
import { REPO_ROOT } from '../helpers.js';

const EXAMPLE = join(REPO_ROOT, 'examples', 'academic-intent');
const SENTENCES = {
  en: 'This sentence was added for context.',
  es: 'Esta oración se añadió como contexto.',
  pt: 'Esta frase foi acrescentada como contexto.'
};

function rows(): PerturbInput[] {
  const out: PerturbInput[] = [];
  for (const split of ['controlled', 'challenge']) {
    for (const line of readFileSync(join(EXAMPLE, 'data', `${split}.jsonl`), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { id: string; text: string; language?: string };
      out.push({ id: row.id, text: row.text, language: row.language || 'unknown' });
    }
  }
  return out;
}

function build(seed = 1637) {
  return buildFamilies(
    {
      format: {},
      transpose: { words_per_change: 5 },
      dictionary: {
        file: { absolute: join(EXAMPLE, 'dictionary.yml'), path: 'examples/academic-intent/dictionary.yml' }
      },
      append: { sentences: SENTENCES },
      truncate: { keep: 0.65 }
    },
    { seed, maxCharEditRatio: 0.25 }
  );
}

describe('bundled academic-intent example', () => {
  const data = rows();

  test('has 184 evaluation rows', () => {
    expect(data).toHaveLength(184);
  });

  test('per-family changed and invalid counts; dictionary changes at least 20 rows', () => {
    const { runners, dictionaries } = build();
    expect(runners.map((r) => r.family)).toEqual(['format', 'transpose', 'dictionary', 'append', 'truncate']);
    expect(dictionaries).toHaveLength(1);
    expect(dictionaries[0]?.languages).toEqual(['en', 'es', 'pt']);
    const report: Record<string, { changed: number; invalid: number; notAttempted: number; ms: number }> = {};
    for (const runner of runners) {
      let outcomes = data.map((row) => runner.perturb(row));
      // Timed after one warm-up pass: the best of three further passes.
      let ms = Infinity;
      for (let pass = 0; pass < 3; pass++) {
        const started = performance.now();
        outcomes = data.map((row) => runner.perturb(row));
        ms = Math.min(ms, performance.now() - started);
      }
      report[runner.family] = {
        changed: outcomes.filter((o, i) => o.text !== data[i]?.text).length,
        invalid: outcomes.filter((o) => !o.valid).length,
        notAttempted: outcomes.filter((o) => !o.attempted).length,
        ms: Math.round(ms * 100) / 100
      };
    }
    if (process.env.PERTURB_REPORT) process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
    expect(report.dictionary?.changed).toBeGreaterThanOrEqual(20);
    // Every row has eligible words and punctuation, so the non-sparse families change every row.
    expect(report.format?.changed).toBe(184);
    expect(report.transpose?.changed).toBe(184);
    expect(report.append?.changed).toBe(184);
    expect(report.append?.invalid).toBe(0);
    expect(report.truncate?.invalid).toBe(0);
    expect(report.dictionary?.notAttempted).toBe(0);
  });
});
