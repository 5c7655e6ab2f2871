import fc from 'fast-check';
import type { AttackCounters, Differentiable, FeatureSpace } from '../../src/tabular/contract.js';
import { fgmCandidate } from '../../src/tabular/fgm.js';
import { noiseCandidate } from '../../src/tabular/noise.js';
import { LinearStub } from './linear-stub.js';

/** The validity rule written again, independently of src/tabular/validity.ts. */
function satisfiesRule(x: readonly number[], v: readonly number[], space: FeatureSpace): boolean {
  if (v.length !== x.length || x.length !== space.names.length) return false;
  return v.every((vi, i) => {
    const xi = x[i] as number;
    return (
      Number.isFinite(vi) &&
      Number.isFinite(xi) &&
      vi >= (space.lower[i] as number) &&
      vi <= (space.upper[i] as number) &&
      Math.abs(vi - xi) <= space.eps + 1e-6 &&
      (space.editable[i] === true || vi === xi)
    );
  });
}

interface Case {
  space: FeatureSpace;
  x: number[];
  gradient: number[];
}

/** A feature: bounds (sometimes open), editability, a value usually inside and sometimes outside. */
const featureArb = fc.record({
  editable: fc.boolean(),
  lowerOpen: fc.boolean(),
  upperOpen: fc.boolean(),
  lower: fc.double({ min: -100, max: 100, noNaN: true }),
  width: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 50, noNaN: true })),
  t: fc.double({ min: 0, max: 1, noNaN: true }),
  outside: fc.oneof(
    { weight: 9, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.double({ min: -5, max: 5, noNaN: true }) }
  ),
  g: fc.oneof(fc.constant(0), fc.constant(-0), fc.constant(NaN), fc.double({ min: -1e3, max: 1e3, noNaN: true }))
});

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    features: fc.array(featureArb, { minLength: 1, maxLength: 6 }),
    eps: fc.double({ min: 1e-4, max: 10, noNaN: true })
  })
  .map(({ features, eps }) => ({
    space: {
      names: features.map((_, i) => `f${i}`),
      editable: features.map((f) => f.editable),
      lower: features.map((f) => (f.lowerOpen ? -Infinity : f.lower)),
      upper: features.map((f) => (f.upperOpen ? Infinity : f.lower + f.width)),
      eps
    },
    x: features.map((f) => f.lower + f.t * f.width + f.outside),
    gradient: features.map((f) => f.g)
  }));

describe('every candidate marked valid satisfies the rule (checked independently)', () => {
  test('fgm', () => {
    fc.assert(
      fc.property(caseArb, ({ space, x, gradient }) => {
        const model: Differentiable = { predict: () => 'y', inputGradient: () => gradient };
        const counters: AttackCounters = { gradientEvaluations: 0, predictionEvaluations: 0 };
        const c = fgmCandidate(x, 'y', model, space, counters);
        expect(c.valid).toBe(satisfiesRule(x, c.values, space));
        expect(c.invalidReason === null).toBe(c.valid);
        expect(counters).toEqual({ gradientEvaluations: 1, predictionEvaluations: 2 });
        // a row inside its bounds with a finite gradient always yields a valid candidate
        const inside = x.every((xi, i) => xi >= (space.lower[i] as number) && xi <= (space.upper[i] as number));
        if (inside && gradient.every(Number.isFinite)) expect(c.valid).toBe(true);
      }),
      { numRuns: 500 }
    );
  });

  test('noise', () => {
    fc.assert(
      fc.property(caseArb, fc.string(), fc.integer({ min: 0, max: 2 ** 31 - 1 }), ({ space, x }, id, seed) => {
        const c = noiseCandidate(id, x, space, seed);
        expect(c.attempted).toBe(true);
        expect(c.valid).toBe(satisfiesRule(x, c.values, space));
        expect(c.invalidReason === null).toBe(c.valid);
        const inside = x.every((xi, i) => xi >= (space.lower[i] as number) && xi <= (space.upper[i] as number));
        if (inside) expect(c.valid).toBe(true);
      }),
      { numRuns: 300 }
    );
  });
});

describe('exactness: on a binary linear model the FGM point minimises the predicted-class logit over box ∩ L∞ ball', () => {
  const GRID = 9;

  /** All points of a GRID-per-axis grid (endpoints included) of the feasible product of intervals. */
  function grid(intervals: Array<[number, number]>): number[][] {
    let points: number[][] = [[]];
    for (const [lo, hi] of intervals) {
      const axis = lo === hi ? [lo] : Array.from({ length: GRID }, (_, k) => lo + ((hi - lo) * k) / (GRID - 1));
      points = points.flatMap((p) => axis.map((v) => [...p, v]));
    }
    return points;
  }

  test('brute force on random models, rows and editable sets', () => {
    const weight = fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 5, arbitrary: fc.double({ min: -3, max: 3, noNaN: true }) }
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }).chain((n) =>
          fc.record({
            w: fc.array(weight, { minLength: n, maxLength: n }),
            b: fc.double({ min: -1, max: 1, noNaN: true }),
            x: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
            editable: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
            eps: fc.double({ min: 0.01, max: 0.5, noNaN: true })
          })
        ),
        ({ w, b, x, editable, eps }) => {
          const n = w.length;
          const space: FeatureSpace = {
            names: w.map((_, i) => `f${i}`),
            editable,
            lower: Array(n).fill(0),
            upper: Array(n).fill(1),
            eps
          };
          const model = new LinearStub(w, b);
          const label = model.predict(x);
          const c = fgmCandidate(x, label, model, space, { gradientEvaluations: 0, predictionEvaluations: 0 });
          expect(c.attempted).toBe(true);
          expect(c.valid).toBe(true);

          const intervals = x.map((xi, i): [number, number] =>
            editable[i] ? [Math.max(0, xi - eps), Math.min(1, xi + eps)] : [xi, xi]
          );
          // the FGM point lies in the feasible set …
          c.values.forEach((v, i) => {
            const [lo, hi] = intervals[i] as [number, number];
            expect(v).toBeGreaterThanOrEqual(lo);
            expect(v).toBeLessThanOrEqual(hi);
          });
          // … and no grid point of it has a lower predicted-class logit
          const best = Math.min(...grid(intervals).map((p) => model.margin(p, label)));
          expect(model.margin(c.values, label)).toBeLessThanOrEqual(best + 1e-9);
        }
      ),
      { numRuns: 300 }
    );
  });
});
