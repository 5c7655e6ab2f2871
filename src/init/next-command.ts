/**
 * The command that starts this CLI again from where `init` ran, for its "Next:" line. A bare
 * `evidence-gate` only works when the package is installed on PATH; from a clone it is "command
 * not found", and `npx evidence-gate` outside a project that installed the package asks the
 * registry. So the choice follows where the running bin file lives (docs/cli.md):
 *
 *   <project>/node_modules/evidence-gate, run from inside <project>  → npx evidence-gate
 *   the `evidence-gate` on PATH is this bin (a global install)       → evidence-gate
 *   anything else (a clone, a copy)                                  → node <path to bin>
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quotePath } from '../util/quote.js';

const NAME = 'evidence-gate';

/**
 * bin/evidence-gate.js of the package whose module `moduleUrl` is (dist/cli/index.js, or
 * src/cli/engine.ts in a clone: both sit two folders below the package root); null when absent.
 */
export function binOf(moduleUrl: string): string | null {
  const bin = resolve(dirname(fileURLToPath(moduleUrl)), '..', '..', 'bin', `${NAME}.js`);
  return existsSync(bin) ? bin : null;
}

function real(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The folder npm runs `npx` from: the nearest one up from `cwd` holding package.json or node_modules. */
function npmPrefix(cwd: string): string {
  const start = real(cwd) ?? resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'node_modules'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** Whether the `evidence-gate` a shell finds on PATH is this bin (npm links it, or a .cmd shim on Windows). */
function onPath(realBin: string, path: string): boolean {
  const linked = (dir: string) => real(join(dir, NAME)) === realBin;
  // npm on Windows puts a .cmd shim in the prefix and the package in prefix/node_modules.
  const shimmed = (dir: string) =>
    existsSync(join(dir, `${NAME}.cmd`)) && real(join(dir, 'node_modules', NAME, 'bin', `${NAME}.js`)) === realBin;
  return path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => linked(dir) || shimmed(dir));
}

/** How to start the CLI from `cwd`: `npx evidence-gate`, `evidence-gate` or `node <bin>`; `bin` null: not known. */
export function cliCommand(bin: string | null, cwd: string, path = process.env.PATH ?? ''): string {
  const realBin = bin === null ? null : real(bin);
  if (bin === null || realBin === null) return NAME;
  const pkg = dirname(dirname(realBin));
  if (basename(dirname(pkg)) === 'node_modules' && npmPrefix(cwd) === dirname(dirname(pkg))) return `npx ${NAME}`;
  if (onPath(realBin, path)) return NAME;
  // Relative to the current folder when that is shorter (a clone nearby); another drive on Windows has none.
  const rel = relative(cwd, bin);
  const shown = isAbsolute(rel) || rel.length >= bin.length ? bin : rel;
  return `node ${quotePath(shown.split(sep).join('/'))}`;
}
