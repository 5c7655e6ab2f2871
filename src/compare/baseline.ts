/**
 * A baseline output folder (SPEC §15) read into a compact index: per (split, id, model,
 * condition) one number packing 48 bits of the input digest and whether the row was ok and
 * correct, and the (split, id, model) triples that had a protected transition. Reading it checks
 * every digest its manifest lists; a folder whose schema is unknown or whose files do not match
 * their digests is refused (ArtifactError).
 */
import { join } from 'node:path';
import type { ProtectedTransition } from '../config/plan.js';
import { isProtected } from '../evidence/ledger.js';
import { readEvidenceLines } from '../evidence/reader.js';
import { EvidenceParseError, parseRow } from '../evidence/row.js';
import { ArtifactError, fileSha256, openArtifact, type OpenedArtifact } from '../manifest/read.js';

export interface BaselineIndex {
  artifact: OpenedArtifact;
  /** key → digest48 × 4 + (ok ? 2 : 0) + (correct ? 1 : 0). */
  rows: Map<string, number>;
  /** `split \0 id \0 model` of ids with a protected transition (under the head run's declared pairs). */
  moved: Set<string>;
  rowCount: number;
}

export function rowKey(split: string, id: string, model: string, condition: string): string {
  return `${split}\0${id}\0${model}\0${condition}`;
}

export function packRow(digest: string, ok: boolean, correct: boolean): number {
  return parseInt(digest.slice(0, 12), 16) * 4 + (ok ? 2 : 0) + (correct ? 1 : 0);
}

export const packedDigest = (packed: number) => Math.floor(packed / 4);
export const packedOk = (packed: number) => (packed & 2) !== 0;
export const packedCorrect = (packed: number) => (packed & 1) !== 0;

/** Reads and indexes the baseline in `dir`; `transitions` are the head run's declared pairs. */
export async function loadBaseline(dir: string, shown: string, transitions: readonly ProtectedTransition[]): Promise<BaselineIndex> {
  const artifact = openArtifact(dir, shown);
  const m = artifact.manifest;
  for (const [name, entry] of Object.entries(m.files)) {
    if (name === m.evidence.file) continue;
    let actual: string;
    try {
      actual = fileSha256(join(dir, name));
    } catch {
      throw new ArtifactError(`${shown}/${name}: missing or unreadable; the manifest lists it`);
    }
    if (actual !== entry.sha256) throw new ArtifactError(`${shown}/${name}: SHA-256 does not match the manifest (the folder was changed after it was written)`);
  }
  const labels = m.data.labels;
  const rows = new Map<string, number>();
  const moved = new Set<string>();
  const reader = readEvidenceLines(artifact.evidencePath);
  let n = 0;
  try {
    for await (const line of reader.lines) {
      n++;
      const row = parseRow(line, labels, `${shown}/${m.evidence.file}:${n}`);
      const ok = row.status === 'ok';
      rows.set(rowKey(row.split, row.id, row.model, row.condition), packRow(row.input_sha256, ok, ok && row.prediction === row.label));
      if (row.tested === true && ok && isProtected(transitions, row.label, row.prediction)) moved.add(`${row.split}\0${row.id}\0${row.model}`);
    }
  } catch (error) {
    if (error instanceof EvidenceParseError) throw new ArtifactError(error.message);
    throw new ArtifactError(`${shown}/${m.evidence.file}: unreadable (${(error as Error).message})`);
  }
  const digests = reader.digests();
  const expected = artifact.evidenceEntry.uncompressed?.sha256 ?? artifact.evidenceEntry.sha256;
  if (digests.fileSha256 !== artifact.evidenceEntry.sha256 || digests.sha256 !== expected) {
    throw new ArtifactError(`${shown}/${m.evidence.file}: SHA-256 does not match the manifest (truncated or changed)`);
  }
  return { artifact, rows, moved, rowCount: n };
}
