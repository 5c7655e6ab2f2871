/**
 * The one reader of an Evidence Gate output folder written earlier — a baseline, a shard, a
 * downloaded artifact — used by `verify`, `run --baseline` and `merge`. Such a folder may come
 * from someone else, so nothing in it is trusted (docs/security.md, "Reading an output folder"):
 * the manifest is checked against its shape before any field is used; only the file names it
 * lists are opened, each a plain name inside the folder and a regular file (no link, no device);
 * every read is bounded by the size the manifest records, with the SHA-256 computed as the bytes
 * stream; evidence rows are checked against the recorded digests and row count when the last one
 * is read. Problems are `ArtifactError`s: one line naming the folder, the file and what is wrong.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { GATE_KEYS } from '../config/defaults.js';
import type { FileDigest, Manifest } from '../manifest/manifest.js';
import { MANIFEST_SCHEMA_VERSION } from '../manifest/manifest.js';
import { ArtifactError, majorVersion } from '../manifest/read.js';
import { MANIFEST_SHAPE, MAX_JSON_DEPTH, nestedDeeperThan, shapeProblem } from '../manifest/schema.js';
import { kindOfStats, openRegular, readAtMost } from '../util/regular-file.js';
import { quoted, visible } from '../util/visible.js';
import { TOOL_NAME } from '../version.js';
import { EvidenceBoundError, readEvidenceLines } from './reader.js';
import { EVIDENCE_SCHEMA_VERSION, EvidenceParseError, parseRow, type EvidenceRow } from './row.js';
import { EVIDENCE_FILE, EVIDENCE_GZ_FILE } from './writer.js';

/**
 * Largest manifest.json read: a manifest holds the config text (at most 256 KiB) and lists of files, ids and counters.
 */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/**
 * How far past its recorded size a listed file is read, so that a small edit is still shown
 * as a difference by `verify` rather than only as a wrong size.
 */
const EDIT_SLACK_BYTES = 1024 * 1024;

/** A file name a manifest may list: a plain name inside the folder. */
function plainNameProblem(name: string): string | null {
  if (name === '' || name === '.' || name === '..') return `expected a file name, found ${quoted(name)}`;
  if (/[/\\\0]/.test(name)) return `expected a plain file name inside the folder, found ${quoted(name, 80)}`;
  if (Buffer.byteLength(name) > 255) return 'expected a file name of at most 255 bytes';
  return null;
}

/** A listed file's bytes (when they could be read) and what is wrong with it, if anything. */
interface ListedRead {
  bytes: Buffer | null;
  /** "name: …" (without the folder), or null when the file matches its entry. */
  problem: string | null;
}

/** The evidence failed a check while or after streaming; `detail` omits the folder. */
export class EvidenceReadError extends ArtifactError {
  constructor(
    readonly detail: string,
    shown: string,
    /**
     * The bytes differ from what the manifest records (size, digest or row count), as opposed to a link or an
     * unreadable file.
     */
    readonly mismatch = false,
    /** Raised after every row was read and yielded (a digest or the row count differs). */
    readonly atEnd = false
  ) {
    super(`${shown}/${detail}`);
  }
}

export interface NumberedRow {
  line: string;
  row: EvidenceRow;
  /** 1-based line number. */
  number: number;
}

export class OutputFolder {
  private constructor(
    readonly dir: string,
    /** How the folder is named in messages. */
    readonly shown: string,
    readonly manifest: Manifest,
    readonly manifestSha256: string
  ) {}

  /** The manifest, checked; an `ArtifactError` for anything malformed. */
  static open(dir: string, shown: string): OutputFolder {
    let dirStats: Stats | null = null;
    try {
      dirStats = statSync(dir);
    } catch {
      dirStats = null;
    }
    if (!dirStats?.isDirectory())
      throw new ArtifactError(`${shown}: not a folder; expected an Evidence Gate output folder`);
    const opened = openRegular(join(dir, 'manifest.json'));
    if ('problem' in opened) {
      if (opened.problem === 'missing')
        throw new ArtifactError(`${shown}: no manifest.json; expected an Evidence Gate output folder`);
      throw new ArtifactError(`${shown}/manifest.json: ${opened.problem}`);
    }
    let read: { bytes: Buffer; more: boolean };
    try {
      if (opened.size > MAX_MANIFEST_BYTES)
        throw new ArtifactError(
          `${shown}/manifest.json: larger than ${MAX_MANIFEST_BYTES} bytes; expected an Evidence Gate manifest`
        );
      read = readAtMost(opened.fd, opened.size);
    } finally {
      closeSync(opened.fd);
    }
    if (read.more) throw new ArtifactError(`${shown}/manifest.json: changed while it was read`);
    let value: unknown;
    try {
      value = JSON.parse(read.bytes.toString('utf8'));
    } catch (error) {
      throw new ArtifactError(`${shown}/manifest.json: not valid JSON (${(error as Error).message})`);
    }
    const m = value as Manifest;
    if (
      m === null ||
      typeof m !== 'object' ||
      Array.isArray(m) ||
      (m.tool as unknown) === null ||
      m.tool?.name !== TOOL_NAME
    )
      throw new ArtifactError(`${shown}/manifest.json: not an Evidence Gate manifest`);
    const major = majorVersion(m.schema_version);
    if (major !== MANIFEST_SCHEMA_VERSION) {
      throw new ArtifactError(
        `${shown}/manifest.json: schema_version ${JSON.stringify(m.schema_version)} is not one this build reads (` +
          `${MANIFEST_SCHEMA_VERSION}); use the Evidence Gate version that wrote it`
      );
    }
    if (nestedDeeperThan(m, MAX_JSON_DEPTH))
      throw new ArtifactError(
        `${shown}/manifest.json: nested deeper than ${MAX_JSON_DEPTH} levels; expected an Evidence Gate manifest`
      );
    const problem = shapeProblem(m, MANIFEST_SHAPE);
    if (problem) throw new ArtifactError(`${shown}/manifest.json: ${problem}`);
    if (m.counters.length !== m.models.length)
      throw new ArtifactError(
        `${shown}/manifest.json: counters: expected one entry per model (${m.models.length}), found ` +
          `${m.counters.length}`
      );
    for (const key of GATE_KEYS) {
      if (!Object.hasOwn(m.gate.plan.thresholds, key))
        throw new ArtifactError(
          `${shown}/manifest.json: gate.plan.thresholds.${key}: expected a threshold, found nothing (a required key)`
        );
    }
    for (const [key, names] of [
      ['files', Object.keys(m.files)],
      ['run.stderr_files', Object.keys(m.run.stderr_files ?? {})]
    ] as const) {
      for (const name of names) {
        const bad =
          name === 'manifest.json'
            ? 'expected the names of the other files, found "manifest.json"'
            : plainNameProblem(name);
        if (bad) throw new ArtifactError(`${shown}/manifest.json: ${key}: ${bad}`);
      }
    }
    const file = m.evidence.file;
    if (file !== EVIDENCE_FILE && file !== EVIDENCE_GZ_FILE)
      throw new ArtifactError(`${shown}/manifest.json: evidence.file must be ${EVIDENCE_FILE} or ${EVIDENCE_GZ_FILE}`);
    const entry = m.files[file];
    if (!entry) throw new ArtifactError(`${shown}/manifest.json: files lists no ${file}`);
    if (majorVersion(entry.schema_version) !== EVIDENCE_SCHEMA_VERSION) {
      throw new ArtifactError(
        `${shown}/${file}: schema_version ${JSON.stringify(entry.schema_version)} is not one this build reads (` +
          `${EVIDENCE_SCHEMA_VERSION})`
      );
    }
    if (entry.rows === undefined)
      throw new ArtifactError(
        `${shown}/manifest.json: files.${file}.rows: expected a whole number, found nothing (a required key)`
      );
    if (file === EVIDENCE_GZ_FILE && !entry.uncompressed)
      throw new ArtifactError(
        `${shown}/manifest.json: files.${file}.uncompressed: expected the digest and size of the content, found ` +
          `nothing (a required key)`
      );
    return new OutputFolder(dir, shown, m, createHash('sha256').update(read.bytes).digest('hex'));
  }

  get evidenceName(): string {
    return this.manifest.evidence.file;
  }

  get evidenceEntry(): FileDigest & { rows: number } {
    return this.manifest.files[this.evidenceName] as FileDigest & { rows: number };
  }

  /** Every file the manifest lists (derived files, evidence, stderr tails), with its entry. */
  listed(): Array<[string, FileDigest]> {
    return Object.entries({ ...this.manifest.files, ...(this.manifest.run.stderr_files ?? {}) });
  }

  /**
   * A listed file's bytes, read up to a little past its recorded size, checked against its
   * recorded size and SHA-256. `bytes` is null when the file could not be read safely.
   */
  readListed(name: string): ListedRead {
    const entry = this.listed().find(([n]) => n === name)?.[1];
    if (!entry) return { bytes: null, problem: `${name}: not listed in the manifest` };
    const opened = openRegular(join(this.dir, name));
    if ('problem' in opened)
      return {
        bytes: null,
        problem:
          opened.problem === 'missing'
            ? `${name}: missing (the manifest lists it with SHA-256 ${entry.sha256.slice(0, 12)}…)`
            : `${name}: ${opened.problem}`
      };
    const limit = entry.bytes + EDIT_SLACK_BYTES;
    let read: { bytes: Buffer; more: boolean } | null = null;
    try {
      if (opened.size <= limit) read = readAtMost(opened.fd, opened.size);
    } finally {
      closeSync(opened.fd);
    }
    if (read === null)
      return {
        bytes: null,
        problem:
          `${name}: SHA-256 recorded ${entry.sha256}, found a file of ${opened.size} bytes, more than ` +
          `${EDIT_SLACK_BYTES} bytes longer than the ${entry.bytes} recorded`
      };
    if (read.more) return { bytes: null, problem: `${name}: changed while it was read` };
    const actual = createHash('sha256').update(read.bytes).digest('hex');
    return {
      bytes: read.bytes,
      problem: actual === entry.sha256 ? null : `${name}: SHA-256 recorded ${entry.sha256}, found ${actual}`
    };
  }

  /**
   * A listed JSON file, parsed; an `ArtifactError` when it is unreadable, not JSON or nested too deep. Its digest is
   * not checked here.
   */
  readJson(name: string): unknown {
    const { bytes, problem } = this.readListed(name);
    if (bytes === null) throw new ArtifactError(`${this.shown}/${problem}`);
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new ArtifactError(`${this.shown}/${name}: not readable JSON (${(error as Error).message})`);
    }
    if (nestedDeeperThan(value, MAX_JSON_DEPTH))
      throw new ArtifactError(
        `${this.shown}/${name}: nested deeper than ${MAX_JSON_DEPTH} levels; expected an Evidence Gate file`
      );
    return value;
  }

  /**
   * The evidence rows in file order, parsed against the manifest's labels. Reading stops with an
   * `EvidenceReadError` when the file or its content outgrows the recorded sizes or a row the
   * row limit; after the last row the file's digests and row count must match the manifest.
   * A row that does not parse throws the row's `EvidenceParseError`.
   */
  async *rows(): AsyncGenerator<NumberedRow> {
    const name = this.evidenceName;
    const entry = this.evidenceEntry;
    const opened = openRegular(join(this.dir, name));
    if ('problem' in opened)
      throw new EvidenceReadError(
        `${name}: ${opened.problem === 'missing' ? 'missing; the manifest lists it' : opened.problem}`,
        this.shown
      );
    const content = entry.uncompressed ?? entry;
    const reader = readEvidenceLines(
      { path: join(this.dir, name), fd: opened.fd, gzip: name === EVIDENCE_GZ_FILE },
      { fileBytes: entry.bytes, bytes: content.bytes }
    );
    const labels = this.manifest.data.labels;
    let number = 0;
    try {
      for await (const line of reader.lines) {
        number++;
        if (number > entry.rows)
          throw new EvidenceReadError(
            `${name}: more than the ${entry.rows} rows its manifest records`,
            this.shown,
            true
          );
        yield { line, row: parseRow(line, labels, `${this.shown}/${name}:${number}`), number };
      }
    } catch (error) {
      if (error instanceof EvidenceBoundError)
        throw new EvidenceReadError(`${name}: ${error.message}`, this.shown, true);
      if (error instanceof ArtifactError || error instanceof EvidenceParseError) throw error;
      throw new EvidenceReadError(`${name}: unreadable (${(error as Error).message})`, this.shown);
    }
    const d = reader.digests();
    if (d.fileSha256 !== entry.sha256)
      throw new EvidenceReadError(
        `${name}: SHA-256 recorded ${entry.sha256}, found ${d.fileSha256}`,
        this.shown,
        true,
        true
      );
    if (entry.uncompressed && d.sha256 !== entry.uncompressed.sha256)
      throw new EvidenceReadError(
        `${name}: uncompressed SHA-256 recorded ${entry.uncompressed.sha256}, found ${d.sha256}`,
        this.shown,
        true,
        true
      );
    if (number !== entry.rows)
      throw new EvidenceReadError(`${name}: rows recorded ${entry.rows}, found ${number}`, this.shown, true, true);
  }

  /**
   * What `verify` refuses besides wrong digests: entries the manifest does not list (a note, a
   * folder, a planted file) and listed files reachable from elsewhere (a link, or a file with
   * other hard links, which can change without the folder changing).
   */
  strayEntries(): string[] {
    const listed = new Set(this.listed().map(([n]) => n));
    const out: string[] = [];
    for (const d of readdirSync(this.dir, { withFileTypes: true })) {
      if (d.name === 'manifest.json' || listed.has(d.name)) {
        const s = lstatSync(join(this.dir, d.name));
        if (!s.isFile()) out.push(`${d.name}: ${kindOfStats(s)}; expected a regular file inside the folder`);
        else if (s.nlink > 1)
          out.push(
            `${d.name}: has ${s.nlink} hard links; expected a file of this folder alone (a linked file can ` +
              `change from outside it)`
          );
        continue;
      }
      out.push(
        `${visible(d.name)}${d.isDirectory() ? '/' : ''}: not listed in the manifest; expected only the files it lists`
      );
    }
    return out.sort();
  }
}
