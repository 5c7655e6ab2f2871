/**
 * Membership of code points in a Unicode property class (such as `[\p{L}\p{N}]`), asked of the
 * regular expression once per code point and then read from a table: scanning long texts one
 * code point at a time this way costs far less than running /u expressions over them.
 */
export class CharClass {
  /** Per BMP unit: 0 not asked yet, 1 outside the class, 2 inside. */
  private readonly bmp = new Uint8Array(0x10000);
  private readonly astral = new Map<number, boolean>();
  private readonly member: RegExp;

  /**
   * `cls` is a character class such as `[\p{L}\p{M}]`, read with `flags` (which hold "u"; add "i"
   * for a class of a case-insensitive expression, where a character is matched by its case fold).
   */
  constructor(cls: string, flags = 'u') {
    this.member = new RegExp(`^${cls}$`, flags);
  }

  has(cp: number): boolean {
    if (cp < 0x10000) {
      let k = this.bmp[cp] as number;
      if (k === 0) {
        // A lone surrogate is a code point of its own to a /u expression, and is asked like any other.
        k = this.member.test(String.fromCharCode(cp)) ? 2 : 1;
        this.bmp[cp] = k;
      }
      return k === 2;
    }
    let inside = this.astral.get(cp);
    if (inside === undefined) {
      inside = this.member.test(String.fromCodePoint(cp));
      this.astral.set(cp, inside);
    }
    return inside;
  }
}

/** The code point at UTF-16 offset `i` (a lone surrogate as itself); its width is 2 when above 0xFFFF. */
export function codePointAt(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return unit;
}
