/**
 * Text `exact` by enumeration against an independent enumeration (scripts/golden/exact_text.py: its own edit space,
 * scikit-learn's models): for the four built-in text models, every row's candidate count, whether some candidate
 * succeeds, the fewest edited words of a success, the minimal edit list, and the closest margin of a certified row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../src/data/example.js';
import { HybridModel } from '../../src/models/hybrid.js';
import type { Model } from '../../src/models/model.js';
import { NaiveBayesModel } from '../../src/models/naive-bayes.js';
import { TfidfModel } from '../../src/models/tfidf.js';
import { solveExactText } from '../../src/perturb/exact/solve.js';
import { editSpace, recordedEdits, wordLimit, type SearchOperator } from '../../src/perturb/search/edits.js';
import { REPO_ROOT } from '../helpers.js';

interface GoldenEdit {
  op: string;
  word: number;
  from: string;
  to: string;
}
interface GoldenResult {
  id: string;
  model: string;
  candidates: number;
  success: boolean;
  level: number | null;
  best: Array<{ edits: GoldenEdit[]; margin: number }>;
  closest: number | null;
}
interface GoldenCase {
  name: string;
  labels: string[];
  share: number;
  ratio: number | null;
  targets: Record<string, string[]> | null;
  train: Array<{ text: string; label: string }>;
  rows: Array<{ id: string; language: string; text: string; label: string }>;
  results: GoldenResult[];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/exact-text.json'), 'utf8')) as {
  seed: number;
  operators: SearchOperator[];
  dictionary: Record<string, Record<string, string>>;
  cases: GoldenCase[];
};

function trainExamples(c: GoldenCase): Example[] {
  return c.train.map((r, i) => ({
    id: String(i),
    split: 'train',
    label: r.label,
    language: 'en',
    domain: null,
    input: { kind: 'text', text: r.text },
    file: 'train.jsonl',
    line: i + 1
  }));
}

function fitModels(c: GoldenCase): Map<string, Model> {
  const train = trainExamples(c);
  return new Map<string, Model>([
    ['naive-bayes', NaiveBayesModel.fit('naive-bayes', train, c.labels)],
    ['tfidf-word', TfidfModel.fit('tfidf-word', train, c.labels, 'word')],
    ['tfidf-char', TfidfModel.fit('tfidf-char', train, c.labels, 'char')],
    ['hybrid', HybridModel.fit('hybrid', train, c.labels)]
  ]);
}

describe.each(golden.cases.map((c) => [c.name, c] as const))('exact by enumeration equals the golden: %s', (_, c) => {
  const models = fitModels(c);
  const rows = new Map(c.rows.map((r) => [r.id, r]));
  test(`${c.results.length} (row, model) results`, async () => {
    let successes = 0;
    let certified = 0;
    const closedForm = new Set<string>();
    for (const want of c.results) {
      const row = rows.get(want.id) as GoldenCase['rows'][number];
      const model = models.get(want.model) as Model;
      const space = editSpace(row.text, {
        seed: golden.seed,
        id: row.id,
        language: row.language,
        operators: golden.operators,
        dictionary: new Map(Object.entries(golden.dictionary[row.language] ?? {}))
      });
      const [clean] = await model.score([{ kind: 'text', text: row.text }]);
      const targets = c.targets?.[row.label];
      const where = `${c.name} ${row.id} ${want.model}`;
      const outcome = await solveExactText({
        labels: model.labels,
        gold: row.label,
        objective: targets ? 'targeted' : 'untargeted',
        transitions: (targets ?? []).map((to) => ({ from: row.label, to })),
        space,
        limit: wordLimit(space.words, c.share),
        maxCharEditRatio: c.ratio,
        maxCandidates: 20_000,
        clean: clean as never,
        score: (texts) => model.score(texts.map((text) => ({ kind: 'text' as const, text }))),
        ...(model.linear ? { linear: model.linear } : {})
      });
      if (outcome.closedForm) closedForm.add(want.model);
      expect([where, outcome.candidates, outcome.candidatesBound]).toEqual([where, want.candidates, false]);
      expect([where, outcome.certified === false && outcome.tie === false]).toEqual([where, want.success]);
      if (want.success) {
        successes++;
        const low = Math.min(...want.best.map((b) => b.margin));
        const mine = recordedEdits(outcome.edits).map(({ op, word, from, to }) => ({ op, word, from, to }));
        const match = want.best.find((b) => JSON.stringify(b.edits) === JSON.stringify(mine));
        expect([where, outcome.edits.length]).toEqual([where, want.level]);
        expect([where, match !== undefined]).toEqual([where, true]);
        expect(Math.abs((match as { margin: number }).margin - low)).toBeLessThan(1e-9);
        // The candidate is what the model answered on, and the edits make it.
        expect(outcome.result.status).toBe('ok');
      } else {
        certified++;
        expect([where, outcome.certified]).toEqual([where, true]);
        if (want.closest !== null && !outcome.closedForm) {
          const [answer] = await model.score([{ kind: 'text', text: outcome.text }]);
          const g = model.labels.indexOf(row.label);
          const scores = (answer as { scores: number[] }).scores;
          const others = targets ? targets.map((t) => model.labels.indexOf(t)) : model.labels.map((_, j) => j);
          const margin = Math.min(
            ...others.filter((j) => j !== g).map((j) => (scores[g] as number) - (scores[j] as number))
          );
          expect(Math.abs(margin - want.closest)).toBeLessThan(1e-9);
        }
      }
    }
    // The fixture holds both kinds of row.
    expect(successes).toBeGreaterThan(0);
    expect(certified).toBeGreaterThan(0);
    // The closed form certified rows of the linear models, never of the hybrid (enumerated).
    expect(closedForm.has('hybrid')).toBe(false);
    expect(closedForm.size).toBeGreaterThan(0);
  });
});
