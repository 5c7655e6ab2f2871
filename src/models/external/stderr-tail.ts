/** The last `limit` bytes of a byte stream (the model's stderr), kept without unbounded growth. */
const STDERR_TAIL_BYTES = 64 * 1024;

export class ByteTail {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit = STDERR_TAIL_BYTES) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.chunks.length > 1 && this.size - (this.chunks[0] as Buffer).length >= this.limit) {
      this.size -= (this.chunks.shift() as Buffer).length;
    }
  }

  /** The kept bytes decoded as UTF-8 (a character cut at the start shows as U+FFFD and is dropped). */
  text(): string {
    let bytes = Buffer.concat(this.chunks, this.size);
    if (bytes.length > this.limit) bytes = bytes.subarray(bytes.length - this.limit);
    let start = 0;
    while (start < bytes.length && start < 3 && ((bytes[start] as number) & 0xc0) === 0x80) start++;
    return bytes.subarray(start).toString('utf8');
  }

  /** The last `count` non-blank lines, joined with " | " and cut to `maxChars` (keeping the end). */
  lastLines(count = 5, maxChars = 400): string {
    const lines = this.text()
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0)
      .slice(-count);
    const joined = lines.join(' | ');
    return joined.length > maxChars ? `…${joined.slice(joined.length - maxChars + 1)}` : joined;
  }
}
