/** The baseline's checks.json: a malformed one is refused in one line; the action turns known failures into warnings. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { main } from '../../src/cli/main.js';
import { parseBaselineChecks } from '../../src/compare/baseline-checks.js';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, smallExampleRepo } from '../helpers.js';
import { fakeHost } from '../action/fake-host.js';

const ok = {
  id: 'a/m',
  check: 'a',
  status: 'fail',
  value: 1,
  numerator: 1,
  denominator: 2,
  direction: 'max',
  threshold: 0
};
const file = (checks: unknown[], extra = {}) =>
  JSON.stringify({ schema_version: 2, allow_not_evaluated: false, checks, ...extra });

describe('parseBaselineChecks', () => {
  test('reads each check by id, and whether not-evaluated checks were allowed', () => {
    const parsed = parseBaselineChecks(file([ok], { allow_not_evaluated: true }), 'base/checks.json');
    expect(parsed.allowNotEvaluated).toBe(true);
    expect(parsed.checks.get('a/m')).toEqual(ok);
  });

  test.each([
    ['not JSON', '{', /^base\/checks\.json: not valid JSON/],
    ['no checks array', '{"checks": 3}', /^base\/checks\.json: expected an object with a checks array$/],
    [
      'a bad status',
      file([{ ...ok, status: 'green' }]),
      /^base\/checks\.json: checks\[0\]\.status: expected pass, fail, not_evaluated or not_applicable, found "green"$/
    ],
    ['a bad direction', file([{ ...ok, direction: 'up' }]), /checks\[0\]\.direction: expected min or max$/],
    [
      'a threshold that is not a number',
      file([{ ...ok, threshold: '0' }]),
      /checks\[0\]\.threshold: expected a number$/
    ],
    [
      'a value that is not a number',
      file([{ ...ok, value: 'x' }]),
      /checks\[0\]\.value: expected a number or null, found "x"$/
    ],
    ['an id twice', file([ok, ok]), /checks\[1\]: id "a\/m" appears twice$/],
    ['a check that is not an object', file([null]), /checks\[0\]: expected an object$/]
  ])('%s is refused in one line', (_what, text, message) => {
    expect(() => parseBaselineChecks(text, 'base/checks.json')).toThrow(message);
  });
});

describe('a baseline whose checks.json is malformed but matches its manifest', () => {
  test('the CLI refuses it in one line (exit 2); the action warns and runs without a comparison', async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    const bad = file([{ ...ok, status: 'green' }]);
    writeFileSync(join(root, 'base', 'checks.json'), bad);
    const manifestPath = join(root, 'base', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.files['checks.json'] = {
      ...manifest.files['checks.json'],
      sha256: createHash('sha256').update(bad).digest('hex'),
      bytes: Buffer.byteLength(bad)
    };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    let stderr = '';
    const code = await main(['run', '--config', EXAMPLE_CONFIG, '--baseline', 'base', '--quiet'], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
      cwd: root
    });
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toEqual([
      'evidence-gate: usage error: base/checks.json: checks[0].status: expected pass, fail, not_evaluated or not_applicable, found "green"'
    ]);
    const warnings: string[] = [];
    const r = await run(
      {
        root,
        configPath: EXAMPLE_CONFIG,
        outputDir: 'out',
        baseline: { dir: join(root, 'base'), shown: 'base', onError: 'warn' }
      },
      { warn: (l) => warnings.push(l) }
    );
    expect(warnings).toHaveLength(1);
    expect(r.comparison).toBeNull();
    expect(r.gate?.checks.some((c) => c.change !== undefined)).toBe(false);
  });
});

describe('the action with block_on: new and a baseline', () => {
  test('known failures do not fail the step: they are warning annotations, and the summary says what changed', async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    const config = join(root, EXAMPLE_CONFIG);
    writeFileSync(config, readFileSync(config, 'utf8').replace('gate:\n', 'gate:\n  block_on: new\n'));
    const host = fakeHost({ config: EXAMPLE_CONFIG, baseline: 'base' }, { GITHUB_WORKSPACE: root }, undefined, false);
    const result = await runAction(host);
    expect(result?.verdict).toBe('pass');
    expect(host.failures).toEqual([]);
    expect(host.errors).toEqual([]);
    expect(host.warnings).toHaveLength(10);
    expect(
      host.warnings.every((w) =>
        w.line.endsWith('failing on the base branch as well, so it does not block (gate.block_on: new)')
      )
    ).toBe(true);
    expect(host.warnings[0]?.where).toMatchObject({
      title: 'Evidence Gate: known protected transitions failure',
      file: EXAMPLE_CONFIG
    });
    expect(host.infos).toContain('15 more known failures not annotated: see the job summary and checks.json');
    expect(host.summaries[0]).toContain(
      '**What this pull request changed:** no check newly failing, worse or fixed; 25 failing on the base branch as well.'
    );
  });
});
