/** Risk–coverage curve and AURC with tie blocks averaged over their orders (SPEC §8, selective prediction). */
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { ScoredOutcome } from '../../src/metrics/selective.js';
import { riskCoverageOf } from './reference/array-forms.js';
import { riskCoverage } from './reference/array-forms.js';
import { fixture, golden } from './golden-fixtures.js';

const ok = (margin: number): ScoredOutcome => ({ margin, correct: true });
const bad = (margin: number): ScoredOutcome => ({ margin, correct: false });
const missing: ScoredOutcome = { margin: null, correct: false };

/** AURC of one fixed order: no ties, risk(k) = errors in the first k / k. */
function aurcOfOrder(order: readonly boolean[]): { aurc: number; risks: number[] } {
  let errors = 0;
  const risks = order.map((correct, i) => {
    if (!correct) errors++;
    return errors / (i + 1);
  });
  return { aurc: risks.reduce((a, b) => a + b, 0) / order.length, risks };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

/** The average curve over every permutation inside each tie block (missing rows: one final block). */
function bruteForce(items: readonly ScoredOutcome[]): { aurc: number; risks: number[] } {
  const margins = [...new Set(items.filter((i) => i.margin !== null).map((i) => i.margin as number))].sort(
    (a, b) => b - a
  );
  const blocks = margins.map((m) => items.filter((i) => i.margin === m).map((i) => i.correct));
  const tail = items.filter((i) => i.margin === null).map(() => false);
  if (tail.length > 0) blocks.push(tail);
  let orders: boolean[][] = [[]];
  for (const block of blocks) {
    const next: boolean[][] = [];
    for (const prefix of orders) for (const p of permutations(block)) next.push([...prefix, ...p]);
    orders = next;
  }
  const n = items.length;
  const risks = new Array<number>(n).fill(0);
  let aurc = 0;
  for (const order of orders) {
    const r = aurcOfOrder(order);
    aurc += r.aurc;
    r.risks.forEach((v, i) => (risks[i] = (risks[i] as number) + v));
  }
  return { aurc: aurc / orders.length, risks: risks.map((v) => v / orders.length) };
}

/** A small deterministic PRNG (mulberry32) so the random cases are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('risk–coverage without ties', () => {
  test('hand-computed curve and AURC', () => {
    // ranked: 0.9 ok, 0.7 wrong, 0.4 ok, 0.1 wrong → risks 0, 1/2, 1/3, 2/4
    const r = riskCoverageOf([ok(0.4), bad(0.1), ok(0.9), bad(0.7)]);
    expect(r.curve).toEqual([
      { k: 1, coverage: 0.25, risk: 0 },
      { k: 2, coverage: 0.5, risk: 0.5 },
      { k: 3, coverage: 0.75, risk: 1 / 3 },
      { k: 4, coverage: 1, risk: 0.5 }
    ]);
    expect(r.aurc.value).toBeCloseTo((0 + 0.5 + 1 / 3 + 0.5) / 4, 15);
    expect(r.aurc).toMatchObject({ numerator: null, denominator: 4, status: 'ok' });
    expect(r).toMatchObject({ n: 4, errors: 2, missing: 0 });
  });

  test('all-correct gives AURC 0 and all-wrong gives 1', () => {
    expect(riskCoverageOf([ok(0.3), ok(0.2), ok(0.2)]).aurc.value).toBe(0);
    expect(riskCoverageOf([bad(0.3), bad(0.2), missing]).aurc.value).toBe(1);
  });

  test('no rows: not evaluated, empty curve', () => {
    const r = riskCoverageOf([]);
    expect(r.aurc).toMatchObject({ value: null, status: 'not_evaluated', denominator: 0 });
    expect(r.curve).toEqual([]);
  });
});

describe('ties and missing rows', () => {
  test('a tie block spreads its errors evenly over its positions', () => {
    // one block of 2 (one error) then a correct row: expected cumulative errors 0.5, 1, 1
    const r = riskCoverageOf([ok(0.5), bad(0.5), ok(0.2)]);
    expect(r.curve.map((p) => p.risk)).toEqual([0.5, 0.5, 1 / 3]);
    expect(r.aurc.value).toBeCloseTo((0.5 + 0.5 + 1 / 3) / 3, 15);
  });

  test('missing rows come last, after even a zero margin, and count as errors', () => {
    const r = riskCoverageOf([missing, ok(0)]);
    expect(r.curve.map((p) => p.risk)).toEqual([0, 0.5]);
    expect(r).toMatchObject({ missing: 1, errors: 1 });
  });

  test('the result does not depend on the input order', () => {
    const items = [ok(0.5), bad(0.5), missing, ok(0.9), bad(0.1), ok(0.5), bad(0.9)];
    const reversed = [...items].reverse();
    expect(riskCoverageOf(reversed)).toEqual(riskCoverageOf(items));
  });

  test('equals the brute-force average over all orders within tie blocks (hand case)', () => {
    const items = [ok(0.8), bad(0.8), bad(0.8), ok(0.8), ok(0.3), bad(0.3), missing, missing];
    const expected = bruteForce(items);
    const r = riskCoverageOf(items);
    expect(Math.abs((r.aurc.value as number) - expected.aurc)).toBeLessThanOrEqual(1e-12);
    r.curve.forEach((p, i) => expect(Math.abs(p.risk - (expected.risks[i] as number))).toBeLessThanOrEqual(1e-12));
  });

  test('equals the brute-force average on 300 random small cases with ties', () => {
    const rand = prng(7);
    for (let c = 0; c < 300; c++) {
      const n = 1 + Math.floor(rand() * 7);
      const items: ScoredOutcome[] = [];
      for (let i = 0; i < n; i++) {
        if (rand() < 0.1) items.push(missing);
        else items.push({ margin: [0, 0.25, 0.5][Math.floor(rand() * 3)] as number, correct: rand() < 0.5 });
      }
      const expected = bruteForce(items);
      const r = riskCoverageOf(items);
      expect(Math.abs((r.aurc.value as number) - expected.aurc)).toBeLessThanOrEqual(1e-12);
      r.curve.forEach((p, i) => expect(Math.abs(p.risk - (expected.risks[i] as number))).toBeLessThanOrEqual(1e-12));
    }
  });
});

describe('evidence rows', () => {
  function row(over: Partial<EvidenceRow>): EvidenceRow {
    return {
      id: 'x',
      split: 'controlled',
      model: 'm',
      condition: 'clean',
      language: 'en',
      domain: null,
      text: null,
      perturbed_text: null,
      label: 'a',
      clean_prediction: 'a',
      prediction: 'a',
      scores: [0.9, 0.1],
      margin: 0.8,
      clean_margin: 0.8,
      changed: false,
      valid: null,
      invalid_reason: null,
      eligible: null,
      tested: null,
      success: null,
      uncovered: null,
      uncovered_reason: null,
      status: 'ok',
      error: null,
      input_sha256: '',
      ...over
    };
  }

  test('ranks by clean margin; a row that is not ok is missing', () => {
    const r = riskCoverage([
      row({ id: '1', clean_margin: 0.2, prediction: 'b', clean_prediction: 'b' }),
      row({ id: '2', clean_margin: 0.9 }),
      row({
        id: '3',
        status: 'error',
        prediction: null,
        clean_prediction: null,
        scores: null,
        margin: null,
        clean_margin: null
      })
    ]);
    expect(r.curve.map((p) => p.risk)).toEqual([0, 0.5, 2 / 3]);
    expect(r.missing).toBe(1);
  });
});

describe('golden: tie-averaged AURC computed independently in Python on the synthetic evidence', () => {
  const cases = (golden.selective as any[]).map((c) => [c.model, c.scope, c] as const);
  test.each(cases)('%s · %s', (model, _scope, expected) => {
    const scoped = fixture.filter(
      (r) => r.model === model && r.condition === 'clean' && (expected.split === null || r.split === expected.split)
    );
    const r = riskCoverage(scoped);
    expect(r).toMatchObject({ n: expected.n, errors: expected.errors, missing: expected.missing });
    expect(Math.abs((r.aurc.value as number) - expected.aurc)).toBeLessThanOrEqual(1e-12);
    r.curve.forEach((p, i) => {
      expect(p.k).toBe(i + 1);
      expect(Math.abs(p.risk - expected.risks[i])).toBeLessThanOrEqual(1e-12);
    });
  });

  test('the fixture has margin ties that mix right and wrong predictions', () => {
    const clean = fixture.filter((r) => r.model === 'naive-bayes' && r.condition === 'clean' && r.clean_margin === 0);
    expect(clean.length).toBeGreaterThanOrEqual(2);
    expect(new Set(clean.map((r) => r.prediction === r.label)).size).toBe(2);
    expect((golden.selective as any[]).some((c) => c.aurc_enumerated !== null)).toBe(true);
  });
});
