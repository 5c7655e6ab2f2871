/**
 * char_wb n-grams against scikit-learn's analyzer (golden file from scripts/golden/tfidf.py).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { CharWbIndex, PY_WHITESPACE, words } from '../../src/text/char-ngrams.js';
import { charWbNgrams } from './reference/char-wb-ngrams.js';
import { Tally } from '../../src/text/features.js';
import { REPO_ROOT } from '../helpers.js';

const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/tfidf.json'), 'utf8')) as {
  char_wb: Array<{ text: string; ngrams: string[] }>;
};

describe('charWbNgrams equals TfidfVectorizer(analyzer="char_wb", ngram_range=(2,4)).build_analyzer()', () => {
  test.each(golden.char_wb.map((c) => [JSON.stringify(c.text), c] as const))('%s', (_, c) => {
    expect(charWbNgrams(c.text)).toEqual(c.ngrams);
  });

  test('short padded words are emitted once, whole', () => {
    expect(charWbNgrams('a')).toEqual([' a', 'a ', ' a ']);
    expect(charWbNgrams('ab')).toEqual([' a', 'ab', 'b ', ' ab', 'ab ', ' ab ']);
  });

  test('an astral character is one code point', () => {
    expect(charWbNgrams('😀')).toEqual([' 😀', '😀 ', ' 😀 ']);
  });

  test('Python whitespace, not JavaScript whitespace', () => {
    expect(charWbNgrams('a\u0085b')).toEqual(charWbNgrams('a b'));
    expect(charWbNgrams('a\u001cb')).toEqual(charWbNgrams('a b'));
    expect(charWbNgrams('a\ufeffb')).toContain('a\ufeffb');
    expect(charWbNgrams('a\u200bb')).toContain('a\u200bb');
  });

  test('other n ranges', () => {
    expect(charWbNgrams('abc', 1, 1)).toEqual([' ', 'a', 'b', 'c', ' ']);
    expect(charWbNgrams('ab', 3, 5)).toEqual([' ab', 'ab ', ' ab ']);
  });
});

describe('CharWbIndex yields the n-grams of charWbNgrams (as a multiset)', () => {
  const alphabet = [
    'a',
    'b',
    'É',
    'ñ',
    '😀',
    '𝐀',
    ' ',
    '\t',
    '\n',
    '\u00a0',
    '\u0085',
    '\u001c',
    '\u200b',
    '\ufeff',
    '-',
    '!'
  ];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((cs) => cs.join(''));
  const range = fc
    .integer({ min: 1, max: 5 })
    .chain((lo) => fc.tuple(fc.constant(lo), fc.integer({ min: lo, max: 7 })));
  const sorted = (xs: string[]) => [...xs].sort();

  test('learning registers every occurrence, across texts', () => {
    fc.assert(
      fc.property(text, text, range, (t1, t2, [lo, hi]) => {
        const index = new CharWbIndex(lo, hi);
        const grams = (ids: Int32Array) => sorted(Array.from(ids, (i) => index.learned[i] as string));
        expect(grams(index.ids(t1, true))).toEqual(sorted(charWbNgrams(t1, lo, hi)));
        expect(grams(index.ids(t2, true))).toEqual(sorted(charWbNgrams(t2, lo, hi)));
        expect(grams(index.ids(t1))).toEqual(sorted(charWbNgrams(t1, lo, hi)));
      })
    );
  });

  test('lookup keeps exactly the registered n-grams', () => {
    fc.assert(
      fc.property(text, text, range, (known, t, [lo, hi]) => {
        const vocabulary = [...new Set(charWbNgrams(known, lo, hi))];
        const index = new CharWbIndex(lo, hi);
        vocabulary.forEach((g, i) => index.add(g, i));
        const want = charWbNgrams(t, lo, hi).filter((g) => vocabulary.includes(g));
        const got = Array.from(index.ids(t), (i) => vocabulary[i] as string);
        expect(sorted(got)).toEqual(sorted(want));
      })
    );
  });

  test('a cached word follows n-grams registered later', () => {
    const index = new CharWbIndex(2, 4);
    index.add(' a', 0);
    expect(Array.from(index.ids('ab ab'))).toEqual([0, 0]);
    index.add('b ', 1);
    expect(Array.from(index.ids('ab')).sort()).toEqual([0, 1]);
  });

  test('refuses a bad range', () => {
    expect(() => new CharWbIndex(3, 2)).toThrow(/range/);
    expect(() => new CharWbIndex(0, 2)).toThrow(/range/);
  });
});

describe('CharWbIndex.addTo (each distinct word once, times its count) gives the row of every occurrence', () => {
  const alphabet = ['a', 'b', 'É', 'ñ', '😀', ' ', ' ', '\t', '\u0085', '-'];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((cs) => cs.join(''));
  const asRow = (r: { ids: Int32Array; counts: Uint32Array }) => ({
    ids: Array.from(r.ids),
    counts: Array.from(r.counts)
  });

  test('same ids in the same first-occurrence order, same counts, same learned n-grams', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (texts) => {
        const byOccurrence = new CharWbIndex(2, 4);
        const byWord = new CharWbIndex(2, 4);
        const a = new Tally();
        const b = new Tally();
        for (const t of texts) {
          const expected = asRow(a.row(byOccurrence.ids(t, true)));
          byWord.addTo(t, b, true);
          expect(asRow(b.finish())).toEqual(expected);
        }
        expect(byWord.learned).toEqual(byOccurrence.learned);
        // And against a fixed vocabulary (unknown n-grams skipped).
        const probe = `${texts.join(' ')} zz ab ab`;
        byWord.addTo(probe, b);
        expect(asRow(b.finish())).toEqual(asRow(a.row(byOccurrence.ids(probe))));
      })
    );
  });
});

describe('CharWbIndex.addTo keeps its word cache right', () => {
  const alphabet = ['a', 'b', 'É', 'ñ', '😀', ' ', ' ', '\t', '-'];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((cs) => cs.join(''));
  const asRow = (r: { ids: Int32Array; counts: Uint32Array }) => ({
    ids: Array.from(r.ids),
    counts: Array.from(r.counts)
  });

  test('when learning and looking up alternate, a word seen before learning sees the n-grams learnt since', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 8 }), (steps) => {
        const byOccurrence = new CharWbIndex(2, 4);
        const byWord = new CharWbIndex(2, 4);
        const a = new Tally();
        const b = new Tally();
        for (const [t, learn] of steps) {
          const expected = asRow(a.row(byOccurrence.ids(t, learn)));
          byWord.addTo(t, b, learn);
          expect(asRow(b.finish())).toEqual(expected);
        }
      })
    );
  });

  test('past its limit of words the cache starts over, and one text with more words grows it, with the same rows', () => {
    const index = new CharWbIndex(2, 4);
    const reference = new CharWbIndex(2, 4);
    const a = new Tally();
    const b = new Tally();
    // 60,000 distinct words (the cache holds 50,000), then words from before the restart again.
    const word = (k: number) => 'w' + k.toString(36);
    for (let start = 0; start < 60_000; start += 3_000) {
      const t = Array.from({ length: 3_000 }, (_, k) => word(start + k)).join(' ');
      index.addTo(t, b, true);
      expect(asRow(b.finish())).toEqual(asRow(a.row(reference.ids(t, true))));
    }
    // One text with more distinct words than the table has slots at first.
    const huge = Array.from({ length: 150_000 }, (_, k) => word(k)).join(' ');
    index.addTo(huge, b, true);
    expect(asRow(b.finish())).toEqual(asRow(a.row(reference.ids(huge, true))));
    const again = `${word(5)} ${word(59_999)} ${word(5)} zzz`;
    index.addTo(again, b);
    expect(asRow(b.finish())).toEqual(asRow(a.row(reference.ids(again))));
    expect(index.learned).toEqual(reference.learned);
  });
});

describe('words() splits exactly where PY_WHITESPACE does', () => {
  test('every BMP unit, alone and between letters', () => {
    const differ: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const t = `a${String.fromCharCode(u)}b${String.fromCharCode(u)}`;
      const expected = t
        .toLowerCase()
        .split(PY_WHITESPACE)
        .filter((w) => w !== '');
      if (JSON.stringify(words(t)) !== JSON.stringify(expected)) differ.push(u);
    }
    expect(differ).toEqual([]);
  });
});
