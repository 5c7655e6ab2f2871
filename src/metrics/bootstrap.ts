/**
 * Nonparametric bootstrap of a mean with the project's seeded streams (SPEC §8): resample
 * the values with replacement, record each resample's mean, and report the percentile
 * interval of those means (numpy's 'linear' percentiles). Unstratified: a scope resamples
 * its own values only.
 */
import type { EvidenceRow } from '../evidence/row.js';
import { compareCodePoints } from '../util/strings.js';
import { isCorrect } from './classification.js';
import type { FigureStatus } from './figure.js';
import { checkLevel, percentileOfSorted, type Numbers } from './percentile.js';
import { createStream, type IndexStream } from './random.js';

/** Settings shared by every bootstrap cell; `streamParts` names the cell (see random.ts `cellParts`). */
export interface BootstrapOptions {
  iterations: number;
  level: number;
  seed: number;
  streamParts: readonly string[];
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

function checkIterations(iterations: number): void {
  if (!(Number.isInteger(iterations) && iterations >= 1)) throw new RangeError(`bootstrap iterations must be a positive integer, got ${iterations}`);
}

/** The resample means as a Float64Array (the tight loop behind `bootstrapMean`). */
export function bootstrapMeans(values: Numbers, iterations: number, stream: IndexStream): Float64Array {
  checkIterations(iterations);
  const n = values.length;
  if (n === 0) throw new RangeError('cannot bootstrap an empty sample');
  const x = Float64Array.from(values);
  const means = new Float64Array(iterations);
  for (let it = 0; it < iterations; it++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += x[stream.nextIndex(n)] as number;
    means[it] = sum / n;
  }
  return means;
}

/**
 * `iterations` bootstrap resample means of `values`: each iteration draws values.length
 * indices with replacement from `stream` (in order) and records Σ x[index] / n, summed in
 * draw order. Throws a RangeError when `values` is empty or iterations is not a positive
 * integer.
 */
export function bootstrapMean(values: readonly number[], iterations: number, stream: IndexStream): number[] {
  return Array.from(bootstrapMeans(values, iterations, stream));
}

/**
 * Percentile interval at `level` of the bootstrap means of `values`, drawn from the stream
 * of (seed, parts): [p(100·(1 − level)/2), p(100·(1 + level)/2)] over the sorted means.
 * Null when `values` is empty (nothing to resample).
 */
export function bootstrapInterval(values: Numbers, iterations: number, level: number, seed: number, parts: readonly string[]): Bounds | null {
  checkIterations(iterations);
  checkLevel(level);
  if (values.length === 0) return null;
  const means = bootstrapMeans(values, iterations, createStream(seed, parts)).sort();
  return { low: percentileOfSorted(means, (100 * (1 - level)) / 2), high: percentileOfSorted(means, (100 * (1 + level)) / 2) };
}

/**
 * `bootstrapInterval` as a reported figure, the bounds multiplied by `scale` (100 for pp,
 * 1 for a fraction) after the percentiles are taken. `not_evaluated` (with `emptyReason`,
 * n = 0) when there is nothing to resample — never a zero-width interval.
 */
export function intervalFigure(values: Numbers, options: BootstrapOptions, scale: number, emptyReason: string): IntervalFigure {
  const bounds = bootstrapInterval(values, options.iterations, options.level, options.seed, options.streamParts);
  const base = { level: options.level, iterations: options.iterations };
  if (bounds === null) return { low: null, high: null, ...base, n: 0, status: 'not_evaluated', reason: emptyReason };
  return { low: bounds.low * scale, high: bounds.high * scale, ...base, n: values.length, status: 'ok', reason: null };
}

/** An interval that does not apply here (e.g. an accuracy delta under a destructive condition). */
export function intervalNotApplicable(options: Pick<BootstrapOptions, 'iterations' | 'level'>, reason: string): IntervalFigure {
  return { low: null, high: null, level: options.level, iterations: options.iterations, n: null, status: 'not_applicable', reason };
}

/** Rows ordered by id in code-point order (stable for equal ids): resampling order never depends on input order. */
export function byId<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareCodePoints(a.id, b.id));
}

/**
 * Bootstrap interval of accuracy (a fraction in [0, 1], not pp) over one model's rows in one
 * scope: per-row correctness 1/0 (a missing row is 0), rows in id code-point order,
 * resampled with replacement. `not_evaluated` when there are no rows.
 */
export function accuracyInterval(rows: readonly EvidenceRow[], options: BootstrapOptions): IntervalFigure {
  const correct = byId(rows).map((r) => (isCorrect(r) ? 1 : 0));
  return intervalFigure(correct, options, 1, 'no rows in this scope');
}
