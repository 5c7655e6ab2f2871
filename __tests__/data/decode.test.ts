import { decodeUtf8, firstInvalidUtf8 } from '../../src/data/decode.js';
import { DataError } from '../../src/errors.js';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('firstInvalidUtf8', () => {
  test('valid text with one-, two-, three- and four-byte characters is -1', () => {
    expect(firstInvalidUtf8(bytes('a é € 😀 \u{10FFFF} \uFEFF'))).toBe(-1);
  });

  test('an empty buffer is -1', () => {
    expect(firstInvalidUtf8(new Uint8Array(0))).toBe(-1);
  });

  test('the largest values of each length are valid', () => {
    expect(firstInvalidUtf8(bytes([0x7f, 0xdf, 0xbf, 0xef, 0xbf, 0xbf, 0xf4, 0x8f, 0xbf, 0xbf]))).toBe(-1);
  });

  test('an overlong two-byte encoding of "/" (0xc0 0xaf) is invalid at its lead byte', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xc0, 0xaf]))).toBe(2);
    expect(firstInvalidUtf8(bytes([0xc1, 0xbf]))).toBe(0);
  });

  test('overlong three- and four-byte encodings are invalid', () => {
    expect(firstInvalidUtf8(bytes('x', [0xe0, 0x80, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(bytes('xy', [0xf0, 0x80, 0x80, 0xaf]))).toBe(2);
  });

  test('an encoded surrogate (0xed 0xa0 0x80) is invalid', () => {
    expect(firstInvalidUtf8(bytes('abc', [0xed, 0xa0, 0x80]))).toBe(3);
    expect(firstInvalidUtf8(bytes([0xed, 0xbf, 0xbf]))).toBe(0);
  });

  test('the code points just outside the surrogate range are valid', () => {
    expect(firstInvalidUtf8(bytes([0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80]))).toBe(-1);
  });

  test('a sequence truncated at the end of the buffer is invalid at its lead byte', () => {
    expect(firstInvalidUtf8(bytes('a', [0xe2, 0x82]))).toBe(1);
    expect(firstInvalidUtf8(bytes('ab', [0xf0, 0x9f, 0x98]))).toBe(2);
    expect(firstInvalidUtf8(bytes([0xc3]))).toBe(0);
  });

  test('a sequence interrupted by an ASCII byte is invalid at its lead byte', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xc3, 0x28]))).toBe(2);
  });

  test('a code point above U+10FFFF (0xf4 0x90 0x80 0x80) is invalid', () => {
    expect(firstInvalidUtf8(bytes('z', [0xf4, 0x90, 0x80, 0x80]))).toBe(1);
  });

  test('lead bytes 0xf5 to 0xff are never valid', () => {
    for (const b of [0xf5, 0xf8, 0xfe, 0xff]) expect(firstInvalidUtf8(bytes('q', [b, 0x80, 0x80, 0x80]))).toBe(1);
  });

  test('a lone continuation byte is invalid', () => {
    expect(firstInvalidUtf8(bytes('é', [0x80]))).toBe(2);
  });
});

describe('decodeUtf8', () => {
  test('decodes valid text unchanged', () => {
    expect(decodeUtf8(bytes('héllo\n😀\r\n'), 'f.jsonl')).toBe('héllo\n😀\r\n');
  });

  test('strips one leading byte-order mark', () => {
    expect(decodeUtf8(bytes('\uFEFFid,text'), 'f.csv')).toBe('id,text');
    expect(decodeUtf8(bytes('\uFEFF\uFEFFx'), 'f.csv')).toBe('\uFEFFx');
  });

  test('keeps a byte-order mark that is not at the start', () => {
    expect(decodeUtf8(bytes('a\uFEFFb'), 'f.csv')).toBe('a\uFEFFb');
  });

  test('invalid UTF-8 is a DataError naming file, line and byte column', () => {
    let error: unknown;
    try {
      decodeUtf8(bytes('line one\r\nline two\nab', [0xff], 'c\n'), 'data/x.jsonl');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toBe('data/x.jsonl:3:3: invalid UTF-8 (byte 0xff); expected UTF-8 text');
  });

  test('an invalid byte on the first line is line 1', () => {
    expect(() => decodeUtf8(bytes([0xed, 0xa0, 0x80]), 'a.csv')).toThrow(
      new DataError('a.csv:1:1: invalid UTF-8 (byte 0xed); expected UTF-8 text')
    );
  });

  test('a truncated sequence at the end names the lead byte', () => {
    expect(() => decodeUtf8(bytes('ok\nabc', [0xe2, 0x82]), 'a.csv')).toThrow(
      new DataError('a.csv:2:4: invalid UTF-8 (byte 0xe2); expected UTF-8 text')
    );
  });
});
