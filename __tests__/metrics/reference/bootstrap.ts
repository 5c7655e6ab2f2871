/**
 * The bootstrap as the textbook states it: each iteration draws n row indices with replacement
 * from the seeded stream and averages the rows drawn. The tests compare it with scipy's goldens
 * and with the count-based draws src/metrics/bootstrap.ts makes instead (a run never resamples
 * row by row).
 */
import { checkIterations, percentileBounds, type Bounds } from '../../../src/metrics/bootstrap.js';
import { checkLevel, type Numbers } from '../../../src/metrics/percentile.js';
import { createStream, type IndexStream } from '../../../src/metrics/random.js';

/** The resample means of `values` drawn row by row: each iteration takes n indices from `stream`. */
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

/** `bootstrapMeans` as a plain array (summed in draw order). */
export function bootstrapMean(values: readonly number[], iterations: number, stream: IndexStream): number[] {
  return Array.from(bootstrapMeans(values, iterations, stream));
}

/** Row-by-row interval of `values` (null when empty). */
export function bootstrapInterval(
  values: Numbers,
  iterations: number,
  level: number,
  seed: number,
  parts: readonly string[]
): Bounds | null {
  checkIterations(iterations);
  checkLevel(level);
  if (values.length === 0) return null;
  return percentileBounds(bootstrapMeans(values, iterations, createStream(seed, parts)).sort(), level);
}
