import { decide } from '../../src/perturb/decision.js';
import type { FeatureSpace } from '../../src/tabular/contract.js';
import { NOISE_FAMILY, noiseCandidate } from '../../src/tabular/noise.js';

const SPACE: FeatureSpace = {
  names: ['a', 'b', 'c', 'd'],
  editable: [true, true, false, true],
  lower: [0, 0, 0, -Infinity],
  upper: [1, 1, 1, Infinity],
  eps: 0.05
};

const ROWS: Array<[string, number[]]> = Array.from({ length: 40 }, (_, k) => [
  `row-${k}`,
  [(k % 11) / 10, 1 - (k % 7) / 6, (k % 3) / 2, k * 3.7 - 50]
]);

describe('noiseCandidate', () => {
  test('is the documented formula with u = decide(seed, "noise", id, i)', () => {
    const x = [0.5, 0.5, 0.5, 0.5];
    const c = noiseCandidate('r1', x, SPACE, 63);
    expect(NOISE_FAMILY).toBe('noise');
    for (const i of [0, 1, 3]) {
      expect(c.values[i]).toBe(0.5 + 0.05 * (2 * decide(63, 'noise', 'r1', i) - 1));
    }
    expect(c.values[2]).toBe(0.5);
    expect(c).toMatchObject({ attempted: true, valid: true, invalidReason: null });
  });

  test('is deterministic and independent of call order and of the other rows', () => {
    const forward = new Map(ROWS.map(([id, x]) => [id, noiseCandidate(id, x, SPACE, 7)]));
    const backward = new Map([...ROWS].reverse().map(([id, x]) => [id, noiseCandidate(id, x, SPACE, 7)]));
    const again = new Map(ROWS.map(([id, x]) => [id, noiseCandidate(id, x, SPACE, 7)]));
    for (const [id] of ROWS) {
      expect(backward.get(id)).toEqual(forward.get(id));
      expect(again.get(id)).toEqual(forward.get(id));
    }
    // a row alone gives what it gives inside the full run
    const [id, x] = ROWS[17] as [string, number[]];
    expect(noiseCandidate(id, x, SPACE, 7)).toEqual(forward.get(id));
  });

  test('stays within the ball and the bounds, leaves non-editable features alone, and is valid', () => {
    for (const [id, x] of ROWS) {
      const c = noiseCandidate(id, x, SPACE, 11);
      expect(c.valid).toBe(true);
      expect(c.invalidReason).toBeNull();
      expect(c.attempted).toBe(true);
      c.values.forEach((v, i) => {
        expect(Math.abs(v - (x[i] as number))).toBeLessThanOrEqual(SPACE.eps);
        expect(v).toBeGreaterThanOrEqual(SPACE.lower[i] as number);
        expect(v).toBeLessThanOrEqual(SPACE.upper[i] as number);
      });
      expect(c.values[2]).toBe(x[2]);
    }
  });

  test('clips at a bound', () => {
    // find a seed whose offset on feature 0 of this row is upward, then start at the upper bound
    const seed = [1, 2, 3, 4, 5, 6, 7, 8].find((s) => decide(s, 'noise', 'edge', 0) > 0.5) as number;
    const c = noiseCandidate('edge', [1, 0.5, 0.5, 0], SPACE, seed);
    expect(c.values[0]).toBe(1);
    expect(c.valid).toBe(true);
  });

  test('different seeds give different noise', () => {
    const x = [0.5, 0.5, 0.5, 0.5];
    const a = noiseCandidate('r', x, SPACE, 1).values;
    const b = noiseCandidate('r', x, SPACE, 2).values;
    expect(a).not.toEqual(b);
    expect(a[0]).not.toBe(b[0]);
  });

  test('different ids and features get different offsets', () => {
    const x = [0.5, 0.5, 0.5, 0.5];
    const a = noiseCandidate('r-a', x, SPACE, 1).values;
    const b = noiseCandidate('r-b', x, SPACE, 1).values;
    expect(a[0]).not.toBe(b[0]);
    expect(a[0]).not.toBe(a[1]);
  });

  test('a row already outside a bound by more than eps is flagged, not hidden', () => {
    const c = noiseCandidate('out', [1.2, 0.5, 0.5, 0], SPACE, 1);
    expect(c.values[0]).toBe(1);
    expect(c.valid).toBe(false);
    expect(c.invalidReason).toMatch(/^feature a moved 0\.2\d*, more than eps 0\.05$/);
  });
});
