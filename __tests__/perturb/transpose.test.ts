import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { swapPositions } from '../../src/perturb/word-edits.js';
import { transposeCandidate, transposeFamily, transposeViolation } from '../../src/perturb/transpose.js';
import { REPO_ROOT } from '../helpers.js';

const row = (id: string, language = 'en', seed = 1637) => ({ seed, id, language });

/** decide() recomputed here from its definition. */
function draw(seed: number, id: string, position: string | number): number {
  return (
    createHash('sha256').update(`${seed}\u0000transpose\u0000${id}\u0000${position}`).digest().readUInt32BE(0) / 2 ** 32
  );
}

function changedWords(a: string, b: string): Array<[string, string]> {
  const x = a.split(' ');
  const y = b.split(' ');
  return x.flatMap((w, i) => (w === y[i] ? [] : [[w, y[i] as string] as [string, string]]));
}

describe('transpose candidates', () => {
  test('a word with one swappable pair gets exactly that swap, whatever the seed', () => {
    for (const seed of [1, 2, 3, 1637]) {
      expect(transposeCandidate('The dogs ran.', row('a', 'en', seed), 5)).toEqual({
        text: 'The dgos ran.',
        swaps: [5]
      });
      expect(transposeCandidate('Uma ação.', row('a', 'pt', seed), 5).text).toBe('Uma aãço.');
      expect(['Él sñealó', 'Él seañló', 'Él señlaó']).toContain(
        transposeCandidate('Él señaló', row('a', 'es', seed), 5).text
      );
    }
  });

  test('k = max(1, round(eligible / words_per_change)) words change, the ones with the smallest draws', () => {
    // Eligible (≥ 4 letters, unprotected): sample, include, participants.
    const text = 'The sample did not include participants';
    const result = transposeCandidate(text, row('b'), 5);
    const changed = changedWords(text, result.text);
    expect(changed).toHaveLength(1);
    const candidates = [
      ['sample', 1],
      ['include', 4],
      ['participants', 5]
    ] as const;
    const expected = [...candidates].sort((p, q) => draw(1637, 'b', p[1]) - draw(1637, 'b', q[1]))[0];
    expect(changed[0]?.[0]).toBe(expected?.[0]);
    expect(result.text).toContain(' not ');
  });

  test('words_per_change sets how many words change', () => {
    const text = 'alpha bravo charlie delta echoes foxtrot golfer hotel india juliet';
    const count = (w: number) => changedWords(text, transposeCandidate(text, row('c'), w).text).length;
    expect(count(5)).toBe(2);
    expect(count(1)).toBe(10);
    expect(count(4)).toBe(3); // round(2.5) = 3
    expect(count(100)).toBe(1);
  });

  test('rows with no eligible word are unchanged', () => {
    expect(transposeCandidate('Not so bad at all.', row('d'), 5)).toEqual({ text: 'Not so bad at all.', swaps: [] });
    expect(transposeCandidate('aaaa eeee', row('d'), 5).text).toBe('aaaa eeee'); // nothing differs to swap
    expect(transposeCandidate('Nunca más.', row('d', 'es'), 5).text).toBe('Nunca más.');
    expect(transposeCandidate('never 2017 https://example.org/words', row('d'), 5).text).toBe(
      'never 2017 https://example.org/words'
    );
  });

  test('never touches negators, numbers, URLs or the first and last letters', () => {
    const text = 'Never, not now: n=2400 samples from https://example.org/studies were 12%-complete.';
    for (let seed = 0; seed < 40; seed++) {
      const out = transposeCandidate(text, row('e', 'en', seed), 1).text;
      expect(out.startsWith('Never, not now: n=2400 ')).toBe(true);
      expect(out).toContain(' https://example.org/studies ');
      expect(out.endsWith(' 12%-complete.')).toBe(true);
      expect(out).toMatch(/ n=2400 s\p{L}{5}s f\p{L}{2}m https/u);
    }
  });

  test('swappable pairs skip a letter with a combining mark attached', () => {
    // "nac\u0327a\u0303o": c+◌̧ and a+◌̃ carry marks; only (n|a) positions are interior and bare: none.
    expect(swapPositions([...'nac\u0327a\u0303o'])).toEqual([]);
    expect(swapPositions([...'abcd'])).toEqual([1]);
    expect(swapPositions([...'abcde'])).toEqual([1, 2]);
    expect(swapPositions([...'abbe'])).toEqual([]);
  });

  test('the same (seed, id, text) gives the same candidate, and a different seed changes choices', () => {
    const texts = readFileSync(join(REPO_ROOT, 'examples/academic-intent/data/controlled.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 30)
      .map((l) => JSON.parse(l) as { id: string; text: string; language: string });
    const run = (seed: number) => texts.map((t) => transposeCandidate(t.text, row(t.id, t.language, seed), 5).text);
    const first = run(1637);
    expect(
      [...texts]
        .reverse()
        .map((t) => transposeCandidate(t.text, row(t.id, t.language, 1637), 5).text)
        .reverse()
    ).toEqual(first);
    const other = run(1638);
    const differing = first.filter((t, i) => t !== other[i]).length;
    expect(differing).toBeGreaterThan(15);
  });
});

describe('transpose validity', () => {
  test('accepts declared adjacent interior swaps', () => {
    expect(transposeViolation('The dogs ran', 'The dgos ran', 'en', null, [5])).toBeNull();
    expect(transposeViolation('alpha bravo', 'apuha brvao', 'en', null)).toMatch(/not as part of an adjacent swap/);
    expect(transposeViolation('alpha bravo', 'aplha brvao', 'en', null)).toBeNull();
  });

  test('rejects a non-adjacent swap', () => {
    expect(transposeViolation('abcde', 'adcbe', 'en', null)).toBe(
      'code point 1 changed from "b" to "d", not as part of an adjacent swap'
    );
  });

  test('rejects moving an exterior letter', () => {
    expect(transposeViolation('The dogs', 'The odgs', 'en', null)).toBe(
      'swap at code points 4-5 moves the first or last character of "dogs"'
    );
    expect(transposeViolation('The dogs', 'The dosg', 'en', null)).toBe(
      'swap at code points 6-7 moves the first or last character of "dogs"'
    );
  });

  test('rejects edits to a protected word', () => {
    expect(transposeViolation('never mind', 'nveer mind', 'en', null)).toBe(
      'swap at code points 1-2 edits the protected word "never"'
    );
    expect(transposeViolation('nunca más', 'nnuca más', 'es', null)).toBe(
      'swap at code points 1-2 edits the protected word "nunca"'
    );
    expect(transposeViolation('n=2400 wolves', 'n=4200 wolves', 'en', null)).toBe(
      'swap at code points 2-3 is not inside one word'
    );
    expect(transposeViolation('see abcd.org/x1', 'see acbd.org/x1', 'en', null)).toBe(
      'swap at code points 5-6 edits the protected word "abcd"'
    );
  });

  test('rejects short words, swaps across words, a second swap and undeclared swaps', () => {
    expect(transposeViolation('The cat', 'The cta', 'en', null)).toBe(
      'swap at code points 5-6 is in "cat", a word of fewer than 4 letters'
    );
    expect(transposeViolation('abcd efgh', 'abc defgh', 'en', null)).toBe(
      'swap at code points 3-4 is not inside one word'
    );
    expect(transposeViolation('abcdefgh', 'acbdfegh', 'en', null)).toBe(
      'swap at code points 4-5 is a second swap in "abcdefgh"'
    );
    expect(transposeViolation('The dogs ran', 'The dgos ran', 'en', null, [])).toBe(
      'the swaps made (at code points 5) differ from those declared (none)'
    );
    expect(transposeViolation('The dogs', 'The dogs!', 'en', null)).toBe(
      'length changed from 8 to 9 code points; swaps keep the length'
    );
  });

  test('rejects a swap that exceeds max_char_edit_ratio, and the runner still returns it', () => {
    const runner = transposeFamily({ seed: 1637, maxCharEditRatio: 0.1 }, { words_per_change: 5 });
    expect(runner.perturb({ id: 'r', text: 'The dogs', language: 'en' })).toEqual({
      text: 'The dgos',
      attempted: true,
      notAttemptedReason: null,
      valid: false,
      invalidReason: 'edit ratio 0.2500 (2 edits / 8 code points) exceeds max_char_edit_ratio 0.1'
    });
    expect(runner.parameters).toEqual({ words_per_change: 5 });
    expect(runner.labelPreserving).toBe(true);
  });
});

/**
 * transposeViolation as it was written before it walked the texts in place: both texts spread into
 * arrays of code points. Kept here as the reference the in-place walk must agree with everywhere.
 */
function spreadViolation(
  original: string,
  candidate: string,
  language: string,
  maxCharEditRatio: number | null,
  declared?: readonly number[]
): string | null {
  const o = [...original];
  const c = [...candidate];
  if (o.length !== c.length) return `length changed from ${o.length} to ${c.length} code points; swaps keep the length`;
  const swaps: number[] = [];
  for (let p = 0; p < o.length; p++) {
    if (o[p] === c[p]) continue;
    if (!(p + 1 < o.length && c[p] === o[p + 1] && c[p + 1] === o[p])) {
      return `code point ${p} changed from ${JSON.stringify(o[p])} to ${JSON.stringify(c[p])}, not as part of an adjacent swap`;
    }
    swaps.push(p);
    p++;
  }
  if (declared && (declared.length !== swaps.length || declared.some((p, i) => p !== swaps[i]))) {
    return `the swaps made (at code points ${swaps.join(', ') || 'none'}) differ from those declared (${declared.join(', ') || 'none'})`;
  }
  // Past the swaps, both versions run the same code; the in-place walk's job ends here when the
  // swaps are well formed, so compare through the real function with the same swaps declared.
  return transposeViolation(original, candidate, language, maxCharEditRatio, swaps);
}

describe('transposeViolation walks code points in place', () => {
  // Letters in and out of the BMP, a combining mark, an emoji, lone surrogates of both halves, digits and spaces.
  const ALPHABET = [
    'a',
    'b',
    'e',
    'é',
    'ß',
    'Ω',
    'ж',
    '𝒜',
    '𝔅',
    '\u0301',
    '😀',
    '\ud800',
    '\udc00',
    '7',
    ' ',
    ' ',
    '-'
  ];
  let state = 20261202;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  test('agrees with the spread-array version on random texts, swaps and substitutions (3,000 cases)', () => {
    for (let n = 0; n < 3000; n++) {
      const cps = Array.from({ length: 1 + next(40) }, () => ALPHABET[next(ALPHABET.length)] as string);
      const original = cps.join('');
      const edited = [...cps];
      for (let k = next(4); k > 0; k--) {
        const i = next(edited.length);
        if (next(3) === 0) edited[i] = ALPHABET[next(ALPHABET.length)] as string;
        else if (i + 1 < edited.length) [edited[i], edited[i + 1]] = [edited[i + 1] as string, edited[i] as string];
      }
      if (next(10) === 0) edited.push('x');
      const candidate = edited.join('');
      const ratio = next(2) === 0 ? null : 0.2;
      expect(transposeViolation(original, candidate, 'en', ratio)).toBe(
        spreadViolation(original, candidate, 'en', ratio)
      );
      const declared = next(2) === 0 ? [next(cps.length)] : undefined;
      expect(transposeViolation(original, candidate, 'en', ratio, declared)).toBe(
        spreadViolation(original, candidate, 'en', ratio, declared)
      );
    }
  });
  test('an astral letter pair and a lone surrogate are one code point each', () => {
    expect(transposeViolation('x 𝒜b𝔅cd', 'x 𝒜𝔅bcd', 'en', null)).toBeNull();
    expect(transposeViolation('x 𝒜b𝔅cd', 'x b𝒜𝔅cd', 'en', null)).toBe(
      'swap at code points 2-3 moves the first or last character of "𝒜b𝔅cd"'
    );
    expect(transposeViolation('x 𝒜b𝔅cd', 'x 𝒜b𝔅dc', 'en', null)).toBe(
      'swap at code points 5-6 moves the first or last character of "𝒜b𝔅cd"'
    );
    expect(transposeViolation('a\ud800b', 'ab\ud800', 'en', null)).toBe(
      spreadViolation('a\ud800b', 'ab\ud800', 'en', null)
    );
    expect(transposeViolation('ab😀', 'a😀b', 'en', null)).toMatch(/^swap at code points 1-2/);
  });
});
