/** The committed golden files the metric tests read, loaded once in one place. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { REPO_ROOT } from '../helpers.js';

/** scripts/golden/metrics.py output: expected figures over a synthetic evidence fixture. */
export const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/metrics.json'), 'utf8'));

/** The fixture rows, with label-keyed scores turned back into the in-memory label-ordered array. */
export const fixture: EvidenceRow[] = readFileSync(join(REPO_ROOT, golden.evidence), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const o = JSON.parse(line);
    return { ...o, scores: o.scores === null ? null : golden.labels.map((l: string) => o.scores[l]) };
  });

/** scripts/golden/bootstrap.py output: intervals from an independent Python port of the PRNG. */
export interface BootstrapCase {
  values: number[];
  iterations: number;
  level: number;
  seed: number;
  parts: string[];
  low: number;
  high: number;
}
/** A count-based bootstrap case: how many +1, −1 and 0 values, and the golden interval. */
export interface CountCase {
  plus: number;
  minus: number;
  zero: number;
  iterations: number;
  level: number;
  seed: number;
  parts: string[];
  low: number;
  high: number;
}
export const bootstrapGolden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as {
  bootstrap: BootstrapCase[];
  count_bootstrap: CountCase[];
};

/** The values of a count case, +1s then −1s then 0s, and ids that sort in that order. */
export function countValues(c: CountCase): Array<{ id: string; d: number }> {
  const values = [
    ...Array<number>(c.plus).fill(1),
    ...Array<number>(c.minus).fill(-1),
    ...Array<number>(c.zero).fill(0)
  ];
  return values.map((d, i) => ({ id: `id${String(i).padStart(4, '0')}`, d }));
}
