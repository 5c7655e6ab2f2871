/** util/visible.ts: hidden characters shown as escapes, every other character kept. */
import fc from 'fast-check';
import { describeFound } from '../../src/errors.js';
import { hasHidden, quoted, quotedList, truncateText, visible, visiblePath } from '../../src/util/visible.js';

/** Every code point visible() must escape, written out independently of the implementation. */
const MUST_ESCAPE: number[] = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0xad,
  0x61c,
  0x200b,
  0x200c,
  0x200d,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2060,
  0x2061,
  0x2062,
  0x2063,
  0x2064,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfeff
];

describe('visible()', () => {
  test.each(MUST_ESCAPE.map((cp) => [cp.toString(16).toUpperCase().padStart(4, '0'), cp]))(
    'U+%s is written as an escape',
    (_hex, cp) => {
      const out = visible(`a${String.fromCodePoint(cp)}b`);
      expect(out).not.toContain(String.fromCodePoint(cp));
      expect(out).toMatch(/^a\\(t|n|r|u[0-9A-F]{4})b$/);
    }
  );

  test('tab, line feed and carriage return use their short escapes; others \\uXXXX in upper case', () => {
    expect(visible('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
    expect(visible('\u202eevil')).toBe('\\u202Eevil');
    expect(visible('x\u0000y\u001b[0m')).toBe('x\\u0000y\\u001B[0m');
  });

  test('a bidi override can no longer make "evil" display as "live"', () => {
    expect(visible('\u202eevil')).not.toContain('\u202e');
  });

  test('accents, CJK, emoji, astral letters and joined emoji stay as written', () => {
    const text = 'Ñandú café 東京 😀 𝐀 👩‍💻 עִבְרִית عربى';
    // The joined emoji carries a zero-width joiner (U+200D), which is escaped; nothing else is.
    expect(visible(text)).toBe(text.replace('\u200d', '\\u200D'));
  });

  test('lone surrogates (which no UTF-8 writer accepts) are escaped; pairs are kept', () => {
    expect(visible('a\ud800b\udc00c')).toBe('a\\uD800b\\uDC00c');
    expect(visible('😀')).toBe('😀');
  });

  test('characters in `keep` are left as they are', () => {
    expect(visible('a\tb\n\u202e', '\t\n')).toBe('a\tb\n\\u202E');
  });

  test('property: the output never holds a hidden character, and text without one is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const out = visible(s);
        expect(hasHidden(out)).toBe(false);
        if (!hasHidden(s)) expect(out).toBe(s);
      }),
      { numRuns: 500 }
    );
  });
});

describe('quoted() and quotedList()', () => {
  test('a plain value is quoted as JSON would quote it', () => {
    expect(quoted('limitation')).toBe('"limitation"');
    expect(quoted('say "hi" \\ bye')).toBe(JSON.stringify('say "hi" \\ bye'));
  });

  test('a value with a workflow command stays on one line', () => {
    expect(quoted('x\n::error::pwned')).toBe('"x\\n::error::pwned"');
  });

  test('long values are cut to 60 code points, never inside a surrogate pair', () => {
    expect(quoted('a'.repeat(100))).toBe(`"${'a'.repeat(57)}..."`);
    const emoji = quoted('😀'.repeat(100));
    expect(Array.from(emoji.slice(1, -4))).toHaveLength(57);
    expect(emoji.endsWith('..."')).toBe(true);
    expect(quoted('x'.repeat(300), 200)).toHaveLength(202);
  });

  test('a 50 MB value costs no more than a short one', () => {
    const huge = 'x'.repeat(50_000_000);
    const start = performance.now();
    for (let i = 0; i < 1000; i++) quoted(huge);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  test('property: any value gives one quoted line without hidden characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const out = quoted(s);
        expect(out).toMatch(/^".*"$/s);
        expect(out).not.toMatch(/[\n\r]/);
        expect(hasHidden(out)).toBe(false);
      }),
      { numRuns: 500 }
    );
  });

  test('lists quote every value and count what is left out past maxItems', () => {
    expect(quotedList(['a', 'b\nc'])).toBe('"a", "b\\nc"');
    expect(quotedList(Array.from({ length: 25 }, (_, i) => `l${i}`))).toBe(
      Array.from({ length: 20 }, (_, i) => `"l${i}"`).join(', ') + ' (and 5 more)'
    );
    expect(quotedList([])).toBe('');
  });

  test('truncateText keeps short text and marks cut text', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcdef', 5)).toBe('ab...');
  });
});

describe('visiblePath()', () => {
  test('a path that starts with ":" is read as ./…, so no message line can begin with "::"', () => {
    expect(visiblePath('::error::x.yml')).toBe('./::error::x.yml');
    expect(visiblePath('data/train.jsonl')).toBe('data/train.jsonl');
    expect(visiblePath('a\n::error::b')).toBe('a\\n::error::b');
  });
});

describe('describeFound()', () => {
  test('empty mappings and lists say so', () => {
    expect(describeFound({})).toBe('an empty mapping');
    expect(describeFound([])).toBe('an empty list');
    expect(describeFound({ a: 1 })).toBe('a mapping');
    expect(describeFound([1, 2])).toBe('a list of 2');
  });

  test('strings are quoted with hidden characters escaped', () => {
    expect(describeFound('\u202eevil\n::error::x')).toBe('"\\u202Eevil\\n::error::x"');
  });
});
