/**
 * Splits a decoded text stream into lines across chunk boundaries: `\n` ends a line, a trailing
 * `\r` is dropped (CRLF tolerated), blank or whitespace-only lines are skipped. A line longer
 * than `maxLine` characters is cut: its first `maxLine` characters are emitted (they will not
 * parse) and the rest, up to the next newline, is dropped, so a model that never writes a
 * newline cannot exhaust memory.
 */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

export class LineSplitter {
  private partial = '';
  private discarding = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLine = MAX_LINE_CHARS
  ) {}

  push(chunk: string): void {
    let start = 0;
    let nl = chunk.indexOf('\n');
    if (nl === -1) {
      this.append(chunk);
      return;
    }
    if (this.partial.length > 0 || this.discarding) {
      const head = chunk.slice(0, nl);
      if (!this.discarding) this.emit(this.partial + head);
      this.partial = '';
      this.discarding = false;
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    while (nl !== -1) {
      this.emit(chunk.slice(start, nl));
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) this.append(chunk.slice(start));
  }

  /** The last line when the stream ended without a newline. */
  end(): void {
    if (this.partial.length > 0 && !this.discarding) this.emit(this.partial);
    this.partial = '';
    this.discarding = false;
  }

  private append(text: string): void {
    if (this.discarding) return;
    this.partial += text;
    if (this.partial.length > this.maxLine) {
      this.emit(this.partial.slice(0, this.maxLine));
      this.partial = '';
      this.discarding = true;
    }
  }

  private emit(line: string): void {
    let end = line.length;
    if (end > 0 && line.charCodeAt(end - 1) === 13) end--;
    if (end === 0) return;
    const text = end === line.length ? line : line.slice(0, end);
    if (text.charCodeAt(0) <= 32 && text.trim() === '') return;
    this.onLine(text);
  }
}
