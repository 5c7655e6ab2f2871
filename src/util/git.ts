/** The commit checked out at `root` (read from .git without running git), and what a diff touches. */
import { spawnSync } from 'node:child_process';
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

/** Whether a baseline folder is part of what a change wrote (docs/security.md#baselines). */
export interface FolderDiff {
  /** Whether git tracks files under it (null: git cannot tell, e.g. no git or not a checkout). */
  tracked: boolean | null;
  /** Whether the diff of HEAD against `baseCommit` touches it (null: unknown, `note` says why). */
  changed: boolean | null;
  baseCommit: string | null;
  note: string;
}

/** Runs git read-only in `root`; null when git is missing, fails or takes too long. */
function git(root: string, args: string[]): Buffer | null {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1' };
  const options = { cwd: root, env, timeout: 20_000, maxBuffer: 1 << 24 };
  const r = spawnSync('git', ['-c', 'core.quotepath=off', ...args], options);
  return r.status === 0 && r.stdout ? r.stdout : null;
}

/**
 * Whether the diff between `baseCommit` and HEAD touches `folder` (relative to `root`, inside
 * it). Unknown without a base commit, without git, or when the base commit is not in the
 * checkout (a shallow clone).
 */
export function folderDiff(root: string, folder: string, baseCommit: string | null): FolderDiff {
  const unknown = (tracked: boolean | null, note: string): FolderDiff => ({ tracked, changed: null, baseCommit, note });
  const inside = git(root, ['rev-parse', '--is-inside-work-tree']);
  if (inside === null || inside.toString('utf8').trim() !== 'true') {
    return unknown(null, 'git cannot tell here (no git, or not a checkout)');
  }
  const path = folder === '' ? '.' : folder;
  const listed = git(root, ['ls-files', '-z', '--', path]);
  const tracked = listed === null ? null : listed.length > 0;
  if (baseCommit === null) return unknown(tracked, 'no base commit is known to diff against');
  if (git(root, ['cat-file', '-e', `${baseCommit}^{commit}`]) === null) {
    const hint = 'actions/checkout with fetch-depth: 0 fetches it';
    return unknown(tracked, `the base commit ${baseCommit.slice(0, 12)} is not in the checkout (${hint})`);
  }
  const diff = git(root, ['diff', '--name-only', '-z', baseCommit, 'HEAD', '--', path]);
  if (diff === null) return unknown(tracked, `git diff against ${baseCommit.slice(0, 12)} failed`);
  const changed = diff.length > 0;
  const note = `${changed ? 'changed' : 'not changed'} since the base commit ${baseCommit.slice(0, 12)}`;
  return { tracked, changed, baseCommit, note };
}
