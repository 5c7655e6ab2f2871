/**
 * Property tests: every family against simple, independent re-implementations of its
 * validity rule, on arbitrary mixed-script texts.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildFamilies } from '../../src/perturb/registry.js';
import type { FamilyRunner } from '../../src/perturb/family.js';
import type { PerturbInput } from '../../src/perturb/input.js';
import { REPO_ROOT } from '../helpers.js';

const SENTENCES = {
  en: 'Added for context.',
  es: 'Añadido como contexto.',
  pt: 'Acrescentado como contexto.',
  unknown: 'Context.'
};
const MAX_RATIO = 0.25;
const KEEP = 0.65;
const dictionaryRef = {
  absolute: join(REPO_ROOT, 'examples/academic-intent/dictionary.yml'),
  path: 'examples/academic-intent/dictionary.yml'
};

// ---- independent helpers -------------------------------------------------------------
const NEGATOR_LISTS: Record<string, string[]> = {
  en: ['not', 'never', 'no'],
  es: ['no', 'nunca', 'ni'],
  pt: ['não', 'nunca', 'nem']
};
const negatorList = (language: string) =>
  NEGATOR_LISTS[language] ?? [...NEGATOR_LISTS.en!, ...NEGATOR_LISTS.es!, ...NEGATOR_LISTS.pt!];
const isNegatorWord = (word: string, language: string) =>
  negatorList(language).includes(word.normalize('NFC').toLowerCase());
const chunkIsProtected = (chunk: string) =>
  /\p{N}/u.test(chunk) || chunk.includes('://') || /^[^\p{L}\p{N}]*www\./iu.test(chunk);

interface RefWord {
  text: string;
  /** Code-point offset and length. */
  at: number;
  length: number;
  letters: number;
  guarded: boolean;
}

/** Words with code-point offsets, each marked guarded when negator or inside a number/URL chunk. */
function refWords(text: string, language: string): RefWord[] {
  const chars = [...text];
  const out: RefWord[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!/\p{L}/u.test(chars[i] as string)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < chars.length && /[\p{L}\p{M}]/u.test(chars[j] as string)) j++;
    let s = i;
    while (s > 0 && !/\s/u.test(chars[s - 1] as string)) s--;
    let e = j;
    while (e < chars.length && !/\s/u.test(chars[e] as string)) e++;
    const word = chars.slice(i, j).join('');
    out.push({
      text: word,
      at: i,
      length: j - i,
      letters: chars.slice(i, j).filter((c) => /\p{L}/u.test(c)).length,
      guarded: isNegatorWord(word, language) || chunkIsProtected(chars.slice(s, e).join(''))
    });
    i = j;
  }
  return out;
}

function refDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current.push(
        Math.min(
          (previous[j] as number) + 1,
          (current[j - 1] as number) + 1,
          (previous[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1)
        )
      );
    }
    previous = current;
  }
  return previous[y.length] as number;
}

const withinRatio = (a: string, b: string) => refDistance(a, b) / [...a].length <= MAX_RATIO;
const foldLD = (t: string) =>
  [...t]
    .filter((c) => /[\p{L}\p{M}\p{N}]/u.test(c))
    .map((c) => c.toLowerCase())
    .join('');
const guardedChunks = (t: string) => t.split(/\s+/u).filter((c) => c !== '' && chunkIsProtected(c));
const splitWords = (t: string) => t.split(/(\p{L}[\p{L}\p{M}]*)/u); // odd indices are words

// ---- arbitraries ---------------------------------------------------------------------
const LETTERS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúñãõçêÁÉÍÓÚÑÃÕÇÊàüößŉſıİǅΣσςŁł',
  '\u{1D400}',
  'e\u0301'
];
const TOKENS = [
  'not',
  'Not',
  'NEVER',
  'no',
  'No',
  'nunca',
  'Nunca',
  'ni',
  'não',
  'Não',
  'nem',
  'na\u0303o',
  '12%',
  'n=240',
  '240',
  '2017,',
  '(2017)',
  'https://example.org/x',
  'www.Example.org/study',
  'data2',
  'study',
  'Study',
  'STUDY',
  'sTudy',
  'data',
  'however',
  'estudo',
  'dados',
  'observações',
  'Observaciones',
  'datos',
  'hallazgos'
];
const SEPARATORS = [' ', ' ', ' ', '  ', ', ', '. ', '; ', '\n', '-', ' (', ') ', '! ', '? ', '\t'];
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));
const piece = fc.oneof(
  { weight: 3, arbitrary: word },
  { weight: 2, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99999 }).map(String) }
);
const textArb = fc
  .tuple(
    fc.array(fc.tuple(piece, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 16 }),
    fc.constantFrom('', '.', '!', ' ', '...')
  )
  .map(
    ([parts, end]) =>
      parts
        .map(([p, s]) => p + s)
        .join('')
        .trimEnd() + end
  )
  .filter((t) => t.trim() !== '');
const inputArb: fc.Arbitrary<PerturbInput & { seed: number }> = fc.record({
  id: fc.string({ maxLength: 8 }),
  text: textArb,
  language: fc.constantFrom('en', 'es', 'pt', 'unknown'),
  seed: fc.integer({ min: 0, max: 100000 })
});

const runnerCache = new Map<number, Record<string, FamilyRunner>>();
function runners(seed: number): Record<string, FamilyRunner> {
  let found = runnerCache.get(seed);
  if (!found) {
    const built = buildFamilies(
      {
        format: {},
        transpose: { words_per_change: 3 },
        dictionary: { file: dictionaryRef },
        append: { sentences: SENTENCES },
        truncate: { keep: KEEP }
      },
      { seed, maxCharEditRatio: MAX_RATIO }
    );
    found = Object.fromEntries(built.runners.map((r) => [r.family, r]));
    runnerCache.set(seed, found);
  }
  return found;
}
const run = (family: string, input: PerturbInput & { seed: number }) =>
  (runners(input.seed)[family] as FamilyRunner).perturb(input);

const RUNS = { numRuns: 300 };

// ---- properties ----------------------------------------------------------------------
describe('properties on arbitrary texts', () => {
  test('format never changes the case-folded letters and digits; valid candidates are within the ratio', () => {
    let changed = 0;
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = run('format', input);
        if (out.text !== input.text) changed++;
        expect(foldLD(out.text)).toBe(foldLD(input.text));
        expect(out.valid).toBe(out.text === input.text || withinRatio(input.text, out.text));
      }),
      RUNS
    );
    expect(changed).toBeGreaterThan(250);
  });

  test('transpose keeps the multiset of characters; valid candidates are adjacent interior swaps in eligible words', () => {
    let swapped = 0;
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = run('transpose', input);
        const o = [...input.text];
        const c = [...out.text];
        expect([...c].sort()).toEqual([...o].sort());
        if (!out.valid) {
          expect(out.invalidReason).toMatch(/edit ratio/);
          return;
        }
        expect(c).toHaveLength(o.length);
        const words = refWords(input.text, input.language);
        const touched = new Set<number>();
        for (let p = 0; p < o.length; p++) {
          if (o[p] === c[p]) continue;
          expect(c[p]).toBe(o[p + 1]);
          expect(c[p + 1]).toBe(o[p]);
          const w = words.findIndex((x) => x.at < p && p + 1 < x.at + x.length - 1);
          expect(w).toBeGreaterThanOrEqual(0);
          const found = words[w] as RefWord;
          expect(found.guarded).toBe(false);
          expect(found.letters).toBeGreaterThanOrEqual(4);
          expect(/\p{L}/u.test(o[p] as string) && /\p{L}/u.test(o[p + 1] as string)).toBe(true);
          expect(touched.has(w)).toBe(false);
          touched.add(w);
          swapped++;
          p++;
        }
        if (out.text !== input.text) expect(withinRatio(input.text, out.text)).toBe(true);
      }),
      RUNS
    );
    expect(swapped).toBeGreaterThan(150);
  });

  test('dictionary: valid candidates map word by word through the dictionary with everything else identical', () => {
    // The dictionary as plain YAML, read here without the loader.
    const maps = (
      parse(readFileSync(dictionaryRef.absolute, 'utf8')) as { languages: Record<string, Record<string, string>> }
    ).languages;
    let replaced = 0;
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = run('dictionary', input);
        if (input.language === 'unknown') {
          expect(out).toEqual({
            text: input.text,
            attempted: false,
            notAttemptedReason: 'no_dictionary',
            valid: true,
            invalidReason: null
          });
          return;
        }
        expect(out.attempted).toBe(true);
        if (!out.valid) {
          expect(out.invalidReason).toMatch(/edit ratio/);
          return;
        }
        const a = splitWords(input.text);
        const b = splitWords(out.text);
        expect(b).toHaveLength(a.length);
        const guarded = refWords(input.text, input.language).map((w) => w.guarded);
        for (let i = 0; i < a.length; i++) {
          if (a[i] === b[i]) continue;
          expect(i % 2).toBe(1); // only words change
          expect(guarded[(i - 1) / 2]).toBe(false);
          const key = (a[i] as string).normalize('NFC').toLowerCase();
          const table = maps[input.language] as Record<string, string>;
          expect(Object.hasOwn(table, key)).toBe(true);
          expect((b[i] as string).toLowerCase()).toBe(table[key]);
          replaced++;
        }
        if (out.text !== input.text) expect(withinRatio(input.text, out.text)).toBe(true);
      }),
      RUNS
    );
    expect(replaced).toBeGreaterThan(20);
  });

  test('append always keeps the original as an exact prefix', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = run('append', input);
        expect(out.text.startsWith(input.text)).toBe(true);
        expect(out.text.slice(input.text.length)).toBe(` ${SENTENCES[input.language as keyof typeof SENTENCES]}`);
        expect(out.valid).toBe(true);
      }),
      RUNS
    );
  });

  test('truncate keeps exactly ⌈keep × words⌉ words as a prefix', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const out = run('truncate', input);
        const words = input.text.split(/\s+/u).filter((w) => w !== '');
        const kept = out.text.split(/\s+/u).filter((w) => w !== '');
        expect(input.text.startsWith(out.text)).toBe(true);
        expect(kept).toEqual(words.slice(0, Math.max(1, Math.ceil(Number((KEEP * words.length).toFixed(9))))));
        expect(/\s$/u.test(out.text)).toBe(false);
        expect(out.valid).toBe(true);
      }),
      RUNS
    );
  });

  test('negator words and number/URL chunks survive format, transpose, dictionary and append byte for byte', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const negators = refWords(input.text, input.language).filter((w) => isNegatorWord(w.text, input.language));
        const chunks = guardedChunks(input.text);
        for (const family of ['format', 'transpose']) {
          const out = run(family, input);
          const c = [...out.text];
          for (const w of negators) expect(c.slice(w.at, w.at + w.length).join('')).toBe(w.text);
          expect(guardedChunks(out.text)).toEqual(chunks);
        }
        const dictionary = run('dictionary', input);
        const before = splitWords(input.text);
        const after = splitWords(dictionary.text);
        for (let i = 1; i < before.length; i += 2)
          if (isNegatorWord(before[i] as string, input.language)) expect(after[i]).toBe(before[i]);
        expect(guardedChunks(dictionary.text)).toEqual(chunks);
        expect(run('append', input).text.startsWith(input.text)).toBe(true);
      }),
      RUNS
    );
  });

  test('with edit bounds, every ratio decision equals the decision from the exact distance', () => {
    // The same families with and without the ratio: the ratio may only add the exact-distance
    // verdict to the family's own rule. Tight maxima make both verdicts common.
    const build = (max: number | null, seed: number) =>
      Object.fromEntries(
        buildFamilies(
          { format: {}, transpose: { words_per_change: 1 }, dictionary: { file: dictionaryRef } },
          { seed, maxCharEditRatio: max }
        ).runners.map((r) => [r.family, r])
      ) as Record<string, FamilyRunner>;
    const verdicts = { within: 0, beyond: 0 };
    fc.assert(
      fc.property(inputArb, fc.constantFrom(0.02, 0.05, 0.1, 0.25), (input, max) => {
        const bounded = build(max, input.seed);
        const unbounded = build(null, input.seed);
        for (const family of ['format', 'transpose', 'dictionary']) {
          const out = (bounded[family] as FamilyRunner).perturb(input);
          const rule = (unbounded[family] as FamilyRunner).perturb(input);
          expect(out.text).toBe(rule.text);
          if (out.text === input.text || !rule.valid) continue;
          const within = refDistance(input.text, out.text) / [...input.text].length <= max;
          verdicts[within ? 'within' : 'beyond']++;
          expect(out.valid).toBe(within);
        }
      }),
      { numRuns: 300 }
    );
    expect(verdicts.within).toBeGreaterThan(50);
    expect(verdicts.beyond).toBeGreaterThan(50);
  });

  test('the same input gives the same outcome, whatever ran before', () => {
    fc.assert(
      fc.property(inputArb, inputArb, (a, b) => {
        for (const family of ['format', 'transpose', 'dictionary', 'append', 'truncate']) {
          const first = run(family, a);
          run(family, { ...b, seed: a.seed });
          expect(run(family, a)).toEqual(first);
        }
      }),
      { numRuns: 150 }
    );
  });
});
