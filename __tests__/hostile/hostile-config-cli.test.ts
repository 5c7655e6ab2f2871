/**
 * The same hostile configs through the CLI, as a workflow log would show them: user errors
 * exit 2 without a stack, and no line of stderr can start a workflow command.
 */
import { main } from '../../src/cli/main.js';
import { jsonl, minimalConfig, tinyRepo } from '../helpers.js';

async function cli(root: string): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await main(['run', '--config', 'evidence-gate.yml', '--quiet'], {
    stdout: () => undefined,
    stderr: (t) => (stderr += t),
    cwd: root
  });
  return { code, stderr };
}

function expectNoCommandLines(stderr: string): void {
  for (const line of stderr.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false);
  expect(stderr).not.toMatch(/^\s+at /m);
}

test('an alias bomb exits 2 with a config error naming the line, not 3 with a stack', async () => {
  // Before: "internal error (a bug, please report it)" and the yaml library's stack.
  const bomb = [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(', ')}]`)
  ].join('\n');
  const r = await cli(tinyRepo({ 'evidence-gate.yml': minimalConfig(bomb) }));
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(
    /^evidence-gate: config error: evidence-gate\.yml:1\d: invalid YAML: aliases expand to more than 10000 values/
  );
  expectNoCommandLines(r.stderr);
});

test('training labels that carry a workflow command stay inside their quotes', async () => {
  // Before: stderr held a line "::error::pwned)" that a runner would obey.
  const train = jsonl([
    { id: 't1', text: 'results show a gain', label: 'result' },
    { id: 't2', text: 'a limitation', label: 'limitation' },
    { id: 't3', text: 'something else', label: 'x\n::error::pwned' }
  ]);
  const config = minimalConfig().replace(
    '  id: tm',
    '  id: tm\n  protected_transitions: [ { from: result, to: reslt } ]'
  );
  const r = await cli(tinyRepo({ 'evidence-gate.yml': config, 'data/train.jsonl': train }));
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(
    'evidence-gate: config error: evidence-gate.yml:4: threat_model.protected_transitions[0].to: expected a label of the training data ("limitation", "result", "x\\n::error::pwned"), found "reslt"\n'
  );
});

test('several config errors are printed one per line, each complete', async () => {
  const r = await cli(tinyRepo({ 'evidence-gate.yml': minimalConfig('"::error::a": 1\ngate: { max_flip_rate: 2 }') }));
  expect(r.code).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    /^evidence-gate: config error: evidence-gate\.yml:11: \["::error::a"\]: unknown key; .*, found "::error::a"$/
  );
  expect(lines[1]).toBe('evidence-gate.yml:12: gate.max_flip_rate: expected a number from 0 to 1, found number 2');
  expectNoCommandLines(r.stderr);
});

test('the same label in a data error', async () => {
  const train = jsonl([
    { id: 't1', text: 'results show a gain', label: 'result' },
    { id: 't2', text: 'something else', label: 'x\n::error::pwned' }
  ]);
  const r = await cli(tinyRepo({ 'data/train.jsonl': train }));
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(
    'evidence-gate: data error: data/controlled.jsonl:2: label "limitation" never occurs in the training data; expected one of "result", "x\\n::error::pwned"\n'
  );
});
