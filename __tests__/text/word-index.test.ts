import { distinctTokens, WordIndex, wordTokens } from '../../src/text/word-tokens.js';

/** The reference: every token of `wordTokens` looked up in a map from token to position (last position wins). */
function reference(vocabulary: readonly string[], text: string): number[] {
  const index = new Map(vocabulary.map((t, i) => [t, i]));
  return wordTokens(text).flatMap((t) => (index.has(t) ? [index.get(t) as number] : []));
}

describe('WordIndex', () => {
  // Pieces that make tokens, prefixes of tokens, case changes (İ lowers to two units), marks, astral letters and lone surrogates.
  const pool = [
    'ab',
    'abc',
    'a',
    'B',
    'x_1',
    '7',
    ' ',
    '-',
    'é',
    'É',
    'ß',
    'İ',
    '\u0301',
    '中',
    '\u{1D400}',
    '\uD800',
    '\uDC00',
    '\u00A0',
    'Ⅻ',
    'ǅ',
    'Σ'
  ];

  test('gives the ids of a map look-up of every word token, on random texts and vocabularies', () => {
    let state = 99;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const piece = () => pool[Math.floor(next() * pool.length)] as string;
    const differ: string[] = [];
    for (let v = 0; v < 40; v++) {
      // Vocabularies of lowercased tokens as training would give, with prefixes of each other and a repeat.
      const vocabulary: string[] = [];
      for (let k = 0; k < 30; k++) vocabulary.push(...wordTokens(piece() + piece() + piece()));
      vocabulary.push(vocabulary[0] ?? 'ab');
      const index = new WordIndex(vocabulary);
      for (let t = 0; t < 200; t++) {
        let text = '';
        for (let i = Math.floor(next() * 30); i > 0; i--) text += piece();
        if (JSON.stringify(Array.from(index.ids(text))) !== JSON.stringify(reference(vocabulary, text)))
          differ.push(text);
      }
    }
    expect(differ).toEqual([]);
  });

  test('a repeated token keeps its last id; an empty vocabulary knows nothing; the buffer grows with the text', () => {
    expect(Array.from(new WordIndex(['ab', 'cd', 'ab']).ids('AB cd ab'))).toEqual([2, 1, 2]);
    expect(Array.from(new WordIndex([]).ids('ab cd'))).toEqual([]);
    const long = 'ab '.repeat(1000);
    expect(new WordIndex(['ab']).ids(long).length).toBe(1000);
    // A token that is a prefix of a known one, or extends it, is unknown.
    expect(Array.from(new WordIndex(['abc']).ids('ab abcd abc'))).toEqual([0]);
  });
});

test('distinctTokens: the tokens of many texts once each, in order of first appearance, as new Set(docs.flat())', () => {
  const docs = [['b', 'a', 'b'], [], ['c', 'a'], ['d', 'c', 'e']];
  expect([...distinctTokens(docs)]).toEqual(['b', 'a', 'c', 'd', 'e']);
  expect([...distinctTokens(docs)]).toEqual([...new Set(docs.flat())]);
  expect(distinctTokens([]).size).toBe(0);
});
