/** The action adapter against a recorded host: outputs, summary, artifact and exit status. */
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { progressLines } from '../../src/action/progress.js';
import { EXAMPLE_CONFIG, smallExampleRepo, tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const ENV = {
  GITHUB_SERVER_URL: 'https://github.example',
  GITHUB_REPOSITORY: 'o/r',
  GITHUB_RUN_ID: '77',
  GITHUB_JOB: 'gate'
};
const PASSING_GATE =
  'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }';

describe('annotations', () => {
  const GATE = 'gate:\n  max_missing_rows: 0\n  min_challenge_examples: 5';

  test('each blocking check is annotated on its threshold line, or on the gate: line for a default', async () => {
    const root = tinyRepo({}, GATE);
    const host = fakeHost({ config: 'evidence-gate.yml' }, { GITHUB_WORKSPACE: root }, undefined, false);
    await runAction(host);
    const byId = (prefix: string) => host.errors.find((e) => e.line.startsWith(prefix));
    // Lines: 11 `gate:`, 12 max_missing_rows, 13 min_challenge_examples.
    expect(byId('challenge_examples/data')).toEqual({
      line: 'challenge_examples/data: 2, required ≥ 5 (gate.min_challenge_examples; n=4)',
      where: { title: 'Evidence Gate: challenge examples failed', file: 'evidence-gate.yml', startLine: 13 }
    });
    expect(byId('language_examples/data/en')?.where).toEqual({
      title: 'Evidence Gate: language examples failed',
      file: 'evidence-gate.yml',
      startLine: 11
    });
    expect(byId('language_examples/data/en')?.line).toBe(
      'language_examples/data/en: 0, required ≥ 10 (gate.min_language_examples, default; n=2)'
    );
  });

  test('at most 10 error annotations per step, the verdict included, and one line counting the rest', async () => {
    const root = smallExampleRepo();
    const failing = fakeHost({ config: EXAMPLE_CONFIG }, { GITHUB_WORKSPACE: root }, undefined, false);
    const result = await runAction(failing);
    // The example at a tenth of its budgets and without exact: 25 blocking checks.
    expect(result?.failedChecks).toBe(25);
    expect(failing.errors).toHaveLength(9);
    expect(failing.failures).toHaveLength(1);
    expect(failing.infos).toContain(
      '16 more blocking checks not annotated (GitHub shows 10 annotations of a kind per step): see the job summary and checks.json'
    );
    // Breaches of a zero ceiling rank first (the larger count first), then the largest relative overshoot (length PSI 15.4 vs 0.5).
    expect(failing.errors.slice(0, 5).map((e) => e.line.split(':')[0])).toEqual([
      'protected_transitions/naive-bayes',
      'protected_transitions/tfidf-word',
      'protected_transitions/hybrid',
      'length_psi/data',
      'generalization_gap/tfidf-word'
    ]);
  });

  test('fail-on-gate: false annotates with warnings (all 10 slots) and says in the summary that the gate does not block', async () => {
    const reporting = fakeHost(
      { config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' },
      { GITHUB_WORKSPACE: smallExampleRepo() },
      undefined,
      false
    );
    await runAction(reporting);
    expect(reporting.errors).toEqual([]);
    expect(reporting.warnings).toHaveLength(10);
    expect(reporting.warnings[0]?.line).toMatch(/^protected_transitions\/naive-bayes: /);
    expect(reporting.warnings[0]?.where).toMatchObject({
      title: 'Evidence Gate: protected transitions failed',
      file: EXAMPLE_CONFIG
    });
    expect(reporting.infos).toContain(
      '15 more blocking checks not annotated (GitHub shows 10 annotations of a kind per step): see the job summary and checks.json'
    );
    expect(reporting.failures).toHaveLength(0);
    const lines = reporting.summaries[0]?.split('\n') ?? [];
    expect(lines[1]).toBe('# Evidence Gate: ❌ FAIL');
    expect(lines.slice(2, 4)).toEqual([
      '',
      '> **The gate failed, but this step does not block on it** (`fail-on-gate: false`): the blocking checks are annotated as warnings, and the `verdict` output is `fail`.'
    ]);
    expect(reporting.outputs.verdict).toBe('fail');
  });
});

describe('warning slots with fail-on-gate: false', () => {
  test('warnings about the upload leave the checks fewer slots, and the count of the rest says so', async () => {
    const host = fakeHost(
      { config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' },
      { ...ENV, GITHUB_WORKSPACE: smallExampleRepo() },
      async () => {
        throw new Error('quota exceeded');
      }
    );
    await runAction(host);
    expect(host.warnings).toHaveLength(10);
    expect(host.warnings[0]).toEqual({
      line: 'artifact upload failed: quota exceeded',
      where: { title: 'Evidence Gate: artifact upload failed' }
    });
    expect(host.warnings.slice(1).every((w) => w.where?.file === EXAMPLE_CONFIG)).toBe(true);
    expect(host.infos).toContain(
      '16 more blocking checks not annotated (GitHub shows 10 annotations of a kind per step): see the job summary and checks.json'
    );
  });

  test("a retention-days above the repository's maximum is shortened with a notice, not the library's warning", async () => {
    const host = fakeHost(
      { config: EXAMPLE_CONFIG, 'fail-on-gate': 'false', 'retention-days': '400' },
      { ...ENV, GITHUB_WORKSPACE: smallExampleRepo(), GITHUB_RETENTION_DAYS: '90' }
    );
    await runAction(host);
    expect(host.uploads[0]?.retentionDays).toBe(90);
    expect(host.notices).toEqual([
      {
        line: "retention-days 400 is longer than this repository allows; the artifact is kept 90 days (the repository's or organization's artifact retention setting)",
        where: { title: 'Evidence Gate: retention shortened' }
      }
    ]);
    expect(host.warnings.filter((w) => w.where?.file === undefined)).toEqual([]);
    expect(host.warnings).toHaveLength(10);
    const within = fakeHost(
      { config: 'evidence-gate.yml', 'retention-days': '400' },
      { ...ENV, GITHUB_WORKSPACE: tinyRepo({}, PASSING_GATE), GITHUB_RETENTION_DAYS: '400' }
    );
    await runAction(within);
    expect(within.uploads[0]?.retentionDays).toBe(400);
    expect(within.notices).toEqual([]);
  });
});

describe('runAction', () => {
  test('failing gate: summary, outputs, artifact of every file, setFailed once', async () => {
    const root = smallExampleRepo();
    const host = fakeHost(
      { config: EXAMPLE_CONFIG, 'retention-days': '5', 'github-token': 'ghs_secret' },
      { ...ENV, GITHUB_WORKSPACE: root }
    );
    const result = await runAction(host);
    expect(result?.verdict).toBe('fail');
    expect(host.secrets).toEqual(['ghs_secret']);
    expect(host.summaries).toHaveLength(1);
    expect(host.summaries[0]).toContain('# Evidence Gate: ❌ FAIL');
    expect(host.summaries[0]).toContain('Download the evidence: [`evidence-gate-gate-0-');
    expect(host.summaries[0]).toContain('](https://github.example/o/r/actions/runs/77/artifacts/42)');
    // The summary posted to GitHub ends with the artifact link and the manifest digest (SPEC §18).
    const tail = host.summaries[0]?.trimEnd().split('\n').slice(-3);
    expect(tail?.[0]).toMatch(
      /^Download the evidence: \[`evidence-gate-gate-0-[0-9a-f]{8}`\]\(https:\/\/github\.example\/o\/r\/actions\/runs\/77\/artifacts\/42\)\.$/
    );
    expect(tail?.slice(1)).toEqual(['', `Manifest SHA-256: \`${result?.manifestSha256}\``]);
    expect(host.summaries[0]).not.toContain('does not block');
    expect(host.uploads).toHaveLength(1);
    expect(host.uploads[0]?.root).toBe(join(root, 'evidence-gate-out'));
    expect(host.uploads[0]?.files.map((f) => f.slice(host.uploads[0]!.root.length + 1)).sort()).toEqual([
      'checks.json',
      'checks.junit.xml',
      'evidence.jsonl',
      'manifest.json',
      'metrics.json',
      'report.html',
      'summary.md'
    ]);
    expect(host.uploads[0]?.retentionDays).toBe(5);
    expect(host.outputs).toMatchObject({
      verdict: 'fail',
      'failed-checks': String(result?.failedChecks),
      'output-dir': 'evidence-gate-out',
      'manifest-sha256': result?.manifestSha256,
      'artifact-id': '42',
      'artifact-url': 'https://github.example/o/r/actions/runs/77/artifacts/42'
    });
    expect(host.failures).toEqual([
      `Evidence Gate failed: ${result?.failedChecks} blocking checks (see the job summary)`
    ]);
    expect(host.infos.join('\n')).not.toContain('ghs_secret');
  });

  test('an artifact name and output folder chosen by the user stay inert in the summary', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const host = fakeHost(
      { config: 'evidence-gate.yml', 'artifact-name': 'x](https_evil)@team_`\u202e', 'output-dir': 'out`_[a]' },
      { ...ENV, GITHUB_WORKSPACE: root }
    );
    await runAction(host);
    expect(host.summaries[0]).toContain(
      "Download the evidence: [`x](https_evil)@team_'\\u202E`](https://github.example/o/r/actions/runs/77/artifacts/42)."
    );
    const local = fakeHost(
      { config: 'evidence-gate.yml', 'output-dir': 'out`_[a]' },
      { GITHUB_WORKSPACE: root },
      undefined,
      false
    );
    await runAction(local);
    expect(local.summaries[0]).toContain("so the evidence stays in `out'_[a]/`.");
  });

  test('fail-on-gate: false keeps the step green but reports the verdict', async () => {
    const root = smallExampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' }, { ...ENV, GITHUB_WORKSPACE: root });
    await runAction(host);
    expect(host.outputs.verdict).toBe('fail');
    expect(host.failures).toEqual([]);
    expect(host.errors).toEqual([]);
  });

  test('a passing gate does not fail the step', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const host = fakeHost({ config: 'evidence-gate.yml' }, { ...ENV, GITHUB_WORKSPACE: root });
    await runAction(host);
    expect(host.outputs.verdict).toBe('pass');
    expect(host.outputs['failed-checks']).toBe('0');
    expect(host.failures).toEqual([]);
  });

  test('without an artifact service it says so in one line and carries on', async () => {
    const root = tinyRepo({}, PASSING_GATE);
    const host = fakeHost({ config: 'evidence-gate.yml' }, { GITHUB_WORKSPACE: root }, undefined, false);
    await runAction(host);
    expect(host.uploads).toEqual([]);
    expect(host.infos).toContain('artifact upload skipped: no artifact service in this environment (local run)');
    expect(host.outputs['artifact-id']).toBe('');
    expect(host.outputs.verdict).toBe('pass');
  });

  test('a failed upload is one warning annotation; summary, outputs and status still follow the gate', async () => {
    const root = smallExampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG }, { ...ENV, GITHUB_WORKSPACE: root }, async () => {
      throw new Error('quota exceeded');
    });
    await runAction(host);
    expect(host.warnings).toEqual([
      { line: 'artifact upload failed: quota exceeded', where: { title: 'Evidence Gate: artifact upload failed' } }
    ]);
    expect(host.summaries[0]).toContain('The artifact upload failed');
    expect(host.outputs.verdict).toBe('fail');
    expect(host.outputs['artifact-url']).toBe('');
    expect(host.failures).toHaveLength(1);
  });

  test.each([
    [
      { 'retention-days': '0' },
      'usage',
      'input retention-days: expected a whole number of days from 1 to 400, found "0"'
    ],
    [
      { 'retention-days': '401' },
      'usage',
      'input retention-days: expected a whole number of days from 1 to 400, found "401"'
    ],
    [{ key: 'a\nb' }, 'usage', 'input key: expected one line of at most 200 characters, found "a\\nb"'],
    [{ 'fail-on-gate': 'yes' }, 'usage', 'input fail-on-gate: expected true or false, found "yes"'],
    [
      { 'artifact-name': 'a/b' },
      'usage',
      'input artifact-name: expected a name of at most 200 characters without " : < > | * ? \\ / or line breaks, found "a/b"'
    ],
    [
      { 'output-dir': '../elsewhere' },
      'usage',
      'input output-dir: expected a folder inside the workspace; expected a path inside the repository root, found "../elsewhere"'
    ],
    [
      { baseline: '../base' },
      'usage',
      'input baseline: expected auto, none or a folder inside the workspace; expected a path inside the repository root, found "../base"'
    ],
    [
      { config: 'missing.yml' },
      'config',
      "config file not found: missing.yml (expected a YAML file inside the repository; set --config or the action's config input)"
    ]
  ])('bad input %j: one failure line, a short job summary and verdict: error', async (inputs, kind, message) => {
    const host = fakeHost({ config: 'evidence-gate.yml', ...inputs }, { GITHUB_WORKSPACE: tinyRepo() });
    expect(await runAction(host)).toBeNull();
    expect(host.failures).toEqual([`Evidence Gate ${kind} error: ${message}`]);
    expect(host.outputs).toEqual({ verdict: 'error' });
    expect(host.uploads).toEqual([]);
    expect(host.summaries).toHaveLength(1);
    const summary = host.summaries[0] as string;
    expect(
      summary.startsWith('# Evidence Gate: ⚠️ ERROR\n\nThe step stopped before a verdict (' + kind + ' error):\n\n- ')
    ).toBe(true);
    expect(summary).toContain('the `verdict` output is `error`');
  });

  test('a config with several problems lists each in the error summary, escaped', async () => {
    const root = tinyRepo({
      'evidence-gate.yml': 'version: 1\nthreat_model: { id: "<b>x</b>" }\nmodels: [nope]\nunknown_key: 1\n'
    });
    const host = fakeHost({ config: 'evidence-gate.yml' }, { GITHUB_WORKSPACE: root });
    await runAction(host);
    const items = (host.summaries[0] as string).split('\n').filter((l) => l.startsWith('- '));
    expect(items.length).toBeGreaterThan(1);
    expect(host.summaries[0]).not.toContain('<b>');
  });

  test('an internal error also leaves a summary and verdict: error, with the stack in the log line only', async () => {
    const host = fakeHost({ config: 'evidence-gate.yml' }, { GITHUB_WORKSPACE: tinyRepo() });
    host.context = () => {
      throw new Error('boom');
    };
    await runAction(host);
    expect(host.outputs).toEqual({ verdict: 'error' });
    expect(host.failures[0]).toMatch(/^Evidence Gate internal error: Error: boom\n\s+at /);
    expect(host.summaries[0]).toContain('(internal error):\n\n- boom');
  });
});

describe('progress', () => {
  test('a line at most every 10 s, with rows, rate and time left', () => {
    let t = 0;
    const lines: string[] = [];
    const report = progressLines(
      (l) => lines.push(l),
      () => t
    );
    for (const [at, rows] of [
      [4000, 100],
      [9999, 200],
      [10000, 300],
      [15000, 400],
      [21000, 600]
    ] as const) {
      t = at;
      report({ stage: 'evaluate', rows, total: 1200 });
    }
    // The rate counts the rows since the stage's first report (100 rows at 4 s): 200 in 6 s, then 500 in 17 s.
    expect(lines).toEqual([
      'evaluate: 300/1,200 rows (25%), 33 rows/s, about 27 s left',
      'evaluate: 600/1,200 rows (50%), 29 rows/s, about 20 s left'
    ]);
  });

  test('the action passes it to the engine: info lines without dataset text', async () => {
    let t = 0;
    // Each reading of the clock advances it by 11 s, as if every chunk took that long.
    const host = fakeHost(
      { config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' },
      { GITHUB_WORKSPACE: smallExampleRepo() },
      undefined,
      false
    );
    await runAction(host, { now: () => (t += 11_000) });
    const lines = host.infos.filter((l) => l.startsWith('evaluate: '));
    // A finished stage says how long it took, never "about 0 s left" (docs/cli.md).
    expect(lines).toEqual(['evaluate: 5,888/5,888 rows (100%), 535 rows/s, done in 11 s']);
    // Each model's training starts and ends in the log, whatever the interval.
    const milestone = / on 842 rows \.\.\.$|: done in [\d.]+ s$/;
    const training = host.infos.filter((l) => l.startsWith('training ') && milestone.test(l));
    const names = ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid'];
    const expected = names.flatMap((m) => [`training ${m} on 842 rows ...`, `training ${m}: done in X s`]);
    expect(training.map((l) => l.replace(/[\d.]+ s$/, 'X s'))).toEqual(expected);
  });
});
