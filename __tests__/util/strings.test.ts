import { codePointLength, compareCodePoints, sortCodePoints } from '../../src/util/strings.js';

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
});
