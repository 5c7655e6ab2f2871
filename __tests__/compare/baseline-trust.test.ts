/**
 * A baseline earns its trust (docs/security.md#baselines): a folder whose checks.json does not
 * follow from its own evidence is refused, naming the first difference, so a forged "every check
 * failed" baseline cannot turn real failures into known ones under gate.block_on: new; counts no
 * exact comparison can hold are refused in one line; manifest.baseline records where the baseline
 * came from; and the action on a pull request refuses a folder in the repository that the pull
 * request changed (or may have changed) when block_on is new.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { main } from '../../src/cli/main.js';
import { run, verify } from '../../src/engine.js';
import { fakeHost } from '../action/fake-host.js';
import { pullRequestEnv } from '../action/github-server.js';
import { EXAMPLE_CONFIG, smallExampleRepo } from '../helpers.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** Rewrites a listed file of an output folder and the digest its manifest records, as a forger would. */
function rewrite(dir: string, name: string, edit: (x: any) => void): void {
  const value = readJson(join(dir, name));
  edit(value);
  const text = JSON.stringify(value, null, 2) + '\n';
  writeFileSync(join(dir, name), text);
  const manifest = readJson(join(dir, 'manifest.json'));
  manifest.files[name] = {
    ...manifest.files[name],
    sha256: createHash('sha256').update(text).digest('hex'),
    bytes: Buffer.byteLength(text)
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
}

const copy = (root: string, from: string, to: string) => cpSync(join(root, from), join(root, to), { recursive: true });
const blockOnNew = (root: string) => {
  const config = join(root, EXAMPLE_CONFIG);
  writeFileSync(config, readFileSync(config, 'utf8').replace('gate:\n', 'gate:\n  block_on: new\n'));
};

/**
 * The small example with block_on: new, run once into `base`: the baseline both groups start from (the second copies
 * it into its own repository before committing it to git).
 */
let shared: Promise<{ root: string; failing: string[] }> | undefined;
const sharedBase = () =>
  (shared ??= (async () => {
    const root = smallExampleRepo();
    blockOnNew(root);
    const base = await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    return { root, failing: base.gate?.failing ?? [] };
  })());

describe('a baseline whose checks.json says every check failed (digests recomputed)', () => {
  let root: string;
  let failing: string[] = [];
  beforeAll(async () => {
    ({ root, failing } = await sharedBase());
    // A run compared with the untouched base: its manifest records where the baseline came from, and one test forges
    // the comparison.json of a copy.
    await run({
      root,
      configPath: EXAMPLE_CONFIG,
      outputDir: 'recorded',
      baseline: { dir: join(root, 'base'), shown: 'base' }
    });
    copy(root, 'base', 'forged');
    rewrite(join(root, 'forged'), 'checks.json', (c) => {
      for (const check of c.checks) check.status = 'fail';
    });
  });

  test('the CLI refuses it in one line, naming the file, the JSON path, recorded and recomputed (exit 2)', async () => {
    expect(failing.length).toBeGreaterThan(10);
    const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'forged', '--quiet'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'evidence-gate: usage error: forged/checks.json: checks[id=challenge_examples/data].status: recorded "fail", recomputed "pass": the baseline does not agree with its own evidence'
    ]);
  });

  test('the action path reports it in one line and gates without it: block_on: new acts as all', async () => {
    const warnings: string[] = [];
    const r = await run(
      {
        root,
        configPath: EXAMPLE_CONFIG,
        outputDir: 'warned',
        baseline: { dir: join(root, 'forged'), shown: 'forged', onError: 'warn' }
      },
      { warn: (l) => warnings.push(l) }
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^baseline refused: forged\/checks\.json: checks\[id=challenge_examples\/data\]\.status: recorded "fail", recomputed "pass"/
      )
    ]);
    expect(r.comparison).toBeNull();
    expect(r.verdict).toBe('fail');
    expect(r.gate?.failing).toEqual(failing);
    expect(r.summary).toContain(
      'but with no baseline (the baseline was refused \\(forged/checks\\.json\\: checks\\[id=challenge\\_examples/data\\]\\.status'
    );
  });

  test('the untouched folder is still trusted: known failures do not block', async () => {
    const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'base', '--quiet'], root);
    expect(r.code).toBe(0);
  });

  test('verify of the forged folder fails, naming the recomputed status', async () => {
    const r = await verify({ dir: 'forged', cwd: root, root });
    expect(r.differences).toContain(
      'checks.json: checks[id=challenge_examples/data].status: recorded "fail", recomputed "pass"'
    );
  });

  test('written by another version of the tool, only what the judgement reads is compared, and the forgery is still found', async () => {
    copy(root, 'forged', 'older');
    copy(root, 'base', 'older-base');
    for (const dir of ['older', 'older-base']) {
      const path = join(root, dir, 'manifest.json');
      const m = readJson(path);
      m.tool.version = '0.0.1';
      writeFileSync(path, JSON.stringify(m, null, 2) + '\n');
    }
    const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'older', '--quiet'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('older/checks.json: checks[0].status: recorded "fail", recomputed "pass"');
    expect(
      (await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'older-base', '--quiet'], root))
        .code
    ).toBe(0);
  });

  test('a numerator of 1e307 is refused in one line naming the file and JSON path, not a crash', async () => {
    copy(root, 'base', 'huge');
    let index = -1;
    rewrite(join(root, 'huge'), 'checks.json', (c) => {
      index = c.checks.findIndex((x: { check: string }) => x.check === 'flip_rate');
      c.checks[index].numerator = 1e307;
    });
    const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'huge', '--quiet'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd()).toBe(
      `evidence-gate: usage error: huge/checks.json: checks[${index}].numerator: expected a number of magnitude at most 2^53 - 1, found 1e+307`
    );
  });

  test('a count of 1e307 in the comparison.json of a baseline that had its own baseline is refused, not a crash', async () => {
    copy(root, 'recorded', 'compared');
    rewrite(join(root, 'compared'), 'comparison.json', (c) => {
      c.models[0].cells[0].fixed.numerator = 1e307;
    });
    const r = await cli(
      ['run', '--config', EXAMPLE_CONFIG, '--out', 'head', '--baseline', 'compared', '--quiet'],
      root
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd()).toBe(
      'evidence-gate: usage error: compared/comparison.json: models[0].cells[0].fixed.numerator: expected a number of magnitude at most 2^53 - 1, found 1e+307'
    );
    expect((await cli(['verify', 'compared'], root)).code).toBe(2);
  });

  test('manifest.baseline records where a folder came from; the CLI knows no base commit', async () => {
    // The beforeAll's run compared with base.
    expect(readJson(join(root, 'recorded', 'manifest.json')).baseline.origin).toEqual({
      kind: 'folder',
      tracked: null,
      changed_in_diff: null,
      base_commit: null,
      note: 'no base commit is known to diff against'
    });
  });
});

describe('the action on a pull request with a baseline folder in the repository and block_on: new', () => {
  const git = (root: string, ...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, encoding: 'utf8' }
    ).trim();
  const root = smallExampleRepo();
  let baseSha = '';
  beforeAll(async () => {
    blockOnNew(root);
    // The same config's run, made once for the file: copied in, as a run here would have written it.
    cpSync(join((await sharedBase()).root, 'base'), join(root, 'base'), { recursive: true });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'base');
    baseSha = git(root, 'rev-parse', 'HEAD');
  });
  const action = async (sha: string) => {
    const env = pullRequestEnv(root, 'http://127.0.0.1:9', {}, sha);
    const host = fakeHost({ config: EXAMPLE_CONFIG, baseline: 'base', 'output-dir': 'out' }, env, undefined, false);
    const result = await runAction(host);
    return { host, result };
  };

  test('a folder the pull request left alone is used, and its provenance recorded', async () => {
    const { host, result } = await action(baseSha);
    expect(result?.verdict).toBe('pass');
    expect(host.infos).toContain(
      `baseline: the folder base; not changed since the base commit ${baseSha.slice(0, 12)}`
    );
    expect(readJson(join(root, 'out', 'manifest.json')).baseline.origin).toEqual({
      kind: 'folder',
      tracked: true,
      changed_in_diff: false,
      base_commit: baseSha,
      note: `not changed since the base commit ${baseSha.slice(0, 12)}`
    });
    expect(host.summaries[0]).toContain(
      `A folder, tracked by git; not changed since the base commit ${baseSha.slice(0, 12)}.`
    );
  });

  test('a folder the pull request changed is refused in one line, even when its files agree with each other', async () => {
    // Rewritten without changing what it says: only git can tell the pull request wrote it.
    const path = join(root, 'base', 'manifest.json');
    writeFileSync(path, JSON.stringify(readJson(path)) + '\n');
    git(root, 'commit', '-qam', 'pr');
    const { host, result } = await action(baseSha);
    expect(result?.verdict).toBe('fail');
    const refused = host.warnings.filter((w) => w.line.startsWith('baseline refused'));
    expect(refused.map((w) => w.line)).toEqual([
      'baseline refused: base: a folder in the repository, and this pull request changes it; with gate.block_on: new its author could write the known failures, so it is not used'
    ]);
    expect(host.summaries[0]).toContain(
      'new failures cannot be told from known ones: every failing check blocks, as with `all`'
    );
  });

  test('a folder whose change cannot be told (the base commit is not in the checkout) is refused too', async () => {
    const { host, result } = await action('0'.repeat(40));
    expect(result?.verdict).toBe('fail');
    expect(host.warnings.map((w) => w.line)).toContainEqual(
      'baseline refused: base: a folder in the repository, and it cannot be told whether this pull request changes it: the base commit 000000000000 is not in the checkout (actions/checkout with fetch-depth: 0 fetches it); with gate.block_on: new its author could write the known failures, so it is not used'
    );
  });
});
