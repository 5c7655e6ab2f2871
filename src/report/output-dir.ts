/**
 * The output folder is written under a temporary sibling name and moved into place only when
 * complete, so an interrupted run never leaves a folder that looks like valid evidence.
 * An existing folder is replaced only if it is empty or an earlier Evidence Gate output.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { TOOL_NAME } from '../version.js';

function isOurs(dir: string): boolean {
  const entries = readdirSync(dir);
  if (entries.length === 0) return true;
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { tool?: { name?: string } }).tool?.name === TOOL_NAME;
  } catch {
    return false;
  }
}

export function assertReplaceable(dir: string, shown: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new UsageError(`output ${shown} exists and is not a folder; expected a folder path for the evidence`);
  if (!isOurs(dir)) throw new UsageError(`output folder ${shown} holds other files; expected an empty folder or an earlier Evidence Gate output`);
}

export function createStaging(dir: string): string {
  mkdirSync(dirname(dir), { recursive: true });
  const staging = join(dirname(dir), `.${basename(dir)}.tmp-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  return staging;
}

export function commitStaging(staging: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

export function discardStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
