/**
 * Which column of a data file is which, for `evidence-gate init` (docs/cli.md): first by the
 * common names (id/uid/key, text/sentence/content/body, label/intent/class/target/category,
 * language/lang/locale, domain), then by what the values look like: a column whose values all
 * differ is an id, long strings are the text, few distinct values the label, language tags the
 * language. Numeric columns are the features of a tabular task. Pure: it reads parsed records.
 */
import { UsageError } from '../errors.js';
import { NUMBER } from '../data/dataset.js';
import type { RawRecord } from '../data/records.js';
import { codePointLength } from '../util/strings.js';
import { quoted, quotedList } from '../util/visible.js';

type Role = 'id' | 'text' | 'label' | 'language' | 'domain';
type Task = 'text' | 'tabular';

/** Names recognised for each role, compared case-insensitively, best first. */
const ROLE_NAMES: Record<Role, readonly string[]> = {
  id: ['id', 'uid', 'key', 'guid', 'example_id'],
  text: ['text', 'sentence', 'content', 'body', 'utterance', 'document'],
  label: ['label', 'intent', 'class', 'target', 'category', 'labels', 'gold'],
  language: ['language', 'lang', 'locale', 'language_code'],
  domain: ['domain']
};

/** What the values of one column look like. */
interface ColumnProfile {
  name: string;
  /** Rows with a non-empty value. */
  filled: number;
  rows: number;
  distinct: number;
  /** Every filled value is a finite number (a JSON number or a decimal in a CSV cell). */
  numeric: boolean;
  /** Numeric and every value a whole number. */
  integer: boolean;
  /** Mean length of the values in code points. */
  meanLength: number;
  /** Share of values holding whitespace (words). */
  spaced: number;
  /** Share of values that are language tags (en, pt-BR, zh_Hant). */
  languageTags: number;
}

/**
 * Made on first use: loading the ICU language names takes about 10 ms, which every command
 * would pay at start-up for what only `init` asks (docs/performance.md#start-up).
 */
let languageNames: Intl.DisplayNames | undefined;

/** A BCP 47-like tag naming a known language: "en", "pt-BR", "pt_BR" (not "pos", "spam", "x1"). */
export function isLanguageTag(value: string): boolean {
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(value)) return false;
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return languageNames.of(value.replace(/_/g, '-')) !== undefined;
  } catch {
    return false;
  }
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Column names in the order they first appear: the CSV header, or the keys of the JSONL objects. */
export function columnNames(records: readonly RawRecord[], header: string[] | null): string[] {
  if (header) return [...header];
  const names = new Set<string>();
  for (const r of records) for (const key of Object.keys(r.values)) names.add(key);
  return [...names];
}

export function profileColumns(records: readonly RawRecord[], names: readonly string[]): ColumnProfile[] {
  return names.map((name) => {
    const values: string[] = [];
    let numeric = true;
    let integer = true;
    for (const r of records) {
      const raw = r.values[name];
      const text = asText(raw);
      if (text === null) continue;
      values.push(text);
      const n = typeof raw === 'number' ? raw : NUMBER.test(text.trim()) ? Number(text) : NaN;
      if (!Number.isFinite(n)) numeric = false;
      else if (!Number.isInteger(n)) integer = false;
    }
    const filled = values.length;
    const share = (test: (v: string) => boolean) => (filled === 0 ? 0 : values.filter(test).length / filled);
    return {
      name,
      filled,
      rows: records.length,
      distinct: new Set(values).size,
      numeric: filled > 0 && numeric,
      integer: filled > 0 && numeric && integer,
      meanLength: filled === 0 ? 0 : values.reduce((n, v) => n + codePointLength(v), 0) / filled,
      spaced: share((v) => /\s/.test(v.trim())),
      languageTags: share(isLanguageTag)
    };
  });
}

export interface Recognised {
  task: Task;
  id: string;
  label: string;
  text: string | null;
  language: string | null;
  domain: string | null;
  /** Tabular: the numeric feature columns, in file order. */
  features: string[];
  /** How each role was found, for the config's comments and the printed report. */
  how: Partial<Record<Role | 'features', string>>;
  /** Columns left out. */
  unused: string[];
}

/** The largest number of distinct values a label column can have and still be read as one by content. */
const MAX_LABELS = 50;

function describe(p: ColumnProfile): string {
  const kind = p.numeric
    ? p.integer
      ? 'whole numbers'
      : 'numbers'
    : `strings of ${Math.round(p.meanLength)} characters on average`;
  return `${quoted(p.name)} (${p.distinct} distinct of ${p.filled} values, ${kind})`;
}

/**
 * Recognise the columns of the training file `file`. Throws a UsageError naming the candidates
 * when a required role (id, label, and text or features) cannot be told.
 */
export function recogniseColumns(profiles: readonly ColumnProfile[], file: string, task?: Task): Recognised {
  const free = new Map(profiles.map((p) => [p.name, p]));
  const how: Recognised['how'] = {};
  const take = (role: Role | 'features', p: ColumnProfile, why: string) => {
    free.delete(p.name);
    how[role] = why;
    return p.name;
  };
  const byName = (role: Role): string | null => {
    for (const wanted of ROLE_NAMES[role]) {
      const p = [...free.values()].find((x) => x.name.trim().toLowerCase() === wanted);
      if (p) return take(role, p, 'by its name');
    }
    return null;
  };
  const found: Record<Role, string | null> = { id: null, text: null, label: null, language: null, domain: null };
  for (const role of ['id', 'label', 'text', 'language', 'domain'] as const) found[role] = byName(role);
  const everyRow = (p: ColumnProfile) => p.filled === p.rows && p.rows > 0;

  // The text: the longest strings, when they read like words or sentences.
  if (found.text === null && task !== 'tabular') {
    const texts = [...free.values()]
      .filter((p) => !p.numeric && p.filled > 0 && (p.meanLength >= 20 || p.spaced >= 0.5))
      .sort((a, b) => b.meanLength - a.meanLength);
    if (texts[0]) found.text = take('text', texts[0], 'by its content (the longest strings)');
  }
  const resolvedTask: Task = task ?? (found.text !== null ? 'text' : 'tabular');
  if (resolvedTask === 'text' && found.text === null) {
    throw new UsageError(
      `${file}: no text column recognised; expected a column named ${ROLE_NAMES.text.join(', ')}, or one of ` +
        `sentences; found ${profiles.map(describe).join(', ') || 'no columns'}`
    );
  }

  // The id: a short value different in every row (not a decimal number, which is a feature).
  if (found.id === null) {
    const ids = [...free.values()].filter(
      (p) => everyRow(p) && p.distinct === p.rows && (!p.numeric || p.integer) && p.meanLength <= 64
    );
    if (ids[0]) found.id = take('id', ids[0], 'by its content (every value differs)');
    else
      throw new UsageError(
        `${file}: no id column recognised; expected a column named ${ROLE_NAMES.id.join(', ')}, or one whose ` +
          `values all differ; found ${profiles.map(describe).join(', ')}`
      );
  }

  // The label: few distinct values in every row; language tags only when nothing else fits.
  if (found.label === null) {
    const fits = [...free.values()].filter(
      (p) =>
        everyRow(p) &&
        p.distinct >= 2 &&
        p.distinct <= Math.min(MAX_LABELS, Math.max(2, p.rows / 2)) &&
        (!p.numeric || p.integer)
    );
    const notLanguages = fits.filter((p) => p.languageTags < 0.9);
    const pool = notLanguages.length > 0 ? notLanguages : fits;
    if (pool.length === 1)
      found.label = take('label', pool[0] as ColumnProfile, 'by its content (few distinct values)');
    else if (pool.length === 0) {
      throw new UsageError(
        `${file}: no label column recognised; expected a column named ${ROLE_NAMES.label.join(', ')}, or one ` +
          `with 2 to ${MAX_LABELS} distinct values in every row; found ` +
          `${[...free.values()].map(describe).join(', ') || 'no other columns'}`
      );
    } else {
      throw new UsageError(
        `${file}: more than one column could be the label: ${pool.map(describe).join(', ')}; rename the label ` +
          `column to one of ${ROLE_NAMES.label.join(', ')} and run init again`
      );
    }
  }

  if (found.language === null) {
    const tags = [...free.values()].filter((p) => p.filled > 0 && p.languageTags >= 0.9 && p.distinct <= 30);
    if (tags[0]) found.language = take('language', tags[0], 'by its content (language tags)');
  }

  let features: string[] = [];
  if (resolvedTask === 'tabular') {
    features = [...free.values()].filter((p) => everyRow(p) && p.numeric).map((p) => p.name);
    if (features.length === 0) {
      throw new UsageError(
        `${file}: no numeric feature column for a tabular task; expected columns holding a number in every row ` +
          `besides id ${quoted(found.id as string)} and label ${quoted(found.label as string)}; found ` +
          `${[...free.values()].map(describe).join(', ') || 'no other columns'}`
      );
    }
    for (const f of features) free.delete(f);
    how.features = `every numeric column (${quotedList(features, 8)})`;
  }
  return {
    task: resolvedTask,
    id: found.id as string,
    label: found.label as string,
    text: resolvedTask === 'text' ? found.text : null,
    language: found.language,
    domain: found.domain,
    features,
    how,
    unused: [...(resolvedTask === 'tabular' && found.text !== null ? [found.text] : []), ...free.keys()]
  };
}
