/** Jensen–Shannon divergence, base 2 (SPEC §8, shift). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { jensenShannonDivergence } from '../../src/metrics/divergence.js';
import { categoryCounts } from './reference/array-forms.js';
import { REPO_ROOT } from '../helpers.js';

const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/metrics.json'), 'utf8'));
const fixture: EvidenceRow[] = readFileSync(join(REPO_ROOT, golden.evidence), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));

const counts = (o: Record<string, number>) => new Map(Object.entries(o));

describe('Jensen–Shannon divergence', () => {
  test('identical distributions give 0, disjoint ones 1', () => {
    expect(jensenShannonDivergence(counts({ en: 2, es: 6 }), counts({ en: 1, es: 3 })).value).toBe(0);
    expect(jensenShannonDivergence(counts({ en: 5 }), counts({ es: 2, pt: 3 })).value).toBe(1);
  });

  test('hand value: H(M) − (H(P) + H(Q))/2 over the union of categories, 0·log 0 = 0', () => {
    // P = (½, ½), Q = (1, 0) (category b absent on one side), M = (¾, ¼)
    const hm = -(0.75 * Math.log2(0.75) + 0.25 * Math.log2(0.25));
    const f = jensenShannonDivergence(counts({ a: 1, b: 1 }), counts({ a: 1 }));
    expect(f.value).toBeCloseTo(hm - (1 + 0) / 2, 14);
    expect(Math.abs((f.value as number) - 0.3112781244591328)).toBeLessThanOrEqual(1e-12); // scipy jensenshannon(base=2)**2
    expect(f).toMatchObject({ numerator: null, denominator: 1, status: 'ok' });
  });

  test('matches scipy on a three-category case and is symmetric', () => {
    const p = counts({ a: 3, b: 1 });
    const q = counts({ a: 1, b: 1, c: 2 });
    expect(Math.abs((jensenShannonDivergence(p, q).value as number) - 0.34436093777043364)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs((jensenShannonDivergence(q, p).value as number) - 0.34436093777043364)).toBeLessThanOrEqual(1e-12);
  });

  test('an empty side is not evaluated', () => {
    expect(jensenShannonDivergence(counts({}), counts({ a: 1 }))).toMatchObject({
      value: null,
      status: 'not_evaluated',
      denominator: 0
    });
    expect(jensenShannonDivergence(counts({ a: 0 }), counts({ a: 1 })).status).toBe('not_evaluated');
  });

  test('negative or non-finite counts are rejected', () => {
    expect(() => jensenShannonDivergence(counts({ a: -1, b: 2 }), counts({ a: 1 }))).toThrow(/finite number ≥ 0/);
    expect(() => jensenShannonDivergence(counts({ a: NaN }), counts({ a: 1 }))).toThrow();
  });

  test('categoryCounts counts each value', () => {
    expect([...categoryCounts(['en', 'es', 'en'])]).toEqual([
      ['en', 2],
      ['es', 1]
    ]);
  });
});

describe('golden: scipy jensenshannon(base=2)**2 on the synthetic evidence, controlled → challenge', () => {
  const clean = fixture.filter((r) => r.model === golden.models[0] && r.condition === 'clean');
  const controlled = clean.filter((r) => r.split === 'controlled');
  const challenge = clean.filter((r) => r.split === 'challenge');

  test('language distributions (pt only on one side)', () => {
    const f = jensenShannonDivergence(
      categoryCounts(controlled.map((r) => r.language)),
      categoryCounts(challenge.map((r) => r.language))
    );
    expect(Math.abs((f.value as number) - golden.shift.language_jsd)).toBeLessThanOrEqual(1e-12);
  });

  test('gold-label distributions (gap only on one side)', () => {
    const f = jensenShannonDivergence(
      categoryCounts(controlled.map((r) => r.label)),
      categoryCounts(challenge.map((r) => r.label))
    );
    expect(Math.abs((f.value as number) - golden.shift.label_jsd)).toBeLessThanOrEqual(1e-12);
    expect(f.denominator).toBe(challenge.length);
  });
});
