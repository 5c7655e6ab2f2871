import { intervals, withinBudget } from '../../src/tabular/clip.js';
import type { FeatureSpace } from '../../src/tabular/contract.js';
import { exactCandidate } from '../../src/tabular/exact.js';
import { signStep } from '../../src/tabular/fgm.js';
import { noiseCandidate } from '../../src/tabular/noise.js';
import { pgdCandidate } from '../../src/tabular/pgd.js';
import { Box } from '../../src/tabular/query-attack.js';
import { VALIDITY_RULE, VALIDITY_TOLERANCE, validateCandidate } from '../../src/tabular/validity.js';
import { LinearStub } from './linear-stub.js';

const SPACE: FeatureSpace = {
  names: ['x1', 'x2', 'x3'],
  editable: [true, true, false],
  lower: [0, 0, -Infinity],
  upper: [1, 1, Infinity],
  eps: 0.05
};
const X = [0.5, 0.5, 10];

describe('validateCandidate', () => {
  test('exports the tolerance and a one-line rule', () => {
    expect(VALIDITY_TOLERANCE).toBe(1e-6);
    expect(VALIDITY_RULE).not.toMatch(/\n/);
    expect(VALIDITY_RULE).toContain('eps + 1e-6');
  });

  test('accepts the original itself and a move inside the ball', () => {
    expect(validateCandidate(X, X, SPACE)).toBeNull();
    expect(validateCandidate(X, [0.45, 0.55, 10], SPACE)).toBeNull();
  });

  test('rejects a length mismatch', () => {
    expect(validateCandidate(X, [0.5, 0.5], SPACE)).toBe(
      'the candidate has 2 values and the original 3; the feature space has 3 features'
    );
    expect(validateCandidate([0.5, 0.5], [0.5, 0.5], SPACE)).toBe(
      'the candidate has 2 values and the original 2; the feature space has 3 features'
    );
  });

  test('rejects NaN, +Infinity and −Infinity', () => {
    expect(validateCandidate(X, [0.5, NaN, 10], SPACE)).toBe('feature x2 is not finite (NaN)');
    expect(validateCandidate(X, [Infinity, 0.5, 10], SPACE)).toBe('feature x1 is not finite (Infinity)');
    expect(validateCandidate(X, [0.5, 0.5, -Infinity], SPACE)).toBe('feature x3 is not finite (-Infinity)');
    // an unbounded feature is still required to be finite
    expect(validateCandidate(X, [0.5, 0.5, Infinity], SPACE)).toBe('feature x3 is not finite (Infinity)');
  });

  test('rejects a non-finite original value', () => {
    expect(validateCandidate([0.5, NaN, 10], [0.5, 0.5, 10], SPACE)).toBe(
      'the original value of feature x2 is not finite (NaN)'
    );
  });

  test('rejects values outside the bounds (inclusive bounds accepted)', () => {
    const space = { ...SPACE, eps: 1 };
    expect(validateCandidate(X, [1.2, 0.5, 10], space)).toBe('feature x1 = 1.2 is outside [0, 1]');
    expect(validateCandidate(X, [0.5, -0.01, 10], space)).toBe('feature x2 = -0.01 is outside [0, 1]');
    expect(validateCandidate(X, [1, 0, 10], space)).toBeNull();
  });

  test('rejects an oversized delta with the move rounded for reading', () => {
    expect(validateCandidate(X, [0.57, 0.5, 10], SPACE)).toBe('feature x1 moved 0.07, more than eps 0.05');
    expect(validateCandidate(X, [0.5, 0.4, 10], SPACE)).toBe('feature x2 moved 0.1, more than eps 0.05');
  });

  test('the budget tolerance: eps + 1e-7 accepted, eps + 2e-6 rejected', () => {
    expect(validateCandidate([0.5, 0.5, 10], [0.5 + 0.05 + 1e-7, 0.5 - 0.05 - 1e-7, 10], SPACE)).toBeNull();
    expect(validateCandidate([0.5, 0.5, 10], [0.5 + 0.05 + 2e-6, 0.5, 10], SPACE)).toBe(
      'feature x1 moved 0.050002, more than eps 0.05'
    );
    expect(validateCandidate([0.5, 0.5, 10], [0.5, 0.5 - 0.05 - 2e-6, 10], SPACE)).toBe(
      'feature x2 moved 0.050002, more than eps 0.05'
    );
  });

  test('a move just over the limit is not rounded into looking within it', () => {
    const reason = validateCandidate([0, 0.5, 10], [0.050001000000001, 0.5, 10], SPACE);
    expect(reason).toMatch(/^feature x1 moved 0\.0500010000000\d*, more than eps 0\.05$/);
  });

  test('rejects a change to a feature that is not editable', () => {
    expect(validateCandidate(X, [0.5, 0.5, 10.01], SPACE)).toBe('feature x3 is not editable but changed');
    expect(validateCandidate(X, [0.5, 0.5, 10 + 1e-12], SPACE)).toBe('feature x3 is not editable but changed');
  });

  test('checks run in order: length, finite, bounds, delta, editable', () => {
    expect(validateCandidate(X, [NaN, 5, 11], SPACE)).toBe('feature x1 is not finite (NaN)');
    expect(validateCandidate(X, [5, NaN, 11], SPACE)).toBe('feature x2 is not finite (NaN)'); // finiteness before bounds
    expect(validateCandidate(X, [0.6, 5, 11], SPACE)).toBe('feature x2 = 5 is outside [0, 1]'); // bounds before delta
    expect(validateCandidate(X, [0.5, 0.6, 10.01], SPACE)).toBe('feature x2 moved 0.1, more than eps 0.05'); // delta before editable
    expect(validateCandidate(X, [0.5, 0.5, 11], SPACE)).toBe('feature x3 moved 1, more than eps 0.05'); // a big non-editable move is a delta first
  });
});

describe('every attack stays inside the budget on features near 1e11 (doubles there are 1.5e-5 apart)', () => {
  // x ± 0.3 rounds to a point 0.300003 away from x, past the rule's eps + 1e-6; each attack pulls
  // such an end back to the nearest double within the budget.
  const x = [100000000000.74744, 2];
  const big: FeatureSpace = {
    names: ['t', 'u'],
    eps: 0.3,
    editable: [true, true],
    lower: [-Infinity, 0],
    upper: [Infinity, 5]
  };

  test('withinBudget: ordinary values untouched, large ones pulled back by a double or two', () => {
    expect(withinBudget(0.5, 0.5 + 0.3, 0.3)).toBe(0.5 + 0.3);
    expect(withinBudget(2, 2 - 0.3, 0.3)).toBe(2 - 0.3);
    const up = withinBudget(x[0] as number, (x[0] as number) + 0.3, 0.3);
    const down = withinBudget(x[0] as number, (x[0] as number) - 0.3, 0.3);
    expect(Math.abs((x[0] as number) + 0.3 - (x[0] as number))).toBeGreaterThan(0.3 + 1e-6);
    for (const v of [up, down]) {
      expect(Math.abs(v - (x[0] as number))).toBeLessThanOrEqual(0.3 + 1e-6);
      expect(Math.abs(v - (x[0] as number))).toBeGreaterThan(0.29);
    }
    // Beyond 1e17 no double but x itself lies within 0.3 of x.
    expect(withinBudget(1e17, 1e17 + 0.3, 0.3)).toBe(1e17);
  });

  test('intervals: every end by hand, each one a valid move of its feature', () => {
    // Editable with both bounds, one-sided, unbounded near 1e11, not editable, and a bound inside the ball.
    const space: FeatureSpace = {
      names: ['a', 'b', 't', 'n', 'c'],
      eps: 0.3,
      editable: [true, true, true, false, true],
      lower: [0, -Infinity, -Infinity, 0, 0.9],
      upper: [1, 4, Infinity, 9, 2]
    };
    const row = [0.1, 3.9, 100000000000.74744, 5, 1];
    const { lo, hi } = intervals(row, space);
    expect(lo).toEqual([0, 3.9 - 0.3, withinBudget(row[2] as number, (row[2] as number) - 0.3, 0.3), 5, 0.9]);
    expect(hi).toEqual([0.1 + 0.3, 4, withinBudget(row[2] as number, (row[2] as number) + 0.3, 0.3), 5, 1 + 0.3]);
    for (let i = 0; i < row.length; i++) {
      for (const end of [lo[i], hi[i]])
        expect(
          validateCandidate(
            row,
            row.map((v, k) => (k === i ? (end as number) : v)),
            space
          )
        ).toBeNull();
    }
  });

  test('noise, fgm, pgd, exact and the vertices of square and boundary give valid candidates', () => {
    const model = Object.assign(new LinearStub([1e-9, -1], 1.5), { name: 'lin' });
    const candidates = [
      noiseCandidate('r', x, big, 1).values,
      signStep(x, [1, -1], big),
      signStep(x, [-1, 1], big),
      pgdCandidate(
        { id: 'r', x, gold: model.predict(x), targets: null, model, space: big, seed: 1 },
        { steps: 20, stepSize: null, randomStart: true },
        { gradientEvaluations: 0, predictionEvaluations: 0 }
      ).values,
      exactCandidate({
        x,
        gold: model.predict(x),
        targets: null,
        model: {
          labels: ['0', '1'],
          predict: (v) => model.predict(v),
          affineLogits: () => ({
            weights: [
              [0, 0],
              [1e-9, -1]
            ],
            intercepts: [0, 1.5]
          })
        },
        space: big
      }).values,
      new Box(x, big).lo,
      new Box(x, big).hi
    ];
    for (const c of candidates) expect(validateCandidate(x, c, big)).toBeNull();
    for (let id = 0; id < 200; id++)
      expect(validateCandidate(x, noiseCandidate(`r${id}`, x, big, 3).values, big)).toBeNull();
  });
});
