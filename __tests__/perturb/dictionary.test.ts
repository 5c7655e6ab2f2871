import { join } from 'node:path';
import { dictionaryFamily, dictionaryViolation, substituteWords } from '../../src/perturb/dictionary.js';
import { keepCase } from '../../src/perturb/word-edits.js';
import { loadDictionary } from '../../src/perturb/dictionary-file.js';
import { REPO_ROOT } from '../helpers.js';

const bundled = loadDictionary({
  absolute: join(REPO_ROOT, 'examples/academic-intent/dictionary.yml'),
  path: 'examples/academic-intent/dictionary.yml'
});
const en = bundled.languages.en as Map<string, string>;
const es = bundled.languages.es as Map<string, string>;
const pt = bundled.languages.pt as Map<string, string>;

describe('dictionary substitutions', () => {
  test('replace whole words in English, keeping case', () => {
    expect(substituteWords('This study used data.', 'en', en)).toBe('This research used records.');
    expect(substituteWords('Study STUDY study sTudy', 'en', en)).toBe('Research RESEARCH research sTudy');
    expect(substituteWords('However, the findings were striking.', 'en', en)).toBe(
      'Nevertheless, the results were remarkable.'
    );
  });

  test('keepCase: lower, Title, ALL CAPS of two or more letters, else nothing', () => {
    expect(keepCase('data', 'records')).toBe('records');
    expect(keepCase('Data', 'records')).toBe('Records');
    expect(keepCase('DATA', 'records')).toBe('RECORDS');
    expect(keepCase('DaTa', 'records')).toBeNull();
    expect(keepCase('A', 'ab')).toBe('Ab');
    expect(keepCase('Estudo', 'ótimo')).toBe('Ótimo');
  });

  test('Spanish and Portuguese words with accents', () => {
    expect(substituteWords('No se observó un efecto sustancial en los datos.', 'es', es)).toBe(
      'No se observó un efecto considerable en los registros.'
    );
    expect(substituteWords('Directamente, los hallazgos.', 'es', es)).toBe('Explícitamente, los resultados.');
    expect(substituteWords('Não foi possível usar os dados do estudo.', 'pt', pt)).toBe(
      'Não foi possível usar os registros do trabalho.'
    );
    expect(substituteWords('As observações foram OBSERVAÇÕES.', 'pt', pt)).toBe('As medições foram MEDIÇÕES.');
    // A decomposed key in the text still matches the (NFC) dictionary key.
    expect(substituteWords('observac\u0327o\u0303es', 'pt', pt)).toBe('medições');
  });

  test('punctuation-joined words are whole words; words inside longer words are not', () => {
    expect(substituteWords('study-based data, (findings)', 'en', en)).toBe('research-based records, (results)');
    expect(substituteWords('studying databases', 'en', en)).toBe('studying databases');
  });

  test('negators, numbers and URLs are never replaced', () => {
    const withNegator = new Map([
      ['not', 'hardly'],
      ['study', 'research']
    ]);
    expect(substituteWords('The study did not change.', 'en', withNegator)).toBe('The research did not change.');
    expect(substituteWords('2017-study at https://example.org/study and www.data.org', 'en', en)).toBe(
      '2017-study at https://example.org/study and www.data.org'
    );
    expect(substituteWords('n = 240 data (12% data)', 'en', en)).toBe('n = 240 records (12% records)');
  });
});

describe('dictionary runner', () => {
  const runner = dictionaryFamily({ seed: 1637, maxCharEditRatio: 0.25 }, bundled);

  test('records the file and its digest', () => {
    expect(runner.family).toBe('dictionary');
    expect(runner.parameters).toEqual({ file: 'examples/academic-intent/dictionary.yml', sha256: bundled.sha256 });
  });

  test('a language without a dictionary is not attempted', () => {
    for (const language of ['fr', 'unknown']) {
      expect(runner.perturb({ id: 'x', text: 'The study used data.', language })).toEqual({
        text: 'The study used data.',
        attempted: false,
        notAttemptedReason: 'no_dictionary',
        valid: true,
        invalidReason: null
      });
    }
  });

  test('a row without a match comes back unchanged and valid', () => {
    expect(runner.perturb({ id: 'x', text: 'Nothing to replace here.', language: 'en' })).toEqual({
      text: 'Nothing to replace here.',
      attempted: true,
      notAttemptedReason: null,
      valid: true,
      invalidReason: null
    });
  });

  test('a short text whose replacement exceeds the ratio is returned, flagged invalid', () => {
    const out = runner.perturb({ id: 'x', text: 'Big study.', language: 'en' });
    expect(out.text).toBe('Big research.');
    expect(out.valid).toBe(false);
    expect(out.invalidReason).toMatch(
      /^edit ratio 0\.\d{4} \(\d+ edits \/ 10 code points\) exceeds max_char_edit_ratio 0\.25$/
    );
  });
});

describe('dictionary validity', () => {
  const check = (a: string, b: string, words: ReadonlyMap<string, string> = en) =>
    dictionaryViolation(a, b, 'en', words, null);

  test('accepts dictionary replacements in any case', () => {
    expect(check('This study', 'This research')).toBeNull();
    expect(check('This study', 'This RESEARCH')).toBeNull();
    expect(check('Study data', 'Research data')).toBeNull(); // not every match has to be replaced
  });

  test('rejects a replacement that is not in the dictionary', () => {
    expect(check('This study', 'This work')).toBe('"study" → "work" is not a dictionary substitution');
    expect(check('This paper', 'This research')).toBe('"paper" → "research" is not a dictionary substitution');
  });

  test('rejects changes outside replaced words', () => {
    expect(check('This study.', 'This research!')).toBe('text between words changed ("." → "!")');
    expect(check('This study', 'This  research')).toBe('text between words changed (" " → "  ")');
    expect(check('This study', 'This new research')).toBe(
      'the text has 3 words instead of 2; substitutions replace whole words one for one'
    );
  });

  test('rejects a changed protected word', () => {
    const withNegator = new Map([['not', 'hardly']]);
    expect(check('did not', 'did hardly', withNegator)).toBe('the protected word "not" changed ("not" → "hardly")');
    expect(check('at 2017data', 'at 2017records')).toBe('the protected word "data" changed ("data" → "records")');
  });

  test('rejects a candidate beyond max_char_edit_ratio', () => {
    expect(dictionaryViolation('data', 'records', 'en', en, 0.25)).toBe(
      'edit ratio 1.7500 (7 edits / 4 code points) exceeds max_char_edit_ratio 0.25'
    );
  });
});
