/**
 * An HTTP model under a virtual-memory limit (ulimit -v): the compiled CLI, in a child process
 * limited to 4 GB of address space, scores every row through a loopback service. Node's fetch
 * failed here (its WebAssembly HTTP parser could not reserve memory) and the run ended in exit 3.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tinyRepo } from '../../helpers.js';
import { compiledSources } from '../../hostile/hostile-output-helpers.js';
import { json, serve, type TestServer } from './servers.js';

const LIMIT_KB = 4_000_000;

let engine = '';
let server: TestServer;
beforeAll(async () => {
  const built = compiledSources();
  engine = [join(built, 'cli', 'engine.js'), join(built, 'src', 'cli', 'engine.js')].find((p) =>
    existsSync(p)
  ) as string;
  server = await serve((body, res) =>
    json(res, {
      outputs: body.inputs.map((i: { id: string; text: string }) => ({
        id: i.id,
        label: i.text.includes('limit') ? 'limitation' : 'result'
      }))
    })
  );
}, 600_000);
afterAll(() => server.close());

function limitedRun(cwd: string): Promise<{ code: number | null; stderr: string }> {
  const command = `ulimit -v ${LIMIT_KB} && exec "$0" "$1" run --config evidence-gate.yml --out out --quiet`;
  const child = spawn('bash', ['-c', command, process.execPath, engine], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

test('with ulimit -v 4000000 the HTTP model answers every row and the run is no internal error', async () => {
  const root = tinyRepo();
  const config = join(root, 'evidence-gate.yml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '  - naive-bayes\n',
      `  - naive-bayes\n  - { name: api, http: { url: "${server.url}", retries: 0 } }\n`
    )
  );
  const { code, stderr } = await limitedRun(root);
  expect(stderr).not.toMatch(/internal error|WebAssembly/);
  expect(code).not.toBe(3);
  const rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { model: string; status: string })
    .filter((r) => r.model === 'api');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.status === 'ok')).toBe(true);
}, 120_000);
