/**
 * Opening an Evidence Gate output folder written earlier (a baseline, a shard, a downloaded
 * artifact): its manifest, the schema versions this build can read, and the evidence file the
 * manifest names. Problems are `ArtifactError`s: one line naming the folder and what is wrong.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/row.js';
import { EVIDENCE_FILE, EVIDENCE_GZ_FILE } from '../evidence/writer.js';
import { TOOL_NAME } from '../version.js';
import { MANIFEST_SCHEMA_VERSION, type Manifest } from './manifest.js';

/** A folder that is not a readable Evidence Gate output of a schema this build knows. */
export class ArtifactError extends UsageError {}

export interface OpenedArtifact {
  dir: string;
  /** How the folder is named in messages. */
  shown: string;
  manifest: Manifest;
  manifestSha256: string;
  /** Path of the evidence file (plain or gzipped) and its manifest entry. */
  evidencePath: string;
  evidenceEntry: { sha256: string; bytes: number; rows?: number; uncompressed?: { sha256: string; bytes: number } };
}

/** The integer major version of a schema_version value ("2", 2, "2.1" → 2), or null. */
export function majorVersion(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)*$/.test(value)) return Number(value.split('.')[0]);
  return null;
}

export function openArtifact(dir: string, shown: string): OpenedArtifact {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ArtifactError(`${shown}: not a folder; expected an Evidence Gate output folder`);
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new ArtifactError(`${shown}: no manifest.json; expected an Evidence Gate output folder`);
  const bytes = readFileSync(path);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch (error) {
    throw new ArtifactError(`${shown}/manifest.json: not valid JSON (${(error as Error).message})`);
  }
  if (manifest === null || typeof manifest !== 'object' || manifest.tool?.name !== TOOL_NAME) throw new ArtifactError(`${shown}/manifest.json: not an Evidence Gate manifest`);
  const major = majorVersion(manifest.schema_version);
  if (major !== MANIFEST_SCHEMA_VERSION) {
    throw new ArtifactError(`${shown}/manifest.json: schema_version ${JSON.stringify(manifest.schema_version)} is not one this build reads (${MANIFEST_SCHEMA_VERSION}); use the Evidence Gate version that wrote it`);
  }
  const file = manifest.evidence?.file;
  if (file !== EVIDENCE_FILE && file !== EVIDENCE_GZ_FILE) throw new ArtifactError(`${shown}/manifest.json: evidence.file must be ${EVIDENCE_FILE} or ${EVIDENCE_GZ_FILE}`);
  const entry = manifest.files?.[file];
  if (!entry) throw new ArtifactError(`${shown}/manifest.json: files lists no ${file}`);
  const evidenceMajor = majorVersion(entry.schema_version);
  if (evidenceMajor !== EVIDENCE_SCHEMA_VERSION) {
    throw new ArtifactError(`${shown}/${file}: schema_version ${JSON.stringify(entry.schema_version)} is not one this build reads (${EVIDENCE_SCHEMA_VERSION})`);
  }
  const evidencePath = join(dir, file);
  if (!existsSync(evidencePath)) throw new ArtifactError(`${shown}/${file}: missing; the manifest lists it`);
  return {
    dir,
    shown,
    manifest,
    manifestSha256: createHash('sha256').update(bytes).digest('hex'),
    evidencePath,
    evidenceEntry: entry
  };
}

/** SHA-256 of a file, streamed in chunks. */
export function fileSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
