/** Whether a module is the program node was started with, rather than imported by another. */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function startedDirectly(moduleUrl: string, argv1: string | undefined = process.argv[1]): boolean {
  if (!argv1) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(argv1);
  } catch {
    return false;
  }
}
