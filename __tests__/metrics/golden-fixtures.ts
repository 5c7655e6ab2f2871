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
export const bootstrapGolden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/bootstrap.json'), 'utf8')) as { bootstrap: BootstrapCase[] };
