/**
 * Shared pieces of the hostile output-folder tests: a freshly compiled copy of the sources
 * (dist/ is a committed bundle and may lag behind src/), child-process runs of the real CLI,
 * a slow external model, and folder snapshots.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers.js';

function sourceDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (lstatSync(full).isDirectory()) walk(full);
      else hash.update(relative(REPO_ROOT, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(join(REPO_ROOT, 'src'));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Writes what `tsc -p tsconfig.json --outDir <out>` writes (src/ under <out>, package.json beside it),
 * file by file with TypeScript's transpileModule: the same bytes (isolatedModules holds) without
 * type-checking the program, which `npm run typecheck` does, in a third of the time.
 */
function transpileSources(out: string): void {
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(REPO_ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      }
    }
  );
  if (!parsed) throw new Error('tsconfig.json: not readable');
  // NodeNext picks each file's format from package.json, which transpileModule does not read: "type": "module".
  const compilerOptions = { ...parsed.options, noEmit: false, module: ts.ModuleKind.ESNext };
  for (const file of parsed.fileNames) {
    if (file.endsWith('.d.ts')) continue;
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file });
    const dest = join(out, relative(REPO_ROOT, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, outputText);
  }
  // src/version.ts imports ../package.json: tsc copies it beside src/, as here.
  copyFileSync(join(REPO_ROOT, 'package.json'), join(out, 'package.json'));
}

/**
 * Compile src/ into a folder keyed by the sources' digest and return it. Several test
 * files may ask at once: each compiles into its own folder and the first rename wins.
 */
export function compiledSources(): string {
  const target = join(tmpdir(), `evidence-gate-h2-build-${sourceDigest()}`);
  // src/version.ts imports ../package.json, so tsc writes src/ as a folder of the output, beside that file.
  const compiled = () => (existsSync(join(target, 'src', 'cli', 'engine.js')) ? join(target, 'src') : target);
  if (existsSync(join(compiled(), 'cli', 'engine.js'))) return compiled();
  const scratch = `${target}.part-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  transpileSources(scratch);
  // Bare imports (yaml, csv-parse, ...) resolve through this link to the worktree's packages.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(scratch, 'node_modules'));
  try {
    renameSync(scratch, target);
  } catch {
    rmSync(scratch, { recursive: true, force: true });
  }
  return compiled();
}

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Start `node <script> ...args` in `cwd`; `onStdout` sees output as it arrives. */
export function startNode(script: string, args: readonly string[], cwd: string) {
  const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const done = new Promise<ChildResult>((resolveDone) => {
    child.on('close', (code, signal) => resolveDone({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/**
 * An external model that answers every request with a fixed label, but only once `holdMs`
 * have passed since it started and, when `release` is given, once that file exists. It
 * touches `marker` (when given) on its first request, when the run is surely evaluating,
 * and exits when its stdin closes. Usage: node model.mjs <holdMs> [marker|-] [release]
 */
export const SLOW_MODEL = `
import { existsSync, writeFileSync } from 'node:fs';
const [holdMs, marker, release] = [Number(process.argv[2] ?? 0), process.argv[3], process.argv[4]];
const start = Date.now();
let partial = '';
let marked = false;
const ready = () => Date.now() >= start + holdMs && (!release || existsSync(release));
function answer(out) {
  if (ready()) process.stdout.write(out);
  else setTimeout(() => answer(out), 20);
}
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (!marked && marker && marker !== '-') { writeFileSync(marker, String(process.pid)); marked = true; }
  const lines = (partial + chunk).split('\\n');
  partial = lines.pop();
  answer(lines.filter((l) => l.trim() !== '').map((l) => JSON.stringify({ id: JSON.parse(l).id, label: 'result' }) + '\\n').join(''));
});
process.stdin.on('end', () => process.exit(0));
`;

/** Every entry below `dir` (links not followed), with a kind and, for files, the content. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      const rel = relative(dir, full);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out[rel] = `link -> ${readlinkSync(full)}`;
      else if (st.isDirectory()) {
        out[rel + '/'] = 'dir';
        walk(full);
      } else out[rel] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** Names in `dir` that look like the tool's own leftovers (staging, backup, lock). */
export function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((n) => /^\..*\.(tmp-|old-|lock)/.test(n));
}

export function mkdirs(...paths: string[]): void {
  for (const p of paths) mkdirSync(p, { recursive: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
