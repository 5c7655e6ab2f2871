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

function inUnitOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
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

/** Thrown by `sortedCopy` for a value only the walk below prints as defined. */
const WALK = Symbol('walk');

/** An array-index-like key: objects list such keys first, whatever their insertion order. */
const INDEX_LIKE = /^(?:0|[1-9][0-9]*)$/;

/**
 * A copy of `v` whose objects hold their keys in stableJson's order, for JSON.stringify to print
 * natively. Throws WALK when that order cannot be held by a plain object (an index-like, repeated
 * or "__proto__" key) or when JSON.stringify would treat a value differently from the walk (a
 * non-plain object, a function, a bigint).
 */
function sortedCopy(v: unknown): unknown {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    return v;
  if (typeof v !== 'object') throw WALK;
  if (Array.isArray(v)) return isFlat(v) ? v : v.map(sortedCopy);
  const out: Record<string, unknown> = {};
  if (v instanceof OrderedMap) {
    for (const [k, x] of v.entries as ReadonlyArray<readonly [string, unknown]>) {
      // A repeated key (possible in an OrderedMap) would be printed once here.
      if (Object.hasOwn(out, k)) throw WALK;
      copyInto(out, k, x);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  // Anything but a plain object (a class instance, a typed array) is the walk's.
  if (proto !== Object.prototype && proto !== null) throw WALK;
  // Keys, not [key, value] pairs: metrics hold thousands of small objects.
  for (const k of keysInOrder(v)) copyInto(out, k, (v as Record<string, unknown>)[k]);
  return out;
}

/** Sets out[k] to the sorted copy of x; undefined values are kept to notice them. */
function copyInto(out: Record<string, unknown>, k: string, x: unknown): void {
  if (k === '__proto__' || isIndexLike(k)) throw WALK;
  out[k] = x === undefined ? undefined : sortedCopy(x);
}

function isIndexLike(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 0x30 && c <= 0x39 && INDEX_LIKE.test(k);
}

/** An object's own enumerable keys in code-point order. */
function keysInOrder(v: object): string[] {
  const keys = Object.keys(v);
  if (!unitOrderIsCodePointOrder(keys)) keys.sort(compareCodePoints);
  // Many objects are built with their keys in order already; sort() would copy them to find that out.
  else if (!inUnitOrder(keys)) keys.sort();
  return keys;
}

/** An object's own enumerable entries, keys in code-point order. */
function entriesInOrder(v: object): Array<readonly [string, unknown]> {
  return keysInOrder(v).map((k) => [k, (v as Record<string, unknown>)[k]] as const);
}

/**
 * Serialise with a fixed key order; `indent` > 0 pretty-prints (as JSON.stringify(v, null, indent)
 * would for the same key order). Most values (metrics, checks, manifests, model parameters) are
 * copied with their keys in order and printed by JSON.stringify, which prints them exactly as the
 * walk would and several times faster; the rest (index-like keys) take the walk.
 */
export function stableJson(value: unknown, indent = 0): string {
  if (value !== undefined) {
    try {
      return JSON.stringify(sortedCopy(value), null, indent > 0 ? indent : undefined);
    } catch (e) {
      if (e !== WALK) throw e;
    }
  }
  return walkedJson(value, indent);
}

/** stableJson by a walk over the value, written into one list of parts. */
function walkedJson(value: unknown, indent: number): string {
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
    if (v !== null && typeof v === 'object') return obj(entriesInOrder(v), depth);
    out.push(scalar(v));
  };
  walk(value, 0);
  return out.join('');
}
