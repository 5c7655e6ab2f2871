import { codePointLength, compareCodePoints, sortCodePoints, unitOffset } from '../../src/util/strings.js';

describe('code-point order', () => {
  test('orders astral characters after high BMP characters, as Python does', () => {
    // U+1F600 (surrogate pair D83D DE00) sorts before U+FF5E by UTF-16 units, after it by code point.
    expect(sortCodePoints(['\u{1F600}', '\uFF5E'])).toEqual(['\uFF5E', '\u{1F600}']);
    expect(['\u{1F600}', '\uFF5E'].sort()).toEqual(['\u{1F600}', '\uFF5E']);
  });

  test('orders digits before upper case before lower case before accents', () => {
    expect(sortCodePoints(['é', 'b', 'B', '9', '10'])).toEqual(['10', '9', 'B', 'b', 'é']);
  });

  test('a prefix sorts first and equal strings compare 0', () => {
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'ab')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });

  test('length counts code points, not UTF-16 units', () => {
    expect(codePointLength('a\u{1F600}é')).toBe(3);
    expect('a\u{1F600}é'.length).toBe(4);
  });

  test('a prefix length and a code-point offset equal their Array.from definitions, pairs cut in the middle included', () => {
    const texts = ['', 'abc', 'a\u{1F600}é', '\ud800x\udc00', '\u{1F600}\u{1F600}', 'x\ud83d', '\ude00y'];
    for (const t of texts) {
      for (let unit = 0; unit <= t.length + 1; unit++)
        expect(codePointLength(t, unit)).toBe(Array.from(t.slice(0, unit)).length);
      for (let points = 0; points <= Array.from(t).length + 1; points++)
        expect(unitOffset(t, points)).toBe(Array.from(t).slice(0, points).join('').length);
    }
  });
});
