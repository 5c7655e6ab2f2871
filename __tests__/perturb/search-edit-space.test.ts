/** The search's single edits on words with and without surrogate pairs (src/perturb/search/edits.ts). */
import { editSpace, singleEdits } from '../../src/perturb/search/edits.js';

// Mathematical bold letters are letters outside the BMP: each is a surrogate pair.
const TEXT = 'Results about 𝐀𝐁𝐂𝐃𝐄𝐅 and 𝐆𝐇𝐈𝐉 differ from Straße, ÉCOLE and café across several careful measurements';

function swappedOnce(from: string, to: string): boolean {
  const a = [...from];
  const b = [...to];
  if (a.length !== b.length) return false;
  const diff = a.map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return (
    diff.length === 2 &&
    diff[1] === (diff[0] as number) + 1 &&
    a[diff[0] as number] === b[diff[1] as number] &&
    a[diff[1] as number] === b[diff[0] as number]
  );
}

describe('single edits', () => {
  const spaces = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
    editSpace(TEXT, { seed, id: `x${seed}`, language: 'en', operators: ['transpose', 'format'], dictionary: undefined })
  );
  const edits = spaces.flatMap((s) => singleEdits(s).flat());

  test('a transposition swaps two adjacent code points, never two halves of a pair, and costs 2', () => {
    const transposed = edits.filter((e) => e.op === 'transpose');
    expect(transposed.some((e) => /[\uD800-\uDFFF]/.test(e.from))).toBe(true);
    for (const e of transposed) {
      expect(swappedOnce(e.from, e.to)).toBe(true);
      expect(e.cost).toBe(2);
      expect(e.to.normalize('NFC').length).toBe(e.from.normalize('NFC').length);
    }
  });

  test('a case change costs the code points it changes, or the edit distance when the length changes', () => {
    const format = edits.filter((e) => e.op === 'format');
    expect(format.length).toBeGreaterThan(0);
    for (const e of format) {
      const a = [...e.from];
      const b = [...e.to];
      if (a.length === b.length) expect(e.cost).toBe(a.filter((c, i) => c !== b[i]).length);
      else expect(e.cost).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
    }
  });
});
