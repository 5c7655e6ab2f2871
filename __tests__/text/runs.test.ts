import { RunScanner } from '../../src/text/runs.js';
import { randomTexts } from '../helpers.js';

// The classes the product scans for: word tokens (min 2) and the length-shift tokens (min 1).
const CASES = [
  { cls: '[\\p{L}\\p{N}_]', min: 2 },
  { cls: '[\\p{L}\\p{N}]', min: 1 }
];

describe.each(CASES)('RunScanner $cls (at least $min) equals the global /u expression', ({ cls, min }) => {
  const expression = new RegExp(`${cls}{${min},}`, 'gu');
  const reference = (text: string) => text.match(expression) ?? [];

  test('on random text with astral letters, lone surrogates, marks and separators', () => {
    const scanner = new RunScanner(cls, min);
    const pool = [
      'a',
      'Z',
      '_',
      '7',
      ' ',
      '-',
      'é',
      'ß',
      'İ',
      '\u0301',
      '٣',
      '中',
      '\u{1D400}',
      '\u{1F600}',
      '\u{1E4D0}',
      '\uD800',
      '\uDC00',
      '\u00A0',
      'Ⅻ',
      '\u2028'
    ];
    expect(
      randomTexts(pool, 5000, 24, 12345).filter(
        (text) => JSON.stringify(scanner.runs(text)) !== JSON.stringify(reference(text))
      )
    ).toEqual([]);
  });

  test('on every BMP unit, doubled (a run of two)', () => {
    const scanner = new RunScanner(cls, min);
    const differ: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const pair = String.fromCharCode(u) + String.fromCharCode(u);
      if (JSON.stringify(scanner.runs(pair)) !== JSON.stringify(reference(pair))) differ.push(u);
    }
    expect(differ).toEqual([]);
  });

  test('a member at the very end, and a high surrogate at the very end', () => {
    const scanner = new RunScanner(cls, min);
    for (const text of ['ab', 'a', 'ab\uD835', '\uD835\uDC00\uD835\uDC00', 'x\uD835'])
      expect(scanner.runs(text)).toEqual(reference(text));
  });
});
