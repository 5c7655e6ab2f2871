/**
 * `evidence-gate verify` (docs/definitions.md#verify): untouched outputs verify; every kind of tampering is found
 * and named (file, JSON path, recorded vs recomputed); --rerun checks the inputs first.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run, verify } from '../../src/engine.js';
import { main } from '../../src/cli/main.js';
import { EXAMPLE_CONFIG, REPO_ROOT, smallExampleRepo, tempRepo, tinyRepo } from '../helpers.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const editJson = (path: string, edit: (x: any) => void) => {
  const x = JSON.parse(readFileSync(path, 'utf8'));
  edit(x);
  writeFileSync(path, JSON.stringify(x, null, 2) + '\n');
};

describe('untouched outputs verify (exit 0)', () => {
  test('the text example (a tenth of its budgets, without exact), also gzipped, and with --rerun', async () => {
    // exact's rows are verified and rerun in evaluate/exact-text-engine.test.ts.
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    expect(await cli(['verify', 'out'], root)).toMatchObject({
      code: 0,
      stdout: 'verified: every digest, metric and check of out agrees\n'
    });
    const rerun = await cli(['verify', 'out', '--rerun'], root);
    expect(rerun).toMatchObject({
      code: 0,
      stdout:
        'verified: every digest, metric and check of out agrees, and the rerun reproduces the evidence byte for byte\n'
    });
    const config = join(root, 'gz.yml');
    writeFileSync(
      config,
      readFileSync(join(root, EXAMPLE_CONFIG), 'utf8').replace(
        'output: { text: full }',
        'output: { text: full, gzip_above_bytes: 1000 }'
      )
    );
    await run({ root, configPath: 'gz.yml', outputDir: 'gz' });
    expect((await cli(['verify', 'gz'], root)).code).toBe(0);
  }, 60_000);

  test('the tabular example and a merged sharded run', async () => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(root, 'examples', 'inspection-tabular'), {
      recursive: true
    });
    const config = 'examples/inspection-tabular/evidence-gate.yml';
    // Verification does not depend on scale: four runs, so the query budgets are a tenth.
    const text = readFileSync(join(root, config), 'utf8');
    expect(text).toMatch(/queries: 1000/);
    writeFileSync(join(root, config), text.replace(/queries: 1000/g, 'queries: 100'));
    await run({ root, configPath: config, outputDir: 'out' });
    expect((await cli(['verify', 'out', '--rerun'], root)).code).toBe(0);
    for (const k of [1, 2]) await run({ root, configPath: config, outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    expect(await verify({ dir: 'merged', cwd: root, root })).toEqual({ differences: [], notes: [] });
  }, 60_000);

  test('an external model', async () => {
    const root = tinyRepo({
      'model.mjs':
        "import { createInterface } from 'node:readline';\ncreateInterface({ input: process.stdin }).on('line', (l) => { const { id, text } = JSON.parse(l); process.stdout.write(JSON.stringify({ id, label: text.includes('limit') ? 'limitation' : 'result' }) + '\\n'); });\n"
    });
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        '  - naive-bayes\n',
        '  - naive-bayes\n  - { name: mine, command: "node model.mjs", files: [model.mjs] }\n'
      )
    );
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect((await cli(['verify', 'out', '--rerun'], root)).code).toBe(0);
  }, 60_000);
});

/**
 * The small example run once into `out`: the tampering tests damage copies of that folder, and the rerun tests get a
 * copy of the whole repository each (their edits to the inputs stay their own).
 */
let smallRun: Promise<string> | undefined;
const smallExample = () =>
  (smallRun ??= (async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    return root;
  })());
const smallExampleCopy = async () => {
  const root = tempRepo();
  cpSync(await smallExample(), root, { recursive: true });
  return root;
};

describe('tampering is found and named (exit 1)', () => {
  let root: string;
  beforeAll(async () => {
    root = await smallExample();
  });
  const copy = (name: string) => {
    rmSync(join(root, name), { recursive: true, force: true });
    cpSync(join(root, 'out'), join(root, name), { recursive: true });
    return join(root, name);
  };

  test('an evidence row', async () => {
    const dir = copy('row');
    const lines = readFileSync(join(dir, 'evidence.jsonl'), 'utf8').split('\n');
    // The challenge row ch-0001 / naive-bayes / clean now claims another prediction.
    const i = lines.findIndex((l) =>
      l.includes('"id":"ch-0001","split":"challenge","model":"naive-bayes","condition":"clean"')
    );
    const row = JSON.parse(lines[i] as string);
    row.prediction = row.prediction === 'result' ? 'method' : 'result';
    lines[i] = JSON.stringify(row);
    writeFileSync(join(dir, 'evidence.jsonl'), lines.join('\n'));
    const r = await cli(['verify', 'row'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^evidence\.jsonl: SHA-256 recorded [0-9a-f]{64}, found [0-9a-f]{64}$/m);
    expect(r.stdout).toMatch(/^metrics\.json: models\[model=naive-bayes\]\.\S+: recorded .+, recomputed .+$/m);
    expect(r.stdout).toMatch(/difference(s)? found in row\n$/);
  });

  test('past 50 differences in a file the rest is one line, and the count line counts every difference', async () => {
    const dir = copy('many');
    let changed = 0;
    editJson(join(dir, 'metrics.json'), (m) => {
      for (const model of m.models)
        for (const c of model.classification) {
          c.accuracy.numerator += 1;
          c.accuracy.denominator += 1;
          changed += 2;
        }
    });
    expect(changed).toBeGreaterThan(60);
    const r = await cli(['verify', 'many'], root);
    expect(r.code).toBe(1);
    const more = /^metrics\.json: …and (\d+) more differences$/m.exec(r.stdout);
    expect(more).not.toBeNull();
    const listed = r.stdout.trimEnd().split('\n').length - 1;
    const total = Number(/^(\d+) differences found in many$/m.exec(r.stdout)?.[1]);
    // Every listed line but the "…and N more" one is one difference; that one stands for N.
    expect(total).toBe(listed - 1 + Number(more?.[1]));
    expect(total).toBeGreaterThan(changed);
  });

  test('a metric', async () => {
    const dir = copy('metric');
    editJson(join(dir, 'metrics.json'), (m) => {
      m.models[1].classification[0].accuracy.numerator += 1;
    });
    const r = await cli(['verify', 'metric'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^metrics\.json: SHA-256 recorded /m);
    // Named by model and slice, not by array index (docs/definitions.md#verify).
    const model = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8')).models[1].model as string;
    expect(r.stdout).toMatch(
      new RegExp(
        `^metrics\\.json: models\\[model=${model}\\]\\.classification\\[split=null,language=null,scope=all\\]\\.accuracy\\.numerator: recorded \\d+, recomputed \\d+$`,
        'm'
      )
    );
  });

  test('a flipped check status', async () => {
    const dir = copy('check');
    editJson(join(dir, 'checks.json'), (c) => {
      c.checks.find((x: any) => x.id === 'length_psi/data').status = 'pass';
    });
    const r = await cli(['verify', 'check'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('checks.json: checks[id=length_psi/data].status: recorded "pass", recomputed "fail"');
  });

  test('a deleted file', async () => {
    const dir = copy('deleted');
    rmSync(join(dir, 'report.html'));
    const r = await cli(['verify', 'deleted'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^report\.html: missing \(the manifest lists it with SHA-256 [0-9a-f]{12}…\)$/m);
  });

  test('a verdict edited in the manifest', async () => {
    const dir = copy('verdict');
    editJson(join(dir, 'manifest.json'), (m) => {
      m.gate.verdict = 'pass';
    });
    const r = await cli(['verify', 'verdict'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('manifest.json: gate.verdict: recorded "pass", recomputed "fail"');
  });
});

describe('--rerun checks the inputs first', () => {
  test('an edited data file is named and stops the rerun', async () => {
    const root = await smallExampleCopy();
    const data = join(root, 'examples/academic-intent/data/challenge.jsonl');
    writeFileSync(data, readFileSync(data, 'utf8').replace('"label":"gap"', '"label":"result"'));
    const r = await cli(['verify', 'out', '--rerun'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^data \(challenge\) examples\/academic-intent\/data\/challenge\.jsonl: SHA-256 recorded [0-9a-f]{64}, found [0-9a-f]{64} \(the input changed since the run\)$/m
    );
    expect(r.stdout).toContain('rerun stopped: an input differs from the one the manifest records');
  });

  test('a different seed in the config is named', async () => {
    const root = await smallExampleCopy();
    const config = join(root, EXAMPLE_CONFIG);
    writeFileSync(config, readFileSync(config, 'utf8').replace('seed: 1637', 'seed: 1638'));
    const r = await cli(['verify', 'out', '--rerun'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^config examples\/academic-intent\/evidence-gate\.yml: SHA-256 recorded [0-9a-f]{64}, found [0-9a-f]{64} \(the input changed since the run\)$/m
    );
  });

  test('a missing input is a data error (exit 2) naming it, not a difference', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    rmSync(join(root, 'data/challenge.jsonl'));
    const r = await cli(['verify', 'out', '--rerun'], root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('evidence-gate: data error: data (challenge) data/challenge.jsonl: missing under ');
    expect(r.stderr).toContain('expected the file the manifest names, found none');
    expect(r.stderr).toContain('verify --rerun needs every input the manifest names (set --root');
  });

  test('another Unicode version is named before the comparison', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    editJson(join(root, 'out', 'manifest.json'), (m) => {
      m.tool.unicode.unicode = '14.0';
    });
    const r = await cli(['verify', 'out', '--rerun'], root);
    expect(r.stderr).toContain(
      `note: Unicode tables differ: the run used Unicode 14.0, this Node has ${process.versions.unicode}`
    );
    expect(r.code).toBe(0);
  });
});

describe('what verify cannot read (exit 2)', () => {
  test.each([
    [
      'a missing folder',
      () => {},
      'nope',
      /^evidence-gate: usage error: nope: not a folder; expected an Evidence Gate output folder\n$/
    ],
    [
      'an unknown manifest schema',
      (dir: string) => editJson(join(dir, 'manifest.json'), (m) => (m.schema_version = 3)),
      'out',
      /^evidence-gate: usage error: out\/manifest\.json: schema_version 3 is not one this build reads \(2\)/
    ],
    [
      'an unknown metrics schema',
      (dir: string) => editJson(join(dir, 'metrics.json'), (m) => (m.schema_version = '7.1')),
      'out',
      /^evidence-gate: usage error: out\/metrics\.json: schema_version 7 is not one this build reads \(2\)\n$/
    ]
  ])('%s', async (_what, damage, dir, message) => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    damage(join(root, 'out'));
    const r = await cli(['verify', dir], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
