/**
 * Reads an evidence file back line by line, plain or gzipped, in bounded memory and time, and
 * hashes the file's bytes and the uncompressed bytes as they stream so a caller can check both
 * digests against a manifest once the last line is read. The file may come from someone else
 * (docs/security.md, "Reading an output folder"): given the sizes its manifest records, reading
 * stops as soon as the file or its inflated content grows past them, and a line longer than
 * MAX_ROW_BYTES is refused before it is assembled, so a gzip bomb or an endless line costs
 * little. A line is assembled from the chunks it spans in one copy, never by repeated
 * concatenation.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

/**
 * Longest evidence row read back, in bytes. A row holds an example's text twice at most (the
 * original and the perturbed one), so this admits texts of several MiB while keeping a hostile
 * row's cost small (docs/security.md, "Reading an output folder").
 */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;

interface ReadDigests {
  /** SHA-256 and size of the uncompressed content. */
  sha256: string;
  bytes: number;
  /** SHA-256 and size of the file as stored (equal to the above for a plain file). */
  fileSha256: string;
  fileBytes: number;
  /** Whether the content ended with a newline (a truncated file usually does not). */
  endsWithNewline: boolean;
}

interface ReadBounds {
  /** Size of the file as stored. */
  fileBytes: number;
  /** Size of the content once inflated (the same as fileBytes for a plain file). */
  bytes: number;
  /** Longest line, in bytes (MAX_ROW_BYTES unless a caller needs less). */
  maxLineBytes?: number;
}

/** The file holds more than its manifest says, or a line longer than the row limit. */
export class EvidenceBoundError extends Error {}

interface EvidenceLines {
  lines: AsyncGenerator<string>;
  /** Available once `lines` is exhausted. */
  digests(): ReadDigests;
}

interface ReadSource {
  path: string;
  /** An already opened descriptor of `path` (checked to be a regular file by the caller); closed when reading ends. */
  fd?: number;
  /** Whether the content is gzipped; by default, when the name ends in .gz. */
  gzip?: boolean;
}

/** Lines of a file (without their newline). A trailing newline gives no empty last line. */
export function readEvidenceLines(from: string | ReadSource, bounds: ReadBounds | null = null): EvidenceLines {
  const source = typeof from === 'string' ? { path: from } : from;
  const gz = source.gzip ?? source.path.endsWith('.gz');
  const maxLine = bounds?.maxLineBytes ?? MAX_ROW_BYTES;
  const fileHash = createHash('sha256');
  const hash = createHash('sha256');
  let fileBytes = 0;
  let bytes = 0;
  let last = 0x0a;
  let done: ReadDigests | null = null;

  async function* lines(): AsyncGenerator<string> {
    // One byte past the recorded size is read, so a longer file is noticed without reading it all.
    const file = createReadStream(source.path, {
      fd: source.fd,
      highWaterMark: 1 << 20,
      ...(bounds ? { start: 0, end: bounds.fileBytes } : {})
    });
    const countFile = (chunk: Buffer) => {
      fileHash.update(chunk);
      fileBytes += chunk.length;
      if (bounds && fileBytes > bounds.fileBytes)
        throw new EvidenceBoundError(`longer than the ${bounds.fileBytes} bytes its manifest records`);
    };
    let input: AsyncIterable<Buffer> = file;
    let fileError: Error | null = null;
    if (gz) {
      const gunzip = createGunzip();
      // pipe() reads with 'data' events too, so this listener sees every compressed chunk.
      file.on('data', (chunk) => {
        try {
          countFile(chunk as Buffer);
        } catch (error) {
          fileError = error as Error;
          file.destroy();
          gunzip.destroy(fileError);
        }
      });
      file.on('error', (e) => gunzip.destroy(e));
      input = file.pipe(gunzip);
    }
    let pieces: Buffer[] = [];
    let pending = 0;
    let lineNumber = 0;
    const tooLong = () =>
      new EvidenceBoundError(
        `line ${lineNumber + 1} is longer than ${maxLine} bytes, the longest evidence row read back`
      );
    try {
      for await (const chunk of input) {
        if (!gz) countFile(chunk);
        else hash.update(chunk);
        bytes += chunk.length;
        if (bounds && bytes > bounds.bytes)
          throw new EvidenceBoundError(`its content is longer than the ${bounds.bytes} bytes its manifest records`);
        if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
        let start = 0;
        for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
          if (pending + nl - start > maxLine) throw tooLong();
          const line =
            pending === 0 ? chunk.subarray(start, nl) : Buffer.concat([...pieces, chunk.subarray(start, nl)]);
          pieces = [];
          pending = 0;
          lineNumber++;
          start = nl + 1;
          yield line.toString('utf8');
        }
        if (start < chunk.length) {
          pending += chunk.length - start;
          if (pending > maxLine) throw tooLong();
          pieces.push(chunk.subarray(start));
        }
      }
    } catch (error) {
      throw fileError ?? error;
    } finally {
      file.destroy();
    }
    if (fileError) throw fileError;
    if (pending > 0) yield Buffer.concat(pieces).toString('utf8');
    const fileDigest = fileHash.digest('hex');
    done = {
      sha256: gz ? hash.digest('hex') : fileDigest,
      bytes,
      fileSha256: fileDigest,
      fileBytes,
      endsWithNewline: last === 0x0a
    };
  }
  return {
    lines: lines(),
    digests: () => {
      if (done === null) throw new Error('evidence digests are known only after the last line');
      return done;
    }
  };
}
