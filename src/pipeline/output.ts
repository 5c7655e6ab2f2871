/**
 * The output folder of one command (src/output/slot.ts): resolved inside the root, checked and
 * locked before any work, written under a staging name, and moved into place only when complete.
 * Files written here are digested for the manifest.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_OUTPUT_DIR } from '../config/defaults.js';
import type { FileDigest } from '../manifest/manifest.js';
import { openOutputSlot, type OutputSlot } from '../output/slot.js';
import { sha256Hex } from '../util/hash.js';

export class OutputStaging {
  readonly files: Record<string, FileDigest> = {};

  private constructor(
    private readonly slot: Pick<OutputSlot, 'absolute' | 'relative' | 'staging' | 'commit' | 'discard'>
  ) {}

  /** The output folder `given` (relative to `cwd`, default the root): checked, locked and staged. */
  static open(root: string, given: string | undefined, cwd?: string): OutputStaging {
    return new OutputStaging(openOutputSlot({ root, outputDir: given ?? DEFAULT_OUTPUT_DIR, cwd }));
  }

  /** A private scratch folder outside the root (verify --rerun): no lock, nothing to replace. */
  static scratch(absolute: string): OutputStaging {
    mkdirSync(dirname(absolute), { recursive: true });
    const staging = mkdtempSync(`${absolute}.tmp-`);
    return new OutputStaging({
      absolute,
      relative: absolute,
      staging,
      commit: () => renameSync(staging, absolute),
      discard: () => rmSync(staging, { recursive: true, force: true })
    });
  }

  get dir(): string {
    return this.slot.staging;
  }

  get absolute(): string {
    return this.slot.absolute;
  }

  get relative(): string {
    return this.slot.relative;
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
    this.slot.commit();
  }

  discard(error?: unknown): void {
    this.slot.discard(error);
  }
}
