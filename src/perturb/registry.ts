/**
 * Builds the runners for the families a threat model puts in scope, in SPEC §6 order
 * (format, transpose, dictionary, append, truncate), and loads the dictionary file.
 */
import type { AttackPlan } from '../config/plan.js';
import type { FamilyRunner } from './family.js';
import { appendFamily } from './append.js';
import { dictionaryFamily } from './dictionary.js';
import { loadDictionary } from './dictionary-file.js';
import { formatFamily } from './format.js';
import { transposeFamily } from './transpose.js';
import { truncateFamily } from './truncate.js';
import type { FamilyOptions } from './outcome.js';
import { sortCodePoints } from '../util/strings.js';

export type { FamilyOptions } from './outcome.js';

export interface DictionarySummary {
  path: string;
  sha256: string;
  version: number;
  /** Language codes the dictionary covers, sorted. */
  languages: string[];
}

export interface BuiltFamilies {
  runners: FamilyRunner[];
  /** Dictionary files read (for the manifest). */
  dictionaries: DictionarySummary[];
}

/** One runner per configured family; throws ConfigError for a bad dictionary file. */
export function buildFamilies(attacks: AttackPlan, options: FamilyOptions): BuiltFamilies {
  const runners: FamilyRunner[] = [];
  const dictionaries: DictionarySummary[] = [];
  if (attacks.format) runners.push(formatFamily(options));
  if (attacks.transpose) runners.push(transposeFamily(options, attacks.transpose));
  if (attacks.dictionary) {
    const dictionary = loadDictionary(attacks.dictionary.file);
    runners.push(dictionaryFamily(options, dictionary));
    dictionaries.push({
      path: dictionary.path,
      sha256: dictionary.sha256,
      version: dictionary.version,
      languages: sortCodePoints(Object.keys(dictionary.languages))
    });
  }
  if (attacks.append) runners.push(appendFamily(attacks.append));
  if (attacks.truncate) runners.push(truncateFamily(attacks.truncate));
  return { runners, dictionaries };
}
