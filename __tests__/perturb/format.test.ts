import fc from 'fast-check';
import {
  formatCandidate,
  formatFamily,
  formatViolation,
  foldedLettersAndDigits,
  RemainingIndices
} from '../../src/perturb/format.js';
import { randomTexts } from '../helpers.js';

const row = (id: string, language = 'en', seed = 1637) => ({ seed, id, language });
const SEEDS = Array.from({ length: 40 }, (_, i) => i);

/** The code units at [start, end) of both texts are equal. */
function keptAt(original: string, candidate: string, piece: string): boolean {
  const at = original.indexOf(piece);
  return at >= 0 && candidate.slice(at, at + piece.length) === piece;
}

describe('format candidates', () => {
  test('a one-word text gains a final period and keeps its case (round(1/5) = 0 case changes)', () => {
    expect(formatCandidate('Data', row('a'))).toBe('Data.');
  });

  test('without punctuation sites exactly one eligible word changes case', () => {
    for (const seed of SEEDS) {
      const out = formatCandidate('Sample of 240', row('b', 'en', seed));
      expect(['sample of 240', 'Sample Of 240', 'Sample OF 240']).toContain(out);
    }
  });

  test('letters whose case cannot flip to one matching code point stay as they are', () => {
    // ß → "SS", ſ → "S" (lower-cases to s), ŉ → "ʼN": none flips; the rest of the word does.
    expect(formatCandidate('ßeta 2017', row('c'))).toBe('ßETA 2017');
    expect(formatCandidate('ſun 2017', row('c'))).toBe('ſUN 2017');
    expect(formatCandidate('ŉ 2017', row('c'))).toBe('ŉ 2017');
  });

  test('a capital word in Greek becomes Titlecase with a medial sigma, and that is valid', () => {
    const out = formatCandidate('ΟΔΟΣ 2017', row('d'));
    expect(out).toBe('Οδοσ 2017');
    expect(formatViolation('ΟΔΟΣ 2017', out, null)).toBeNull();
  });

  test('one punctuation edit: a final period, a comma or a semicolon', () => {
    const text = 'Results improved, although slowly.';
    const punctuation = new Set<string>();
    for (const seed of SEEDS) {
      const out = formatCandidate(text, row('e', 'en', seed));
      expect(foldedLettersAndDigits(out)).toBe(foldedLettersAndDigits(text));
      punctuation.add(out.replace(/\p{L}+/gu, 'w'));
    }
    expect([...punctuation].sort()).toEqual(['w w, w w', 'w w, w w!', 'w w; w w.']);
  });

  test('Spanish and Portuguese accents keep their letters through case changes', () => {
    for (const seed of SEEDS) {
      const es = formatCandidate('Él señaló ñandúes únicos, según el índice', row('f', 'es', seed));
      expect(foldedLettersAndDigits(es)).toBe(foldedLettersAndDigits('Él señaló ñandúes únicos, según el índice'));
      const pt = formatCandidate('Ações, porém não têm coração', row('g', 'pt', seed));
      expect(foldedLettersAndDigits(pt)).toBe(foldedLettersAndDigits('Ações, porém não têm coração'));
      expect(keptAt('Ações, porém não têm coração', pt, 'não')).toBe(true);
    }
  });

  test('never edits negators, numbers or URLs, including their punctuation', () => {
    const cases: Array<[string, string, string[]]> = [
      [
        'The sample did not include 12% of cases, see https://example.org/x.',
        'en',
        ['not', '12%', 'https://example.org/x.']
      ],
      ['No se observó un efecto (n = 240), nunca.', 'es', ['No', '240),', 'nunca']],
      ['Não foi medido em 2017, nem depois.', 'pt', ['Não', '2017,', 'nem']],
      ['Never, not once: www.Example.org', 'en', ['Never', 'not', 'www.Example.org']]
    ];
    for (const [text, language, pieces] of cases) {
      for (const seed of SEEDS) {
        const out = formatCandidate(text, row('h', language, seed));
        for (const piece of pieces) expect(keptAt(text, out, piece)).toBe(true);
      }
    }
  });

  test('a text with nothing eligible comes back unchanged', () => {
    expect(formatCandidate('12% 2017', row('i'))).toBe('12% 2017');
    expect(formatCandidate('not never no 5', row('i'))).toBe('not never no 5');
  });

  test('the same (seed, id, text) gives the same candidate; another seed may not', () => {
    const text =
      'One limitation of this study is the possibility of selection bias, particularly for rural speech communities.';
    const outs = SEEDS.map((seed) => formatCandidate(text, row('j', 'en', seed)));
    expect(SEEDS.map((seed) => formatCandidate(text, row('j', 'en', seed)))).toEqual(outs);
    expect(new Set(outs).size).toBeGreaterThan(10);
  });
});

describe('format validity', () => {
  test('accepts case and punctuation changes', () => {
    expect(formatViolation('The study, again.', 'THE Study; again!', null)).toBeNull();
    expect(formatViolation('Ação', 'AÇÃO', null)).toBeNull();
  });

  test('rejects a changed letter, accent or digit', () => {
    const reason = 'a letter or digit changed beyond its case (format may change only case and punctuation)';
    expect(formatViolation('The study', 'The studies', null)).toBe(reason);
    expect(formatViolation('Olá', 'Ola', null)).toBe(reason);
    expect(formatViolation('n=240', 'n=241', null)).toBe(reason);
    expect(formatViolation('data set', 'dataset', null)).toBeNull(); // spacing is not a letter or digit
  });

  test('rejects a candidate beyond max_char_edit_ratio', () => {
    expect(formatViolation('ab cd', 'AB CD', 0.25)).toBe(
      'edit ratio 0.8000 (4 edits / 5 code points) exceeds max_char_edit_ratio 0.25'
    );
    expect(formatViolation('ab cd', 'Ab cd', 0.25)).toBeNull();
  });
});

describe('format runner', () => {
  test('flags an over-budget candidate but still returns it', () => {
    const runner = formatFamily({ seed: 1637, maxCharEditRatio: 0.1 });
    const out = runner.perturb({ id: 'k', text: 'Ok', language: 'en' });
    expect(out).toEqual({
      text: 'Ok.',
      attempted: true,
      notAttemptedReason: null,
      valid: false,
      invalidReason: 'edit ratio 0.5000 (1 edit / 2 code points) exceeds max_char_edit_ratio 0.1'
    });
  });

  test('an unchanged row is valid', () => {
    const runner = formatFamily({ seed: 1637, maxCharEditRatio: 0.25 });
    expect(runner.perturb({ id: 'l', text: '12% 2017', language: 'en' })).toEqual({
      text: '12% 2017',
      attempted: true,
      notAttemptedReason: null,
      valid: true,
      invalidReason: null
    });
    expect(runner.family).toBe('format');
    expect(runner.labelPreserving).toBe(true);
    expect(runner.parameters).toEqual({});
    expect(runner.validityRule).toMatch(/≤ 0.25$/);
  });
});

describe('drawing words without replacement', () => {
  test('taking the r-th remaining index matches removing it from a list', () => {
    fc.assert(
      fc.property(
        fc.nat(300),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { maxLength: 320 }),
        (n, draws) => {
          const list = Array.from({ length: n }, (_, i) => i);
          const remaining = new RemainingIndices(n);
          for (const d of draws) {
            if (list.length === 0) break;
            const r = Math.floor(d * list.length);
            expect(remaining.size).toBe(list.length);
            expect(remaining.take(r)).toBe(list.splice(r, 1)[0]);
          }
        }
      ),
      { numRuns: 300 }
    );
    expect(new RemainingIndices(0).size).toBe(0);
  });

  test('letters and digits are lower-cased as one character at a time, capital sigma included', () => {
    for (const text of ['ΟΔΟΣ ΣΑΣ', 'Σ', 'aΣ', 'ΣΣa', 'ΌΣΟΣ.', 'İΣtanbul ς σ Σ']) {
      expect(foldedLettersAndDigits(text)).toBe(
        [...text.replace(/[^\p{L}\p{M}\p{N}]+/gu, '')].map((c) => c.toLowerCase()).join('')
      );
    }
  });
});

describe('foldedLettersAndDigits keeps what the expression it replaces keeps', () => {
  // The definition: drop /[^\p{L}\p{M}\p{N}]+/gu, then lower-case (capital sigma handled on its own).
  const reference = (text: string) => {
    const kept = text.replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
    return kept
      .split('\u03A3')
      .map((p) => p.toLowerCase())
      .join('\u03C3');
  };

  test('on random text with marks, digits of several scripts, astral characters, lone surrogates and sigma', () => {
    const pool = [
      'a',
      'B',
      ' ',
      ',',
      '.',
      '\u0301',
      '7',
      '٣',
      'Ⅻ',
      'Σ',
      'ς',
      '\u{1D400}',
      '\u{1D7CE}',
      '\u{1F600}',
      '\uD800',
      '\uDC00',
      '\u200b',
      '中',
      '-',
      '\t'
    ];
    expect(randomTexts(pool, 20000, 16, 17).filter((text) => foldedLettersAndDigits(text) !== reference(text))).toEqual(
      []
    );
  });

  test('on every BMP unit between letters', () => {
    const differ: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const text = `a${String.fromCharCode(u)}b`;
      if (foldedLettersAndDigits(text) !== reference(text)) differ.push(u);
    }
    expect(differ).toEqual([]);
  });
});
