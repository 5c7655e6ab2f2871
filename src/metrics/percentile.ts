/**
 * Percentiles with numpy's default method ('linear', Hyndman & Fan type 7), reproduced
 * operation for operation so results are bit-identical to `numpy.percentile(x, q)`:
 *   x sorted ascending, n = len(x), h = (n − 1) · (q / 100), lower = ⌊h⌋, γ = h − lower
 *   h ≥ n − 1 → x[n−1]; otherwise lerp(x[lower], x[lower+1], γ), where numpy's lerp is
 *   a + (b − a)·γ for γ < 0.5 and b − (b − a)·(1 − γ) for γ ≥ 0.5 (the same value in exact
 *   arithmetic).
 */

/** A numeric sequence: a plain array or a typed array. */
export type Numbers = ArrayLike<number>;

function checkQ(q: number): void {
  if (!(q >= 0 && q <= 100)) throw new RangeError(`percentile q must be in [0, 100], got ${q}`);
}

function sortedCopy(values: Numbers): Float64Array {
  if (values.length === 0) throw new RangeError('percentile of an empty sequence');
  // Float64Array sorts numerically; NaN is outside this function's contract.
  return Float64Array.from(values).sort();
}

/** numpy 'linear' percentile of values already sorted ascending (not checked). */
export function percentileOfSorted(sorted: Numbers, q: number): number {
  checkQ(q);
  const n = sorted.length;
  if (n === 0) throw new RangeError('percentile of an empty sequence');
  const h = (n - 1) * (q / 100);
  if (h >= n - 1) return sorted[n - 1] as number;
  const lower = Math.floor(h);
  const gamma = h - lower;
  const a = sorted[lower] as number;
  const b = sorted[lower + 1] as number;
  const diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}

/**
 * The q-th percentile (q in [0, 100]) of `values`, in any order, equal to numpy.percentile's
 * default: h = (n − 1)·q/100, value = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]) on the sorted
 * copy. Throws a RangeError for an empty input or q outside [0, 100]; never returns null.
 */
export function percentile(sortedOrUnsorted: Numbers, q: number): number {
  checkQ(q);
  return percentileOfSorted(sortedCopy(sortedOrUnsorted), q);
}

/** Throws unless 0 < level < 1. */
export function checkLevel(level: number): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
}

/**
 * Central percentile interval at `level` (in (0, 1), e.g. 0.95):
 * [percentile(100·(1 − level)/2), percentile(100·(1 + level)/2)], sorting once.
 * Throws a RangeError for an empty input or a level outside (0, 1).
 */
export function interval(values: Numbers, level: number): [low: number, high: number] {
  checkLevel(level);
  const sorted = sortedCopy(values);
  return [percentileOfSorted(sorted, (100 * (1 - level)) / 2), percentileOfSorted(sorted, (100 * (1 + level)) / 2)];
}
