import { foldWord, isProtectedChunk, NEGATORS, negatorsFor, scanText } from '../../src/perturb/words.js';
import { randomTexts } from '../helpers.js';

/** Whether `word` is on the language's negator list, compared as the scan compares words (folded). */
const isNegator = (word: string, language: string) => negatorsFor(language).has(foldWord(word));

function protectedWords(text: string, language: string): string[] {
  return scanText(text, language)
    .words.filter((w) => w.protection !== null)
    .map((w) => w.text);
}

describe('words', () => {
  test('are maximal letter runs, split by punctuation, with UTF-16 offsets', () => {
    const { words } = scanText('Well-known (data), e.g. ação!', 'en');
    expect(words.map((w) => w.text)).toEqual(['Well', 'known', 'data', 'e', 'g', 'ação']);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [0, 4],
      [5, 10],
      [12, 16],
      [19, 20],
      [21, 22],
      [24, 28]
    ]);
    expect(words.map((w) => w.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test('keep combining marks inside a word and count only letters as letters', () => {
    const decomposed = 'nac\u0327a\u0303o';
    const [word] = scanText(decomposed, 'pt').words;
    expect(word?.text).toBe(decomposed);
    expect(word?.cpLength).toBe(7);
    expect(word?.letters).toBe(5);
  });

  test('report code-point offsets past astral characters', () => {
    const { words } = scanText('\u{1F600} ab \u{1D400}cd', 'en');
    // 𝐀 (U+1D400) is a letter: the last word is "𝐀cd".
    expect(words.map((w) => [w.text, w.start, w.cpStart, w.cpLength])).toEqual([
      ['ab', 3, 2, 2],
      ['\u{1D400}cd', 6, 5, 3]
    ]);
  });
});

describe('protection', () => {
  test('negators per language, case-insensitive', () => {
    expect(protectedWords('The sample did NOT include, and Never will; no way.', 'en')).toEqual(['NOT', 'Never', 'no']);
    expect(protectedWords('No se observó nunca ni una vez.', 'es')).toEqual(['No', 'nunca', 'ni']);
    expect(protectedWords('Não foi nunca observado, nem no grupo.', 'pt')).toEqual(['Não', 'nunca', 'nem']);
  });

  test('Portuguese "no" ("in the") is not a Portuguese negator', () => {
    expect(isNegator('no', 'pt')).toBe(false);
    expect(isNegator('no', 'es')).toBe(true);
    expect(isNegator('não', 'pt')).toBe(true);
    expect(isNegator('na\u0303o', 'pt')).toBe(true); // decomposed
  });

  test('a language without a list protects the union', () => {
    expect([...negatorsFor('unknown')].sort()).toEqual(['nem', 'never', 'ni', 'no', 'not', 'nunca', 'não']);
    expect(protectedWords('not ni nem no', 'fr')).toEqual(['not', 'ni', 'nem', 'no']);
    expect(negatorsFor('pt-BR').has('não')).toBe(true);
    expect(negatorsFor('pt-BR').has('no')).toBe(false);
  });

  test('chunks with a digit or a URL protect every word inside them', () => {
    expect(isProtectedChunk('12%')).toBe(true);
    expect(isProtectedChunk('n=240')).toBe(true);
    expect(isProtectedChunk('(2017),')).toBe(true);
    expect(isProtectedChunk('https://example.org/x')).toBe(true);
    expect(isProtectedChunk('(www.Example.org)')).toBe(true);
    expect(isProtectedChunk('WWW.example.org')).toBe(true);
    expect(isProtectedChunk('words.')).toBe(false);
    expect(protectedWords('See https://example.org/study and n=240 items (COVID19era).', 'en')).toEqual([
      'https',
      'example',
      'org',
      'study',
      'n',
      'COVID',
      'era'
    ]);
  });
});

describe('scanText equals the regular expressions it replaces', () => {
  // The scan as first written: /\S+/gu chunks, /\p{L}[\p{L}\p{M}]*/gu words, code points counted by Array.from.
  function reference(text: string, language: string) {
    const chunks = [...text.matchAll(/\S+/gu)].map((m) => ({
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
      protected: isProtectedChunk(m[0])
    }));
    const negators = new Set(
      (NEGATORS as Record<string, readonly string[]>)[language] ?? Object.values(NEGATORS).flat()
    );
    const words = [...text.matchAll(/\p{L}[\p{L}\p{M}]*/gu)].map((m, index) => {
      const start = m.index;
      const end = start + m[0].length;
      const chunk = chunks.find((c) => c.start <= start && start < c.end);
      const cpLength = Array.from(m[0]).length;
      const letters = cpLength - (m[0].match(/\p{M}/gu) ?? []).length;
      const folded = m[0].normalize('NFC').toLowerCase();
      const protection = chunk?.protected
        ? 'number-or-url'
        : m[0].length <= 8 && negators.has(folded)
          ? 'negator'
          : null;
      return {
        index,
        text: m[0],
        start,
        end,
        cpStart: Array.from(text.slice(0, start)).length,
        cpLength,
        letters,
        protection
      };
    });
    return { words, chunks };
  }

  test('on random text: astral letters and marks, lone surrogates, every kind of space, negators, numbers and URLs', () => {
    const pool = [
      'a',
      'N',
      'o',
      'not',
      'No',
      'NÃO',
      'na\u0303o',
      'nunca',
      ' ',
      '\u00a0',
      '\ufeff',
      '\u2028',
      '\u0085',
      '\u180e',
      '\t',
      '\u0301',
      'é',
      '7',
      '٣',
      'http://x',
      'www.',
      '(',
      '中',
      '\u{1D400}',
      '\u{1D165}',
      '\u{1F600}',
      '\uD800',
      '\uDC00',
      'ǅ',
      'Σ',
      '-'
    ];
    for (const text of randomTexts(pool, 3000, 20, 3)) {
      for (const language of ['en', 'pt', 'xx'])
        expect(JSON.parse(JSON.stringify(scanText(text, language)))).toEqual(reference(text, language));
    }
  });

  test('only "n" and "N" fold to something starting with "n" (the negator check skips other words)', () => {
    const starts: number[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (c.normalize('NFC').toLowerCase().startsWith('n')) starts.push(cp);
    }
    expect(starts).toEqual([0x4e, 0x6e]);
    expect(
      Object.values(NEGATORS)
        .flat()
        .every((w) => w.startsWith('n'))
    ).toBe(true);
  });
});

describe('isProtectedChunk equals its regular expressions', () => {
  const expected = (chunk: string) =>
    /\p{N}/u.test(chunk) || chunk.includes('://') || /^[^\p{L}\p{N}]*www\./iu.test(chunk);

  test('on random chunks of letters, digits of several scripts, punctuation, "www." in any case and astral characters', () => {
    const pool = [
      'w',
      'W',
      'ww',
      '.',
      'www.',
      'WwW.',
      '(',
      '"',
      ':',
      '/',
      '://',
      'a',
      'é',
      '7',
      '٣',
      'Ⅻ',
      '\u{1D7CE}',
      '\u{1D400}',
      '\u{1F600}',
      '\uD800',
      '\u0301',
      '-'
    ];
    expect(randomTexts(pool, 20000, 8, 11, 1).filter((chunk) => isProtectedChunk(chunk) !== expected(chunk))).toEqual(
      []
    );
  });

  test('on every BMP unit before "www." and alone', () => {
    const differ: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const c = String.fromCharCode(u);
      for (const chunk of [c, `${c}www.x`, `${c}${c}WWW.`])
        if (isProtectedChunk(chunk) !== expected(chunk)) differ.push(u);
    }
    expect(differ).toEqual([]);
  });
});
