/**
 * The repository root the CLI works in: `--root`, else the git top level of the current folder, else the current
 * folder.
 */
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
  return chooseRoot(cwd, given).root;
}

/** The root and how it was chosen, for messages. */
export function chooseRoot(cwd: string, given: string | undefined): { root: string; how: string } {
  if (given !== undefined) return { root: resolve(cwd, given), how: 'given by --root' };
  const top = gitTopLevel(cwd);
  return top !== null
    ? { root: top, how: 'the git top level of the current folder' }
    : { root: resolve(cwd), how: 'the current folder, which is in no git repository' };
}
