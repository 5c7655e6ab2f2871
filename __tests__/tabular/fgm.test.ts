import type { AttackCounters, Differentiable, FeatureSpace } from '../../src/tabular/contract.js';
import { FGM_COUNTING, fgmCandidate, fgmIsExact, signStep } from '../../src/tabular/fgm.js';
import { LinearStub } from './linear-stub.js';

/**
 * Hand-checked case: w = [2, −1] on (x1, x2), b = −0.5, plus a feature x3 the model ignores
 * (weight 0, so its gradient is exactly zero). Bounds [0, 1], eps = 0.1.
 *
 * Row A  x = (0.95, 0.97, 0.2), gold '1': z = 1.9 − 0.97 − 0.5 = 0.43 > 0 → '1' (correct).
 *        ∂loss/∂x for '1' = −(1 − p)·w → signs (−, +, 0).
 *        x' = (0.95 − 0.1, clip(0.97 + 0.1 = 1.07 → 1), 0.2) = (0.85, 1, 0.2);
 *        z' = 1.7 − 1 − 0.5 = 0.2 → still '1'.
 * Row B  x = (0.3, 0.05, 0.7), gold '1': z = 0.6 − 0.05 − 0.5 = 0.05 → '1' (correct).
 *        x' = (0.2, 0.15, 0.7); z' = 0.4 − 0.15 − 0.5 = −0.25 → '0' (the step flips it).
 * Row C  x = (0.2, 0.5, 0.5), gold '1': z = 0.4 − 0.5 − 0.5 = −0.6 → '0' (initially wrong):
 *        left unchanged, attempted false, no gradient.
 */
const W = [2, -1, 0];
const B = -0.5;
const SPACE: FeatureSpace = {
  names: ['x1', 'x2', 'x3'],
  editable: [true, true, true],
  lower: [0, 0, 0],
  upper: [1, 1, 1],
  eps: 0.1
};

const fresh = (): AttackCounters => ({ gradientEvaluations: 0, predictionEvaluations: 0 });

describe('fgmCandidate, by hand', () => {
  test('two correct rows are stepped (one clipped at a bound, one flipped); a wrong row is left alone', () => {
    const model = new LinearStub(W, B);
    const counters = fresh();

    const a = fgmCandidate([0.95, 0.97, 0.2], '1', model, SPACE, counters);
    expect(a.values[0]).toBeCloseTo(0.85, 12);
    expect(a.values[1]).toBe(1); // clipped at the upper bound
    expect(a.values[2]).toBe(0.2); // zero gradient: unchanged
    expect(a).toMatchObject({ attempted: true, valid: true, invalidReason: null });
    expect(a.work).toEqual({ queries: 2, gradientEvaluations: 1, certified: null, tie: null });
    expect(model.logit(a.values)).toBeCloseTo(0.2, 12);
    expect(model.predict(a.values)).toBe('1');

    const b = fgmCandidate([0.3, 0.05, 0.7], '1', model, SPACE, counters);
    expect(b.values[0]).toBeCloseTo(0.2, 12);
    expect(b.values[1]).toBeCloseTo(0.15, 12);
    expect(b.values[2]).toBe(0.7);
    expect(b).toMatchObject({ attempted: true, valid: true, invalidReason: null });
    expect(model.logit(b.values)).toBeCloseTo(-0.25, 12);
    expect(model.predict(b.values)).toBe('0');

    const c = fgmCandidate([0.2, 0.5, 0.5], '1', model, SPACE, counters);
    expect(c).toEqual({
      values: [0.2, 0.5, 0.5],
      attempted: false,
      valid: true,
      invalidReason: null,
      work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
    });

    // one gradient and two predictions per attacked row; the wrong row adds nothing
    expect(counters).toEqual({ gradientEvaluations: 2, predictionEvaluations: 4 });
  });

  test('a correct row of label 0 moves the other way (raises z, lowers the class-0 logit −z)', () => {
    // x = (0.1, 0.6, 0.3): z = 0.2 − 0.6 − 0.5 = −0.9 → '0'; ∂loss/∂x for '0' = p·w → signs (+, −, 0)
    const c = fgmCandidate([0.1, 0.6, 0.3], '0', new LinearStub(W, B), SPACE, fresh());
    expect(c.values[0]).toBeCloseTo(0.2, 12);
    expect(c.values[1]).toBeCloseTo(0.5, 12);
    expect(c.values[2]).toBe(0.3);
  });

  test('a feature that is not editable is copied', () => {
    const space = { ...SPACE, editable: [false, true, true] };
    const c = fgmCandidate([0.95, 0.97, 0.2], '1', new LinearStub(W, B), space, fresh());
    expect(c.values).toEqual([0.95, 1, 0.2]);
    expect(c.valid).toBe(true);
  });

  test('counters match the model calls and add up over rows (the seed: 959 rows → 959 / 1,918)', () => {
    const model = new LinearStub(W, B);
    const counters = fresh();
    const rows: Array<[number[], string]> = [];
    for (let k = 0; k < 50; k++) rows.push([[(k % 10) / 10, (k % 7) / 7, 0.5], k % 3 === 0 ? '0' : '1']);
    let attacked = 0;
    let wrongPredictCalls = 0;
    for (const [x, gold] of rows) {
      const c = fgmCandidate(x, gold, model, SPACE, counters);
      if (c.attempted) attacked += 1;
      else wrongPredictCalls += 1;
    }
    expect(attacked).toBeGreaterThan(0);
    expect(attacked).toBeLessThan(rows.length);
    expect(counters.gradientEvaluations).toBe(attacked);
    expect(counters.predictionEvaluations).toBe(2 * attacked);
    expect(model.gradientCalls).toBe(counters.gradientEvaluations);
    // the eligibility prediction on a wrong row is clean scoring, not attack generation
    expect(model.predictCalls).toBe(counters.predictionEvaluations + wrongPredictCalls);
  });

  test('uses the model prediction as the gradient label', () => {
    const labels: string[] = [];
    const model: Differentiable = {
      predict: () => 'b',
      inputGradient: (_x, label) => {
        labels.push(label);
        return [1, -1];
      }
    };
    const space: FeatureSpace = {
      names: ['p', 'q'],
      editable: [true, true],
      lower: [-Infinity, -Infinity],
      upper: [Infinity, Infinity],
      eps: 0.5
    };
    const c = fgmCandidate([0, 0], 'b', model, space, fresh());
    expect(labels).toEqual(['b']);
    expect(c.values).toEqual([0.5, -0.5]);
  });

  test('a non-finite gradient gives an invalid candidate, kept and flagged', () => {
    const model: Differentiable = { predict: () => 'y', inputGradient: () => [NaN, 1] };
    const c = fgmCandidate([0.5, 0.5], 'y', model, { ...SPACE, names: ['u', 'v'], editable: [true, true] }, fresh());
    expect(c).toMatchObject({ attempted: true, valid: false, invalidReason: 'feature u is not finite (NaN)' });
  });

  test('an unattacked row is still checked (a row outside its bounds is flagged)', () => {
    // z = 3 − 0.5 − 0.5 = 2 → '1' ≠ gold '0': not attacked, but the unchanged row is outside [0, 1]
    const counters = fresh();
    const c = fgmCandidate([1.5, 0.5, 0.5], '0', new LinearStub(W, B), SPACE, counters);
    expect(c).toEqual({
      values: [1.5, 0.5, 0.5],
      attempted: false,
      valid: false,
      invalidReason: 'feature x1 = 1.5 is outside [0, 1]',
      work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
    });
    expect(counters).toEqual({ gradientEvaluations: 0, predictionEvaluations: 0 });
  });
});

describe('signStep', () => {
  test('sign(0) and sign(−0) keep the value; the step is clipped to each bound', () => {
    const space: FeatureSpace = {
      names: ['a', 'b', 'c', 'd'],
      editable: [true, true, true, true],
      lower: [0, 0, 0, 0],
      upper: [1, 1, 1, 1],
      eps: 0.3
    };
    expect(signStep([0.5, 0.5, 0.1, 0.9], [0, -0, -7, 1e-300], space)).toEqual([0.5, 0.5, 0, 1]);
  });
});

describe('exactness claim and notes', () => {
  test('fgmIsExact is true only for binary linear models', () => {
    expect(fgmIsExact(2, true)).toBe(true);
    expect(fgmIsExact(2, false)).toBe(false);
    expect(fgmIsExact(3, true)).toBe(false);
    expect(fgmIsExact(1, true)).toBe(false);
  });

  test('the notes are one line and name what they claim', () => {
    expect(FGM_COUNTING).not.toMatch(/\n/);
    expect(FGM_COUNTING).toMatch(/1 gradient evaluation/);
    expect(FGM_COUNTING).toMatch(/2 prediction evaluations/);
  });
});
