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

describe('evidence row serialisation', () => {
  test('equals stableJson of the same ordered map, byte for byte', async () => {
    const { EVIDENCE_FIELDS } = await import('../../src/evidence/row.js');
    const { serializeRow } = await import('../../src/evidence/serialize.js');
    const row = {
      id: 'a"1', split: 's', model: 'm', condition: 'format' as const, language: 'pt', domain: null, text: 'Não <b>\u2028', perturbed_text: 'x',
      label: '10', clean_prediction: '9', prediction: null, scores: [0.1, 1e-7, NaN], margin: 0, clean_margin: -0, changed: true, valid: false,
      invalid_reason: 'r', eligible: true, tested: false, success: false, uncovered: true, uncovered_reason: 'invalid' as const, status: 'error' as const, error: 'e',
      input_sha256: 'f'.repeat(64)
    };
    const labels = ['10', '9', 'é'];
    const expected = stableJson(orderedMap(EVIDENCE_FIELDS.map((f) => [f, f === 'scores' ? orderedMap(labels.map((l, i) => [l, row.scores[i]])) : row[f]] as const)));
    expect(serializeRow(row, labels)).toBe(expected);
    expect(JSON.parse(serializeRow({ ...row, scores: null }, labels)).scores).toBeNull();
  });
});
