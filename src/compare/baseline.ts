/**
 * A baseline output folder (docs/definitions.md#comparison) read into a compact index: per (split, id, model,
 * condition) one number packing 48 bits of the input digest and whether the row was ok and
 * correct, and the (split, id, model) triples that had a protected transition. Reading it checks
 * every digest its manifest lists; a folder whose schema is unknown or whose files do not match
 * their digests is refused (ArtifactError).
 */
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { EvidenceOrderError } from '../evidence/group.js';
import { isProtected } from '../evidence/ledger.js';
import { EvidenceReadError, OutputFolder } from '../evidence/output-folder.js';
import { EvidenceParseError, type EvidenceRow } from '../evidence/row.js';
import { ArtifactError } from '../manifest/read.js';

export interface BaselineIndex {
  artifact: OutputFolder;
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

/** Given the opened folder, what else reads each of its rows in the same pass (the re-derivation of its checks). */
type RowWatcher = (artifact: OutputFolder) => (row: EvidenceRow) => void;

/**
 * Reads and indexes the baseline in `dir`; `transitions` are the head run's declared pairs. A
 * shard folder is refused: it holds a fraction of the examples, so most rows would count as
 * dropped or new and the comparison would look like a regression (docs/security.md).
 */
export async function loadBaseline(
  dir: string,
  shown: string,
  transitions: readonly ProtectedTransition[],
  watch?: RowWatcher
): Promise<BaselineIndex> {
  const artifact = OutputFolder.open(dir, shown);
  const m = artifact.manifest;
  if (m.kind === 'shard') {
    const s = m.shard;
    throw new ArtifactError(
      `${shown}: a shard output${s ? ` (${s.index}/${s.count}, ${s.examples} examples)` : ''}, not a full run; ` +
        `expected the output of a whole run or of a merge (merge the shards first)`
    );
  }
  for (const [name] of artifact.listed()) {
    if (name === artifact.evidenceName) continue;
    const { problem } = artifact.readListed(name);
    if (problem === null) continue;
    if (problem.startsWith(`${name}: SHA-256`))
      throw new ArtifactError(
        `${shown}/${name}: SHA-256 does not match the manifest (the folder was changed after it was written)`
      );
    throw new ArtifactError(`${shown}/${problem}`);
  }
  const rows = new Map<string, number>();
  const moved = new Set<string>();
  let n = 0;
  const seen = watch?.(artifact);
  try {
    for await (const { row } of artifact.rows()) {
      n++;
      seen?.(row);
      const ok = row.status === 'ok';
      rows.set(
        rowKey(row.split, row.id, row.model, row.condition),
        packRow(row.input_sha256, ok, ok && row.prediction === row.label)
      );
      if (row.success === true && ok && isProtected(transitions, row.label, row.prediction))
        moved.add(`${row.split}\0${row.id}\0${row.model}`);
    }
  } catch (error) {
    if (error instanceof EvidenceParseError) throw new ArtifactError(error.message);
    if (error instanceof EvidenceOrderError) {
      throw new ArtifactError(`${shown}/${artifact.evidenceName}:${n}: ${error.message}`);
    }
    if (error instanceof EvidenceReadError && error.mismatch && error.detail.includes('SHA-256')) {
      throw new ArtifactError(
        `${shown}/${artifact.evidenceName}: SHA-256 does not match the manifest (truncated or changed)`
      );
    }
    throw error;
  }
  return { artifact, rows, moved, rowCount: n };
}
