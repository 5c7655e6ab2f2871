/**
 * The CLI adapter: arguments in, the engine's summary on stdout, an exit status out
 * (0 pass, 1 fail, 2 usage/config/data error, 3 internal error). It never calls process.exit
 * itself, so it can be tested in-process.
 */
import { merge, run, verify, type RunResult } from '../engine.js';
import { relative, resolve, sep } from 'node:path';
import { isUserError } from '../errors.js';
import { asUserFsError } from '../util/fs-errors.js';
import { shortSummary, toTerminal } from '../report/terminal.js';
import { gitHead } from '../util/git.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { quoted, visible } from '../util/visible.js';
import { parseCli, USAGE, type CliCommand } from './args.js';
import { explainCommand } from './explain.js';
import { initCommand } from './init.js';
import { ProgressReporter } from './progress.js';
import { chooseRoot, cliRoot } from './root.js';

interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Whether stderr is a terminal (a redrawn progress bar) or a log (a line every few seconds). */
  stderrIsTTY?: boolean;
  bundleSha256?: string | null;
  /** The running package's bin/evidence-gate.js (init's "Next:" command); null or absent: not known. */
  bin?: string | null;
}

const EXIT = { pass: 0, fail: 1, user: 2, internal: 3 } as const;

/**
 * Text for the terminal: control characters other than newline shown as escapes, and no line that
 * starts with `::` (a runner would read it as a workflow command).
 */
function safeOutput(text: string): string {
  return visible(text, '\n').replace(/^(\s*)::/gm, '$1 ::');
}

function verdictLine(result: RunResult, folder: string): string {
  if (result.kind === 'shard')
    return (
      `shard ${result.shard?.index}/${result.shard?.count} ` + `written (no gate until merge); evidence in ${folder}/\n`
    );
  return (
    `verdict: ${result.verdict} (${result.failedChecks} blocking check${result.failedChecks === 1 ? '' : 's'}); ` +
    `evidence in ${folder}/\n`
  );
}

/**
 * The output folder as the person at the terminal can open it: relative to the folder they ran
 * the command from (the engine reports it relative to the repository root, which is what the
 * action's output-dir needs).
 */
function shownFolder(root: string, cwd: string, outputPath: string): string {
  // With / on every system, as every other path the tool prints (src/config/paths.ts).
  return relative(cwd, resolve(root, outputPath)).split(sep).join('/') || '.';
}

async function execute(cmd: Exclude<CliCommand, { command: 'help' | 'version' }>, io: CliIO): Promise<number> {
  const root = cliRoot(io.cwd, cmd.root);
  const quiet = 'quiet' in cmd && cmd.quiet;
  const progress = quiet ? null : new ProgressReporter({ write: io.stderr, tty: io.stderrIsTTY ?? false });
  const head = gitHead(root);
  const deps = {
    log: quiet
      ? undefined
      : (line: string) => {
          progress?.clear();
          io.stderr(safeOutput(`${line}\n`));
        },
    warn: (line: string) => io.stderr(safeOutput(`${TOOL_NAME}: warning: ${line}\n`)),
    progress: progress?.update,
    context: { runner: 'cli', commit: head.sha, ref: head.ref },
    bundleSha256: io.bundleSha256 ?? null
  };
  const baseline =
    'baseline' in cmd && cmd.baseline !== undefined ? { dir: cmd.baseline, onError: 'refuse' as const } : null;
  if (cmd.command === 'verify') {
    const result = await verify(
      { dir: cmd.dir, cwd: io.cwd, root, rerun: cmd.rerun, baseline: cmd.baseline ?? null, cacheDir: cmd.cache },
      deps
    );
    for (const note of result.notes) io.stderr(safeOutput(`note: ${note}\n`));
    for (const d of result.differences) io.stdout(safeOutput(`${d}\n`));
    if (result.differences.length === 0) {
      io.stdout(
        `verified: every digest, metric and check of ${cmd.dir} agrees` +
          `${cmd.rerun ? ', and the rerun reproduces the evidence byte for byte' : ''}\n`
      );
      return EXIT.pass;
    }
    // Each "…and N more" line stands for N differences, not one.
    const total = result.differences.length + (result.unlisted ?? 0);
    io.stdout(`${total} difference${total === 1 ? '' : 's'} found in ${cmd.dir}\n`);
    return EXIT.fail;
  }
  if (cmd.command === 'explain') return explainCommand(cmd, io, root);
  if (cmd.command === 'init') return initCommand(cmd, io, root);
  const result =
    cmd.command === 'merge'
      ? await merge({ root, shards: cmd.shards, outputDir: cmd.out, cwd: io.cwd, baseline }, deps)
      : await run(
          {
            root,
            configPath: cmd.config,
            outputDir: cmd.out,
            cwd: io.cwd,
            shard: cmd.shard,
            baseline,
            cacheDir: cmd.cache
          },
          deps
        );
  progress?.clear();
  const folder = shownFolder(root, io.cwd, result.outputPath);
  if (!quiet && result.kind === 'run' && result.gate && cmd.summary !== 'none') {
    const text =
      cmd.summary === 'full'
        ? toTerminal(result.summary)
        : shortSummary({ gate: result.gate, comparison: result.comparison, outputPath: folder, files: result.files });
    io.stdout(safeOutput(text) + '\n');
  }
  io.stdout(safeOutput(verdictLine(result, folder)));
  if (result.kind === 'shard') return EXIT.pass;
  return result.verdict === 'pass' ? EXIT.pass : EXIT.fail;
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let root: { root: string; how: string } | undefined;
  try {
    const cmd = parseCli(argv);
    if ('root' in cmd) root = chooseRoot(io.cwd, cmd.root);
    if (cmd.command === 'help') {
      io.stdout(USAGE + '\n');
      return EXIT.pass;
    }
    if (cmd.command === 'version') {
      io.stdout(`${TOOL_NAME} ${TOOL_VERSION}\n`);
      return EXIT.pass;
    }
    return await execute(cmd, io);
  } catch (caught) {
    // A full disk, a read-only mount or a permission is the machine's state, not a bug.
    const error = asUserFsError(caught, resolve(io.cwd)) ?? caught;
    if (isUserError(error)) {
      // A message of several lines (every config error) keeps one complete error per line.
      const [first, ...more] = error.message.split('\n');
      // Paths are read against the root: say which root that was and how to choose another.
      if (root && /repository root|file not found/.test(error.message)) {
        more.push(
          `(the repository root is ${quoted(root.root, 300)}, ${root.how}; paths inside the config are relative ` +
            `to it; set --root DIR to choose another)`
        );
      }
      io.stderr(safeOutput(`${TOOL_NAME}: ${error.kind} error: ${first}\n${more.map((l) => `${l}\n`).join('')}`));
      return EXIT.user;
    }
    io.stderr(
      `${TOOL_NAME}: internal error (a bug, please report it):\n` +
        `${safeOutput((error as Error)?.stack ?? String(error))}\n`
    );
    return EXIT.internal;
  }
}
