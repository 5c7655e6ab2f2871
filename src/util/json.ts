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

/** True when no key holds a unit from U+D800 up, where UTF-16 unit order and code-point order can differ. */
function unitOrderIsCodePointOrder(keys: readonly string[]): boolean {
  for (const k of keys) for (let i = 0; i < k.length; i++) if (k.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/** An array of numbers, strings, booleans and nulls only (no object, array or undefined). */
function isFlat(v: readonly unknown[]): boolean {
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (x !== null && typeof x !== 'number' && typeof x !== 'string' && typeof x !== 'boolean') return false;
  }
  return true;
}

/**
 * Serialise with a fixed key order; `indent` > 0 pretty-prints (as JSON.stringify(v, null, indent)
 * would for the same key order). Written into one list of parts: metrics.json and the model
 * digests are large enough for the cost of building it to show.
 */
export function stableJson(value: unknown, indent = 0): string {
  const out: string[] = [];
  const pads: string[] = [];
  const pad = (depth: number): string => (indent > 0 ? (pads[depth] ??= '\n' + ' '.repeat(indent * depth)) : '');
  const sep = indent > 0 ? ': ' : ':';
  const obj = (entries: ReadonlyArray<readonly [string, unknown]>, depth: number): void => {
    let first = true;
    for (const [k, x] of entries) {
      if (x === undefined) continue;
      out.push(first ? '{' : ',', pad(depth + 1), JSON.stringify(k), sep);
      first = false;
      walk(x, depth + 1);
    }
    out.push(first ? '{}' : pad(depth) + '}');
  };
  const walk = (v: unknown, depth: number): void => {
    if (v instanceof OrderedMap) return obj(v.entries, depth);
    if (Array.isArray(v)) {
      if (v.length === 0) return void out.push('[]');
      // Model digests hash long arrays of numbers; for those, JSON.stringify prints exactly what the walk would.
      if (indent === 0 && isFlat(v)) return void out.push(JSON.stringify(v));
      for (let i = 0; i < v.length; i++) {
        out.push(i === 0 ? '[' : ',', pad(depth + 1));
        const x = v[i];
        walk(x === undefined ? null : x, depth + 1);
      }
      return void out.push(pad(depth) + ']');
    }
    if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      if (unitOrderIsCodePointOrder(keys)) keys.sort();
      else keys.sort(compareCodePoints);
      return obj(
        keys.map((k) => [k, (v as Record<string, unknown>)[k]] as const),
        depth
      );
    }
    out.push(scalar(v));
  };
  walk(value, 0);
  return out.join('');
}
