/**
 * Length shift between two splits (SPEC §8): Population Stability Index on the number of
 * unique lowercase token types per text, tokens being maximal runs of letters and digits.
 *   bins [0,5) [5,10) [10,15) [15,20) [20,30) [30,50) [50,100001), larger values in the last
 *   p_i = reference proportion, q_i = comparison proportion, each floored at 1e-4
 *   PSI = Σ_i (q_i − p_i) · ln(q_i / p_i)
 * Not evaluated when either side has no texts.
 */
import { measure, notEvaluated, type Figure } from './figure.js';

export const PSI_EDGES = [0, 5, 10, 15, 20, 30, 50, 100001] as const;
export const PSI_FLOOR = 1e-4;
const TOKEN = /[\p{L}\p{N}]+/gu;

export function uniqueTokenTypes(text: string): number {
  return new Set(text.toLowerCase().match(TOKEN) ?? []).size;
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

export function psi(reference: readonly number[], comparison: readonly number[]): Figure {
  if (reference.length === 0 || comparison.length === 0) return notEvaluated('a split has no texts', Math.min(reference.length, comparison.length));
  const p = histogram(reference);
  const q = histogram(comparison);
  let total = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = Math.max((p[i] as number) / reference.length, PSI_FLOOR);
    const qi = Math.max((q[i] as number) / comparison.length, PSI_FLOOR);
    total += (qi - pi) * Math.log(qi / pi);
  }
  return measure(total, comparison.length);
}
