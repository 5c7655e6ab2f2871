/**
 * `evidence-gate explain`: one text through the configured models and perturbation families
 * (src/explain/). Reads the text from --text, --text-file or standard input (`-`); trains the
 * models as a run does; prints the readings (or one JSON object with --json). It writes no file,
 * takes no lock and has no gate: exit 0 when the text was read, 2 for a usage, config or data
 * error.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadPlan } from '../config/load.js';
import { prepare } from '../engine.js';
import { notRegularFile } from '../config/paths.js';
import { invalidUtf8At } from '../data/decode.js';
import { UNKNOWN_LANGUAGE } from '../data/example.js';
import { UsageError } from '../errors.js';
import { DEFAULT_EXPLAIN_ID, explain } from '../explain/explain.js';
import { explanationJson, renderExplanation, terminalSafe } from '../explain/render.js';
import { quoted, quotedList, visiblePath } from '../util/visible.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import type { CliCommand } from './args.js';

/** Largest text read from a file or standard input, in bytes (1 MiB): one text, not a data set. */
const MAX_EXPLAIN_BYTES = 1024 * 1024;

interface ExplainIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Standard input, read to the end (tests pass their own; the CLI reads process.stdin). */
  readStdin?: () => Promise<Uint8Array>;
}

type ExplainCommand = Extract<CliCommand, { command: 'explain' }>;

async function readProcessStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(b);
    size += b.length;
    if (size > MAX_EXPLAIN_BYTES) break;
  }
  return Buffer.concat(chunks);
}

/**
 * A file's bytes, at most MAX_EXPLAIN_BYTES + 1 of them (so that a larger file is refused, not read
 * whole). Opened without waiting, then refused unless it is a regular file: a pipe would block
 * the thread that must take SIGTERM, a device might never end. Standard input (`-`) reads pipes.
 */
function readFileBounded(path: string, shown: string): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UsageError(
      `--text-file ${visiblePath(shown)}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'}); ` +
        `expected a readable file`
    );
  }
  try {
    const kind = notRegularFile(fstatSync(fd));
    if (kind !== null) {
      const hint = 'to pipe the text in, give - and use standard input';
      throw new UsageError(`--text-file ${visiblePath(shown)}: expected a regular file, found ${kind} (${hint})`);
    }
    const buffer = Buffer.alloc(MAX_EXPLAIN_BYTES + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `--text-file ${visiblePath(shown)}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'}); ` +
        `expected a readable file`
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * Bytes → the text: strict UTF-8, a leading byte-order mark removed, and one final line break
 * removed (a file or a pipe usually ends with one; a data row's text does not).
 */
function decodeText(bytes: Uint8Array, where: string): string {
  if (bytes.length > MAX_EXPLAIN_BYTES)
    throw new UsageError(`${where}: more than ${MAX_EXPLAIN_BYTES} bytes; expected one text of at most 1 MiB`);
  const bad = invalidUtf8At(bytes);
  if (bad) throw new UsageError(`${where}:${bad.line}:${bad.column}: ${bad.message}`);
  return Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n$/, '');
}

async function readText(cmd: ExplainCommand, io: ExplainIO): Promise<string> {
  let text: string;
  if (cmd.text !== undefined) text = cmd.text;
  else if (cmd.textFile !== undefined)
    text = decodeText(readFileBounded(resolve(io.cwd, cmd.textFile), cmd.textFile), visiblePath(cmd.textFile));
  else text = decodeText(await (io.readStdin ?? readProcessStdin)(), 'standard input');
  if (text === '')
    throw new UsageError(
      'explain: the text is empty; expected a non-empty text (--text, --text-file or - for standard input)'
    );
  return text;
}

export async function explainCommand(cmd: ExplainCommand, io: ExplainIO, root: string): Promise<number> {
  const text = await readText(cmd, io);
  const plan = loadPlan({ root, configPath: cmd.config, cwd: io.cwd });
  if (plan.task !== 'text') {
    throw new UsageError(
      `explain reads one text, and ${visiblePath(plan.config.path)} is a ${plan.task} config (task: ` +
        `${plan.task}); expected a config with task: text`
    );
  }
  const language = cmd.language === undefined || cmd.language === '' ? UNKNOWN_LANGUAGE : cmd.language;
  const id = cmd.id ?? DEFAULT_EXPLAIN_ID;
  if (id === '')
    throw new UsageError('--id: expected a non-empty id (the id of a data row, to reproduce its candidates)');
  const sentences = plan.threatModel.attacks.append?.sentences;
  if (sentences && !Object.hasOwn(sentences, language)) {
    const known = Object.keys(sentences);
    throw new UsageError(
      `the append family has no sentence for language ${quoted(language)}` +
        `${cmd.language === undefined ? ' (the default when --language is not given)' : ''}; expected --language ` +
        `with one of ${quotedList(known)}, or a sentence for it in threat_model.attacks.append.sentences`
    );
  }
  const prepared = await prepare(plan, { root, evaluates: false, log: (line) => io.stderr(terminalSafe(`${line}\n`)) });
  try {
    const explanation = await explain(prepared, { id, text, language });
    const context = {
      configPath: plan.config.path,
      configSha256: plan.config.sha256,
      seed: plan.statistics.seed,
      trainRows: prepared.dataset.train.length,
      tool: `${TOOL_NAME} ${TOOL_VERSION}`
    };
    io.stdout(terminalSafe(cmd.json ? explanationJson(explanation, context) : renderExplanation(explanation, context)));
  } finally {
    await Promise.all(prepared.models.map((m) => m.close()));
  }
  return 0;
}
