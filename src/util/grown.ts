/**
 * A typed array of the same kind holding `a`'s values, with room for at least `least` (doubling, so appends stay
 * linear).
 */
export function grown<T extends Uint32Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(a: T, least: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(least, 2 * a.length));
  b.set(a);
  return b;
}
