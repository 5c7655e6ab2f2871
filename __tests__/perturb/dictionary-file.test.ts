import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDictionary } from '../../src/perturb/dictionary-file.js';
import { ConfigError } from '../../src/errors.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

function load(content: string | Uint8Array) {
  const root = tempRepo({ 'dict.yml': content });
  return loadDictionary({ absolute: join(root, 'dict.yml'), path: 'dict.yml' });
}

function errorOf(content: string | Uint8Array): string {
  try {
    load(content);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadDictionary', () => {
  test('reads the bundled dictionary and digests its bytes', () => {
    const path = 'examples/academic-intent/dictionary.yml';
    const dictionary = loadDictionary({ absolute: join(REPO_ROOT, path), path });
    expect(dictionary.path).toBe(path);
    expect(dictionary.version).toBe(1);
    expect(dictionary.sha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(REPO_ROOT, path)))
        .digest('hex')
    );
    expect(Object.keys(dictionary.languages)).toEqual(['en', 'es', 'pt']);
    expect(dictionary.languages.en?.get('study')).toBe('research');
    expect(dictionary.languages.pt?.get('observações')).toBe('medições');
    expect(dictionary.languages.en?.size).toBe(20);
  });

  test('accepts a minimal file; keys are stored in NFC', () => {
    const dictionary = load('version: 1\nlanguages:\n  pt:\n    observac\u0327o\u0303es: medições\n');
    expect([...(dictionary.languages.pt ?? new Map()).keys()]).toEqual(['observações']);
    expect(dictionary.sha256).toBe(
      createHash('sha256')
        .update('version: 1\nlanguages:\n  pt:\n    observac\u0327o\u0303es: medições\n')
        .digest('hex')
    );
  });

  test('rejects a wrong or missing version', () => {
    expect(errorOf('version: 2\nlanguages:\n  en: { study: research }\n')).toBe(
      'dict.yml:1: version: expected 1, found number 2'
    );
    expect(errorOf('version: "1"\nlanguages:\n  en: { study: research }\n')).toBe(
      'dict.yml:1: version: expected 1, found "1"'
    );
    expect(errorOf('languages:\n  en: { study: research }\n')).toBe(
      'dict.yml:1: version: missing required key; expected 1, found nothing'
    );
  });

  test('rejects unknown top-level keys', () => {
    expect(errorOf('version: 1\nlanguage:\n  en: { study: research }\n')).toBe(
      'dict.yml:2: language: unknown key; expected one of version, languages, found "language"; did you mean `languages`?'
    );
  });

  test('rejects negators as keys or values', () => {
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: research\n    not: hardly\n')).toBe(
      'dict.yml:5: languages.en.not: expected a word that is not a negator (negators are never edited), found "not"'
    );
    expect(errorOf('version: 1\nlanguages:\n  pt:\n    jamais: nunca\n')).toBe(
      'dict.yml:4: languages.pt.jamais: expected a replacement that is not a negator, found "nunca"'
    );
    // A negator of any language, not only the dictionary's own.
    expect(errorOf('version: 1\nlanguages:\n  en:\n    nem: also\n')).toMatch(
      /^dict\.yml:4: languages\.en\.nem: expected a word that is not a negator/
    );
  });

  test('rejects keys and values that are not single lowercase words', () => {
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: new study\n')).toBe(
      'dict.yml:4: languages.en.study: expected a single lowercase word of letters only, found "new study"'
    );
    expect(errorOf('version: 1\nlanguages:\n  en:\n    Study: research\n')).toBe(
      'dict.yml:4: languages.en.Study: expected the key to be a single lowercase word of letters only, found "Study"'
    );
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: research2\n')).toBe(
      'dict.yml:4: languages.en.study: expected a single lowercase word of letters only, found "research2"'
    );
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: 3\n')).toBe(
      'dict.yml:4: languages.en.study: expected a single lowercase word of letters only, found number 3'
    );
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: study\n')).toBe(
      'dict.yml:4: languages.en.study: expected a word different from the key, found "study"'
    );
  });

  test('rejects non-mappings', () => {
    expect(errorOf('- study\n')).toBe(
      'dict.yml:1: (top level): expected a mapping with keys version, languages, found a list of 1'
    );
    expect(errorOf('version: 1\nlanguages: [en]\n')).toBe(
      'dict.yml:2: languages: expected a non-empty mapping of language code to word substitutions, found a list of 1'
    );
    expect(errorOf('version: 1\nlanguages: {}\n')).toBe(
      'dict.yml:2: languages: expected a non-empty mapping of language code to word substitutions, found an empty mapping'
    );
    expect(errorOf('version: 1\nlanguages:\n  en: study\n')).toBe(
      'dict.yml:3: languages.en: expected a non-empty mapping of word to replacement word, found "study"'
    );
  });

  test('rejects invalid YAML, duplicate keys and invalid UTF-8', () => {
    expect(errorOf('version: 1\nlanguages:\n  en:\n    study: research\n    study: work\n')).toMatch(
      /^dict\.yml:5: invalid YAML: duplicate key "study"/
    );
    expect(errorOf('version: 1\nlanguages: {en: {study: research}\n')).toMatch(/^dict\.yml:\d+: invalid YAML: /);
    expect(errorOf(new Uint8Array([0x76, 0x3a, 0x20, 0xff, 0x0a]))).toBe(
      'dict.yml:1: expected UTF-8 text, found invalid bytes'
    );
  });

  test('a missing file is a ConfigError', () => {
    expect(() => loadDictionary({ absolute: '/nonexistent/evidence-gate/dict.yml', path: 'dict.yml' })).toThrow(
      'dict.yml: cannot read the dictionary file (ENOENT); expected a readable YAML file'
    );
  });
});
