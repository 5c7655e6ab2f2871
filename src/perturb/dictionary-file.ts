/**
 * The substitution dictionary file of the `dictionary` family:
 *
 *   version: 1
 *   languages:
 *     en: { study: research, data: records }
 *     es: { estudio: trabajo }
 *
 * Rules: `version` must be 1; `languages` maps a language code to a non-empty mapping
 * of word → word; every key and value is one lowercase word (letters, with combining
 * marks after a letter; no spaces, digits or punctuation); neither a key nor a value may
 * be a negator of any language (negators are never edited, nor introduced); a word may
 * not map to itself; no other top-level keys. Problems are ConfigErrors naming the file,
 * line and key path, as the main config's are. The digest covers the raw file bytes.
 */
import { readFileSync } from 'node:fs';
import type { FileRef } from '../config/paths.js';
import { ConfigSource, type KeyPath } from '../config/source.js';
import { configError, unknownKey } from '../config/validate.js';
import { ConfigError, describeFound } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { isNegatorInAnyLanguage } from './words.js';

export interface LoadedDictionary {
  /** Repository-relative path, as in the config. */
  path: string;
  /** SHA-256 of the file's bytes. */
  sha256: string;
  version: number;
  /** Language code → (lower-case NFC word → replacement). */
  languages: Record<string, Map<string, string>>;
}

const TOP_LEVEL_KEYS = ['version', 'languages'];
const WORD = /^\p{L}[\p{L}\p{M}]*$/u;
const WORD_EXPECTED = 'a single lowercase word of letters only';

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isLowercaseWord(value: unknown): value is string {
  return typeof value === 'string' && WORD.test(value) && value === value.toLowerCase();
}

/** Read, parse and validate a dictionary file; throws ConfigError on any problem. */
export function loadDictionary(ref: FileRef): LoadedDictionary {
  let bytes: Buffer;
  try {
    bytes = readFileSync(ref.absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ConfigError(`${ref.path}: cannot read the dictionary file (${code}); expected a readable YAML file`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ConfigError(`${ref.path}:1: expected UTF-8 text, found invalid bytes`);
  }
  const { source, errors } = ConfigSource.parse(ref.path, text);
  const firstError = errors[0];
  if (firstError) throw new ConfigError(`${ref.path}:${firstError.line}: invalid YAML: ${firstError.message}`);
  const value = source.value();
  const fail = (path: KeyPath, message: string, atKey = false): never => {
    throw configError(source, path, message, atKey);
  };

  if (!isMapping(value))
    return fail([], `expected a mapping with keys version, languages, found ${describeFound(value)}`);
  for (const key of Object.keys(value)) {
    if (!TOP_LEVEL_KEYS.includes(key)) fail([key], unknownKey(key, TOP_LEVEL_KEYS), true);
  }
  if (!('version' in value)) fail(['version'], 'missing required key; expected 1, found nothing');
  if (value.version !== 1) fail(['version'], `expected 1, found ${describeFound(value.version)}`);
  if (!('languages' in value))
    fail(
      ['languages'],
      'missing required key; expected a mapping of language code to word substitutions, found nothing'
    );
  const rawLanguages = value.languages;
  if (!isMapping(rawLanguages) || Object.keys(rawLanguages).length === 0) {
    fail(
      ['languages'],
      `expected a non-empty mapping of language code to word substitutions, found ${describeEmpty(rawLanguages)}`
    );
  }

  const languages: Record<string, Map<string, string>> = Object.create(null) as Record<string, Map<string, string>>;
  for (const [language, rawWords] of Object.entries(rawLanguages as Record<string, unknown>)) {
    const base: KeyPath = ['languages', language];
    if (language === '') fail(base, 'expected a language code, found an empty name', true);
    if (!isMapping(rawWords) || Object.keys(rawWords).length === 0) {
      fail(base, `expected a non-empty mapping of word to replacement word, found ${describeEmpty(rawWords)}`);
    }
    const words = new Map<string, string>();
    for (const [key, replacement] of Object.entries(rawWords as Record<string, unknown>)) {
      const path: KeyPath = [...base, key];
      if (!isLowercaseWord(key))
        fail(path, `expected the key to be ${WORD_EXPECTED}, found ${JSON.stringify(key)}`, true);
      if (isNegatorInAnyLanguage(key))
        fail(
          path,
          `expected a word that is not a negator (negators are never edited), found ${JSON.stringify(key)}`,
          true
        );
      if (!isLowercaseWord(replacement)) fail(path, `expected ${WORD_EXPECTED}, found ${describeFound(replacement)}`);
      if (isNegatorInAnyLanguage(replacement as string))
        fail(path, `expected a replacement that is not a negator, found ${JSON.stringify(replacement)}`);
      const folded = key.normalize('NFC');
      if ((replacement as string).normalize('NFC') === folded)
        fail(path, `expected a word different from the key, found ${JSON.stringify(replacement)}`);
      if (words.has(folded))
        fail(
          path,
          `duplicate key after Unicode normalisation; expected each word once, found ${JSON.stringify(key)} twice`,
          true
        );
      words.set(folded, replacement as string);
    }
    languages[language] = words;
  }
  return { path: ref.path, sha256: sha256Hex(bytes), version: 1, languages };
}

function describeEmpty(value: unknown): string {
  return isMapping(value) && Object.keys(value).length === 0 ? 'an empty mapping' : describeFound(value);
}

/** The substitutions for `language`, or undefined when the dictionary has none. */
export function dictionaryFor(dictionary: LoadedDictionary, language: string): Map<string, string> | undefined {
  return Object.hasOwn(dictionary.languages, language) ? dictionary.languages[language] : undefined;
}
