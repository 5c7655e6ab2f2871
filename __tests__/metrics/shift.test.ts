import { histogram, psiBin, uniqueTokenTypes } from '../../src/metrics/shift.js';
import { psi } from './reference/array-forms.js';

describe('length PSI', () => {
  test('counts unique lowercase token types of letters and digits, any length', () => {
    expect(uniqueTokenTypes('A a b, B! c 1 x_y')).toBe(6); // a, b, c, 1, x, y
    expect(uniqueTokenTypes('Está claro: está claro.')).toBe(2);
    expect(uniqueTokenTypes('...')).toBe(0);
  });

  test('bins are [0,5) [5,10) [10,15) [15,20) [20,30) [30,50) [50,100001) with overflow in the last', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20, 29, 30, 49, 50, 100000, 100001, 5e6].map(psiBin)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6
    ]);
    expect(histogram([1, 2, 7, 60])).toEqual([2, 1, 0, 0, 0, 0, 1]);
  });

  test('hand-computed value with the 1e-4 floor', () => {
    // reference: 2 in bin 0, 2 in bin 1 → p = (0.5, 0.5, 0…); comparison: 4 in bin 1 → q = (0, 1, 0…)
    const p0 = 0.5,
      q0 = 1e-4,
      p1 = 0.5,
      q1 = 1;
    const expected = (q0 - p0) * Math.log(q0 / p0) + (q1 - p1) * Math.log(q1 / p1);
    const f = psi([0, 1, 5, 6], [5, 6, 7, 8]);
    expect(f.status).toBe('ok');
    expect(f.value).toBeCloseTo(expected, 12);
    expect(f.value).toBeCloseTo(4.604318467, 8);
  });

  test('identical distributions give 0 and an empty side is not evaluated', () => {
    expect(psi([1, 7, 12], [12, 7, 1]).value).toBe(0);
    const f = psi([], [1]);
    expect(f.status).toBe('not_evaluated');
    expect(f.value).toBeNull();
  });
});
