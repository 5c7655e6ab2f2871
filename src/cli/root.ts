/** The repository root the CLI works in: `--root`, else the git top level of the current folder, else the current folder. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function gitTopLevel(from: string): string | null {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(resolve(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function cliRoot(cwd: string, given: string | undefined): string {
  if (given !== undefined) return resolve(cwd, given);
  return gitTopLevel(cwd) ?? resolve(cwd);
}
