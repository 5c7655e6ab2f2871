/**
 * Length shift between two splits (docs/definitions.md#metrics): Population Stability Index on the number of
 * unique lowercase token types per text, tokens being maximal runs of letters and digits.
 *   bins [0,5) [5,10) [10,15) [15,20) [20,30) [30,50) [50,100001), larger values in the last
 *   p_i = reference proportion, q_i = comparison proportion, each floored at 1e-4
 *   PSI = Σ_i (q_i − p_i) · ln(q_i / p_i)
 * Not evaluated when either side has no texts.
 */
import { RunScanner } from '../text/runs.js';
import { measure, notEvaluated, type Figure } from './figure.js';

export const PSI_EDGES = [0, 5, 10, 15, 20, 30, 50, 100001] as const;
const PSI_FLOOR = 1e-4;
/** Tokens: the runs of /[\p{L}\p{N}]+/gu, found by a scan (runs.ts). */
const TOKENS = new RunScanner('[\\p{L}\\p{N}]', 1);

export function uniqueTokenTypes(text: string): number {
  return new Set(TOKENS.runs(text.toLowerCase())).size;
}

export function psiBin(value: number): number {
  for (let i = PSI_EDGES.length - 2; i >= 0; i--) if (value >= (PSI_EDGES[i] as number)) return i;
  return 0;
}

export function histogram(values: readonly number[]): number[] {
  const bins = new Array<number>(PSI_EDGES.length - 1).fill(0);
  for (const v of values) bins[psiBin(v)] = (bins[psiBin(v)] as number) + 1;
  return bins;
}

/** PSI from two histograms over the PSI bins (reference p, comparison q). */
export function psiOfHistograms(reference: readonly number[], comparison: readonly number[]): Figure {
  const pTotal = reference.reduce((a, b) => a + b, 0);
  const qTotal = comparison.reduce((a, b) => a + b, 0);
  if (pTotal === 0 || qTotal === 0) return notEvaluated('a split has no texts', Math.min(pTotal, qTotal));
  let total = 0;
  for (let i = 0; i < reference.length; i++) {
    const pi = Math.max((reference[i] as number) / pTotal, PSI_FLOOR);
    const qi = Math.max((comparison[i] as number) / qTotal, PSI_FLOOR);
    total += (qi - pi) * Math.log(qi / pi);
  }
  return measure(total, qTotal);
}
