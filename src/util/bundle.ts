/** SHA-256 of the running bundle, for the manifest, and what the CLI's launcher tells its engine. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from './hash.js';

export function fileDigest(moduleUrl: string): string | null {
  try {
    return sha256Hex(readFileSync(fileURLToPath(moduleUrl)));
  } catch {
    return null;
  }
}

/**
 * What dist/cli/index.js (the launcher) hands the engine bundle it compiles: its own URL, which a
 * second thread must start from (the engine file is a script, not a module), and the engine's
 * digest, which it computed already.
 */
interface Launch {
  entry: string;
  bundleSha256: string;
}

const LAUNCH = Symbol.for('evidence-gate.launch');

export function setLaunch(launch: Launch): void {
  (globalThis as Record<symbol, unknown>)[LAUNCH] = launch;
}

/** The launcher's hand-off, or null when the bundle was started some other way. */
export function launch(): Launch | null {
  return ((globalThis as Record<symbol, unknown>)[LAUNCH] as Launch | undefined) ?? null;
}
