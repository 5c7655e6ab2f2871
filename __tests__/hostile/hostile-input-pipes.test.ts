/**
 * A named pipe (or a folder) where `init` or `explain --text-file` expects a file: refused at
 * once with one line, as `run` refuses one named by its config. Reading a pipe would block the
 * thread that handles SIGTERM, so the refusal must come before any open that waits; the child
 * is started from the compiled sources, and one that hangs is ended by SIGKILL and fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonl, minimalConfig, tempRepo } from '../helpers.js';
import { compiledSources, startNode, type ChildResult } from './hostile-output-helpers.js';

let cli = '';

beforeAll(() => {
  cli = join(compiledSources(), 'cli', 'engine.js');
}, 180_000);

const ROWS = jsonl([
  { id: 'a', text: 'the results show a gain', label: 'result' },
  { id: 'b', text: 'one limitation is the sample', label: 'limitation' }
]);

/** Runs the CLI; a child still running after `ms` gets SIGTERM, 2 s later SIGKILL, and the result says so. */
async function settle(args: string[], cwd: string, ms = 15_000): Promise<ChildResult & { hung: boolean }> {
  const { child, done } = startNode(cli, args, cwd);
  let hung = false;
  const term = setTimeout(() => {
    hung = true;
    child.kill('SIGTERM');
  }, ms);
  const kill = setTimeout(() => child.kill('SIGKILL'), ms + 2_000);
  const result = await done;
  clearTimeout(term);
  clearTimeout(kill);
  return { ...result, hung };
}

test('init refuses a named pipe as training or evaluation data, at once, writing nothing', async () => {
  const root = tempRepo({ 'train.jsonl': ROWS, 'test.jsonl': ROWS });
  execFileSync('mkfifo', [join(root, 'pipe.jsonl')]);
  mkdirSync(join(root, 'folder.jsonl'));
  const train = await settle(['init', '--train', 'pipe.jsonl', '--evaluate', 'test.jsonl'], root);
  expect(train).toMatchObject({ hung: false, code: 2, stdout: '' });
  expect(train.stderr).toBe(
    'evidence-gate: usage error: --train "pipe.jsonl": expected a regular file, found a named pipe\n'
  );
  const evaluate = await settle(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl', 'pipe.jsonl'], root);
  expect(evaluate).toMatchObject({ hung: false, code: 2 });
  expect(evaluate.stderr).toBe(
    'evidence-gate: usage error: --evaluate "pipe.jsonl": expected a regular file, found a named pipe\n'
  );
  const folder = await settle(['init', '--train', 'folder.jsonl', '--evaluate', 'test.jsonl'], root);
  expect(folder.stderr).toBe(
    'evidence-gate: usage error: --train "folder.jsonl": expected a regular file, found a folder\n'
  );
  expect(existsSync(join(root, '.github'))).toBe(false);
}, 60_000);

test('explain --text-file refuses a named pipe at once, and points to standard input', async () => {
  const root = tempRepo({ 'evidence-gate.yml': minimalConfig() });
  execFileSync('mkfifo', [join(root, 'text.txt')]);
  const r = await settle(['explain', '--config', 'evidence-gate.yml', '--text-file', 'text.txt'], root);
  expect(r).toMatchObject({ hung: false, code: 2, stdout: '' });
  expect(r.stderr).toBe(
    'evidence-gate: usage error: --text-file text.txt: expected a regular file, found a named pipe (to pipe the text in, give - and use standard input)\n'
  );
}, 60_000);
