/**
 * examples/http-model: its server serves the bundled cue-phrase classifier in the three formats,
 * and the example's config run against it gives the same evidence as the same classifier run as
 * a command (apart from the model's name).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../src/engine.js';
import { REPO_ROOT, tempRepo } from './helpers.js';

let server: ChildProcess | null = null;
afterEach(() => {
  server?.kill('SIGTERM');
  server = null;
});

/** Starts server.mjs on a free port; resolves with the port it announces. */
function start(root: string): Promise<number> {
  server = spawn(process.execPath, [join(root, 'examples/http-model/server.mjs'), '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe']
  });
  return new Promise((resolve, reject) => {
    let err = '';
    server?.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    server?.on('exit', () => reject(new Error(`server.mjs exited: ${err}`)));
  });
}

test('the example config through the example server: each format equals the command model', async () => {
  const root = tempRepo();
  for (const ex of ['academic-intent', 'external-model', 'http-model'])
    cpSync(join(REPO_ROOT, 'examples', ex), join(root, 'examples', ex), { recursive: true });
  const port = await start(root);
  const config = join(root, 'examples/http-model/evidence-gate.yml');
  const command = '  - { name: keywords-node, command: "node examples/external-model/keyword_model.mjs" }\n';
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)
      .replace('statistics:', `${command}statistics:`)
  );
  const result = await run({ root, configPath: 'examples/http-model/evidence-gate.yml', outputDir: 'out' });
  const evidence = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  const of = (model: string) =>
    evidence.filter((r) => r.model === model).map((r) => JSON.stringify({ ...r, model: undefined }));
  const reference = of('keywords-node');
  expect(reference.length).toBeGreaterThan(1000);
  for (const model of ['keywords-evidence-gate', 'keywords-huggingface', 'keywords-chat']) {
    expect(of(model)).toEqual(reference);
    expect(result.gate?.checks.find((c) => c.id === `missing_rows/${model}`)?.status).toBe('pass');
  }
}, 90_000);
