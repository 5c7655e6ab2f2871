/**
 * The files `init` writes, all or none. Each is first written under a temporary name beside its
 * place; `check` then reads them there (init loads its config back as run would); only then is
 * each renamed into place. On any failure before that, the temporary files and every folder this
 * call created are removed, so a refused or failed init leaves nothing behind (docs/cli.md).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface StagedFile {
  /** Where the file goes (a real path, as resolveInside gives it). */
  absolute: string;
  text: string;
}

/** The temporary name of `absolute`: hidden, beside it, and this process's own. */
function stagedName(absolute: string): string {
  return join(dirname(absolute), `.${basename(absolute)}.init-${process.pid}.tmp`);
}

/** Writes `files` under their staged names, runs `check`, then renames them into place; or leaves nothing. */
export function writeAllOrNothing(files: readonly StagedFile[], check: (staged: typeof stagedName) => void): void {
  const created: string[] = [];
  const written: string[] = [];
  try {
    for (const file of files) {
      const first = mkdirSync(dirname(file.absolute), { recursive: true });
      if (first !== undefined) created.push(first);
      const temp = stagedName(file.absolute);
      writeFileSync(temp, file.text, { encoding: 'utf8', flag: 'wx' });
      written.push(temp);
    }
    check(stagedName);
  } catch (error) {
    for (const temp of written) rmSync(temp, { force: true });
    // Only folders this call made, newest first: they hold nothing else of the user's.
    for (const folder of created.reverse()) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  // Renames within one folder of one file system: a failure here is the machine's, reported as such.
  for (const file of files) renameSync(stagedName(file.absolute), file.absolute);
}
