/**
 * Code-point aware string helpers. JavaScript compares strings by UTF-16 code units,
 * which orders astral characters before U+E000–U+FFFF; Python (and this project)
 * orders by code point.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only when both units are in the surrogate/high-BMP zone can unit order differ
    // from code-point order; compare whole code points there.
    const cx = a.codePointAt(i) ?? x;
    const cy = b.codePointAt(i) ?? y;
    return cx < cy ? -1 : cx > cy ? 1 : 0;
  }
  return a.length - b.length;
}

export function sortCodePoints(values: Iterable<string>): string[] {
  return [...values].sort(compareCodePoints);
}

/**
 * Length in code points, as Python's len(), of s.slice(0, end): a pair cut at `end` leaves its high half, one code
 * point.
 */
export function codePointLength(s: string, end = s.length): number {
  const limit = Math.min(end, s.length);
  let n = 0;
  for (let i = 0; i < limit; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < limit) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Where code point `points` of s starts, in code units (s.length past its last): Array.from(s).slice(0,
 * points).join('').length.
 */
export function unitOffset(s: string, points: number): number {
  let i = 0;
  for (let n = 0; n < points && i < s.length; n++) {
    const c = s.charCodeAt(i);
    const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return i;
}
