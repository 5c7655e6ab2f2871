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
import { decisionBound, decisionParts } from '../../src/perturb/exact/closed-form.js';
import { validSetsAt } from '../../src/perturb/exact/enumerate.js';
import {
  applySearchEdits,
  editSpace,
  recordedEdits,
  wordLimit,
  type PlacedEdit,
  type SearchOperator
} from '../../src/perturb/search/edits.js';
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

/** A golden row's edit space under the golden's operators, seed and dictionary. */
function goldenSpace(row: { id: string; language: string; text: string }) {
  return editSpace(row.text, {
    seed: golden.seed,
    id: row.id,
    language: row.language,
    operators: golden.operators,
    dictionary: new Map(Object.entries(golden.dictionary[row.language] ?? {}))
  });
}

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
      const space = goldenSpace(row);
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
        parts: decisionParts(model)
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
    // The closed form certified rows.
    expect(closedForm.size).toBeGreaterThan(0);
  });
});

describe('the closed form declines where its sum would not be exact', () => {
  const c = golden.cases[0] as GoldenCase;
  const models = fitModels(c);
  const solve = async (model: Model, text: string, gold: string, closedForm = true, limit = 1) => {
    const space = editSpace(text, {
      seed: golden.seed,
      id: 'cf',
      language: 'en',
      operators: golden.operators,
      dictionary: new Map(Object.entries(golden.dictionary.en ?? {}))
    });
    const [clean] = await model.score([{ kind: 'text', text }]);
    return solveExactText({
      labels: model.labels,
      gold,
      objective: 'untargeted',
      transitions: [],
      space,
      limit,
      maxCharEditRatio: null,
      maxCandidates: 20_000,
      clean: clean as never,
      score: (texts) => model.score(texts.map((t) => ({ kind: 'text' as const, text: t }))),
      parts: closedForm ? decisionParts(model) : undefined
    });
  };
  const predicted = async (model: Model, text: string): Promise<string> => {
    const [r] = await model.score([{ kind: 'text', text }]);
    const scores = (r as { scores: number[] }).scores;
    return model.labels[scores.indexOf(Math.max(...scores))] as string;
  };

  test('words sharing a token run (joined by _, - or /) are read together: the outcome equals asking every candidate', async () => {
    const texts = [
      'results_model improves data nem cada',
      'strong-data clearly weak/quality model nem',
      'results model improves data nem cada'
    ];
    let closed = 0;
    for (const [name, model] of models)
      for (const text of texts) {
        const gold = await predicted(model, text);
        const a = await solve(model, text, gold, true, 2);
        const b = await solve(model, text, gold, false, 2);
        const where = `${name} ${text}`;
        expect([where, a.certified, a.tie, a.edits.length]).toEqual([where, b.certified, b.tie, b.edits.length]);
        if (a.certified === false) expect([where, a.text]).toEqual([where, b.text]);
        // The closed form spared asking (it certified, or ruled most candidates out).
        if (a.queries < b.queries) closed++;
      }
    expect(closed).toBeGreaterThan(2 * texts.length);
  });

  test('tf-idf: a text whose every known token an edit can change is enumerated (no known token would score 0s)', async () => {
    const model = models.get('tfidf-word') as Model;
    const text = 'strong results';
    const out = await solve(model, text, await predicted(model, text));
    expect(out.closedForm).toBe(false);
  });

  test('a case change alone touches no token: a word that only offers one may share a run with another', async () => {
    const model = models.get('naive-bayes') as Model;
    // "the" (three letters) offers only a case change; joined to "data" by _ it would otherwise stop the closed form.
    const text = 'results model improves data_the';
    const out = await solve(model, text, await predicted(model, text));
    expect([out.certified, out.closedForm]).toEqual([true, true]);
  });
});

describe("the closed form's bound holds for every set of the space", () => {
  // The decision each model's closed form reads: linear scores for one part; Σ weight × score / norm for a mixture.
  const decision = (parts: NonNullable<ReturnType<typeof decisionParts>>, text: string): number[] => {
    const out: number[] = [];
    for (const { weight, linear } of parts) {
      const s = linear.scores(text) as number[];
      const norm = parts.length > 1 && linear.norm ? linear.norm(text) : 1;
      s.forEach((x, i) => (out[i] = (out[i] ?? 0) + (weight * x) / norm));
    }
    return out;
  };
  /** Checks every set of one word and every `every`-th larger set; returns how many were checked and were tight. */
  const check = (c: GoldenCase, rows: GoldenCase['rows'], every: number) => {
    const models = fitModels(c);
    let checked = 0;
    let decided = 0;
    let tight = 0;
    let ruled = 0;
    for (const row of rows)
      for (const [name, model] of models) {
        const parts = decisionParts(model);
        if (parts === undefined) continue;
        const space = goldenSpace(row);
        const targets = c.targets?.[row.label];
        const task = {
          labels: model.labels,
          gold: row.label,
          objective: targets ? ('targeted' as const) : ('untargeted' as const),
          transitions: (targets ?? []).map((to) => ({ from: row.label, to })),
          space,
          limit: wordLimit(space.words, c.share)
        };
        const edits = Array.from({ length: space.size }, (_, i) => space.editsAt(i)).filter((e) => e.length > 0);
        const bound = decisionBound(task, edits, parts);
        if (bound === null) continue;
        decided++;
        const g = model.labels.indexOf(row.label);
        const rivals = targets ? targets.map((t) => model.labels.indexOf(t)) : model.labels.map((_, j) => j);
        let k = 0;
        for (let words = 1; words <= Math.min(task.limit, edits.length); words++)
          for (const set of validSetsAt(space, edits, words, task.limit, c.ratio, Infinity) ?? []) {
            if (words > 1 && k++ % every !== 0) continue;
            const s = decision(parts, applySearchEdits(row.text, set));
            const gap = Math.max(...rivals.filter((j) => j !== g).map((j) => (s[j] as number) - (s[g] as number)));
            const reach = bound.reach(set);
            const where = `${c.name} ${row.id} ${name} ${applySearchEdits(row.text, set)}`;
            expect([where, reach >= gap - 1e-12]).toEqual([where, true]);
            if (parts.length === 1) expect([where, Math.abs(reach - gap) < 1e-9]).toEqual([where, true]);
            else if (reach - gap < 0.05 * Math.abs(gap)) tight++;
            if (bound.row || bound.ruledOutAt(words)) expect([where, gap < 0]).toEqual([where, true]);
            if (bound.ruledOutAt(words)) ruled++;
            checked++;
          }
      }
    return { checked, decided, tight, ruled };
  };
  test.each(golden.cases.map((c) => [c.name, c] as const))(
    '%s: reach ≥ the true gap; exact for a linear model',
    (_, c) => {
      // Every set of one word, and of the larger sets every 19th (the suite's time).
      const { checked, decided, tight, ruled } = check(c, c.rows, 19);
      expect(decided).toBeGreaterThan(0);
      // Sets of whole levels the bound rules out (never listed) were checked too.
      expect(ruled).toBeGreaterThan(0);
      expect(checked).toBeGreaterThan(1000);
      expect(tight).toBeGreaterThan(0);
    }
  );
  test('words of one token run: their edits are read together, not summed', () => {
    // "results_model" (one word token) and "findings_system" (both words swapped from the dictionary) are known; each
    // swap alone makes an unknown token. Apart, the edits would each remove "results_model"; together they make
    // "findings_system". The char n-grams across "_" interact the same way.
    const base = golden.cases[0] as GoldenCase;
    const c: GoldenCase = {
      ...base,
      share: 0.4,
      ratio: null,
      targets: null,
      train: [
        ...base.train,
        { text: 'results_model results_model nem', label: 'a' },
        { text: 'findings_system findings_system cada', label: 'b' }
      ]
    };
    const rows = [
      { id: 'joined-a', language: 'en', text: 'results_model nem cada', label: 'a' },
      { id: 'joined-b', language: 'en', text: 'clearly_strong results/data model-quality', label: 'b' }
    ];
    const { checked, decided } = check(c, rows, 1);
    expect(decided).toBeGreaterThan(4);
    expect(checked).toBeGreaterThan(100);
  });
});

test("a mixture's bound allows an edit to lengthen the text's vector beyond the clean text's", () => {
  // Two equal parts over a toy vocabulary; "zzz" is unknown and the dictionary turns it into "meh", a heavy token
  // that narrows the gap less than it lengthens the vector: the true gap rises towards zero while the linear gap falls.
  const weights: Record<string, [number, number, number]> = {
    good: [1, 0, 1],
    bad: [0, 1, 1],
    meh: [0.2, 0.25, 3]
  };
  const linear = {
    scores: (text: string) => {
      const s: [number, number] = [0, 0];
      let known = false;
      for (const w of text.toLowerCase().match(/\w+/g) ?? []) {
        const f = weights[w];
        if (f === undefined) continue;
        known = true;
        s[0] += f[0];
        s[1] += f[1];
      }
      return known ? s : null;
    },
    norm: (text: string) => Math.hypot(...(text.toLowerCase().match(/\w+/g) ?? []).map((w) => weights[w]?.[2] ?? 0)),
    separator: /[^\p{L}\p{N}_]/u,
    fold: (text: string) => text.toLowerCase()
  };
  const text = 'good good bad zzz';
  const space = editSpace(text, {
    seed: 1,
    id: 'toy',
    language: 'en',
    operators: ['dictionary'],
    dictionary: new Map([['zzz', 'meh']])
  });
  const edits = Array.from({ length: space.size }, (_, i) => space.editsAt(i)).filter((e) => e.length > 0);
  const parts = [
    { weight: 0.5, linear },
    { weight: 0.5, linear }
  ];
  const task = { labels: ['a', 'b'], gold: 'a', objective: 'untargeted' as const, transitions: [], space, limit: 1 };
  const bound = decisionBound(task, edits, parts);
  const set = [(edits[0] as PlacedEdit[])[0] as PlacedEdit];
  const after = applySearchEdits(text, set);
  expect(after).toBe('good good bad meh');
  const s = linear.scores(after) as number[];
  const gap = ((s[1] as number) - (s[0] as number)) / linear.norm(after);
  expect(gap).toBeCloseTo(-0.95 / Math.hypot(1, 1, 1, 3), 12);
  expect(linear.norm(after)).toBeGreaterThan(linear.norm(text));
  expect(bound?.reach(set)).toBeGreaterThanOrEqual(gap);
});
