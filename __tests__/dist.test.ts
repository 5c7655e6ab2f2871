/**
 * The committed bundles run the way the runner and a user run them: dist/index.js with the
 * runner's environment files, and the CLI bundle through the package bin.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { run } from '../src/engine.js';
import { evaluationChunks } from '../src/evaluate/evaluate.js';
import { loadDataset } from '../src/data/dataset.js';
import { loadPlan } from '../src/config/load.js';
import { join } from 'node:path';
import { EXAMPLE_CONFIG, REPO_ROOT, smallExampleRepo, tempRepo, tinyRepo } from './helpers.js';
import { readOutputs } from './action/runner-files.js';
import { spawnAsync, type Spawned } from './spawn-async.js';

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...env, ...extra };
}

/*
 * The action bundle and the CLI bundle each run a copy of the example: independent processes, started side by side
 * before the tests, which then read their answers.
 */
let action: Promise<{ root: string; files: string; r: Spawned }>;
let bin: Promise<{ root: string; ok: Spawned; bad: Spawned }>;
beforeAll(() => {
  action = (async () => {
    const root = smallExampleRepo();
    const files = tempRepo({ 'summary.md': '', 'output.txt': '' });
    const r = await spawnAsync(process.execPath, [join(REPO_ROOT, 'dist/index.js')], {
      cwd: root,
      env: cleanEnv({
        GITHUB_WORKSPACE: root,
        GITHUB_STEP_SUMMARY: join(files, 'summary.md'),
        GITHUB_OUTPUT: join(files, 'output.txt'),
        INPUT_CONFIG: EXAMPLE_CONFIG,
        'INPUT_OUTPUT-DIR': 'gate-out'
      })
    });
    return { root, files, r };
  })();
  bin = (async () => {
    const root = smallExampleRepo();
    const path = join(REPO_ROOT, 'bin/evidence-gate.js');
    const [ok, bad] = await Promise.all([
      spawnAsync(process.execPath, [path, 'run', '--config', EXAMPLE_CONFIG, '--quiet'], {
        cwd: root,
        env: cleanEnv({})
      }),
      spawnAsync(process.execPath, [path, 'run', '--config', 'nope.yml'], { cwd: root, env: cleanEnv({}) })
    ]);
    return { root, ok, bad };
  })();
});

describe('dist/index.js (the action bundle)', () => {
  test('runs the bundled example with GITHUB_STEP_SUMMARY and GITHUB_OUTPUT', async () => {
    const { root, files, r } = await action;
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('artifact upload skipped: no artifact service in this environment (local run)');
    expect(r.stdout).toMatch(/^::error::Evidence Gate failed: \d+ blocking checks \(see the job summary\)$/m);
    expect(readFileSync(join(files, 'summary.md'), 'utf8')).toContain('# Evidence Gate: ❌ FAIL');
    const outputs = readOutputs(join(files, 'output.txt'));
    expect(outputs).toMatchObject({ verdict: 'fail', 'output-dir': 'gate-out', 'artifact-id': '', 'artifact-url': '' });
    const manifest = JSON.parse(readFileSync(join(root, 'gate-out', 'manifest.json'), 'utf8'));
    expect(manifest.tool.bundle_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the CLI bundle', () => {
  test('bin/evidence-gate.js run exits 1 on the failing example and 2 on a bad config', async () => {
    const { root, ok, bad } = await bin;
    expect(ok.status).toBe(1);
    expect(ok.stdout).toMatch(/^verdict: fail \(\d+ blocking checks\); evidence in evidence-gate-out\/\n$/);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      "evidence-gate: config error: config file not found: nope.yml (expected a YAML file inside the repository; set --config or the action's config input)\n" +
        `(the repository root is ${JSON.stringify(root)}, the current folder, which is in no git repository; paths inside the config are relative to it; set --root DIR to choose another)\n`
    );
  });
});

describe('the CLI launcher and its compile cache', () => {
  const outputs = ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html'];
  // The cache is about loading the engine, not about the run: a four-row repository (which fails its gate) will do.
  const cli = (root: string, out: string, env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'dist/cli/index.js'), 'run', '--config', 'evidence-gate.yml', '--out', out, '--quiet'],
      { cwd: root, encoding: 'utf8', env: cleanEnv(env) }
    );

  test('stores the engine bytecode privately after a first run, uses it next, replaces a bad file, and writes the same bytes each time', () => {
    const root = tinyRepo();
    const cacheDir = join(tempRepo(), 'v8');
    const first = cli(root, 'first', { NODE_COMPILE_CACHE: cacheDir });
    expect(first.stderr).toBe('');
    expect(first.status).toBe(1);
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^cli-[0-9a-f]{40}\.v8cache$/);
    const cacheFile = join(cacheDir, files[0] as string);
    const written = readFileSync(cacheFile);
    expect(written.length).toBeGreaterThan(100_000);
    expect(statSync(cacheFile).mode & 0o077).toBe(0);

    const second = cli(root, 'second', { NODE_COMPILE_CACHE: cacheDir });
    expect(second.status).toBe(1);
    expect(readFileSync(cacheFile).equals(written)).toBe(true);

    writeFileSync(cacheFile, 'not V8 bytecode');
    const third = cli(root, 'third', { NODE_COMPILE_CACHE: cacheDir });
    expect(third.stderr).toBe('');
    expect(third.status).toBe(1);
    expect(readFileSync(cacheFile).length).toBeGreaterThan(100_000);

    for (const name of outputs) {
      const bytes = readFileSync(join(root, 'first', name), 'utf8');
      expect(readFileSync(join(root, 'second', name), 'utf8')).toBe(bytes);
      expect(readFileSync(join(root, 'third', name), 'utf8')).toBe(bytes);
    }
    // The manifest names the code that ran: the engine bundle.
    const manifest = JSON.parse(readFileSync(join(root, 'first', 'manifest.json'), 'utf8'));
    expect(manifest.tool.bundle_sha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(REPO_ROOT, 'dist/cli/engine.js')))
        .digest('hex')
    );
  }, 60_000);

  test('a cache file with flipped bits or from another engine is ignored and replaced, never fatal', () => {
    const root = tinyRepo();
    const cacheDir = join(tempRepo(), 'v8');
    expect(cli(root, 'first', { NODE_COMPILE_CACHE: cacheDir }).status).toBe(1);
    const cacheFile = join(cacheDir, readdirSync(cacheDir)[0] as string);
    const good = readFileSync(cacheFile);
    // Four bits flipped well after every header: V8 alone would run this bytecode and crash (exit 133).
    const flipped = Buffer.from(good);
    for (const at of [1000, 20_000, 60_000, flipped.length - 8]) flipped[at] = (flipped[at] as number) ^ 0x10;
    writeFileSync(cacheFile, flipped);
    for (const out of ['second', 'third']) {
      const r = cli(root, out, { NODE_COMPILE_CACHE: cacheDir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
    }
    expect(readFileSync(cacheFile).equals(flipped)).toBe(false);
    // The bytecode of this engine under the header of another engine's digest is not used either.
    const foreign = Buffer.from(readFileSync(cacheFile));
    foreign[10] = (foreign[10] as number) ^ 1;
    writeFileSync(cacheFile, foreign);
    const fourth = cli(root, 'fourth', { NODE_COMPILE_CACHE: cacheDir });
    expect(fourth.status).toBe(1);
    expect(readFileSync(cacheFile).equals(foreign)).toBe(false);
    for (const name of outputs) {
      const bytes = readFileSync(join(root, 'first', name), 'utf8');
      for (const out of ['second', 'third', 'fourth']) expect(readFileSync(join(root, out, name), 'utf8')).toBe(bytes);
    }
  }, 90_000);

  test('a launcher without its engine beside it says what is missing and exits 3', () => {
    const lone = tempRepo({
      'cli/index.js': readFileSync(join(REPO_ROOT, 'dist/cli/index.js')),
      'cli/package.json': '{ "type": "module" }\n'
    });
    const r = spawnSync(process.execPath, [join(lone, 'cli/index.js'), 'run'], {
      cwd: lone,
      encoding: 'utf8',
      env: cleanEnv({})
    });
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(
      `evidence-gate: internal error: cannot read the engine bundle ${join(lone, 'cli/engine.js')} (ENOENT); it belongs beside this launcher: reinstall, or run \`npm run package\` in a clone\n`
    );
  });

  test('NODE_DISABLE_COMPILE_CACHE leaves no cache behind', () => {
    const root = tinyRepo();
    const cacheDir = join(tempRepo(), 'v8');
    const r = cli(root, 'out', { NODE_COMPILE_CACHE: cacheDir, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(r.status).toBe(1);
    expect(existsSync(cacheDir)).toBe(false);
  });
});

describe('the perturbation thread of the CLI bundle', () => {
  test('builds candidates chunks ahead on a second thread and writes the bytes an in-process run writes', async () => {
    // Longer texts spread the example over several chunks, so the bundle starts its thread (a small search budget:
    // the thread's work is the candidates, not the queries).
    const root = smallExampleRepo();
    for (const split of ['controlled', 'challenge']) {
      const file = join(root, 'examples/academic-intent/data', `${split}.jsonl`);
      const rows = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { text: string });
      writeFileSync(
        file,
        rows.map((r) => JSON.stringify({ ...r, text: Array.from({ length: 20 }, () => r.text).join(' ') })).join('\n') +
          '\n'
      );
    }
    const plan = loadPlan({ root, configPath: EXAMPLE_CONFIG });
    expect(evaluationChunks(loadDataset(plan.data), null).length).toBeGreaterThan(2);
    expect(availableParallelism()).toBeGreaterThan(1);

    // The bundle's process and the in-process run are independent (each writes its own folder): side by side.
    const [cli] = await Promise.all([
      spawnAsync(
        process.execPath,
        [join(REPO_ROOT, 'dist/cli/index.js'), 'run', '--config', EXAMPLE_CONFIG, '--out', 'bundle-out', '--quiet'],
        { cwd: root, env: cleanEnv({}) }
      ),
      run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'in-process-out' })
    ]);
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(1);
    for (const name of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html']) {
      expect(readFileSync(join(root, 'bundle-out', name), 'utf8')).toBe(
        readFileSync(join(root, 'in-process-out', name), 'utf8')
      );
    }
  }, 120_000);
});
