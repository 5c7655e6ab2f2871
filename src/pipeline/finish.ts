/** The last stage of every command: the evidence entry, external models' stderr tails, and the manifest, written last. */
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/row.js';
import type { EvidenceFileInfo } from '../evidence/writer.js';
import { EVIDENCE_FILE } from '../evidence/writer.js';
import type { GateResult } from '../gate/checks.js';
import type { FileDigest, Manifest } from '../manifest/manifest.js';
import { ExternalModel } from '../models/external/external-model.js';
import type { Model } from '../models/model.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import type { OutputStaging } from './output.js';

/** The manifest's `files` entry for the evidence, plain or gzipped (both digests kept). */
export function evidenceEntry(e: EvidenceFileInfo): Record<string, FileDigest> {
  const base = { rows: e.rows, schema_version: EVIDENCE_SCHEMA_VERSION };
  if (e.gzip) return { [e.file]: { sha256: e.gzip.sha256, bytes: e.gzip.bytes, ...base, uncompressed: { name: EVIDENCE_FILE, sha256: e.sha256, bytes: e.bytes } } };
  return { [e.file]: { sha256: e.sha256, bytes: e.bytes, ...base } };
}

/** The tail of each external model's stderr, when it wrote any, as `stderr-<n>-<model>.txt` (outside the determinism promise). */
export function writeStderrTails(staging: OutputStaging, models: readonly Model[]): Record<string, FileDigest> {
  const out: Record<string, FileDigest> = {};
  models.forEach((m, i) => {
    if (!(m instanceof ExternalModel)) return;
    const tail = m.stderrTail();
    if (tail === '') return;
    const name = `stderr-${i + 1}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}.txt`;
    staging.writeUnlisted(name, tail);
    out[name] = { sha256: sha256Hex(tail), bytes: Buffer.byteLength(tail, 'utf8') };
  });
  return out;
}

/** Adds the gate's results, the files and the run section, writes manifest.json and returns its text. */
export function finishManifest(staging: OutputStaging, body: Manifest, gate: GateResult | null, run: Partial<Manifest['run']>): string {
  const manifest: Manifest = {
    ...body,
    gate: gate ? { plan: body.gate.plan, verdict: gate.verdict, counts: gate.counts, failing_checks: gate.failing } : { plan: body.gate.plan },
    files: { ...body.files, ...staging.files },
    run: { ...body.run, ...run }
  };
  const text = stableJson(manifest, 2) + '\n';
  staging.writeUnlisted('manifest.json', text);
  return text;
}
