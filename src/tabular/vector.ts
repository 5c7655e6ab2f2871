/**
 * Feature vectors built one way. V8's optimised `Array.prototype.map` returns holey arrays where
 * the unoptimised one returns packed ones, so once a caller of `map` is optimised its vectors
 * change shape mid-run, and the optimised code of every function that reads them (the model, the
 * validity rule, the attacks) is thrown away at once. Arrays grown by `push` keep one shape in
 * every tier (docs/performance.md#element-kinds).
 */

/** [f(0), …, f(n − 1)]. */
export function vectorOf(n: number, f: (i: number) => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(f(i));
  return out;
}
