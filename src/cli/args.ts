/** Command-line arguments of `evidence-gate`, read in one typed place. */
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';

export const USAGE = `Usage: evidence-gate run --config FILE [--out DIR] [--root DIR]

Evaluate the models of FILE under its threat model and write the evidence folder.
  --config FILE  gate config (YAML), e.g. examples/academic-intent/evidence-gate.yml
  --out DIR      output folder inside the root (default evidence-gate-out)
  --root DIR     repository root that every path must stay inside (default: current folder)
  --quiet        print only the verdict line
Exit status: 0 gate passes, 1 gate fails, 2 usage/config/data error, 3 internal error.`;

export type CliCommand =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'run'; config: string; out: string | undefined; root: string | undefined; quiet: boolean };

export function parseCli(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string', short: 'c' },
        out: { type: 'string', short: 'o' },
        root: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' }
      }
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('expected a command: run (see --help)');
  if (command !== 'run') throw new UsageError(`unknown command ${JSON.stringify(command)}; expected run (see --help)`);
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])} (see --help)`);
  if (!values.config) throw new UsageError('run needs --config FILE (see --help)');
  return { command: 'run', config: values.config, out: values.out, root: values.root, quiet: values.quiet ?? false };
}
