/**
 * The CLI adapter: arguments in, the engine's summary on stdout, an exit status out
 * (0 pass, 1 fail, 2 usage/config/data error, 3 internal error). It never calls process.exit
 * itself, so it can be tested in-process.
 */
import { resolve } from 'node:path';
import { run } from '../engine.js';
import { isUserError } from '../errors.js';
import { asUserFsError } from '../util/fs-errors.js';
import { toTerminal } from '../report/terminal.js';
import { gitHead } from '../util/git.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { parseCli, USAGE } from './args.js';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  bundleSha256?: string | null;
}

export const EXIT = { pass: 0, fail: 1, user: 2, internal: 3 } as const;

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let root: string | undefined;
  try {
    const cmd = parseCli(argv);
    if (cmd.command === 'help') {
      io.stdout(USAGE + '\n');
      return EXIT.pass;
    }
    if (cmd.command === 'version') {
      io.stdout(`${TOOL_NAME} ${TOOL_VERSION}\n`);
      return EXIT.pass;
    }
    root = resolve(io.cwd, cmd.root ?? '.');
    const head = gitHead(root);
    const result = await run(
      { root, configPath: cmd.config, outputDir: cmd.out, cwd: io.cwd },
      {
        log: cmd.quiet ? undefined : (line) => io.stderr(`${line}\n`),
        context: { runner: 'cli', commit: head.sha, ref: head.ref },
        bundleSha256: io.bundleSha256 ?? null
      }
    );
    if (!cmd.quiet) io.stdout(toTerminal(result.summary) + '\n');
    io.stdout(`verdict: ${result.verdict} (${result.failedChecks} blocking check${result.failedChecks === 1 ? '' : 's'}); evidence in ${result.outputPath}/\n`);
    return result.verdict === 'pass' ? EXIT.pass : EXIT.fail;
  } catch (caught) {
    // A full disk, a read-only mount or a permission is the machine's state, not a bug.
    const error = asUserFsError(caught, root) ?? caught;
    if (isUserError(error)) {
      io.stderr(`${TOOL_NAME}: ${error.kind} error: ${error.message}\n`);
      return EXIT.user;
    }
    io.stderr(`${TOOL_NAME}: internal error (a bug, please report it):\n${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.internal;
  }
}
