import { appendCandidate, appendFamily, appendViolation } from '../../src/perturb/append.js';
import { keptWordCount, truncateCandidate, truncateFamily, truncateViolation } from '../../src/perturb/truncate.js';

const SENTENCES = {
  en: 'This sentence was added for context.',
  es: 'Esta oración se añadió como contexto.',
  pt: 'Esta frase foi acrescentada como contexto.'
};

describe('append', () => {
  test('adds one space and the sentence of the row language', () => {
    expect(appendCandidate('The sample did not include 12% of cases.', 'en', SENTENCES)).toBe(
      'The sample did not include 12% of cases. This sentence was added for context.'
    );
    expect(appendCandidate('No se observó.', 'es', SENTENCES)).toBe(
      'No se observó. Esta oración se añadió como contexto.'
    );
    expect(appendCandidate('Não foi', 'pt', SENTENCES)).toBe('Não foi Esta frase foi acrescentada como contexto.');
  });

  test('a language without a sentence is a bug here (the config loader rejects it)', () => {
    expect(() => appendCandidate('Texte.', 'fr', SENTENCES)).toThrow(
      'append: no sentence configured for language "fr"'
    );
    expect(() => appendCandidate('Texte.', 'constructor', SENTENCES)).toThrow(/no sentence configured/);
  });

  test('validity: exact prefix, one space, a configured sentence', () => {
    const original = 'Não foi medido.';
    expect(appendViolation(original, `${original} ${SENTENCES.pt}`, SENTENCES)).toBeNull();
    expect(appendViolation(original, `${original} ${SENTENCES.en}`, SENTENCES)).toBeNull(); // any configured sentence
    expect(appendViolation(original, `Nao foi medido. ${SENTENCES.pt}`, SENTENCES)).toBe(
      'the original text is not an exact prefix of the candidate'
    );
    expect(appendViolation(original, `${original}  ${SENTENCES.pt}`, SENTENCES)).toBe(
      `the appended text ${JSON.stringify(' ' + SENTENCES.pt)} is not a configured sentence`
    );
    expect(appendViolation(original, `${original}\n${SENTENCES.pt}`, SENTENCES)).toBe(
      `the appended text ${JSON.stringify('\n' + SENTENCES.pt)} does not start with one space`
    );
    expect(appendViolation(original, `${original} Something else.`, SENTENCES)).toBe(
      'the appended text "Something else." is not a configured sentence'
    );
  });

  test('runner: always changed and valid; records the sentences', () => {
    const runner = appendFamily({ sentences: SENTENCES });
    expect(runner.perturb({ id: 'a', text: 'Short.', language: 'en' })).toEqual({
      text: `Short. ${SENTENCES.en}`,
      attempted: true,
      notAttemptedReason: null,
      valid: true,
      invalidReason: null
    });
    expect(runner.parameters).toEqual({ sentences: SENTENCES });
    expect(runner.labelPreserving).toBe(true);
  });
});

describe('truncate', () => {
  test('keeps ⌈keep × words⌉ whitespace-delimited words, at least one', () => {
    expect(keptWordCount(7, 0.65)).toBe(5);
    expect(keptWordCount(20, 0.65)).toBe(13); // 0.65 × 20 is 13.000000000000002 in floating point
    expect(keptWordCount(1, 0.65)).toBe(1);
    expect(keptWordCount(3, 0.01)).toBe(1);
    expect(keptWordCount(3, 1)).toBe(3);
    expect(keptWordCount(0, 0.65)).toBe(0);
  });

  test('the candidate is the exact prefix ending at the last kept word', () => {
    expect(truncateCandidate('The sample did not include rural schools.', 0.65)).toBe('The sample did not include');
    expect(truncateCandidate('One', 0.65)).toBe('One');
    expect(truncateCandidate('  Não  foi,   nem   12%  medido  hoje  aqui ', 0.65)).toBe(
      '  Não  foi,   nem   12%  medido'
    );
    expect(truncateCandidate('a\tb\nc d', 0.5)).toBe('a\tb');
    expect(truncateCandidate('   ', 0.65)).toBe('   ');
  });

  test('validity: the candidate must be that prefix', () => {
    const text = 'The sample did not include rural schools.';
    expect(truncateViolation(text, 'The sample did not include', 0.65)).toBeNull();
    expect(truncateViolation(text, 'The sample did include', 0.65)).toBe(
      'the candidate is not a prefix of the original'
    );
    expect(truncateViolation(text, 'The sample did not', 0.65)).toBe(
      'the candidate is a prefix of 18 code points; the rule keeps 26'
    );
  });

  test('runner: destructive, records keep', () => {
    const runner = truncateFamily({ keep: 0.65 });
    expect(runner.labelPreserving).toBe(false);
    expect(runner.parameters).toEqual({ keep: 0.65 });
    expect(runner.perturb({ id: 't', text: 'One', language: 'en' })).toEqual({
      text: 'One',
      attempted: true,
      notAttemptedReason: null,
      valid: true,
      invalidReason: null
    });
    expect(runner.perturb({ id: 't', text: 'One two three four five six seven', language: 'en' }).text).toBe(
      'One two three four five'
    );
  });
});
