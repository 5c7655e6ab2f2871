/** Projection onto one feature's inclusive bounds (either may be ±Infinity). */
export function clip(value: number, lower: number, upper: number): number {
  return Math.min(upper, Math.max(lower, value));
}
