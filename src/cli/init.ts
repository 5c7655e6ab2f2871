/**
 * `evidence-gate init --train FILE --evaluate FILE... [--task text|tabular] [--dictionary FILE]`
 * (docs/cli.md): reads the data files with run's own readers (so unreadable data stops with
 * run's own message), recognises the columns (src/init/columns.ts), and writes
 * .github/evidence-gate.yml and .github/workflows/evidence-gate.yml. It never overwrites a
 * file, and checks that the config it wrote loads with the data before saying it is done.
 */
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { checkPlanAgainstData } from '../config/against-data.js';
import { DEFAULT_CONFIG_PATH, DEFAULT_OUTPUT_DIR } from '../config/defaults.js';
import { loadPlan } from '../config/load.js';
import { MAX_CONFIG_BYTES } from '../config/read.js';
import { notRegularFile, resolveInside, type FileRef } from '../config/paths.js';
import { loadDataset, parseFile, type Dataset, type DataPlan } from '../data/dataset.js';
import type { ParsedFile } from '../data/records.js';
import { DataError, UsageError, isUserError } from '../errors.js';
import { loadDictionary } from '../perturb/dictionary-file.js';
import { gitHead } from '../util/git.js';
import { hasHidden, quoted, quotedList, visiblePath } from '../util/visible.js';
import type { CliCommand } from './args.js';
import { initFamilies, renderConfig, written, type ConfigFacts } from '../init/config-text.js';
import { columnNames, profileColumns, recogniseColumns, type Recognised } from '../init/columns.js';
import { withIgnoredFolder } from '../init/gitignore.js';
import { modelEntry, type ModelEntry } from '../init/model-entry.js';
import { modelKind } from '../models/registry.js';
import { cliCommand } from '../init/next-command.js';
import { writeAllOrNothing, type StagedFile } from '../init/staged-write.js';
import { ACTION_REF, renderWorkflow } from '../init/workflow.js';

type InitCommand = Extract<CliCommand, { command: 'init' }>;

interface InitIO {
  stdout: (text: string) => void;
  cwd: string;
  /** The running package's bin/evidence-gate.js, for the "Next:" command; null or absent: not known. */
  bin?: string | null;
}

const WORKFLOW_PATH = '.github/workflows/evidence-gate.yml';

/**
 * A file the command line names: inside the root and, when it exists, a regular file (as run checks
 * the files a config names: reading a pipe would wait for a writer, deaf to SIGTERM). A missing
 * file is left to the reader, whose message run gives too.
 */
function dataRef(option: string, given: string, root: string, cwd: string): FileRef {
  const resolved = resolveInside(root, given, cwd);
  if (typeof resolved === 'string') throw new UsageError(`${option} ${quoted(given, 200)}: ${resolved}`);
  const kind = existsSync(resolved.absolute) ? notRegularFile(statSync(resolved.absolute)) : null;
  if (kind !== null) throw new UsageError(`${option} ${quoted(given, 200)}: expected a regular file, found ${kind}`);
  return { absolute: resolved.absolute, path: resolved.relative };
}

/** Where init would write `path`, refused when something is already there. */
function target(path: string, root: string): string {
  const resolved = resolveInside(root, path);
  if (typeof resolved === 'string') throw new UsageError(`${path}: ${resolved}`);
  let present = existsSync(resolved.real);
  try {
    present ||= lstatSync(resolved.absolute) !== undefined;
  } catch {
    // Nothing there, not even a dangling link.
  }
  if (present)
    throw new UsageError(
      `${path} already exists; init never overwrites a file (edit it, or move it away and run init again)`
    );
  return resolved.real;
}

/** A split name after the file's name (`data/test.jsonl` → `test`), valid as a config key and unique. */
export function splitName(path: string, taken: Set<string>): string {
  let name = basename(path)
    .replace(/\.(jsonl|ndjson|csv)$/i, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `split-${name}`.replace(/-$/, '');
  if (name === 'train') name = 'train-eval';
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
  taken.add(unique);
  return unique;
}

/** Reads a file as run does; a bad row stops here with run's own message. */
function readData(ref: FileRef): ParsedFile {
  const { parsed } = parseFile(ref);
  const bad = parsed.bad[0];
  if (bad) throw new DataError(`${visiblePath(bad.file)}:${bad.at ?? bad.line}: ${bad.reason}`);
  return parsed;
}

/** 5% of the median feature range, to two significant digits: a budget to review, not a recommendation. */
function defaultEps(bounds: Record<string, [number, number]>): number {
  const ranges = Object.values(bounds)
    .map(([lo, hi]) => hi - lo)
    .sort((a, b) => a - b);
  const median = ranges[Math.floor(ranges.length / 2)] ?? 0;
  return median > 0 ? Number((0.05 * median).toPrecision(2)) : 0.01;
}

function observedBounds(dataset: Dataset, features: readonly string[]): Record<string, [number, number]> {
  const bounds: Record<string, [number, number]> = {};
  for (const e of [...dataset.train, ...dataset.splits.flatMap((s) => s.examples)]) {
    if (e.input.kind !== 'features') continue;
    for (const f of features) {
      const v = e.input.values[f] as number;
      const b = bounds[f];
      bounds[f] = b ? [Math.min(b[0], v), Math.max(b[1], v)] : [v, v];
    }
  }
  return bounds;
}

function languageCounts(dataset: Dataset): Array<{ language: string; rows: number }> {
  return dataset.languages.map((language) => ({
    language,
    rows: dataset.splits.reduce((n, s) => n + s.examples.filter((e) => e.language === language).length, 0)
  }));
}

function dataPlanOf(r: Recognised, train: FileRef, evaluate: DataPlan['evaluate']): DataPlan {
  return {
    train,
    evaluate,
    // The loader's defaults for the optional columns, as the written config leaves them out.
    columns: {
      id: r.id,
      text: r.text ?? 'text',
      label: r.label,
      language: r.language ?? 'language',
      domain: r.domain ?? 'domain',
      features: r.features
    },
    onBadRow: 'error'
  };
}

/** Loads the written config back with the data as `run` would: anything it refuses is a bug of init. */
function checkWrittenConfig(absolute: string, root: string): void {
  try {
    const plan = loadPlan({ root, configPath: absolute });
    checkPlanAgainstData(plan, loadDataset(plan.data));
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw new Error(`init wrote a config that does not load: ${error.message}`);
  }
}

/**
 * A config run would refuse for its size (MAX_CONFIG_BYTES) is refused here, before anything is
 * written: with thousands of numeric columns, each feature's name and bounds outgrow it.
 */
function checkConfigSize(text: string, facts: ConfigFacts): void {
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_CONFIG_BYTES) return;
  const over = `would be ${bytes} bytes, and a config holds at most ${MAX_CONFIG_BYTES} bytes (256 KiB)`;
  const features = facts.recognised.features.length;
  if (features === 0) throw new DataError(`${visiblePath(facts.train.path)}: the config for this data ${over}`);
  // Each feature adds its name to the column list and a line of bounds: estimate how many fit.
  const featureless = { ...facts, recognised: { ...facts.recognised, features: [] }, tabular: { eps: 1, bounds: {} } };
  const bare = Buffer.byteLength(renderConfig(featureless));
  const fit = Math.max(0, Math.floor(((MAX_CONFIG_BYTES - bare) * features) / (bytes - bare)));
  throw new DataError(
    `${visiblePath(facts.train.path)}: expected at most about ${fit} numeric feature columns, found ${features}: ` +
      `the config naming them ${over}; keep only the columns the model should read in the data files`
  );
}

/** The root's .gitignore with the output folder added; null when a line of it ignores the folder already. */
function gitignoreWithOutput(root: string): StagedFile | null {
  const resolved = resolveInside(root, '.gitignore');
  if (typeof resolved === 'string') throw new UsageError(`.gitignore: ${resolved}`);
  let current = '';
  if (existsSync(resolved.real)) {
    const kind = notRegularFile(statSync(resolved.real));
    if (kind !== null) throw new UsageError(`.gitignore: expected a regular file, found ${kind}`);
    current = readFileSync(resolved.real, 'utf8');
  }
  const text = withIgnoredFolder(current, DEFAULT_OUTPUT_DIR);
  return text === null ? null : { absolute: resolved.real, text };
}

export async function initCommand(cmd: InitCommand, io: InitIO, root: string): Promise<number> {
  const configAbsolute = target(DEFAULT_CONFIG_PATH, root);
  const workflowAbsolute = target(WORKFLOW_PATH, root);
  const gitignore = gitignoreWithOutput(root);

  const train = dataRef('--train', cmd.train, root, io.cwd);
  const taken = new Set<string>();
  const evaluate = cmd.evaluate.map((p) => ({ split: '', file: dataRef('--evaluate', p, root, io.cwd) }));
  const seen = new Set([train.absolute]);
  for (const e of evaluate) {
    if (seen.has(e.file.absolute))
      throw new UsageError(
        `${visiblePath(e.file.path)} is given twice; expected each data file once (training data is never evaluated)`
      );
    seen.add(e.file.absolute);
    e.split = splitName(e.file.path, taken);
  }
  const trainParsed = readData(train);
  for (const e of evaluate) readData(e.file);

  const recognised = recogniseColumns(
    profileColumns(trainParsed.records, columnNames(trainParsed.records, trainParsed.header)),
    visiblePath(train.path),
    cmd.task
  );
  const chosen = [
    recognised.id,
    recognised.label,
    recognised.text,
    recognised.language,
    recognised.domain,
    ...recognised.features
  ].filter((c): c is string => c !== null);
  const hidden = chosen.find(hasHidden);
  if (hidden !== undefined)
    throw new UsageError(
      `${visiblePath(train.path)}: column name ${quoted(hidden)} holds a control, bidi or invisible character, ` +
        `which a config cannot name; rename the column`
    );

  let dictionary: string | null = null;
  if (cmd.dictionary !== undefined) {
    if (recognised.task !== 'text')
      throw new UsageError('--dictionary: the dictionary family belongs to task text; this data is read as tabular');
    const ref = dataRef('--dictionary', cmd.dictionary, root, io.cwd);
    loadDictionary(ref);
    dictionary = ref.path;
  }

  let model: ModelEntry | null = null;
  if (cmd.model !== undefined) {
    const ref = dataRef('--model', cmd.model, root, io.cwd);
    if (!existsSync(ref.absolute)) throw new UsageError(`--model ${quoted(cmd.model, 200)}: no such file`);
    model = modelEntry(ref.path, () => readFileSync(ref.absolute, 'utf8'));
    const serves = modelKind(model.kind).task;
    if (serves !== 'any' && serves !== recognised.task)
      throw new UsageError(
        `--model ${quoted(cmd.model, 200)}: a ${model.kind} model serves task ${serves}; this data is read as ` +
          `${recognised.task}`
      );
  }

  const dataset = loadDataset(dataPlanOf(recognised, train, evaluate));
  const bounds = recognised.task === 'tabular' ? observedBounds(dataset, recognised.features) : null;
  const facts: ConfigFacts = {
    recognised,
    train: { path: train.path, rows: dataset.train.length },
    evaluate: evaluate.map((e, i) => ({
      split: e.split,
      path: e.file.path,
      rows: dataset.splits[i]?.examples.length ?? 0
    })),
    labels: dataset.labels,
    languages: languageCounts(dataset),
    dictionary,
    tabular: bounds ? { bounds, eps: defaultEps(bounds) } : null,
    model
  };
  const configText = renderConfig(facts);
  checkConfigSize(configText, facts);
  const branch = gitHead(root).ref?.replace(/^refs\/heads\//, '') ?? 'main';
  const files: StagedFile[] = [
    { absolute: configAbsolute, text: configText },
    { absolute: workflowAbsolute, text: renderWorkflow(DEFAULT_CONFIG_PATH, branch) },
    // Last: the one file that may exist already, so that a failure before it replaces nothing.
    ...(gitignore ? [gitignore] : [])
  ];
  writeAllOrNothing(files, (staged) => checkWrittenConfig(staged(configAbsolute), root));
  const command = cliCommand(io.bin ?? null, io.cwd);
  io.stdout(report(facts, { cmd, cwd: io.cwd, root, gitignore: gitignore !== null, command }));
  return 0;
}

interface ReportContext {
  cmd: InitCommand;
  cwd: string;
  root: string;
  /** Whether the output folder was added to .gitignore. */
  gitignore: boolean;
  /** How to start the CLI from `cwd` (src/init/next-command.ts). */
  command: string;
}

function report(f: ConfigFacts, { cmd, cwd, root, gitignore, command }: ReportContext): string {
  const r = f.recognised;
  const roles: Array<[string, string | null]> = [
    ['id', r.id],
    ['text', r.text],
    ['label', r.label],
    ['language', r.language],
    ['domain', r.domain]
  ];
  const columns = roles.filter(([, c]) => c !== null).map(([role, c]) => `${role} ${quoted(c as string)}`);
  if (r.features.length > 0) columns.push(`features ${quotedList(r.features, 8)}`);
  const families = initFamilies(f)
    .filter(written)
    .map((x) => x.name);
  const configShown = relative(cwd, resolve(root, DEFAULT_CONFIG_PATH)) || DEFAULT_CONFIG_PATH;
  const rootOption = cmd.root !== undefined ? ` --root ${visiblePath(cmd.root)}` : '';
  const lines = [
    `Read ${visiblePath(f.train.path)} (${f.train.rows} rows) and ` +
      `${f.evaluate.map((e) => `${visiblePath(e.path)} (split ${e.split}, ${e.rows} rows)`).join(', ')}.`,
    `Task ${r.task}; columns: ${columns.join(', ')}` +
      `${r.unused.length > 0 ? `; not used: ${quotedList(r.unused, 8)}` : ''}.`,
    `${f.labels.length} labels: ${quotedList(f.labels, 10)}.${
      r.task === 'text'
        ? ` Languages: ${quotedList(
            f.languages.map((l) => l.language),
            10
          )}.`
        : ''
    }`,
    `Wrote ${DEFAULT_CONFIG_PATH}: ` +
      `${r.task === 'text' ? 'the four built-in text models' : 'the built-in logistic regression'}` +
      `${f.model ? ` and your model ${quoted(f.model.name)} (${f.model.kind}: ${visiblePath(f.model.path)})` : ''}; ` +
      `families ` +
      `${families.join(', ')}; default gate thresholds.`,
    `Wrote ${WORKFLOW_PATH}: replace ${ACTION_REF.split('/')[0]} in its uses: line with the account that hosts ` +
      `Evidence Gate.`,
    ...(gitignore ? [`Added ${DEFAULT_OUTPUT_DIR}/ to .gitignore: run writes its evidence there.`] : []),
    `Next: ${command} run --config ${visiblePath(configShown)}${rootOption}`
  ];
  return lines.join('\n') + '\n';
}
