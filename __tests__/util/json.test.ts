import { orderedMap, stableJson } from '../../src/util/json.js';

describe('stableJson', () => {
  test('sorts plain object keys by code point, including integer-like keys', () => {
    expect(stableJson({ b: 1, a: 2, '10': 3, '9': 4 })).toBe('{"10":3,"9":4,"a":2,"b":1}');
    // Plain JSON.stringify would put "9" before "10".
    expect(JSON.stringify({ '10': 3, '9': 4 })).toBe('{"9":4,"10":3}');
  });

  test('an ordered map keeps its own order', () => {
    expect(stableJson(orderedMap([['z', 1], ['1', 2]]))).toBe('{"z":1,"1":2}');
  });

  test('non-finite numbers become null and undefined keys are left out', () => {
    expect(stableJson({ a: Infinity, b: NaN, c: undefined, d: [undefined] })).toBe('{"a":null,"b":null,"d":[null]}');
  });

  test('pretty printing is deterministic and matches JSON.stringify for sorted input', () => {
    const value = { a: [1, { b: 'x' }], c: {} , d: []};
    expect(stableJson(value, 2)).toBe(JSON.stringify(value, null, 2));
  });
});
