import { changedSpan, snippet, SNIPPET_CHARS, type TextSnippet } from '../../src/drill/ref.js';

/** The definition: cut the array of code points (the way snippet was first written). */
function reference(text: string, from: number, to: number, max: number): TextSnippet {
  const points = Array.from(text);
  const cp = (unit: number) => Array.from(text.slice(0, unit)).length;
  const a = cp(from);
  const b = cp(to);
  if (points.length <= max)
    return {
      before: points.slice(0, a).join(''),
      changed: points.slice(a, b).join(''),
      after: points.slice(b).join(''),
      cutStart: false,
      cutEnd: false
    };
  const start = Math.max(0, Math.min(a - Math.floor(max / 4), points.length - max));
  const end = Math.min(points.length, start + max);
  const clip = (x: number) => Math.max(start, Math.min(end, x));
  return {
    before: points.slice(start, clip(a)).join(''),
    changed: points.slice(clip(a), clip(b)).join(''),
    after: points.slice(clip(b), end).join(''),
    cutStart: start > 0,
    cutEnd: end < points.length
  };
}

/** Deterministic: a small LCG over a mix of ASCII, accented letters, astral characters and lone surrogates. */
function randomText(next: () => number, length: number): string {
  const pieces = ['a', 'b', ' ', 'é', '中', '😀', '𝔸', '\ud800', '\udc00', 'x'];
  let s = '';
  while (s.length < length) s += pieces[Math.floor(next() * pieces.length)];
  return s;
}

describe('snippet', () => {
  test('cuts short texts at the span and long ones to max code points, a quarter of the room before the span', () => {
    expect(snippet('hello brave world', 6, 11)).toEqual({
      before: 'hello ',
      changed: 'brave',
      after: ' world',
      cutStart: false,
      cutEnd: false
    });
    const long = 'x'.repeat(300) + 'CHANGE' + 'y'.repeat(300);
    const s = snippet(long, 300, 306);
    expect([s.before.length, s.changed, s.after.length, s.cutStart, s.cutEnd]).toEqual([
      SNIPPET_CHARS / 4,
      'CHANGE',
      SNIPPET_CHARS - SNIPPET_CHARS / 4 - 6,
      true,
      true
    ]);
    // Astral characters count once toward max.
    const astral = '😀'.repeat(250);
    const t = snippet(astral, 0, 0);
    expect(Array.from(t.after)).toHaveLength(SNIPPET_CHARS);
    expect([t.cutStart, t.cutEnd]).toEqual([false, true]);
  });

  test('equals the code-point-array definition on random texts, offsets (pairs cut in the middle included) and limits', () => {
    let state = 20261202;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    for (let i = 0; i < 3000; i++) {
      const text = randomText(next, Math.floor(next() * 60));
      const from = Math.floor(next() * (text.length + 1));
      const to = from + Math.floor(next() * (text.length - from + 1));
      const max = 1 + Math.floor(next() * 40);
      expect(snippet(text, from, to, max)).toEqual(reference(text, from, to, max));
    }
  });

  test('with changedSpan, marks exactly what changed', () => {
    const original = 'Results 😀 are limited';
    const perturbed = 'Results 😀 are not limited';
    const span = changedSpan(original, perturbed);
    expect(snippet(perturbed, span.start, span.endCandidate)).toEqual({
      before: 'Results 😀 are ',
      changed: 'not ',
      after: 'limited',
      cutStart: false,
      cutEnd: false
    });
  });
});
