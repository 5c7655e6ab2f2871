/**
 * Command-line arguments of `evidence-gate`, read in one typed place. Mistakes get a message a
 * person can act on: the unknown option, the closest known one, and where to read more.
 */
import { UsageError } from '../errors.js';
import { COMMANDS, type Command } from './commands.js';
import { parseShard, type ShardSpec } from '../shard/select.js';
import { SUMMARY_MODES, type SummaryMode } from '../report/terminal.js';
import { closest } from '../util/suggest.js';
import { truncateText, visible } from '../util/visible.js';

export const USAGE = `Usage:
  evidence-gate init --train FILE --evaluate FILE... [--task text|tabular] [--dictionary FILE] [--model FILE]
                     [--root DIR]
  evidence-gate run --config FILE [--out DIR] [--baseline DIR] [--shard K/N] [--cache DIR] [--root DIR]
                    [--summary short|full|none] [--quiet]
  evidence-gate merge SHARD_DIR... --out DIR [--baseline DIR] [--root DIR] [--summary short|full|none] [--quiet]
  evidence-gate verify DIR [--rerun [--cache DIR]] [--baseline DIR] [--root DIR]
  evidence-gate explain --config FILE (--text TEXT | --text-file FILE | -) [--language LANG] [--id ID]
                        [--json] [--root DIR]

Commands:
  init     write .github/evidence-gate.yml and its workflow from your data files (never overwrites)
  run      evaluate the models of FILE under its threat model and write the evidence folder
  merge    join the folders of 'run --shard K/N' into the folder one unsharded run writes
  verify   re-derive a downloaded evidence folder and report any difference (--rerun: evaluate again)
  explain  show how every model reads one text under each configured perturbation (writes nothing)

Options:
  --config FILE    gate config (YAML), e.g. examples/academic-intent/evidence-gate.yml
  --out DIR        output folder inside the root (default evidence-gate-out)
  --baseline DIR   an earlier output folder to compare with (docs/definitions.md#comparison): paired per example
  --shard K/N      evaluate only shard K of N (1 ≤ K ≤ N); merge the shards afterwards
  --rerun          verify: also re-run the evaluation from the inputs the manifest names
  --cache DIR      run, verify --rerun: keep the answers of models with cache: in DIR (inside the root) and ask
                   them only what DIR lacks (docs/answer-cache.md); verify --rerun asks everything without it
  --root DIR       repository root that every path must stay inside
                   (default: the git top level of the current folder, else the current folder)
  --text TEXT      explain: the text to read (or --text-file FILE, or - for standard input)
  --language LANG  explain: the text's language slice (default: unknown)
  --id ID          explain: the example id that seeds the perturbation choices (default: explain);
                   a data row's id, text and language reproduce that row's candidates
  --json           explain: one JSON object instead of text
  --summary MODE   run, merge: short (default: verdict, cause, worst checks, where the report is),
                   full (all of summary.md, with the rows' texts when output.text is full) or none
  --quiet          print only the verdict line (and no progress)
  --train FILE     init: the training data (.jsonl or .csv)
  --evaluate FILE  init: an evaluation file, one split named after each file (repeat, or list several)
  --task TASK      init: text or tabular (default: text when a text column is found)
  --dictionary FILE
                   init: a substitution dictionary for the dictionary family
  --model FILE     init: your Python model, a saved scikit-learn estimator (.joblib, .pkl) or a module (.py)
  --help, --version
Paths given on the command line are relative to the current folder; paths inside the config are
relative to the root.
Exit status: 0 gate passes (verify: all agree), 1 gate fails (verify: a difference),
2 usage/config/data error, 3 internal error.`;

export type CliCommand =
  | { command: 'help' }
  | { command: 'version' }
  | {
      command: 'run';
      config: string;
      out: string | undefined;
      root: string | undefined;
      quiet: boolean;
      baseline: string | undefined;
      shard: ShardSpec | null;
      summary: SummaryMode;
      cache: string | undefined;
    }
  | {
      command: 'merge';
      shards: string[];
      out: string;
      root: string | undefined;
      quiet: boolean;
      baseline: string | undefined;
      summary: SummaryMode;
    }
  | {
      command: 'init';
      train: string;
      evaluate: string[];
      task: 'text' | 'tabular' | undefined;
      dictionary: string | undefined;
      model: string | undefined;
      root: string | undefined;
    }
  | {
      command: 'verify';
      dir: string;
      rerun: boolean;
      baseline: string | undefined;
      root: string | undefined;
      cache: string | undefined;
    }
  | {
      command: 'explain';
      config: string;
      text: string | undefined;
      textFile: string | undefined;
      stdin: boolean;
      language: string | undefined;
      id: string | undefined;
      json: boolean;
      root: string | undefined;
    };

/** Options that take a value, and flags; each command accepts the ones listed for it. */
const VALUE_OPTIONS = [
  'config',
  'out',
  'root',
  'baseline',
  'shard',
  'text',
  'text-file',
  'language',
  'id',
  'summary',
  'train',
  'evaluate',
  'task',
  'dictionary',
  'model',
  'cache'
] as const;
/** Options that may be given more than once; the values are kept in order. */
const REPEATABLE = ['evaluate'];
const FLAGS = ['quiet', 'rerun', 'json', 'help', 'version'] as const;
const SHORT: Record<string, string> = { c: 'config', o: 'out', q: 'quiet', h: 'help' };
const ACCEPTS: Record<Command, readonly string[]> = {
  run: ['config', 'out', 'root', 'baseline', 'shard', 'quiet', 'summary', 'cache'],
  merge: ['out', 'root', 'baseline', 'quiet', 'summary'],
  verify: ['root', 'baseline', 'rerun', 'cache'],
  explain: ['config', 'root', 'text', 'text-file', 'language', 'id', 'json'],
  init: ['train', 'evaluate', 'task', 'dictionary', 'model', 'root']
};

function shownArg(arg: string): string {
  return visible(truncateText(arg, 40));
}

function unknownOption(token: string): UsageError {
  const name = token.replace(/^-+/, '').split('=')[0] ?? '';
  const all = [...VALUE_OPTIONS, ...FLAGS];
  const hint = name === 'v' || name === 'V' ? 'version' : closest(name, all);
  return new UsageError(`unknown option ${shownArg(token)}${hint ? `; did you mean --${hint}?` : ''} (see --help)`);
}

interface Parsed {
  values: Map<string, string>;
  /** Every value of a repeatable option, in order. */
  repeated: Map<string, string[]>;
  flags: Set<string>;
  positionals: string[];
}

function tokenize(argv: readonly string[]): Parsed {
  const values = new Map<string, string>();
  const repeated = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '-' || !token.startsWith('-')) {
      positionals.push(token);
      continue;
    }
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const long = token.startsWith('--');
    const [rawName, inline] = long
      ? (token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined])
      : [token.slice(1), undefined];
    const name = long ? rawName : SHORT[rawName];
    if (name === undefined) throw unknownOption(token);
    if ((FLAGS as readonly string[]).includes(name)) {
      if (inline !== undefined) throw new UsageError(`option --${name} takes no value (see --help)`);
      flags.add(name);
      continue;
    }
    if (!(VALUE_OPTIONS as readonly string[]).includes(name)) throw unknownOption(token);
    const value = inline ?? argv[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new UsageError(`option --${name} needs a value (see --help)`);
    if (inline === undefined) i++;
    if (REPEATABLE.includes(name)) repeated.set(name, [...(repeated.get(name) ?? []), value]);
    else if (values.has(name)) throw new UsageError(`option --${name} given twice (see --help)`);
    values.set(name, value);
  }
  return { values, repeated, flags, positionals };
}

function summaryMode(value: string | undefined): SummaryMode {
  if (value === undefined) return 'short';
  if ((SUMMARY_MODES as readonly string[]).includes(value)) return value as SummaryMode;
  throw new UsageError(
    `--summary: expected one of ${SUMMARY_MODES.join(', ')}, found ${JSON.stringify(shownArg(value))}`
  );
}

export function parseCli(argv: readonly string[]): CliCommand {
  const { values, repeated, flags, positionals } = tokenize(argv);
  if (flags.has('help')) return { command: 'help' };
  if (flags.has('version')) return { command: 'version' };
  const [first, ...rest] = positionals;
  if (first === undefined) throw new UsageError(`expected a command: ${COMMANDS.join(', ')} (see --help)`);
  if (!(COMMANDS as readonly string[]).includes(first)) {
    const hint = closest(first, COMMANDS);
    throw new UsageError(
      `unknown command ${JSON.stringify(shownArg(first))}; ${hint ? `did you mean ${hint}? ` : ''}expected one ` +
        `of ${COMMANDS.join(', ')} (see --help)`
    );
  }
  const command = first as Command;
  for (const name of [...values.keys(), ...repeated.keys(), ...flags]) {
    if (!ACCEPTS[command].includes(name)) throw new UsageError(`${command} does not take --${name} (see --help)`);
  }
  const v = (name: string) => values.get(name);
  switch (command) {
    case 'run':
      if (rest.length > 0)
        throw new UsageError(`unexpected argument ${JSON.stringify(shownArg(rest[0] as string))} (see --help)`);
      if (!v('config')) throw new UsageError('run needs --config FILE (see --help)');
      return {
        command,
        config: v('config') as string,
        out: v('out'),
        root: v('root'),
        quiet: flags.has('quiet'),
        baseline: v('baseline'),
        shard: v('shard') ? parseShard(v('shard') as string, '--shard') : null,
        summary: summaryMode(v('summary')),
        cache: v('cache')
      };
    case 'merge':
      if (rest.length === 0) throw new UsageError('merge needs the shard folders: merge DIR... --out DIR (see --help)');
      if (!v('out')) throw new UsageError('merge needs --out DIR for the merged folder (see --help)');
      return {
        command,
        shards: rest,
        out: v('out') as string,
        root: v('root'),
        quiet: flags.has('quiet'),
        baseline: v('baseline'),
        summary: summaryMode(v('summary'))
      };
    case 'verify':
      if (rest.length !== 1)
        throw new UsageError(
          `verify needs exactly one folder: verify DIR (see --help)${rest.length > 1 ? `; found ${rest.length}` : ''}`
        );
      if (v('cache') !== undefined && !flags.has('rerun'))
        throw new UsageError('verify takes --cache DIR only with --rerun (only a re-run asks the models; see --help)');
      return {
        command,
        dir: rest[0] as string,
        rerun: flags.has('rerun'),
        baseline: v('baseline'),
        root: v('root'),
        cache: v('cache')
      };
    case 'explain': {
      const stdin = rest.length === 1 && rest[0] === '-';
      if (rest.length > 0 && !stdin)
        throw new UsageError(
          `unexpected argument ${JSON.stringify(shownArg(rest[0] as string))}; give the text with --text, ` +
            `--text-file or - (see --help)`
        );
      if (!v('config')) throw new UsageError('explain needs --config FILE (see --help)');
      const sources = [v('text') !== undefined, v('text-file') !== undefined, stdin].filter(Boolean).length;
      if (sources !== 1)
        throw new UsageError(
          'explain needs exactly one text: --text TEXT, --text-file FILE or - for standard input (see --help)'
        );
      return {
        command,
        config: v('config') as string,
        text: v('text'),
        textFile: v('text-file'),
        stdin,
        language: v('language'),
        id: v('id'),
        json: flags.has('json'),
        root: v('root')
      };
    }
    case 'init': {
      if (!v('train')) throw new UsageError('init needs --train FILE (see --help)');
      // `--evaluate a.jsonl b.jsonl` lists several files after one flag, as the usage line shows.
      const evaluate = [...(repeated.get('evaluate') ?? []), ...rest];
      if (!repeated.has('evaluate'))
        throw new UsageError(
          rest.length > 0
            ? `unexpected argument ${JSON.stringify(shownArg(rest[0] as string))}; name the evaluation files with ` +
                `--evaluate FILE... (see --help)`
            : 'init needs --evaluate FILE... (see --help)'
        );
      const task = v('task');
      if (task !== undefined && task !== 'text' && task !== 'tabular')
        throw new UsageError(`--task: expected text or tabular, found ${JSON.stringify(shownArg(task))}`);
      return {
        command,
        train: v('train') as string,
        evaluate,
        task,
        dictionary: v('dictionary'),
        model: v('model'),
        root: v('root')
      };
    }
  }
}
