/**
 * Maximal runs of one character class, found by a scan over UTF-16 units instead of a global
 * regular expression: the class is asked once per distinct code point and remembered
 * (util/char-class.ts), surrogate pairs as whole code points. The result is
 * exactly `text.match(new RegExp(`${cls}{min,}`, 'gu'))`; tests compare both on every BMP unit
 * and on random text.
 */
import { CharClass, codePointAt } from '../util/char-class.js';
import { grown } from '../util/grown.js';

export class RunScanner {
  private readonly cls: CharClass;

  /** `cls` is a character class such as `[\p{L}\p{N}_]`; runs shorter than `min` code points are dropped. */
  constructor(
    cls: string,
    private readonly min: number
  ) {
    this.cls = new CharClass(cls);
  }

  /** Units of the class member starting at `i` (1 or 2), or 0 when none starts there. */
  private memberAt(text: string, i: number): number {
    const cp = codePointAt(text, i);
    return this.cls.has(cp) ? (cp > 0xffff ? 2 : 1) : 0;
  }

  /** [start, end) unit offsets of the runs found by the last `scan`, as pairs. */
  found = new Int32Array(256);

  /** Finds the runs of `text`; their bounds are in `found` until the next scan. Returns how many. */
  scan(text: string): number {
    let found = this.found;
    let count = 0;
    const n = text.length;
    let i = 0;
    while (i < n) {
      let width = this.memberAt(text, i);
      if (width === 0) {
        // Skip a whole surrogate pair outside the class, never half of one.
        i += codePointAt(text, i) > 0xffff ? 2 : 1;
        continue;
      }
      const start = i;
      let chars = 0;
      while (width > 0) {
        i += width;
        chars++;
        width = i < n ? this.memberAt(text, i) : 0;
      }
      if (chars < this.min) continue;
      if (2 * count + 2 > found.length) found = this.found = grown(found, 2 * count + 2);
      found[2 * count] = start;
      found[2 * count + 1] = i;
      count++;
    }
    return count;
  }

  runs(text: string): string[] {
    const count = this.scan(text);
    const out = new Array<string>(count);
    for (let r = 0; r < count; r++) out[r] = text.slice(this.found[2 * r] as number, this.found[2 * r + 1] as number);
    return out;
  }
}
