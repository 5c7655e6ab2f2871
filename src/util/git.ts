/** The commit checked out at `root`, read from .git without running git; null when unknown. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function gitHead(root: string): { sha: string | null; ref: string | null } {
  try {
    const gitDir = join(root, '.git');
    if (!existsSync(gitDir)) return { sha: null, ref: null };
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return { sha: /^[0-9a-f]{40}$/.test(head) ? head : null, ref: null };
    const ref = head.slice(5);
    const loose = join(gitDir, ref);
    if (existsSync(loose)) return { sha: readFileSync(loose, 'utf8').trim(), ref };
    const packed = join(gitDir, 'packed-refs');
    if (existsSync(packed)) {
      for (const line of readFileSync(packed, 'utf8').split('\n')) {
        const [sha, name] = line.split(' ');
        if (name === ref && sha) return { sha, ref };
      }
    }
    return { sha: null, ref };
  } catch {
    return { sha: null, ref: null };
  }
}
