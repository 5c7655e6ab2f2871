import { vectorOf } from '../../src/tabular/vector.js';

test('vectorOf: f(0) … f(n − 1), each called once in order, −0 kept, empty for n = 0', () => {
  const calls: number[] = [];
  const v = vectorOf(4, (i) => (calls.push(i), i === 2 ? -0 : 0.5 * i));
  expect(v).toEqual([0, 0.5, -0, 1.5]);
  expect(Object.is(v[2], -0)).toBe(true);
  expect(calls).toEqual([0, 1, 2, 3]);
  expect(vectorOf(0, () => 1)).toEqual([]);
});
