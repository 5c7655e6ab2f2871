/**
 * `exact` against an independent computation: scripts/golden/exact.py solves each eligible row's
 * per-class linear program with scipy's linprog on the two bundled tabular examples and on
 * seeded multinomial fixtures built to have gaps of exactly zero (ties).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCertified, withTabularFields } from '../../src/evaluate/certified.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import type { AffineLogits, FeatureSpace } from '../../src/tabular/contract.js';
import { isAttackSuccess, type ReviewPolicy } from '../../src/evidence/attack-success.js';
import { LogisticRegressionModel } from '../../src/models/logistic.js';
import { acceptedGap, exactCandidate, exactSearch, TIE_TOLERANCE } from '../../src/tabular/exact.js';
import { validateCandidate } from '../../src/tabular/validity.js';
import { REPO_ROOT } from '../helpers.js';

interface GoldenRow {
  id: string;
  x: number[];
  label: string;
  rival: number | null;
  gaps: Record<string, number>;
  candidate: number[];
  free: number[];
  success: boolean;
  tie: boolean;
  certified: boolean;
  /** Targeted with more than two labels: M is each target's max-min margin, whose maximiser need not be unique. */
  joint?: boolean;
}

interface GoldenCase {
  name: string;
  labels: string[];
  features: string[];
  weights: number[][];
  intercepts: number[];
  space: {
    names: string[];
    eps: number;
    editable: boolean[];
    lower: Array<number | string>;
    upper: Array<number | string>;
  };
  targets: Record<string, string[]> | null;
  rows: GoldenRow[];
  successes: number;
  ties: number;
  certified: number;
}

/** A base case's rows judged under a review policy (threat_model.against_policy; binary models only). */
interface PolicyCase {
  name: string;
  base: string;
  policy: ReviewPolicy;
  success_ids: string[];
  tie_ids: string[];
  successes: number;
  ties: number;
  certified: number;
}

const all = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/exact.json'), 'utf8')) as {
  tie_tolerance: number;
  cases: Array<GoldenCase | PolicyCase>;
};
const golden = { tie_tolerance: all.tie_tolerance, cases: all.cases.filter((c): c is GoldenCase => !('base' in c)) };
const policyCases = all.cases.filter((c): c is PolicyCase => 'base' in c);

const num = (v: number | string): number => (v === 'inf' ? Infinity : v === '-inf' ? -Infinity : (v as number));

class AffineStub implements AffineLogits {
  constructor(
    readonly labels: readonly string[],
    private readonly weights: number[][],
    private readonly intercepts: number[]
  ) {}
  affineLogits() {
    return { weights: this.weights, intercepts: this.intercepts };
  }
  predict(x: readonly number[]): string {
    const z = this.weights.map((w, k) =>
      w.reduce((s, wi, i) => s + wi * (x[i] as number), this.intercepts[k] as number)
    );
    let best = 0;
    for (let k = 1; k < z.length; k++) if ((z[k] as number) > (z[best] as number)) best = k;
    return this.labels[best] as string;
  }
  /** Softmax of the logits (for two labels with a zero first row: [1 − σ(z), σ(z)]). */
  probabilities(x: readonly number[]): number[] {
    const z = this.weights.map((w, k) =>
      w.reduce((s, wi, i) => s + wi * (x[i] as number), this.intercepts[k] as number)
    );
    const top = Math.max(...z);
    const e = z.map((v) => Math.exp(v - top));
    const sum = e.reduce((a, v) => a + v, 0);
    return e.map((v) => v / sum);
  }
}

function spaceOf(c: GoldenCase): FeatureSpace {
  return {
    names: c.space.names,
    eps: c.space.eps,
    editable: c.space.editable,
    lower: c.space.lower.map(num),
    upper: c.space.upper.map(num)
  };
}

test('the golden covers both bundled examples, targeted fixtures, ties, and successes at a zero gap', () => {
  expect(golden.tie_tolerance).toBe(TIE_TOLERANCE);
  const names = golden.cases.map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['inspection', 'grading', 'random-4-targeted', 'random-6-targeted']));
  expect(golden.cases.reduce((n, c) => n + c.ties, 0)).toBeGreaterThan(50);
  const zeroGapSuccesses = golden.cases
    .flatMap((c) => c.rows)
    .filter((r) => r.success && Math.max(...Object.values(r.gaps)) === 0);
  expect(zeroGapSuccesses.length).toBeGreaterThan(0);
  // The grading example's eps was tuned so that exact finds a few dozen failures.
  const grading = golden.cases.find((c) => c.name === 'grading') as GoldenCase;
  expect(grading.successes).toBeGreaterThanOrEqual(24);
  expect(grading.successes).toBeLessThanOrEqual(72);
});

describe.each(golden.cases.map((c) => [c.name, c] as const))('exact equals linprog on %s', (_name, c) => {
  const model = new AffineStub(c.labels, c.weights, c.intercepts);
  const space = spaceOf(c);

  test('every row: the same gaps, rival, success, tie and certificate; the candidate is the LP maximiser and lies in F(x)', () => {
    expect(c.rows.length).toBeGreaterThan(0);
    for (const row of c.rows) {
      const gold = c.labels.indexOf(row.label);
      const allowed = c.targets === null ? null : new Set(c.targets[row.label] ?? []);
      const rivals = c.labels.flatMap((l, k) => (k !== gold && (allowed === null || allowed.has(l)) ? [k] : []));
      const out = exactSearch(row.x, gold, rivals, model, space, 0, c.targets !== null);
      const where = `${c.name} ${row.id}`;
      expect(validateCandidate(row.x, out.candidate, space)).toBeNull();
      if (row.joint === true) {
        // The linear program's optimum is unique, its maximiser need not be: compare values, and
        // at a tie (an optimum of zero) the success is whatever the model says at our own point.
        expect([where, out.rival, out.tie]).toEqual([where, row.rival, row.tie]);
        if (!row.tie) expect([where, out.success]).toEqual([where, row.success]);
        for (const [j, m] of Object.entries(row.gaps))
          expect(Math.abs((out.gaps[Number(j)] as number) - m)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(m)));
        if (out.rival !== null) {
          const z = c.weights.map((w, k) =>
            w.reduce((s, wi, i) => s + wi * (out.candidate[i] as number), c.intercepts[k] as number)
          );
          const margin = Math.min(
            ...z.flatMap((zk, k) => (k === out.rival ? [] : [(z[out.rival as number] as number) - zk]))
          );
          expect(Math.abs(margin - (out.gaps[out.rival] as number))).toBeLessThanOrEqual(
            1e-12 * (1 + Math.abs(margin))
          );
          expect([where, out.success]).toEqual([where, model.predict(out.candidate) === c.labels[out.rival]]);
        }
      } else {
        expect([where, out.rival, out.success, out.tie]).toEqual([where, row.rival, row.success, row.tie]);
        for (const [j, m] of Object.entries(row.gaps))
          expect(Math.abs((out.gaps[Number(j)] as number) - m)).toBeLessThanOrEqual(1e-12);
        row.candidate.forEach((v, i) => {
          expect([where, i, out.candidate[i]]).toEqual([where, i, row.free.includes(i) ? row.x[i] : v]);
        });
      }

      const cand = exactCandidate({
        x: row.x,
        gold: row.label,
        targets: c.targets === null ? null : (c.targets[row.label] ?? []),
        model,
        space
      });
      expect(cand.attempted).toBe(true);
      expect(cand.work).toEqual({ queries: 0, gradientEvaluations: 0, certified: row.certified, tie: row.tie });
    }
    expect(c.rows.filter((r) => r.success).length).toBe(c.successes);
  });
});

describe.each(policyCases.map((c) => [c.name, c] as const))(
  'exact under a review policy equals the golden on %s',
  (_name, p) => {
    const base = golden.cases.find((c) => c.name === p.base) as GoldenCase;
    const model = new AffineStub(base.labels, base.weights, base.intercepts);
    const space = spaceOf(base);

    test('every row: certified means no accepted wrong decision in F(x); the evidence rule at the candidate is the success; ties at the acceptance boundary', () => {
      expect(base.labels).toHaveLength(2);
      const successes = new Set(p.success_ids);
      const ties = new Set(p.tie_ids);
      for (const row of base.rows) {
        const cand = exactCandidate({ x: row.x, gold: row.label, targets: null, model, space, policy: p.policy });
        const where = `${p.name} ${row.id}`;
        expect([where, cand.work]).toEqual([
          where,
          {
            queries: 0,
            gradientEvaluations: 0,
            certified: !successes.has(row.id) && !ties.has(row.id),
            tie: ties.has(row.id)
          }
        ]);
        // The candidate is the same maximiser as without a policy: the point most likely to pass.
        expect([where, cand.values]).toEqual([
          where,
          exactCandidate({ x: row.x, gold: row.label, targets: null, model, space }).values
        ]);
        const success = isAttackSuccess(
          { objective: 'untargeted', transitions: [], policy: p.policy },
          base.labels,
          row.label,
          model.probabilities(cand.values)
        );
        expect([where, success]).toEqual([where, successes.has(row.id)]);
      }
      expect(base.rows.length - p.success_ids.length - p.tie_ids.filter((id) => !successes.has(id)).length).toBe(
        p.certified
      );
    });
  }
);

test('under a policy the golden covers fewer, the same and no successes than without, and ties at a zero gap', () => {
  const of = (name: string) => policyCases.find((c) => c.name === name) as PolicyCase;
  const inspection = golden.cases.find((c) => c.name === 'inspection') as GoldenCase;
  expect(of('inspection-policy-probability-0.6').successes).toBeLessThan(inspection.successes);
  expect(of('inspection-policy-probability-0.6').successes).toBeGreaterThan(0);
  expect(of('inspection-policy-probability-0.3').successes).toBe(inspection.successes);
  expect(of('inspection-policy-probability-0.8').successes).toBe(0);
  expect(of('binary-8-policy-probability-0.5').ties).toBeGreaterThan(0);
});

test('the gap a policy needs: logit of its probability, (1 + margin)/2 on the margin, ±∞ at the ends', () => {
  expect(acceptedGap({ on: 'probability', threshold: 0.5 })).toBe(0);
  expect(acceptedGap({ on: 'probability', threshold: 0.75 })).toBeCloseTo(Math.log(3), 15);
  expect(acceptedGap({ on: 'margin', threshold: 0.5 })).toBeCloseTo(Math.log(3), 15);
  expect(acceptedGap({ on: 'probability', threshold: 0 })).toBe(-Infinity);
  expect(acceptedGap({ on: 'probability', threshold: 1 })).toBe(Infinity);
  expect(acceptedGap({ on: 'margin', threshold: 2 })).toBe(Infinity);
});

test('more than two labels under a policy: the maximiser is an attack candidate, with no certificate and no tie', () => {
  const grading = golden.cases.find((c) => c.name === 'grading') as GoldenCase;
  const model = new AffineStub(grading.labels, grading.weights, grading.intercepts);
  const space = spaceOf(grading);
  for (const row of grading.rows.slice(0, 50)) {
    const cand = exactCandidate({
      x: row.x,
      gold: row.label,
      targets: null,
      model,
      space,
      policy: { on: 'margin', threshold: 0.4 }
    });
    expect(cand.work).toEqual({ queries: 0, gradientEvaluations: 0, certified: null, tie: null });
    expect(cand.values).toEqual(exactCandidate({ x: row.x, gold: row.label, targets: null, model, space }).values);
  }
});

test('a row the model gets wrong is not attacked and carries no certificate', () => {
  const model = new AffineStub(
    ['0', '1'],
    [
      [0, 0],
      [1, 1]
    ],
    [0, -1]
  );
  const space: FeatureSpace = { names: ['a', 'b'], eps: 0.1, editable: [true, true], lower: [0, 0], upper: [1, 1] };
  const c = exactCandidate({ x: [0.9, 0.9], gold: '0', targets: null, model, space });
  expect(c).toMatchObject({ attempted: false, values: [0.9, 0.9], work: { certified: null, tie: null } });
});

test('targeted with no protected target of gold: nothing to reach, certified', () => {
  const model = new AffineStub(
    ['a', 'b', 'c'],
    [
      [0, 0],
      [1, 0],
      [0, 1]
    ],
    [1, 0, 0]
  );
  const space: FeatureSpace = { names: ['p', 'q'], eps: 0.5, editable: [true, true], lower: [-9, -9], upper: [9, 9] };
  const c = exactCandidate({ x: [0, 0], gold: 'a', targets: [], model, space });
  expect(c).toMatchObject({ attempted: true, values: [0, 0], work: { certified: true, tie: false } });
});

describe('the certificate in the evidence and the inconsistency stop', () => {
  const base = {
    id: 'item-7',
    split: 'test',
    model: 'lr',
    language: 'unknown',
    domain: null,
    text: null,
    perturbed_text: null,
    label: '1',
    clean_prediction: '1',
    prediction: '1',
    scores: [0.2, 0.8],
    margin: 0.6,
    clean_margin: 0.6,
    changed: true,
    valid: true,
    invalid_reason: null,
    eligible: true,
    tested: true,
    success: false,
    uncovered: false,
    uncovered_reason: null,
    status: 'ok',
    error: null,
    input_sha256: 'x'
  } as const satisfies Partial<EvidenceRow>;
  const tab = (certified: boolean | null) => ({
    features: { a: 1 },
    perturbed: { a: 1 },
    exact: true,
    work: { queries: 0, gradientEvaluations: 0, certified, tie: false }
  });

  test('certified is kept on eligible rows only; the work fields follow the exact flag', () => {
    const row = withTabularFields({ ...base, condition: 'exact' } as EvidenceRow, tab(true));
    expect(Object.keys(row).slice(-7)).toEqual([
      'features',
      'perturbed_features',
      'exact',
      'queries',
      'gradient_evaluations',
      'certified',
      'tie'
    ]);
    expect(row.certified).toBe(true);
    const wrong = withTabularFields({ ...base, condition: 'exact', eligible: false } as EvidenceRow, tab(true));
    expect([wrong.certified, wrong.tie]).toEqual([null, null]);
    const plain = withTabularFields({ ...base, condition: 'fgm' } as EvidenceRow, {
      features: { a: 1 },
      perturbed: { a: 1 },
      exact: true
    });
    expect('queries' in plain).toBe(false);
  });

  test('an attack success on a certified row stops the run, naming the row, the attack and the model', () => {
    const exact = withTabularFields({ ...base, condition: 'exact' } as EvidenceRow, tab(true));
    const fgm = { ...base, condition: 'fgm', success: true } as EvidenceRow;
    expect(() => checkCertified([exact, fgm], 'tabular')).toThrow(
      /fgm succeeded on row "item-7" \(split "test", model "lr"\) that exact certified/
    );
    expect(() =>
      checkCertified([withTabularFields({ ...base, condition: 'exact' } as EvidenceRow, tab(false)), fgm], 'tabular')
    ).not.toThrow();
  });
});

test('large cancelling features: a gap within the rounding of the logits is a tie, never a certificate', () => {
  // A timestamp-like pair of features near 1e9 whose weights almost cancel. In real numbers the
  // best gap is +1.9e-7; evaluated in floating point it comes out −5.9e-8, below the 4e-9 of the
  // logit-based tolerance, and the model's own arithmetic predicts the rival at the same vertex.
  const model = new LogisticRegressionModel('lr', {
    labels: ['neg', 'pos'],
    features: ['f0', 'f1', 'f2'],
    C: 1,
    coef: [[-2.966574963811841, 2.9648886190322283, 1.2344610798334323]],
    intercept: [1686.5974074103665],
    iterations: 8
  });
  const x = [1000000007.347, 1000000005.751, 1364692.6487570573];
  const space: FeatureSpace = {
    names: ['f0', 'f1', 'f2'],
    eps: 0.5,
    editable: [true, true, false],
    lower: [-Infinity, -Infinity, -Infinity],
    upper: [Infinity, Infinity, Infinity]
  };
  expect(model.predict(x)).toBe('neg');
  const c = exactCandidate({ x, gold: 'neg', targets: null, model, space });
  expect(c.work).toMatchObject({ certified: false, tie: true });
  expect(model.predict(c.values)).toBe('pos');
  // Features of ordinary size keep the logit-based tolerance: the same weights near 0 certify.
  const small = [0.347, 0.751, 0.0];
  const ordinary = new LogisticRegressionModel('lr', {
    labels: ['neg', 'pos'],
    features: ['f0', 'f1', 'f2'],
    C: 1,
    coef: [[-2.966574963811841, 2.9648886190322283, 1.2344610798334323]],
    intercept: [-5],
    iterations: 8
  });
  expect(
    exactCandidate({ x: small, gold: 'neg', targets: null, model: ordinary, space: { ...space, eps: 0.1 } }).work
  ).toMatchObject({ certified: true, tie: false });
});
