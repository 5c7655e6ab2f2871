import fc from 'fast-check';
import { allowedEdits, editRatioViolation, levenshtein, levenshteinWithin } from '../../src/perturb/levenshtein.js';

/**
 * The edit ratio the validity rule bounds (docs/definitions.md): distance ÷ the original's length in code points;
 * an empty original gives 0 when the candidate is empty too, otherwise Infinity.
 */
function editRatio(original: string, candidate: string): number {
  const distance = levenshtein(original, candidate);
  const length = [...original].length;
  if (length === 0) return distance === 0 ? 0 : Infinity;
  return distance / length;
}

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
    const base = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', ' ', 'é'), { minLength: 30, maxLength: 140 })
      .map((cs) => cs.join(''));
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
    expect(editRatioViolation('abcd', 'abdc', 0.25)).toBe(
      'edit ratio 0.5000 (2 edits / 4 code points) exceeds max_char_edit_ratio 0.25'
    );
    expect(editRatioViolation('', 'ab', 0.25)).toBe(
      'edit ratio infinite (2 edits / 0 code points) exceeds max_char_edit_ratio 0.25'
    );
  });

  test('allowed edits: the largest count whose ratio, as a float, is within the maximum', () => {
    expect(allowedEdits(4, 0.25)).toBe(1);
    expect(allowedEdits(3, 0.25)).toBe(0);
    expect(allowedEdits(10, 0.3)).toBe(3); // 3 / 10 = 0.3 exactly as floats, though 0.3 × 10 rounds differently
    expect(allowedEdits(100, 0.07)).toBe(7);
    for (let length = 1; length < 300; length++) {
      for (const max of [0.01, 0.07, 0.1, 0.25, 0.3, 1 / 3, 0.5, 1]) {
        const e = allowedEdits(length, max);
        expect(e / length <= max).toBe(true);
        expect((e + 1) / length <= max).toBe(false);
      }
    }
  });

  test('a long text beyond the limit gets a truthful reason without its exact distance', () => {
    const original = 'abcdefghij'.repeat(1000);
    const candidate = 'jihgfedcba'.repeat(1000);
    const reason = editRatioViolation(original, candidate, 0.25);
    expect(reason).toBe('edit ratio above max_char_edit_ratio 0.25 (more than 2500 edits / 10000 code points)');
  });
});

describe('distance within a limit (banded, with cut-off)', () => {
  const small = fc.constantFrom('a', 'b', 'c', ' ', 'é', '\u{1F600}');
  const text = (maxLength: number) => fc.array(small, { maxLength }).map((cs) => cs.join(''));

  test('equals the reference when within the limit, −1 beyond it', () => {
    fc.assert(
      fc.property(text(120), text(120), fc.nat(140), (a, b, limit) => {
        const d = referenceDistance(a, b);
        expect(levenshteinWithin(a, b, limit)).toBe(d <= limit ? d : -1);
        expect(levenshteinWithin(b, a, limit)).toBe(d <= limit ? d : -1);
      }),
      { numRuns: 600 }
    );
  });

  test('on periodic texts, where alignments can drift, and near the limit', () => {
    const periodic = fc
      .tuple(
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 10, max: 160 })
      )
      .map(([unit, n]) => unit.join('').repeat(n).slice(0, n));
    fc.assert(
      fc.property(
        periodic,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('a', 'b', '', 'xy')), { maxLength: 40 }),
        fc.integer({ min: -3, max: 3 }),
        (a, edits, offset) => {
          const chars = [...a];
          for (const [at, put] of edits) chars.splice(at % (chars.length + 1), put === 'xy' ? 0 : 1, put);
          const b = chars.join('');
          const d = referenceDistance(a, b);
          const limit = Math.max(0, d + offset);
          expect(levenshteinWithin(a, b, limit)).toBe(d <= limit ? d : -1);
        }
      ),
      { numRuns: 600 }
    );
  });

  test('long texts of very different lengths', () => {
    const a = 'abc'.repeat(100);
    const b = 'xabcy'.repeat(10);
    const d = referenceDistance(a, b);
    for (const limit of [0, 50, d - 1, d, d + 1, 1000])
      expect(levenshteinWithin(a, b, limit)).toBe(d <= limit ? d : -1);
  });
});

describe('validity decisions equal the exact-distance decisions', () => {
  /** The rule as it was decided before any bound: the exact distance over the original length. */
  function exactDecision(original: string, candidate: string, max: number): boolean {
    if (original === candidate) return true;
    const length = [...original].length;
    const d = referenceDistance(original, candidate);
    return length === 0 ? d === 0 : d / length <= max;
  }

  const alphabet = fc.constantFrom('a', 'b', 'c', 'A', ' ', '.', ',', 'é', '\u{1F600}');
  const base = fc.array(alphabet, { maxLength: 150 }).map((cs) => cs.join(''));
  const edited = fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.constantFrom('x', '', 'yy', 'B')), { maxLength: 50 }))
    .map(([a, edits]) => {
      const chars = [...a];
      for (const [at, put] of edits) chars.splice(at % (chars.length + 1), put === 'yy' ? 0 : 1, put);
      return [a, chars.join('')] as const;
    });
  const max = fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.3, 0.5, 1);

  test('with no bound given, and with any true upper bound given', () => {
    fc.assert(
      fc.property(edited, max, fc.nat(20), ([a, b], m, slack) => {
        const want = exactDecision(a, b, m);
        expect(editRatioViolation(a, b, m) === null).toBe(want);
        const bound = referenceDistance(a, b) + slack;
        const reason = editRatioViolation(a, b, m, bound);
        expect(reason === null).toBe(want);
        if (reason !== null) {
          // The reason states the exact distance, or a count the distance is above.
          const exact = /\((\d+) edits? \/ (\d+) code points\)/.exec(reason);
          const above = /more than (\d+) edits? \/ (\d+) code points/.exec(reason);
          if (exact) expect(Number(exact[1])).toBe(referenceDistance(a, b));
          else expect(Number(above?.[1])).toBeLessThan(referenceDistance(a, b));
        }
      }),
      { numRuns: 800 }
    );
  });

  test('on unrelated texts', () => {
    fc.assert(
      fc.property(base, base, max, (a, b, m) => {
        expect(editRatioViolation(a, b, m) === null).toBe(exactDecision(a, b, m));
      }),
      { numRuns: 400 }
    );
  });
});
