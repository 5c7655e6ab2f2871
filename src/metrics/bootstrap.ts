/**
 * Bootstrap percentile intervals with the project's seeded streams (docs/definitions.md#metrics). Every statistic
 * bootstrapped here is a mean of per-row values in {+1, 0, −1} (accuracy: 1/0; a paired
 * difference: +1/0/−1), so a resample of n rows is fully described by how many of each value it
 * drew: the counts follow Multinomial(n; plus/n, minus/n, zero/n), exactly as when n rows are
 * drawn one by one with replacement. Each iteration therefore draws two binomials instead of n
 * row indices — constant expected work per iteration, whatever n is:
 *   X₊ ~ Bin(n, plus/n),  X₋ ~ Bin(n − X₊, minus/(minus + zero)),  mean = (X₊ − X₋) / n
 * (binomial-draw.ts: certain outcomes use no uniform, small means invert exact-rational weights,
 * large means use BTRD with a deterministic logarithm). The interval is the numpy 'linear'
 * percentile interval of the sorted means. Unstratified: a scope
 * resamples its own rows only. The tests keep the row-by-row resampling as the reference the
 * count-based draws are compared with (__tests__/metrics/reference/bootstrap.ts).
 */
import { BinomialSampler } from './binomial-draw.js';
import type { FigureStatus } from './figure.js';
import { checkLevel, percentileOfSorted } from './percentile.js';
import { createStream, type UniformStream } from './random.js';

/** Recorded in metrics.json and the manifest: how a resample is drawn. */
export const BOOTSTRAP_METHOD =
  'per iteration X+ = Bin(n, plus/n), then X- = Bin(n - X+, minus/(minus + zero)); mean = (X+ - X-)/n; interval ' +
  '= numpy linear percentiles of the sorted means. ' +
  'Bin(m, num/den): no draw when certain; p > 1/2 drawn as m - Bin(m, 1 - p); m*p < 10: inversion (one u) of ' +
  'relative weights w(j+1) = w(j)*(m-j)/(j+1)*num/(den-num) from the mode (weight 1), tails below 2^-60 cut; ' +
  'otherwise BTRD (Hormann 1993; two u per attempt) with a logarithm from +,-,*,/ only (src/metrics/det-log.ts)';

/** Settings shared by every bootstrap cell; `streamParts` names the cell (see random.ts `cellParts`). */
export interface BootstrapOptions {
  iterations: number;
  level: number;
  seed: number;
  streamParts: readonly string[];
}

/** How many rows of a cell carry each per-row value. */
export interface OutcomeCounts {
  /** Rows whose value is +1 (a correct row, a row fixed by the head run, model A right and B wrong). */
  plus: number;
  /** Rows whose value is −1. */
  minus: number;
  /** Rows whose value is 0. */
  zero: number;
}

export interface Bounds {
  low: number;
  high: number;
}

/**
 * A reported bootstrap interval. `low`/`high` are null unless status is `ok`; `n` is the
 * number of values resampled (null when not applicable); `iterations` and `level` echo
 * the settings so the figure is self-describing.
 */
export interface IntervalFigure {
  low: number | null;
  high: number | null;
  level: number;
  iterations: number;
  n: number | null;
  status: FigureStatus;
  reason: string | null;
}

export function checkIterations(iterations: number): void {
  if (!(Number.isInteger(iterations) && iterations >= 1))
    throw new RangeError(`bootstrap iterations must be a positive integer, got ${iterations}`);
}

function checkCounts(c: OutcomeCounts): number {
  for (const k of ['plus', 'minus', 'zero'] as const) {
    if (!(Number.isSafeInteger(c[k]) && c[k] >= 0))
      throw new RangeError(`outcome count ${k} must be a whole number ≥ 0, got ${c[k]}`);
  }
  return c.plus + c.minus + c.zero;
}

/** `iterations` resample means drawn from the counts (see the file comment), in draw order. */
export function countBootstrapMeans(counts: OutcomeCounts, iterations: number, stream: UniformStream): Float64Array {
  checkIterations(iterations);
  const n = checkCounts(counts);
  if (n === 0) throw new RangeError('cannot bootstrap an empty sample');
  const first = new BinomialSampler(counts.plus, n);
  const rest = counts.minus + counts.zero;
  const second = new BinomialSampler(counts.minus, rest > 0 ? rest : 1);
  const next = () => stream.nextUniform();
  const means = new Float64Array(iterations);
  for (let it = 0; it < iterations; it++) {
    const x = first.draw(n, next);
    const y = second.draw(n - x, next);
    means[it] = (x - y) / n;
  }
  return means;
}

export function percentileBounds(sortedMeans: Float64Array, level: number): Bounds {
  return {
    low: percentileOfSorted(sortedMeans, (100 * (1 - level)) / 2),
    high: percentileOfSorted(sortedMeans, (100 * (1 + level)) / 2)
  };
}

/** Count-based interval at `level` from the stream of (seed, parts); null when the counts are all 0. */
export function countInterval(
  counts: OutcomeCounts,
  iterations: number,
  level: number,
  seed: number,
  parts: readonly string[]
): Bounds | null {
  checkIterations(iterations);
  checkLevel(level);
  if (checkCounts(counts) === 0) return null;
  return percentileBounds(countBootstrapMeans(counts, iterations, createStream(seed, parts)).sort(), level);
}

/**
 * `countInterval` as a reported figure, the bounds multiplied by `scale` (100 for pp, 1 for a
 * fraction) after the percentiles are taken. `not_evaluated` (with `emptyReason`, n = 0) when
 * there is nothing to resample — never a zero-width interval.
 */
export function intervalFigure(
  counts: OutcomeCounts,
  options: BootstrapOptions,
  scale: number,
  emptyReason: string
): IntervalFigure {
  const bounds = countInterval(counts, options.iterations, options.level, options.seed, options.streamParts);
  const base = { level: options.level, iterations: options.iterations };
  if (bounds === null) return { low: null, high: null, ...base, n: 0, status: 'not_evaluated', reason: emptyReason };
  return {
    low: bounds.low * scale,
    high: bounds.high * scale,
    ...base,
    n: counts.plus + counts.minus + counts.zero,
    status: 'ok',
    reason: null
  };
}

/** An interval that does not apply here (e.g. an accuracy delta under a destructive condition). */
export function intervalNotApplicable(
  options: Pick<BootstrapOptions, 'iterations' | 'level'>,
  reason: string
): IntervalFigure {
  return {
    low: null,
    high: null,
    level: options.level,
    iterations: options.iterations,
    n: null,
    status: 'not_applicable',
    reason
  };
}

/** Interval of an accuracy (a fraction, not pp) from `correct` of `n` rows; `not_evaluated` when n = 0. */
export function accuracyIntervalOf(correct: number, n: number, options: BootstrapOptions): IntervalFigure {
  return intervalFigure({ plus: correct, minus: 0, zero: n - correct }, options, 1, 'no rows in this scope');
}
