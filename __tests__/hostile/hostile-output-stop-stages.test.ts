/**
 * A stop request is honoured within a second at every stage, a long synchronous one included
 * (a million bootstrap iterations): the earlier output stays as it was, one "stopped" line, no
 * verdict, exit 143. Once the output is in place, a stop request is answered with one line and
 * the run ends with its own status. Run against the tsc-compiled engine and the packaged CLI.
 */
import { cpSync, writeFileSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, REPO_ROOT, smallExampleRepo, tempRepo } from '../helpers.js';
import { compiledSources, leftovers, sleep, snapshot, startNode, type ChildResult } from './hostile-output-helpers.js';

let compiled = '';

beforeAll(() => {
  compiled = compiledSources();
}, 180_000);

/**
 * The example (its small form: the stop does not depend on scale) with an earlier output in `out/`, and its config
 * changed to a million bootstrap iterations. The earlier output is one in-process run for the file: each test gets a
 * fresh copy of that repository, so each stop has its own earlier output to leave intact.
 */
let prepared: Promise<string> | undefined;
async function exampleWithLongMetrics() {
  const source = await (prepared ??= (async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    const config = join(root, EXAMPLE_CONFIG);
    const text = readFileSync(config, 'utf8');
    expect(text).toContain('bootstrap_iterations: 100,');
    writeFileSync(config, text.replace('bootstrap_iterations: 100,', 'bootstrap_iterations: 1000000,'));
    return root;
  })());
  const root = tempRepo();
  cpSync(source, root, { recursive: true });
  return { root, earlier: snapshot(join(root, 'out')) };
}

/** Start `script` on the example, wait for `line` on stderr and `delayMs` more, send `signal`; time from the signal to the exit. */
async function stopAfter(script: string, root: string, line: string, delayMs: number, signal: NodeJS.Signals) {
  const { child, done } = startNode(script, ['run', '--config', EXAMPLE_CONFIG, '--out', 'out'], root);
  let seen = '';
  await new Promise<void>((resolveSeen, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${line}" on stderr: ${seen}`)), 120_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(line)) {
        clearTimeout(timer);
        resolveSeen();
      }
    });
  });
  await sleep(delayMs);
  const sent = Date.now();
  child.kill(signal);
  const result: ChildResult = await done;
  return { ...result, stoppedMs: Date.now() - sent };
}

describe.each([
  ['the tsc-compiled engine', () => join(compiled, 'cli', 'engine.js')],
  ['the packaged CLI', () => join(REPO_ROOT, 'dist/cli/index.js')]
])('%s', (_name, script) => {
  test('SIGTERM during a million bootstrap iterations stops within a second: no verdict, one line, the earlier output intact (the original took 4-15 s and published)', async () => {
    const { root, earlier } = await exampleWithLongMetrics();
    // "evidence: N rows" is logged when the evaluation ends: the metrics stage follows at once.
    const r = await stopAfter(script(), root, 'evidence: ', 1500, 'SIGTERM');
    expect(r.code).toBe(143);
    expect(r.stoppedMs).toBeLessThan(1000);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('verdict');
    expect(
      r.stderr.endsWith(
        'evidence-gate: stopped by SIGTERM; the unfinished output was removed and any earlier output left as it was\n'
      )
    ).toBe(true);
    expect(r.stderr.match(/stopped by/g)).toHaveLength(1);
    expect(snapshot(join(root, 'out'))).toEqual(earlier);
    expect(leftovers(root)).toEqual([]);
  }, 240_000);

  test('SIGINT while the models train stops the same way, with exit 130', async () => {
    const { root, earlier } = await exampleWithLongMetrics();
    const r = await stopAfter(script(), root, 'data: ', 0, 'SIGINT');
    expect(r.code).toBe(130);
    expect(r.stoppedMs).toBeLessThan(1000);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /evidence-gate: stopped by SIGINT; the unfinished output was removed and any earlier output left as it was\n$/
    );
    expect(snapshot(join(root, 'out'))).toEqual(earlier);
    expect(leftovers(root)).toEqual([]);
  }, 240_000);
});

/**
 * The supervisor with a stand-in engine thread: the compiled supervise.js runs a worker that
 * registers an unfinished output, publishes when told to, and ends with status 1 once released.
 * Each step is a file, so the signal lands exactly where the test wants it.
 */
function supervisorFixture(dir: string): string {
  const url = (name: string) => JSON.stringify(new URL(`file://${join(compiled, name)}`).href);
  writeFileSync(
    join(dir, 'engine.mjs'),
    `import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { joinSupervisor, reportExit } from ${url('output/supervise.js')};
import { registerCleanup } from ${url('output/cleanup.js')};
import { beginPublish, endPublish } from ${url('output/stop.js')};
const { cwd, argv } = joinSupervisor();
const at = (name) => cwd + '/' + name;
const until = async (name) => { while (!existsSync(at(name))) await new Promise((r) => setTimeout(r, 10)); };
mkdirSync(at('.out.tmp-1'));
const lock = { path: at('.out.lock'), owner: {}, text: 'mine' };
writeFileSync(lock.path, lock.text);
const slot = registerCleanup({ staging: at('.out.tmp-1'), lock, parents: null });
writeFileSync(at('running'), '');
if (argv[0] === 'crash') throw new Error('a bug in the engine');
await until('publish');
if (beginPublish()) {
  mkdirSync(at('out'));
  endPublish(true);
  slot.unregister();
  writeFileSync(at('published'), '');
}
await until('release');
// Busy for a while, as a long synchronous stage would be.
const end = Date.now() + 300;
while (Date.now() < end);
reportExit(1);
`
  );
  writeFileSync(
    join(dir, 'supervisor.mjs'),
    `import { superviseEngine } from ${url('output/supervise.js')};
process.exitCode = await superviseEngine(new URL('./engine.mjs', import.meta.url).href, process.argv.slice(2), (line) => process.stderr.write(line), false);
`
  );
  return join(dir, 'supervisor.mjs');
}

async function waitForFile(path: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!existsSync(path)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${path}`);
    await sleep(10);
  }
}

test('a signal after the output was published: one line, the output stays, and the run ends with its own status', async () => {
  const dir = tempRepo();
  const { child, done } = startNode(supervisorFixture(dir), [], dir);
  await waitForFile(join(dir, 'running'));
  writeFileSync(join(dir, 'publish'), '');
  await waitForFile(join(dir, 'published'));
  child.kill('SIGTERM');
  await sleep(150);
  // A second request (a cancelled workflow sends SIGINT, then SIGTERM) adds no second line.
  child.kill('SIGINT');
  await sleep(150);
  writeFileSync(join(dir, 'release'), '');
  const r = await done;
  expect(r.stderr).toBe(
    'evidence-gate: SIGTERM came after the output was published; it stays in place and the run ends with its own status\n'
  );
  expect(r.code).toBe(1);
  expect(existsSync(join(dir, 'out'))).toBe(true);
}, 60_000);

test('a signal before the output was published: the engine thread is stopped, its unfinished output removed, exit 143', async () => {
  const dir = tempRepo();
  mkdirSync(join(dir, 'keep'));
  const { child, done } = startNode(supervisorFixture(dir), [], dir);
  await waitForFile(join(dir, 'running'));
  child.kill('SIGTERM');
  const r = await done;
  expect(r.code).toBe(143);
  expect(r.stderr).toBe(
    'evidence-gate: stopped by SIGTERM; the unfinished output was removed and any earlier output left as it was\n'
  );
  expect(existsSync(join(dir, '.out.tmp-1'))).toBe(false);
  expect(existsSync(join(dir, '.out.lock'))).toBe(false);
  expect(existsSync(join(dir, 'keep'))).toBe(true);
}, 60_000);

test('an engine thread that crashes: an internal error, and its unfinished output is removed all the same', async () => {
  const dir = tempRepo();
  const r = await startNode(supervisorFixture(dir), ['crash'], dir).done;
  expect(r.code).toBe(3);
  expect(r.stderr).toMatch(/^evidence-gate: internal error \(a bug, please report it\):\nError: a bug in the engine\n/);
  expect(existsSync(join(dir, '.out.tmp-1'))).toBe(false);
  expect(existsSync(join(dir, '.out.lock'))).toBe(false);
}, 60_000);
