/**
 * McNemar's exact test (docs/definitions.md#comparison) on the discordant pairs of a paired comparison: under the null
 * hypothesis each of the n = fixed + broken discordant pairs is fixed or broken with probability
 * ½, so the two-sided p-value is min(1, 2·P(X ≤ min(fixed, broken))) with X ~ Bin(n, ½), and 1
 * when n = 0 (scipy.stats.binomtest(k, n, 0.5) gives the same for p = ½). Computed from the
 * relative binomial weights (binomial.ts) as a ratio of two sums, so nothing under- or
 * overflows for large n.
 */
import { binomialWeights } from './binomial.js';

export function mcnemarExactP(fixed: number, broken: number): number {
  const n = fixed + broken;
  if (n === 0) return 1;
  const k = Math.min(fixed, broken);
  const { lo, weights } = binomialWeights(n, 1, 2, 0);
  let total = 0;
  let lower = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i] as number;
    if (lo + i <= k) lower += weights[i] as number;
  }
  return Math.min(1, (2 * lower) / total);
}
