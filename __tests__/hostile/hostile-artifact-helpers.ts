/**
 * Shared pieces of the hostile-artifact tests (docs/security.md, "Reading an output folder"):
 * a small repository with a run and three shards, in-process CLI runs, manifest edits that keep
 * or break digests, and a child-process run of the compiled CLI under /usr/bin/time that reports
 * wall time and peak memory. These helpers use only what the code before the reader also had, so
 * the tests can be run against it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { run } from '../../src/engine.js';
import { jsonl, tinyRepo } from '../helpers.js';

export const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
export const shaOf = (path: string) => sha(readFileSync(path));

export async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

export function editJson(path: string, edit: (x: any) => void): void {
  const x = JSON.parse(readFileSync(path, 'utf8'));
  edit(x);
  writeFileSync(path, JSON.stringify(x, null, 2) + '\n');
}

/** Records a listed file's current size and SHA-256 in the folder's manifest, as a careful forger would. */
export function relist(dir: string, name: string): void {
  const bytes = readFileSync(join(dir, name));
  editJson(join(dir, 'manifest.json'), (m) => {
    m.files[name] = { ...m.files[name], sha256: sha(bytes), bytes: bytes.length };
  });
}

/** A copy of `from` named `to` inside `root`, replacing an earlier one. */
export function copyFolder(root: string, from: string, to: string): string {
  rmSync(join(root, to), { recursive: true, force: true });
  cpSync(join(root, from), join(root, to), { recursive: true });
  return join(root, to);
}

const CONFIG = `version: 1
threat_model:
  id: tm
  attacks:
    format: {}
    truncate: { keep: 0.65 }
data:
  train: data/train.jsonl
  evaluate:
    controlled: data/controlled.jsonl
    challenge: data/challenge.jsonl
models:
  - naive-bayes
  - tfidf-word
statistics: { bootstrap_iterations: 50, paired_iterations: 20 }
`;

/** `n` examples of the split, alternating two labels. */
function examples(prefix: string, n: number, language: string): string {
  const texts = [
    'the results show a clear gain in the second trial',
    'one limitation is the small sample we could study'
  ];
  return jsonl(
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${String(i).padStart(2, '0')}`,
      text: `${texts[i % 2]} ${i}`,
      label: i % 2 === 0 ? 'result' : 'limitation',
      language
    }))
  );
}

/** A small repository (two models, two attack families, 12 + 12 examples) with `out` (a whole run) and `s1`..`s3` (its three shards). */
export async function repoWithOutputs(): Promise<string> {
  const root = tinyRepo({
    'evidence-gate.yml': CONFIG,
    'data/controlled.jsonl': examples('c', 12, 'en'),
    'data/challenge.jsonl': examples('h', 12, 'es')
  });
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  for (const k of [1, 2, 3])
    await run({ root, configPath: 'evidence-gate.yml', outputDir: `s${k}`, shard: { index: k, count: 3 } });
  return root;
}

export interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the child, in milliseconds. */
  ms: number;
  /** Peak resident memory of the child, in bytes (from /usr/bin/time -v). */
  peakBytes: number;
  /** Processor time of the child (user + system), in milliseconds: its own work, whatever else runs on the machine. */
  cpuMs: number;
  /** Whether the child was killed for running past `killAfterMs`. */
  killed: boolean;
}

/** `node <engine> ...args` under /usr/bin/time -v, killed after `killAfterMs` (so the code before the reader ends too). */
export function measuredCli(
  engine: string,
  args: readonly string[],
  cwd: string,
  killAfterMs = 30_000
): Promise<Measured> {
  const started = Date.now();
  const child = spawn('/usr/bin/time', ['-v', process.execPath, engine, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  let stdout = '';
  let stderr = '';
  let killed = false;
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, killAfterMs);
  return new Promise((resolveDone) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const seconds = (what: string) =>
        Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(stderr)?.[1] ?? Number.POSITIVE_INFINITY);
      const cut = stderr.search(/^(\s*Command being timed|Command exited with|Command terminated)/m);
      const ownStderr = cut === -1 ? stderr : stderr.slice(0, cut);
      resolveDone({
        code: killed ? null : code,
        stdout,
        stderr: ownStderr,
        ms: Date.now() - started,
        peakBytes: kb ? Number(kb[1]) * 1024 : Number.POSITIVE_INFINITY,
        cpuMs: (seconds('User') + seconds('System')) * 1000,
        killed
      });
    });
  });
}

/** Size of a file, for messages. */
export const sizeOf = (path: string) => statSync(path).size;
