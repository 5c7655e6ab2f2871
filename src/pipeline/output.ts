/**
 * The output folder of one command: resolved inside the root and checked before any work, written
 * under a staging name, and moved into place only when complete (report/output-dir.ts).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveInside } from '../config/paths.js';
import { DEFAULT_OUTPUT_DIR } from '../config/defaults.js';
import { UsageError } from '../errors.js';
import type { FileDigest } from '../manifest/manifest.js';
import { assertReplaceable, commitStaging, createStaging, discardStaging } from '../report/output-dir.js';
import { sha256Hex } from '../util/hash.js';

export interface OutputTarget {
  absolute: string;
  /** Relative to the root, with forward slashes. */
  relative: string;
}

/** Resolves `given` (relative to `cwd`, default the root) inside the root and checks that it may be replaced. */
export function outputTarget(root: string, given: string | undefined, cwd?: string): OutputTarget {
  const out = resolveInside(root, resolve(cwd ?? root, given ?? DEFAULT_OUTPUT_DIR));
  if (typeof out === 'string') throw new UsageError(`output folder: ${out}`);
  if (out.relative === '.') throw new UsageError('output folder: expected a folder below the repository root, found the root itself');
  assertReplaceable(out.absolute, out.relative);
  return out;
}

/** A staging folder for `target`; files written to it are digested for the manifest. */
export class OutputStaging {
  readonly dir: string;
  readonly files: Record<string, FileDigest> = {};

  constructor(readonly target: OutputTarget) {
    this.dir = createStaging(target.absolute);
  }

  write(name: string, content: string): void {
    writeFileSync(join(this.dir, name), content, 'utf8');
    this.files[name] = { sha256: sha256Hex(content), bytes: Buffer.byteLength(content, 'utf8') };
  }

  /** Writes a file that the manifest does not digest (the manifest itself). */
  writeUnlisted(name: string, content: string): void {
    writeFileSync(join(this.dir, name), content, 'utf8');
  }

  commit(): void {
    commitStaging(this.dir, this.target.absolute);
  }

  discard(): void {
    discardStaging(this.dir);
  }
}
