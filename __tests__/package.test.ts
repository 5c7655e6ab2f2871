/**
 * The npm package as someone without a clone gets it: `npm pack` of this repository, installed
 * globally into an empty prefix with no network and an empty npm cache (so a runtime dependency
 * would fail the install), then the installed `evidence-gate` run from folders in no git
 * repository. It runs the committed bundle, so dist/ must be built (`npm run package`).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { jsonl, REPO_ROOT, tinyRepo } from './helpers.js';
import { gitTopLevel } from '../src/cli/root.js';
import { loadPlan } from '../src/config/load.js';
import { loadDataset } from '../src/data/dataset.js';
import { evaluationChunks } from '../src/evaluate/evaluate.js';

const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: object;
};
const MAX_UNPACKED_BYTES = 3 * 1024 * 1024;
/** The download a reviewer fetches to verify an artifact; 1.0.0's was 310 kB. */
const MAX_TARBALL_BYTES = 1024 * 1024;
/** 60 rows of about 5,000 characters: more than one evaluation chunk holds. */
const LONG_ROWS = Array.from({ length: 60 }, (_, i) =>
  i % 2 === 0
    ? { id: `r${i}`, text: 'the results show a clear gain '.repeat(160), label: 'result', language: 'en' }
    : { id: `l${i}`, text: 'one limitation is the small sample '.repeat(140), label: 'limitation', language: 'en' }
);

const scratch = mkdtempSync(join(tmpdir(), 'evidence-gate-pack-'));
const prefix = join(scratch, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', PKG.name);
// No npm_config_* from the `npm test` that may have started jest; a HOME of its own, so the
// install reads no user npmrc and the CLI's compile cache lands here.
const env: NodeJS.ProcessEnv = {
  PATH: [join(prefix, 'bin'), dirname(process.execPath), process.env.PATH].join(delimiter),
  HOME: join(scratch, 'home'),
  npm_config_update_notifier: 'false'
};
/** Folders this file made, removed at the end. */
const afterAllRemove: string[] = [scratch];
let tarball = '';
let tarballBytes = 0;

function sh(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8' });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
  return r.stdout;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    lstatSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]
  );
}

/** A fresh folder in no git repository. */
function outsideGit(name: string): string {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  expect(gitTopLevel(dir)).toBeNull();
  return dir;
}

beforeAll(() => {
  mkdirSync(env.HOME as string);
  const packed = JSON.parse(
    ok(sh('npm', ['pack', '--json', '--pack-destination', scratch], REPO_ROOT), 'npm pack')
  ) as Array<{ filename: string; size: number }>;
  tarball = join(scratch, (packed[0] as { filename: string }).filename);
  tarballBytes = lstatSync(tarball).size;
  const empty = outsideGit('empty');
  ok(
    sh(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--offline',
        '--cache',
        join(scratch, 'npm-cache'),
        '--no-audit',
        '--no-fund',
        tarball
      ],
      empty
    ),
    'npm install --offline'
  );
}, 120_000);

afterAll(() => {
  for (const dir of afterAllRemove) rmSync(dir, { recursive: true, force: true });
});

describe('the packed npm package', () => {
  test('declares no runtime dependencies and a Node range', () => {
    expect(PKG.dependencies).toBeUndefined();
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))).toMatchObject({
      version: PKG.version,
      engines: { node: '>=20' },
      bin: { 'evidence-gate': 'bin/evidence-gate.js' }
    });
  });

  test('holds the CLI bundle, bin and notices only: no node_modules, sources, tests or action bundle; small', () => {
    const files = filesUnder(installed).map((f) => relative(installed, f).split('\\').join('/'));
    for (const needed of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'bin/evidence-gate.js',
      'dist/cli/index.js',
      'dist/cli/engine.js',
      'dist/cli/licenses.txt'
    ])
      expect(files).toContain(needed);
    const unexpected = files.filter(
      (f) =>
        !/^(package\.json|README\.md|LICENSE|CHANGELOG\.md|bin\/[^/]+\.js|dist\/cli\/[^/]+|docs\/[^/]+\.md)$/.test(f)
    );
    expect(unexpected).toEqual([]);
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    // The global folder holds this package alone: nothing was installed beside it.
    expect(readdirSync(dirname(installed))).toEqual([PKG.name]);
    const unpacked = files.reduce((sum, f) => sum + lstatSync(join(installed, f)).size, 0);
    expect(unpacked).toBeLessThan(MAX_UNPACKED_BYTES);
    expect(tarballBytes).toBeLessThan(Math.min(unpacked, MAX_TARBALL_BYTES));
  });

  test('evidence-gate --version prints the package version', () => {
    expect(ok(sh('evidence-gate', ['--version'], outsideGit('version')), '--version')).toBe(
      `${PKG.name} ${PKG.version}\n`
    );
  });

  test('run, merge, verify (intact and tampered) and explain work from folders in no git repository', () => {
    // run: the current folder is the root, the config's paths are relative to it. The controlled
    // split is long enough for two evaluation chunks, so the perturbation thread starts, from the
    // installed launcher.
    const work = tinyRepo({ 'data/controlled.jsonl': jsonl(LONG_ROWS) });
    afterAllRemove.push(work);
    expect(gitTopLevel(work)).toBeNull();
    expect(
      evaluationChunks(loadDataset(loadPlan({ root: work, configPath: 'evidence-gate.yml' }).data), null).length
    ).toBeGreaterThan(1);
    const run = sh('evidence-gate', ['run', '--config', 'evidence-gate.yml', '--out', 'gate-out', '--quiet'], work);
    expect([0, 1]).toContain(run.status);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^verdict: (pass|fail)\b.*evidence in gate-out\/\n$/);
    const manifest = JSON.parse(readFileSync(join(work, 'gate-out', 'manifest.json'), 'utf8'));
    expect(manifest.tool).toMatchObject({ name: PKG.name, version: PKG.version });

    // Two shards merged: byte for byte what one run wrote.
    for (const k of [1, 2])
      ok(
        sh(
          'evidence-gate',
          ['run', '--config', 'evidence-gate.yml', '--shard', `${k}/2`, '--out', `s${k}`, '--quiet'],
          work
        ),
        `run --shard ${k}/2`
      );
    const merged = sh('evidence-gate', ['merge', 's1', 's2', '--out', 'merged', '--quiet'], work);
    expect(merged.status).toBe(run.status);
    for (const name of ['evidence.jsonl', 'metrics.json', 'checks.json'])
      expect(readFileSync(join(work, 'merged', name), 'utf8')).toBe(readFileSync(join(work, 'gate-out', name), 'utf8'));

    // verify: the output folder "downloaded" elsewhere, checked from the folder that holds it.
    const downloads = outsideGit('downloads');
    cpSync(join(work, 'gate-out'), join(downloads, 'evidence'), { recursive: true });
    const intact = sh('evidence-gate', ['verify', 'evidence'], downloads);
    expect(intact.stderr).toBe('');
    expect(intact.status).toBe(0);
    expect(intact.stdout).toBe('verified: every digest, metric and check of evidence agrees\n');
    const evidence = join(downloads, 'evidence', 'evidence.jsonl');
    const rows = readFileSync(evidence, 'utf8');
    const edited = rows.replace('"prediction":"result"', '"prediction":"limitation"');
    expect(edited).not.toBe(rows);
    writeFileSync(evidence, edited);
    const tampered = sh('evidence-gate', ['verify', 'evidence'], downloads);
    expect(tampered.status).toBe(1);
    // The edit makes the file 4 bytes longer than recorded: the bounded reader says so before any digest.
    expect(tampered.stdout).toMatch(/^evidence\.jsonl: longer than the \d+ bytes its manifest records$/m);

    // explain: one text through the configured models and families.
    const explained = sh(
      'evidence-gate',
      ['explain', '--config', 'evidence-gate.yml', '--language', 'en', '--text', 'the results show a gain', '--json'],
      work
    );
    expect(explained.status).toBe(0);
    expect(explained.stderr).not.toContain('the results show a gain');
    const report = JSON.parse(explained.stdout) as {
      conditions: Array<{ condition: string; readings: Array<{ model: string }> }>;
    };
    expect(report.conditions[0]).toMatchObject({ condition: 'clean', readings: [{ model: 'naive-bayes' }] });
  });

  test('init writes a config that run takes as is, in a folder holding only data files', () => {
    const dir = outsideGit('init');
    const rows = (split: string, n: number) =>
      jsonl(
        Array.from({ length: n }, (_, i) =>
          i % 2 === 0
            ? { id: `${split}${i}`, text: `the results show gain number ${i}`, label: 'result' }
            : { id: `${split}${i}`, text: `one limitation is sample ${i}`, label: 'limitation' }
        )
      );
    writeFileSync(join(dir, 'train.jsonl'), rows('t', 8));
    writeFileSync(join(dir, 'test.jsonl'), rows('e', 4));
    const init = sh('evidence-gate', ['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], dir);
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('Next: evidence-gate run --config .github/evidence-gate.yml\n');
    const run = sh('evidence-gate', ['run', '--config', '.github/evidence-gate.yml', '--quiet'], dir);
    expect(run.stderr).toBe('');
    expect([0, 1]).toContain(run.status);
    expect(ok(sh('evidence-gate', ['verify', 'evidence-gate-out'], dir), 'verify')).toBe(
      'verified: every digest, metric and check of evidence-gate-out agrees\n'
    );
  });

  test('a bad config is one line and exit 2 outside a repository too', () => {
    const r = sh('evidence-gate', ['run', '--config', 'missing.yml'], outsideGit('bad'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^evidence-gate: config error: config file not found: missing\.yml .*\n\(the repository root is ".*", the current folder, which is in no git repository;/
    );
  });
});
