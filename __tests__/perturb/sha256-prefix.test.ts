import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { decide } from '../../src/perturb/decision.js';
import { PrefixHash } from '../../src/perturb/sha256-prefix.js';

const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest().readUInt32BE(0);

describe('PrefixHash gives the first 32 bits of node:crypto SHA-256', () => {
  test('at every length around the block boundaries (0–200 bytes of prefix and suffix)', () => {
    for (let p = 0; p <= 130; p++) {
      const hash = new PrefixHash('p'.repeat(p));
      for (let s = 0; s <= 70; s++) expect(hash.first32('s'.repeat(s))).toBe(reference('p'.repeat(p) + 's'.repeat(s)));
    }
  });

  test('on random text: accents, astral characters, lone surrogates, NUL', () => {
    const unit = fc.constantFrom('a', '7', '\u0000', 'é', 'ß', '中', '😀', '\uD800', '\uDC00', ':', ' ');
    const text = (max: number) => fc.array(unit, { maxLength: max }).map((cs) => cs.join(''));
    fc.assert(
      // A prefix ends before a suffix starts: never inside a surrogate pair (see the constructor).
      fc.property(
        text(90).map((t) => `${t}\u0000`),
        fc.array(text(40), { minLength: 1, maxLength: 5 }),
        (prefix, suffixes) => {
          const hash = new PrefixHash(prefix);
          for (const suffix of suffixes) expect(hash.first32(suffix)).toBe(reference(prefix + suffix));
        }
      ),
      { numRuns: 500 }
    );
  });

  test('a prefix ending inside a surrogate pair is refused', () => {
    expect(() => new PrefixHash('a\uD800')).toThrow('high surrogate');
  });

  test('a suffix longer than the buffer grows it', () => {
    const hash = new PrefixHash('x'.repeat(70));
    const long = 'é'.repeat(5000);
    expect(hash.first32(long)).toBe(reference('x'.repeat(70) + long));
    expect(hash.first32('1')).toBe(reference('x'.repeat(70) + '1'));
  });
});

describe('decide', () => {
  test('is the first four bytes of SHA-256(seed NUL family NUL id NUL position) / 2^32, whatever the call order', () => {
    const calls: Array<[number, string, string, string | number]> = [
      [1637, 'transpose', 'ct-0001', 3],
      [1637, 'transpose', 'ct-0001', '3:swap'],
      [1637, 'format', 'ct-0001', 'case:0'],
      [1637, 'transpose', 'ct-0001', 4],
      [7, 'noise', 'é-😀', 0],
      [1637, 'transpose', 'x'.repeat(100), 12]
    ];
    for (const [seed, family, id, position] of calls) {
      expect(decide(seed, family, id, position)).toBe(
        reference(`${seed}\u0000${family}\u0000${id}\u0000${position}`) / 2 ** 32
      );
    }
  });
});
