import { OrderedMap, orderedMap, stableJson } from '../../src/util/json.js';

describe('stableJson', () => {
  test('sorts plain object keys by code point, including integer-like keys', () => {
    expect(stableJson({ b: 1, a: 2, '10': 3, '9': 4 })).toBe('{"10":3,"9":4,"a":2,"b":1}');
    // Plain JSON.stringify would put "9" before "10".
    expect(JSON.stringify({ '10': 3, '9': 4 })).toBe('{"9":4,"10":3}');
  });

  test('an ordered map keeps its own order', () => {
    expect(
      stableJson(
        orderedMap([
          ['z', 1],
          ['1', 2]
        ])
      )
    ).toBe('{"z":1,"1":2}');
  });

  test('non-finite numbers become null and undefined keys are left out', () => {
    expect(stableJson({ a: Infinity, b: NaN, c: undefined, d: [undefined] })).toBe('{"a":null,"b":null,"d":[null]}');
  });

  test('pretty printing is deterministic and matches JSON.stringify for sorted input', () => {
    const value = { a: [1, { b: 'x' }], c: {}, d: [] };
    expect(stableJson(value, 2)).toBe(JSON.stringify(value, null, 2));
  });
});

describe('evidence row serialisation', () => {
  test('equals stableJson of the same ordered map, byte for byte', async () => {
    const { EVIDENCE_FIELDS } = await import('../../src/evidence/row.js');
    const { serializeRow } = await import('../metrics/reference/array-forms.js');
    const row = {
      id: 'a"1',
      split: 's',
      model: 'm',
      condition: 'format' as const,
      language: 'pt',
      domain: null,
      text: 'Não <b>\u2028',
      perturbed_text: 'x',
      label: '10',
      clean_prediction: '9',
      prediction: null,
      scores: [0.1, 1e-7, NaN],
      margin: 0,
      clean_margin: -0,
      changed: true,
      valid: false,
      invalid_reason: 'r',
      eligible: true,
      tested: false,
      success: false,
      uncovered: true,
      uncovered_reason: 'invalid' as const,
      status: 'error' as const,
      error: 'e',
      input_sha256: 'f'.repeat(64)
    };
    const labels = ['10', '9', 'é'];
    const expected = stableJson(
      orderedMap(
        EVIDENCE_FIELDS.map(
          (f) => [f, f === 'scores' ? orderedMap(labels.map((l, i) => [l, row.scores[i]])) : row[f]] as const
        )
      )
    );
    expect(serializeRow(row, labels)).toBe(expected);
    expect(JSON.parse(serializeRow({ ...row, scores: null }, labels)).scores).toBeNull();
  });
});

describe('stableJson on values JSON.stringify would print differently', () => {
  test('typed arrays, maps, dates and class instances are printed by their own enumerable keys, as plain objects are', () => {
    class Point {
      constructor(
        readonly y: number,
        readonly x: number
      ) {}
    }
    const value = {
      t: Float64Array.from([1, 2]),
      m: new Map([['a', 1]]),
      d: new Date(0),
      p: new Point(2, 1),
      n: Object.assign(Object.create(null), { b: 1, a: 2 })
    };
    expect(stableJson(value)).toBe('{"d":{},"m":{},"n":{"a":2,"b":1},"p":{"x":1,"y":2},"t":{"0":1,"1":2}}');
    expect(stableJson(undefined)).toBe('null');
    expect(stableJson({ f: () => 1, g: [() => 1] })).toBe('{"f":null,"g":[null]}');
  });
});

describe('stableJson on flat arrays', () => {
  test('prints numbers, strings, booleans and nulls as the general walk does (holes and -0 too)', () => {
    const flat = [0, -0, 1e-7, 0.1 + 0.2, NaN, -Infinity, 1e21, 'a"\u2028', true, null];
    // The walk's output, built by hand: each element as scalar() prints it.
    expect(stableJson(flat)).toBe('[0,0,1e-7,0.30000000000000004,null,null,1e+21,"a\\"\u2028",true,null]');
    expect(stableJson({ w: [[1, 2], [3]], u: [1, undefined] })).toBe('{"u":[1,null],"w":[[1,2],[3]]}');
    expect(stableJson(flat, 1)).toBe(
      '[\n' +
        JSON.parse(stableJson(flat))
          .map((x: unknown) => ' ' + JSON.stringify(x))
          .join(',\n') +
        '\n]'
    );
  });
});

describe('stableJson against a plain reference', () => {
  // The definition written as plainly as possible: keys in code-point order, undefined dropped, arrays' undefined as null.
  function reference(value: unknown, indent: number): string {
    const pad = (d: number) => (indent > 0 ? '\n' + ' '.repeat(indent * d) : '');
    const sep = indent > 0 ? ': ' : ':';
    const codePoints = (a: string, b: string) => {
      const x = Array.from(a, (c) => c.codePointAt(0) as number);
      const y = Array.from(b, (c) => c.codePointAt(0) as number);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
      return x.length - y.length;
    };
    const obj = (entries: Array<readonly [string, unknown]>, d: number): string => {
      const kept = entries.filter(([, x]) => x !== undefined);
      return kept.length === 0
        ? '{}'
        : '{' + kept.map(([k, x]) => pad(d + 1) + JSON.stringify(k) + sep + walk(x, d + 1)).join(',') + pad(d) + '}';
    };
    const walk = (v: unknown, d: number): string => {
      if (v instanceof OrderedMap) return obj([...v.entries], d);
      if (Array.isArray(v))
        return v.length === 0
          ? '[]'
          : '[' + v.map((x) => pad(d + 1) + walk(x === undefined ? null : x, d + 1)).join(',') + pad(d) + ']';
      if (v !== null && typeof v === 'object')
        return obj(
          Object.keys(v)
            .sort(codePoints)
            .map((k) => [k, (v as Record<string, unknown>)[k]] as const),
          d
        );
      if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
      return JSON.stringify(v) ?? 'null';
    };
    return walk(value, 0);
  }

  test.each([
    [
      'with integer-like keys (printed by the walk)',
      ['a', 'b', '10', '9', '0', 'é', '\u{1F600}', '\uE000', 'z\uFFFF', 'z\u{10000}', '']
    ],
    [
      'without (printed by JSON.stringify over a sorted copy)',
      ['a', 'b', '01', '-1', '1.5', 'é', '\u{1F600}', '\uE000', 'z\uFFFF', 'z\u{10000}', '', '__proto__', 'toJSON']
    ]
  ])(
    'equal on random nested values %s: astral and high-BMP keys, undefined, repeated keys in ordered maps',
    (_, keys) => {
      let state = 5;
      const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
      const scalars = [0, -0, 1.5, 1e-7, NaN, Infinity, 'x', 'é"\n', true, false, null, undefined];
      const gen = (depth: number): unknown => {
        const r = next();
        if (depth > 3 || r < 0.4) return scalars[Math.floor(next() * scalars.length)];
        if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => gen(depth + 1));
        const entries = Array.from(
          { length: Math.floor(next() * 5) },
          () => [keys[Math.floor(next() * keys.length)] as string, gen(depth + 1)] as const
        );
        if (r < 0.7) return orderedMap(entries);
        const o: Record<string, unknown> = {};
        for (const [k, x] of entries)
          Object.defineProperty(o, k, { value: x, enumerable: true, writable: true, configurable: true });
        return o;
      };
      for (let t = 0; t < 2000; t++) {
        const v = gen(0);
        for (const indent of [0, 2]) expect(stableJson(v, indent)).toBe(reference(v, indent));
      }
    }
  );
});
