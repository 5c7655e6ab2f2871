/** Per-label F1 and macro-F1 over the labels with support (SPEC §8, classification). */
import type { EvidenceRow } from '../../src/evidence/row.js';
import { accuracyOf, isCorrect } from '../../src/metrics/classification.js';
import { f1Scores } from './reference/array-forms.js';
import { fixture, golden } from './golden-fixtures.js';

function row(label: string, prediction: string | null): EvidenceRow {
  return {
    id: `${label}-${prediction}`,
    split: 'controlled',
    model: 'm',
    condition: 'clean',
    language: 'en',
    domain: null,
    text: null,
    perturbed_text: null,
    label,
    clean_prediction: prediction,
    prediction,
    scores: prediction === null ? null : [1, 0, 0],
    margin: prediction === null ? null : 1,
    clean_margin: prediction === null ? null : 1,
    changed: false,
    valid: null,
    invalid_reason: null,
    eligible: null,
    tested: null,
    success: null,
    uncovered: null,
    uncovered_reason: null,
    status: prediction === null ? 'timeout' : 'ok',
    error: prediction === null ? 'timed out' : null,
    input_sha256: ''
  };
}

const LABELS = ['a', 'b', 'c'];

describe('F1', () => {
  // a: TP 1, FP 0, FN 2 (one predicted b, one predicted c) → 2/4
  // b: TP 1, FP 1 (gold a predicted b), FN 1 (missing) → 2/4
  // c: no support; FP 1 → F1 0, left out of the macro average
  const rows = [row('a', 'a'), row('a', 'b'), row('a', 'c'), row('b', 'b'), row('b', null)];

  test('per label: 2TP / (2TP + FP + FN) with counts', () => {
    const { labels } = f1Scores(rows, LABELS);
    expect(labels.map((l) => [l.label, l.support, l.tp, l.fp, l.fn])).toEqual([
      ['a', 3, 1, 0, 2],
      ['b', 2, 1, 1, 1],
      ['c', 0, 0, 1, 0]
    ]);
    expect(labels.map((l) => l.f1)).toEqual([
      { value: 0.5, numerator: 2, denominator: 4, status: 'ok', reason: null },
      { value: 0.5, numerator: 2, denominator: 4, status: 'ok', reason: null },
      { value: 0, numerator: 0, denominator: 1, status: 'ok', reason: null }
    ]);
  });

  test('macro-F1 averages only labels with support > 0 (not sklearn’s default label set)', () => {
    const { macro, averaged } = f1Scores(rows, LABELS);
    expect(averaged).toEqual(['a', 'b']);
    expect(macro).toEqual({ value: 0.5, numerator: null, denominator: 2, status: 'ok', reason: null });
    // Averaging over all three labels would give 1/3: the zero-support label must not drag it down.
    expect(macro.value).not.toBeCloseTo(1 / 3, 6);
  });

  test('a missing row is FN for its gold label and FP for no label', () => {
    const { labels } = f1Scores([row('b', null)], LABELS);
    expect(labels.map((l) => l.fp)).toEqual([0, 0, 0]);
    expect(labels[1]).toMatchObject({ tp: 0, fn: 1, support: 1 });
  });

  test('a label neither present nor predicted has F1 0 by definition (denominator 0), still status ok', () => {
    const f = f1Scores([row('a', 'a')], LABELS).labels[2]?.f1;
    expect(f).toMatchObject({ value: 0, numerator: 0, denominator: 0, status: 'ok' });
  });

  test('all-correct model: every supported label 1, macro 1', () => {
    const s = f1Scores([row('a', 'a'), row('b', 'b'), row('b', 'b')], LABELS);
    expect(s.macro.value).toBe(1);
    expect(s.labels.map((l) => l.f1.value)).toEqual([1, 1, 0]);
  });

  test('all-wrong model: macro 0, evaluated (not missing data)', () => {
    const s = f1Scores([row('a', 'b'), row('b', 'c'), row('c', null)], LABELS);
    expect(s.macro).toEqual({ value: 0, numerator: null, denominator: 3, status: 'ok', reason: null });
  });

  test('an empty scope is not evaluated, never 0', () => {
    const s = f1Scores([], LABELS);
    expect(s.macro.status).toBe('not_evaluated');
    expect(s.macro.value).toBeNull();
    expect(s.averaged).toEqual([]);
  });
});

describe('golden: sklearn accuracy_score and f1_score(labels=supported, zero_division=0) on the synthetic evidence', () => {
  const cases = (golden.classification as any[]).map((c) => [c.model, c.scope, c] as const);
  test.each(cases)('%s · %s', (model, _scope, expected) => {
    const scoped = fixture.filter(
      (r) =>
        r.model === model &&
        r.condition === 'clean' &&
        (expected.split === null || r.split === expected.split) &&
        (expected.language === null || r.language === expected.language)
    );
    expect(scoped).toHaveLength(expected.n);
    const s = f1Scores(scoped, golden.labels);
    const acc = accuracyOf(scoped.filter(isCorrect).length, scoped.length);
    if (expected.n === 0) {
      expect(s.macro.status).toBe('not_evaluated');
      expect(acc.status).toBe('not_evaluated');
      return;
    }
    expect(acc.value).toBeCloseTo(expected.accuracy, 12);
    expect(s.averaged).toEqual(expected.averaged);
    expect(Math.abs((s.macro.value as number) - expected.macro_f1)).toBeLessThanOrEqual(1e-12);
    s.labels.forEach((l, i) => {
      expect(Math.abs((l.f1.value as number) - expected.f1[i])).toBeLessThanOrEqual(1e-12);
      expect(l.support).toBe(expected.support[i]);
    });
  });

  test('the fixture exercises a zero-support label that is still predicted', () => {
    const challenge = (golden.classification as any[]).find(
      (c) => c.model === 'naive-bayes' && c.scope === 'challenge'
    );
    const gap = golden.labels.indexOf('gap');
    expect(challenge.support[gap]).toBe(0);
    expect(challenge.averaged).not.toContain('gap');
    expect(challenge.confusion.some((line: number[]) => (line[gap] as number) > 0)).toBe(true);
  });
});
