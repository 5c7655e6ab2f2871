/** Number helpers that never spread an array into arguments (a large spread overflows the call stack). */

/** Largest value of a non-empty sequence; −Infinity when empty. */
export function maxOf(values: ArrayLike<number>): number {
  let best = -Infinity;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > best) best = values[i] as number;
  return best;
}

/** Smallest value of a sequence; Infinity when empty. */
export function minOf(values: ArrayLike<number>): number {
  let best = Infinity;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) < best) best = values[i] as number;
  return best;
}

/** A Float64Array that grows by doubling. */
export class GrowableFloat64 {
  private data = new Float64Array(16);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The values pushed, sorted ascending (a copy). */
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}
