/**
 * Keyboard slips (docs/families.md#typo): the neighbour table, each operator's allowed positions worked by hand, the
 * draw shared by the family and the search, the family's choice of words, and its validity rule refusing anything
 * but the declared drawn slips.
 */
import { readFileSync } from 'node:fs';
import { loadPlan } from '../../src/config/load.js';
import { join } from 'node:path';
import { decide } from '../../src/perturb/decision.js';
import { editSpace, singleEdits } from '../../src/perturb/search/edits.js';
import { typoCandidate, typoFamily, typoViolation } from '../../src/perturb/typo.js';
import { minimalConfig, tinyRepo } from '../helpers.js';
import { NEIGHBOURS, TYPO_OPERATORS, typoEdit, typoLetters } from '../../src/perturb/typo-edits.js';
import { scanText } from '../../src/perturb/words.js';

const word = (text: string, language = 'en', i = 0) =>
  scanText(text, language).words[i] as NonNullable<ReturnType<typeof scanText>['words'][number]>;

test('neighbour keys: the rows are offset by half a key; reading order', () => {
  expect(NEIGHBOURS.a).toBe('qwsz');
  expect(NEIGHBOURS.g).toBe('tyfhvb');
  expect(NEIGHBOURS.p).toBe('ol');
  expect(NEIGHBOURS.q).toBe('wa');
  expect(NEIGHBOURS.m).toBe('jkn');
  expect(NEIGHBOURS.z).toBe('asx');
  expect(Object.keys(NEIGHBOURS).sort().join('')).toBe('abcdefghijklmnopqrstuvwxyz');
  // Touching is symmetric.
  for (const [k, ns] of Object.entries(NEIGHBOURS)) for (const n of ns) expect(NEIGHBOURS[n]).toContain(k);
});

test('each operator keeps the first and last letters and draws from the positions the rule allows', () => {
  // "model": n = 5. swap p ∈ {1, 2} (letters differ); delete and substitute p ∈ {1, 2, 3}; insert p ∈ {0, …, 3}.
  const w = word('model');
  const chars = typoLetters(w) as string[];
  const seen: Record<string, Set<string>> = {};
  for (let id = 0; id < 400; id++) {
    for (const op of TYPO_OPERATORS) {
      const e = typoEdit(op, w, chars, 7, `r${id}`);
      expect(e).not.toBeNull();
      (seen[op] ??= new Set()).add(`${e?.at}:${e?.to}`);
      expect(e?.to[0]).toBe('m');
      expect(e?.to.at(-1)).toBe('l');
    }
  }
  expect([...(seen.typo_swap as Set<string>)].sort()).toEqual(['1:mdoel', '2:moedl']);
  expect([...(seen.typo_delete as Set<string>)].sort()).toEqual(['1:mdel', '2:moel', '3:modl']);
  // o → i k l p (9, 6 keys), d → e r s f x c, e → 3 keys above... every (p, key) pair appears.
  const substitutes = [...(seen.typo_substitute as Set<string>)];
  expect(substitutes).toHaveLength(NEIGHBOURS.o!.length + NEIGHBOURS.d!.length + NEIGHBOURS.e!.length);
  expect(substitutes).toContain('1:mpdel');
  const inserts = [...(seen.typo_insert as Set<string>)];
  expect(inserts).toHaveLength(
    NEIGHBOURS.m!.length + NEIGHBOURS.o!.length + NEIGHBOURS.d!.length + NEIGHBOURS.e!.length
  );
  expect(inserts).toContain('0:mjodel');
  expect(inserts).toContain('3:modewl');
});

test('the draw is a function of (seed, typo, id, word index, operator): the same for the family and the search', () => {
  const text = 'Results improve over the baseline considerably';
  const space = editSpace(text, {
    seed: 11,
    id: 'x',
    language: 'en',
    operators: ['typo_swap', 'typo_delete', 'typo_insert', 'typo_substitute'],
    dictionary: undefined
  });
  for (const edits of singleEdits(space)) {
    for (const e of edits) {
      const w = word(text, 'en', e.word);
      const again = typoEdit(e.op as never, w, typoLetters(w) as string[], 11, 'x');
      expect({ to: e.to, at: e.at }).toEqual({ to: again?.to, at: again?.at });
    }
  }
  // Case: the key takes the case of letter p; an upper-case word stays upper case.
  const upper = word('MODEL');
  for (let id = 0; id < 50; id++) {
    const e = typoEdit('typo_substitute', upper, typoLetters(upper) as string[], 1, `u${id}`);
    expect(e?.to).toBe(e?.to.toUpperCase());
  }
  // The position string: word index and operator.
  const w = word(text, 'en', 1);
  const u = decide(11, 'typo', 'x', `${w.index}:typo_delete`);
  const positions = [...w.text].length - 2;
  expect(typoEdit('typo_delete', w, typoLetters(w) as string[], 11, 'x')?.at).toBe(1 + Math.floor(u * positions));
});

test('words that offer no slip: short, protected (negators, numbers, URLs), with combining marks', () => {
  expect(typoLetters(word('cat'))).toBeNull();
  expect(typoLetters(word('never'))).toBeNull();
  expect(typoLetters(word('nunca', 'es'))).toBeNull();
  expect(typoLetters(word('see https://example.org/path', 'en', 1))).toBeNull();
  expect(typoLetters(word('cafe\u0301s'))).toBeNull();
  expect(Array.from(typoLetters(word('café')) ?? [])).toEqual(['c', 'a', 'f', 'é']);
  // "aaaa" has no two different adjacent letters to swap, and no key for a non-ASCII letter: only delete.
  const e = typoEdit('typo_substitute', word('éééé'), ['é', 'é', 'é', 'é'], 1, 'a');
  expect(e).toBeNull();
  expect(typoEdit('typo_swap', word('aaaa'), ['a', 'a', 'a', 'a'], 1, 'a')).toBeNull();
});

test('the family: about one word in words_per_change, each with one drawn slip; the rule refuses anything else', () => {
  const text = 'The proposed method clearly improves retrieval quality on every benchmark';
  const row = { seed: 3, id: 'row-1', language: 'en' };
  const params = { words_per_change: 3, operators: [...TYPO_OPERATORS] };
  const { text: out, edits } = typoCandidate(text, row, params);
  // Eligible: proposed method clearly improves retrieval quality every benchmark (8): round(8 / 3) = 3 words.
  expect(edits).toHaveLength(3);
  expect(out).not.toBe(text);
  expect(typoViolation(text, out, row, null, edits)).toBeNull();
  const family = typoFamily({ seed: 3, maxCharEditRatio: null }, params);
  const outcome = family.perturb({ id: 'row-1', text, language: 'en' });
  expect(outcome).toMatchObject({ text: out, valid: true, edits });
  // Another letter, another position, an undeclared change, two edits of one word: refused.
  const first = edits[0] as (typeof edits)[number];
  expect(typoViolation(text, out, row, null, [{ ...first, at: (first.at as number) + 1 }, ...edits.slice(1)])).toMatch(
    /is not the word's drawn/
  );
  expect(typoViolation(text, out + '!', row, null, edits)).toMatch(/outside the declared edits/);
  expect(typoViolation(text, out, row, null, [first, first])).toMatch(/a second edit of the same word/);
  expect(typoViolation(text, out, { ...row, seed: 4 }, null, edits)).toMatch(/is not the word's drawn/);
  // The edit ratio bound holds on the whole text.
  expect(typoViolation(text, out, row, 0.001, edits)).toMatch(/exceeds max_char_edit_ratio/);
  // Only the configured operators are drawn.
  const deletes = typoCandidate(text, row, { words_per_change: 1, operators: ['typo_delete'] });
  expect(deletes.edits.every((e) => e.op === 'typo_delete' && e.to.length === e.from.length - 1)).toBe(true);
});

describe('against the independent reference (scripts/golden/typo.py, three languages)', () => {
  const golden = JSON.parse(readFileSync(join(import.meta.dirname, '../golden/typo.json'), 'utf8')) as {
    seed: number;
    settings: Array<{ words_per_change: number; operators: string[] }>;
    rows: Array<{
      id: string;
      language: string;
      text: string;
      single: unknown[];
      family: Array<{ text: string; edits: unknown[] }>;
    }>;
  };

  test('every slip the search may offer is the reference drawn slip, word by word', () => {
    let n = 0;
    for (const row of golden.rows) {
      const space = editSpace(row.text, {
        seed: golden.seed,
        id: row.id,
        language: row.language,
        operators: [...TYPO_OPERATORS],
        dictionary: undefined
      });
      const ours = singleEdits(space)
        .flat()
        .map((e) => ({ op: e.op, word: e.word, from: e.from, to: e.to, at: e.at }));
      expect({ id: row.id, edits: ours }).toEqual({ id: row.id, edits: row.single });
      n += ours.length;
    }
    expect(n).toBeGreaterThan(500);
  });

  test("the family's candidates and edits equal the reference, and its own rule accepts them", () => {
    for (const row of golden.rows) {
      golden.settings.forEach((s, i) => {
        const params = { words_per_change: s.words_per_change, operators: s.operators as never };
        const ctx = { seed: golden.seed, id: row.id, language: row.language };
        const ours = typoCandidate(row.text, ctx, params);
        expect({ id: row.id, setting: i, ...ours }).toEqual({ id: row.id, setting: i, ...row.family[i] });
        expect(typoViolation(row.text, ours.text, ctx, 0.25, ours.edits)).toBeNull();
      });
    }
  });
});

test('config mistakes: an operator listed twice or unknown, a words_per_change below 1', () => {
  const errorOf = (block: string): string => {
    const root = tinyRepo({
      'evidence-gate.yml': minimalConfig().replace('  id: tm\n', `  id: tm\n  attacks:\n    typo: ${block}\n`)
    });
    try {
      loadPlan({ root, configPath: 'evidence-gate.yml' });
      return 'no error';
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect(errorOf('{ operators: [typo_swap, typo_swap] }')).toMatch(
    /threat_model\.attacks\.typo\.operators: the operator typo_swap is listed twice; expected each of typo_swap, typo_delete, typo_insert, typo_substitute at most once/
  );
  expect(errorOf('{ operators: [typo_transpose] }')).toMatch(
    /threat_model\.attacks\.typo\.operators\[0\]: expected one of/
  );
  expect(errorOf('{ words_per_change: 0 }')).toMatch(/threat_model\.attacks\.typo\.words_per_change/);
  expect(errorOf('{ operators: [typo_insert, typo_delete] }')).toBe('no error');
});
