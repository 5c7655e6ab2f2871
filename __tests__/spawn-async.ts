/**
 * spawnSync's answer (status, signal, stdout, stderr as UTF-8) without blocking: for tests that run
 * independent child processes (the bundles, Python) side by side, or beside an in-process run.
 */
import { spawn } from 'node:child_process';

export interface Spawned {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Set when the process could not start (ENOENT, …). */
  error?: Error;
}

export function spawnAsync(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}
): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    let error: Error | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (e) => (error = e));
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout, stderr, ...(error !== undefined ? { error } : {}) })
    );
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}
