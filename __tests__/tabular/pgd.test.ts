/** `pgd` on hand-made linear models: projection onto F(x), first success kept, targets, seeded random start, work counts. */
import type { FeatureSpace } from '../../src/tabular/contract.js';
import { pgdCandidate, project } from '../../src/tabular/pgd.js';
import { validateCandidate } from '../../src/tabular/validity.js';
import { LinearStub } from './linear-stub.js';

const space: FeatureSpace = {
  names: ['a', 'b', 'c'],
  eps: 0.1,
  editable: [true, true, false],
  lower: [0, 0, 0],
  upper: [1, 0.95, 1]
};
const named = (m: LinearStub) => Object.assign(m, { name: 'lin' });
const counters = () => ({ gradientEvaluations: 0, predictionEvaluations: 0 });

test('projection: within eps of x, inside the bounds, non-editable features kept', () => {
  expect(project([0.5, 0.9, 0.3], [0.9, 1.2, 0.9], space)).toEqual([0.6, 0.95, 0.3]);
  expect(project([0.05, 0.5, 0.3], [-1, 0.45, 0.3], space)).toEqual([0, 0.45, 0.3]);
});

test('untargeted: steps of eps/4 until the prediction changes, the first success kept, work counted', () => {
  // logit = a + b − 1.1 + 2c with c fixed at 0: class '0' at x = (0.5, 0.5); F(x) reaches a + b = 1.2.
  const model = named(new LinearStub([1, 1, 2], -1.1));
  const c = counters();
  const out = pgdCandidate(
    { id: 'r', x: [0.5, 0.5, 0], gold: '0', targets: null, model, space, seed: 1 },
    { steps: 20, stepSize: null, randomStart: false },
    c
  );
  expect(model.predict(out.values)).toBe('1');
  expect(validateCandidate([0.5, 0.5, 0], out.values, space)).toBeNull();
  // Two steps of 0.025 on both features reach a + b = 1.1 (not yet > 0), the third passes.
  expect(out.work).toEqual({ queries: 4, gradientEvaluations: 3, certified: null, tie: null });
  expect(c).toEqual({ gradientEvaluations: 3, predictionEvaluations: 4 });
});

test('no success: the last iterate, every step counted; a wrong row is not attacked', () => {
  const model = named(new LinearStub([1, 1, 0], -5));
  const out = pgdCandidate(
    { id: 'r', x: [0.5, 0.5, 0], gold: '0', targets: null, model, space, seed: 1 },
    { steps: 7, stepSize: 0.05, randomStart: false },
    counters()
  );
  expect(out.values[0]).toBeCloseTo(0.6, 12);
  expect(out.work).toMatchObject({ queries: 8, gradientEvaluations: 7 });
  const wrong = pgdCandidate(
    { id: 'r', x: [0.5, 0.5, 0], gold: '1', targets: null, model, space, seed: 1 },
    { steps: 7, stepSize: 0.05, randomStart: false },
    counters()
  );
  expect(wrong).toMatchObject({
    attempted: false,
    values: [0.5, 0.5, 0],
    work: { queries: 0, gradientEvaluations: 0 }
  });
});

test('targeted with no protected target of gold: out of scope, not attacked, nothing spent, not moved even from a random start', () => {
  const model = named(new LinearStub([1, 1, 0], -1.1));
  for (const randomStart of [false, true]) {
    const c = counters();
    const out = pgdCandidate(
      { id: 'r', x: [0.5, 0.5, 0], gold: '0', targets: [], model, space, seed: 1 },
      { steps: 5, stepSize: null, randomStart },
      c
    );
    expect(out).toMatchObject({
      attempted: false,
      values: [0.5, 0.5, 0],
      work: { queries: 0, gradientEvaluations: 0 }
    });
    expect(c).toEqual({ gradientEvaluations: 0, predictionEvaluations: 0 });
  }
});

test('random start: seeded by (seed, attack, id, model), inside F(x)', () => {
  const model = named(new LinearStub([1, 1, 0], -5));
  const run = (seed: number, id: string) =>
    pgdCandidate(
      { id, x: [0.5, 0.5, 0.2], gold: '0', targets: null, model, space, seed },
      { steps: 1, stepSize: 1e-9, randomStart: true },
      counters()
    ).values;
  expect(run(3, 'r')).toEqual(run(3, 'r'));
  expect(run(3, 'r')).not.toEqual(run(4, 'r'));
  expect(run(3, 'r')).not.toEqual(run(3, 's'));
  expect(validateCandidate([0.5, 0.5, 0.2], run(3, 'r'), space)).toBeNull();
});

test('random start is uniform on F(x), not piled on the bounds where the ball passes them', () => {
  // Feature a: bounds [0.4, 0.5] inside the ball x ± 0.3, so the old clip(x + eps·(2u − 1)) put
  // five starts in six exactly on a bound; a uniform draw on [0.4, 0.5] essentially never does.
  const narrow: FeatureSpace = { names: ['a'], eps: 0.3, editable: [true], lower: [0.4], upper: [0.5] };
  const model = named(new LinearStub([1], -5));
  const starts = Array.from(
    { length: 400 },
    (_, k) =>
      pgdCandidate(
        { id: `r${k}`, x: [0.45], gold: '0', targets: null, model, space: narrow, seed: 7 },
        { steps: 1, stepSize: 1e-12, randomStart: true },
        counters()
      ).values[0] as number
  );
  expect(starts.filter((v) => v === 0.4 || v === 0.5).length).toBeLessThanOrEqual(2);
  for (const v of starts) expect(v >= 0.4 && v <= 0.5).toBe(true);
  // Each tenth of the interval gets about 40 of the 400 starts.
  const tenths = Array.from(
    { length: 10 },
    (_, t) => starts.filter((v) => Math.min(9, Math.floor((v - 0.4) / 0.01)) === t).length
  );
  for (const n of tenths) expect(n).toBeGreaterThanOrEqual(20);
});
