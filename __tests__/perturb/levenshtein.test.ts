import fc from 'fast-check';
import { editRatio, editRatioViolation, levenshtein } from '../../src/perturb/levenshtein.js';

/** Reference: the full textbook table over code points. */
function referenceDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const table: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    table.push([]);
    for (let j = 0; j <= y.length; j++) {
      if (i === 0 || j === 0) (table[i] as number[])[j] = i + j;
      else {
        const up = (table[i - 1] as number[])[j] as number;
        const left = (table[i] as number[])[j - 1] as number;
        const diag = ((table[i - 1] as number[])[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1);
        (table[i] as number[])[j] = Math.min(up + 1, left + 1, diag);
      }
    }
  }
  return (table[x.length] as number[])[y.length] as number;
}

describe('levenshtein over code points', () => {
  test('textbook cases', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
    expect(levenshtein('ab', 'ba')).toBe(2);
  });

  test('an astral character counts once, an accent is one substitution', () => {
    expect(levenshtein('a\u{1F600}b', 'ab')).toBe(1);
    expect(levenshtein('\u{1F600}', '\u{1F601}')).toBe(1);
    expect(levenshtein('ação', 'acao')).toBe(2);
  });

  test('texts longer than one 32-row block', () => {
    const a = 'The sample did not include participants from rural areas, which limits generalisation.';
    const b = 'The smaple did not inclued participants form rural areas; which limits generalisation!';
    expect(levenshtein(a, b)).toBe(referenceDistance(a, b));
    expect(levenshtein('x'.repeat(70), 'y'.repeat(65))).toBe(70);
    expect(levenshtein('ab'.repeat(40), 'ba'.repeat(40))).toBe(2);
  });

  test('agrees with the reference table on arbitrary strings', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', 'é', 'ñ', ' ', '.', '\u{1F600}', 'A');
    const text = fc.array(alphabet, { maxLength: 90 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(levenshtein(a, b)).toBe(referenceDistance(a, b));
        expect(levenshtein(b, a)).toBe(levenshtein(a, b));
      }),
      { numRuns: 400 }
    );
  });

  test('agrees with the reference on small edits of long texts', () => {
    const base = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ' ', 'é'), { minLength: 30, maxLength: 140 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(base, fc.array(fc.tuple(fc.nat(), fc.constantFrom('x', '', 'yy')), { maxLength: 6 }), (a, edits) => {
        const chars = [...a];
        for (const [at, put] of edits) chars.splice(at % (chars.length + 1), put === 'yy' ? 0 : 1, put);
        const b = chars.join('');
        expect(levenshtein(a, b)).toBe(referenceDistance(a, b));
      }),
      { numRuns: 200 }
    );
  });
});

describe('edit ratio', () => {
  test('is distance over the original length in code points', () => {
    expect(editRatio('abcd', 'abdc')).toBe(0.5);
    expect(editRatio('ção', 'cão')).toBeCloseTo(1 / 3, 12);
    expect(editRatio('', '')).toBe(0);
    expect(editRatio('', 'a')).toBe(Infinity);
  });

  test('violation only above the bound, none without a bound', () => {
    expect(editRatioViolation('abcd', 'abdc', null)).toBeNull();
    expect(editRatioViolation('abcd', 'abdc', 0.5)).toBeNull();
    expect(editRatioViolation('abcd', 'abdc', 0.25)).toBe('edit ratio 0.5000 (2 edits / 4 code points) exceeds max_char_edit_ratio 0.25');
  });
});
