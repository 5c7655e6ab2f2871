/**
 * The max-min linear program behind `exact` for targeted objectives with more than two labels
 * (src/tabular/max-min-lp.ts): hand-solved programs, and on seeded random programs an optimum no
 * sampled point of the box beats. scripts/golden/exact.py checks it against scipy's linprog
 * through exact (__tests__/tabular/exact.test.ts).
 */
import { maxMin, type MaxMinProblem } from '../../src/tabular/max-min-lp.js';

const valueAt = (p: MaxMinProblem, y: readonly number[]): number =>
  Math.min(
    ...p.coefficients.map((a, k) => (p.constants[k] as number) + y.reduce((s, yi, i) => s + (a[i] as number) * yi, 0))
  );

test('one variable, two functions: the crossing point', () => {
  // min(y, 1 − y) over [0, 1]: ½ at y = ½.
  const p = { coefficients: [[1], [-1]], constants: [0, 1], widths: [1] };
  const { y, atUpper } = maxMin(p);
  expect(y[0]).toBeCloseTo(0.5, 15);
  expect(atUpper).toEqual([false]);
  expect(valueAt(p, y)).toBeCloseTo(0.5, 15);
});

test('an optimum at a corner of the box is exactly that corner', () => {
  // min(1 + y₁ + y₂, 5 + y₁ − y₂) over [0, 2] × [0, 1]: both grow with y₁; y₂ trades 1 for 1,
  // and the first function is the smaller until y₂ = 1.5, beyond its width: (2, 1), value 4.
  const p = {
    coefficients: [
      [1, 1],
      [1, -1]
    ],
    constants: [1, 5],
    widths: [2, 1]
  };
  const { y, atUpper } = maxMin(p);
  expect(y).toEqual([2, 1]);
  expect(atUpper).toEqual([true, true]);
  expect(valueAt(p, y)).toBe(4);
});

test('a function no variable moves caps the value; a zero width keeps the variable at 0', () => {
  const p = {
    coefficients: [
      [0, 0],
      [3, 1]
    ],
    constants: [-0.25, -2],
    widths: [1, 0]
  };
  const { y } = maxMin(p);
  expect(y[1]).toBe(0);
  expect(valueAt(p, y)).toBeCloseTo(-0.25, 15);
});

test('seeded random programs: no sampled point of the box does better than the optimum', () => {
  // A small LCG keeps the test free of the run's own generator.
  let state = 12345;
  const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 200; trial++) {
    const m = 1 + Math.floor(rand() * 5);
    const n = 1 + Math.floor(rand() * 6);
    const p: MaxMinProblem = {
      coefficients: Array.from({ length: m }, () =>
        Array.from({ length: n }, () => (rand() < 0.15 ? 0 : 6 * rand() - 3))
      ),
      constants: Array.from({ length: m }, () => 4 * rand() - 2),
      widths: Array.from({ length: n }, () => (rand() < 0.1 ? 0 : 2 * rand()))
    };
    const { y } = maxMin(p);
    y.forEach((yi, i) => {
      expect(yi).toBeGreaterThanOrEqual(0);
      expect(yi).toBeLessThanOrEqual(p.widths[i] as number);
    });
    const best = valueAt(p, y);
    for (let s = 0; s < 300; s++) {
      const point = Array.from({ length: n }, (_, i) =>
        rand() < 0.3 ? (rand() < 0.5 ? 0 : (p.widths[i] as number)) : rand() * (p.widths[i] as number)
      );
      expect(valueAt(p, point)).toBeLessThanOrEqual(best + 1e-12);
    }
  }
});

test('no function: a caller error, not an answer', () => {
  expect(() => maxMin({ coefficients: [], constants: [], widths: [1] })).toThrow(/no function/);
});
