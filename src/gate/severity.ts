/**
 * Which blocking checks to annotate first when GitHub shows only a few annotations per step:
 * failures before not-evaluated checks, then by how far past its threshold the value lies,
 * relative to the threshold (a breach of a zero ceiling, such as a protected transition or a
 * missing row, ranks first), then by the absolute distance, then by id for a stable order.
 */
import type { Check } from './check.js';

/** How far past its threshold a check's value lies (0 when it is not past it). */
function distancePast(c: Check): number {
  if (c.value === null) return 0;
  return Math.max(0, c.direction === 'max' ? c.value - c.threshold : c.threshold - c.value);
}

export function overshoot(c: Check): number {
  const past = distancePast(c);
  if (past === 0) return 0;
  return c.threshold === 0 ? Number.POSITIVE_INFINITY : past / Math.abs(c.threshold);
}

export function bySeverity(checks: readonly Check[]): Check[] {
  const rank = (c: Check) => (c.status === 'fail' ? 0 : 1);
  // Infinity − Infinity is NaN, so compare the relative overshoots without subtracting.
  const relative = (a: Check, b: Check) => (overshoot(a) === overshoot(b) ? 0 : overshoot(a) > overshoot(b) ? -1 : 1);
  return [...checks].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      relative(a, b) ||
      distancePast(b) - distancePast(a) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
