/**
 * One very long row (about 5 MB, like a long e-mail thread) through every family, with the
 * edit-ratio bound on. Before the families passed their own edit bounds, the exact edit
 * distance made this quadratic (a 5.2 MB row took minutes); now each family is linear in the
 * text, and the time bound below is generous for a loaded CI machine.
 */
import { join } from 'node:path';
import { buildFamilies } from '../../src/perturb/registry.js';
import { editRatioViolation, levenshteinWithin } from '../../src/perturb/levenshtein.js';
import { REPO_ROOT } from '../helpers.js';
import { longText } from './long-text.js';

const EXAMPLE = join(REPO_ROOT, 'examples', 'academic-intent');

describe('a 5 MB row', () => {
  const text = longText(5_000_000);

  test('goes through all five families in seconds, each candidate valid', () => {
    const { runners } = buildFamilies(
      {
        format: {},
        transpose: { words_per_change: 5 },
        dictionary: {
          file: { absolute: join(EXAMPLE, 'dictionary.yml'), path: 'examples/academic-intent/dictionary.yml' }
        },
        append: { sentences: { en: 'Further details are given in the appendix.' } },
        truncate: { keep: 0.65 }
      },
      { seed: 1637, maxCharEditRatio: 0.25 }
    );
    const started = performance.now();
    const outcomes = runners.map((runner) => ({
      family: runner.family,
      ...runner.perturb({ id: 'long-1', text, language: 'en' })
    }));
    const seconds = (performance.now() - started) / 1000;
    expect(outcomes.map((o) => [o.family, o.attempted, o.valid, o.text !== text])).toEqual([
      ['format', true, true, true],
      ['transpose', true, true, true],
      ['dictionary', true, true, true],
      ['append', true, true, true],
      ['truncate', true, true, true]
    ]);
    // About 5 s on a 2-core machine under load (the quadratic version took minutes for format
    // and hours for dictionary); the bound leaves room for a slower CI runner.
    expect(seconds).toBeLessThan(20);
  }, 60_000);

  test('a candidate far beyond the limit is settled without the quadratic table', () => {
    // Every "a" becomes "e": the code-point counts alone prove more edits than allowed.
    const candidate = text.replaceAll('a', 'e').replaceAll('o', 'e').replaceAll('i', 'e');
    const started = performance.now();
    const reason = editRatioViolation(text, candidate, 0.1);
    expect(reason).toMatch(/^edit ratio above max_char_edit_ratio 0\.1 \(more than \d+ edits \/ \d+ code points\)$/);
    expect((performance.now() - started) / 1000).toBeLessThan(5);
  }, 60_000);

  test('the distance within a small limit is found in one pass over the band', () => {
    const candidate = `${text.slice(0, 1000)}X${text.slice(1001, 4_000_000)}Y${text.slice(4_000_000)}`;
    const started = performance.now();
    expect(levenshteinWithin(text, candidate, 10)).toBe(2);
    expect(levenshteinWithin(text, candidate, 1)).toBe(-1);
    expect((performance.now() - started) / 1000).toBeLessThan(5);
  }, 60_000);
});
