import { wordTokens } from '../../src/text/word-tokens.js';

describe('word tokens as scikit-learn (?u)\\b\\w\\w+\\b after lowercasing', () => {
  test('keeps runs of two or more Unicode word characters, including digits and underscore', () => {
    expect(wordTokens('Análise: ação, NIÑO; x_y 42 a 7b')).toEqual(['análise', 'ação', 'niño', 'x_y', '42', '7b']);
  });

  test('splits on punctuation and hyphens and drops one-character tokens', () => {
    expect(wordTokens('data-driven (n=12) e.g. I')).toEqual(['data', 'driven', '12']);
  });

  test('a combining accent (decomposed é) is not a word character, as in Python', () => {
    expect(wordTokens('cafe\u0301s')).toEqual(['cafe']);
  });
});
