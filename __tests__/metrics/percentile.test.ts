/** Percentiles against numpy.percentile (golden file from scripts/golden/bootstrap.py). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interval, percentile, percentileOfSorted } from '../../src/metrics/percentile.js';
import { REPO_ROOT } from '../helpers.js';

interface PercentileCase {
  values: number[];
  q: number[];
  expected: number[];
}
interface IntervalCase {
  values: number[];
  level: number;
  expected: [number, number];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
  percentile: PercentileCase[];
  interval: IntervalCase[];
};

const TOLERANCE = 1e-12;
function expectNear(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(TOLERANCE * Math.max(1, Math.abs(expected)));
}

describe('percentile (numpy linear)', () => {
  test('matches numpy on every golden array and q, within 1e-12', () => {
    let checked = 0;
    for (const c of golden.percentile) {
      c.q.forEach((q, i) => {
        expectNear(percentile(c.values, q), c.expected[i] as number);
        checked++;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(700);
    // The golden set covers n = 1, duplicates and negative values.
    expect(golden.percentile.some((c) => c.values.length === 1)).toBe(true);
    expect(golden.percentile.some((c) => new Set(c.values).size < c.values.length)).toBe(true);
    expect(golden.percentile.some((c) => c.values.every((v) => v < 0))).toBe(true);
  });

  test('hand-worked values', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5); // h = 1.5
    expect(percentile([4, 1, 3, 2], 25)).toBe(1.75); // h = 0.75
    expect(percentile([10, 20], 0)).toBe(10);
    expect(percentile([10, 20], 100)).toBe(20);
    expect(percentile([-3], 37)).toBe(-3);
    expect(percentile([5, 5, 5, 1], 50)).toBe(5); // sorted 1 5 5 5, h = 1.5
    expect(percentileOfSorted([0, 10, 20, 30, 40], 62.5)).toBe(25); // h = 2.5
  });

  test('does not modify its input and accepts typed arrays', () => {
    const values = [3, 1, 2];
    expect(percentile(values, 50)).toBe(2);
    expect(values).toEqual([3, 1, 2]);
    expect(percentile(Float64Array.of(3, 1, 2), 100)).toBe(3);
  });

  test('an empty input or q outside [0, 100] throws', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    for (const q of [-0.1, 100.1, Number.NaN]) expect(() => percentile([1, 2], q)).toThrow(RangeError);
  });
});

describe('interval', () => {
  test('matches numpy.percentile at 100(1 − level)/2 and 100(1 + level)/2 (golden)', () => {
    expect(golden.interval.length).toBeGreaterThanOrEqual(50);
    for (const c of golden.interval) {
      const [low, high] = interval(c.values, c.level);
      expectNear(low, c.expected[0]);
      expectNear(high, c.expected[1]);
    }
  });

  test('hand-worked 95% interval over 0..100', () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    const [low, high] = interval(values, 0.95);
    expect(low).toBeCloseTo(2.5, 12);
    expect(high).toBeCloseTo(97.5, 12);
  });

  test('a level outside (0, 1) or an empty input throws', () => {
    for (const level of [0, 1, 95, -0.5, Number.NaN]) expect(() => interval([1, 2, 3], level)).toThrow(RangeError);
    expect(() => interval([], 0.95)).toThrow(RangeError);
  });
});
