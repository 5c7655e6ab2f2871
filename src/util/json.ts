/**
 * Deterministic JSON. Plain JSON.stringify enumerates integer-like keys ("0", "10", "9")
 * first in numeric order, whatever the insertion order, so label-keyed maps would not keep
 * code-point order. `stableJson` writes object keys in code-point order unless the value is
 * an OrderedMap, which keeps its own order.
 */
import { compareCodePoints } from './strings.js';

export class OrderedMap {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

export function orderedMap(entries: ReadonlyArray<readonly [string, unknown]>): OrderedMap {
  return new OrderedMap(entries);
}

function scalar(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  return JSON.stringify(value) ?? 'null';
}

/** Serialise with a fixed key order; `indent` > 0 pretty-prints. */
export function stableJson(value: unknown, indent = 0): string {
  const pad = (depth: number) => (indent > 0 ? '\n' + ' '.repeat(indent * depth) : '');
  const sep = indent > 0 ? ': ' : ':';
  const walk = (v: unknown, depth: number): string => {
    if (v instanceof OrderedMap) return obj(v.entries, depth);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return '[' + v.map((x) => pad(depth + 1) + walk(x === undefined ? null : x, depth + 1)).join(',') + pad(depth) + ']';
    }
    if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v).sort(compareCodePoints);
      return obj(
        keys.filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => [k, (v as Record<string, unknown>)[k]] as const),
        depth
      );
    }
    return scalar(v);
  };
  const obj = (entries: ReadonlyArray<readonly [string, unknown]>, depth: number): string => {
    const kept = entries.filter(([, x]) => x !== undefined);
    if (kept.length === 0) return '{}';
    return '{' + kept.map(([k, x]) => pad(depth + 1) + JSON.stringify(k) + sep + walk(x, depth + 1)).join(',') + pad(depth) + '}';
  };
  return walk(value, 0);
}
