/** The action adapter against a recorded host: outputs, summary, artifact and exit status. */
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { EXAMPLE_CONFIG, exampleRepo, tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const ENV = { GITHUB_SERVER_URL: 'https://github.example', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '77', GITHUB_JOB: 'gate' };
const PASSING_GATE = 'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }';

describe('annotations', () => {
  const GATE = 'gate:\n  max_missing_rows: 0\n  min_challenge_examples: 5';

  test('each blocking check is annotated on its threshold line, or on the gate: line for a default', async () => {
    const root = tinyRepo({}, GATE);
    const host = fakeHost({ config: 'evidence-gate.yml', 'fail-on-gate': 'false' }, { GITHUB_WORKSPACE: root }, undefined, false);
    await runAction(host);
    const byId = (prefix: string) => host.errors.find((e) => e.line.startsWith(prefix));
    // Lines: 11 `gate:`, 12 max_missing_rows, 13 min_challenge_examples.
    expect(byId('challenge_examples/data')).toEqual({
      line: 'challenge_examples/data: 2, required ≥ 5 (gate.min_challenge_examples; n=4)',
      where: { title: 'Evidence Gate: challenge examples failed', file: 'evidence-gate.yml', startLine: 13 }
    });
    expect(byId('language_examples/data/en')?.where).toEqual({ title: 'Evidence Gate: language examples failed', file: 'evidence-gate.yml', startLine: 11 });
    expect(byId('language_examples/data/en')?.line).toBe('language_examples/data/en: 0, required ≥ 10 (gate.min_language_examples, default; n=2)');
  });

  test('at most 10 error annotations per step, the verdict included, and one line counting the rest', async () => {
    const root = exampleRepo();
    const failing = fakeHost({ config: EXAMPLE_CONFIG }, { GITHUB_WORKSPACE: root }, undefined, false);
    const result = await runAction(failing);
    expect(result?.failedChecks).toBe(20);
    expect(failing.errors).toHaveLength(9);
    expect(failing.failures).toHaveLength(1);
    expect(failing.infos).toContain('11 more blocking checks not annotated (GitHub shows 10 error annotations per step): see the job summary and checks.json');
    // Breaches of a zero ceiling rank first (the larger count first), then the largest relative overshoot (length PSI 15.4 vs 0.5).
    expect(failing.errors.slice(0, 3).map((e) => e.line.split(':')[0])).toEqual(['protected_transitions/naive-bayes', 'protected_transitions/tfidf-word', 'length_psi/data']);
    const reporting = fakeHost({ config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' }, { GITHUB_WORKSPACE: exampleRepo() }, undefined, false);
    await runAction(reporting);
    expect(reporting.errors).toHaveLength(10);
    expect(reporting.failures).toHaveLength(0);
  });
});

describe('runAction', () => {
  test('failing gate: summary, outputs, artifact of every file, setFailed once', async () => {
    const root = exampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG, 'retention-days': '5', 'github-token': 'ghs_secret' }, { ...ENV, GITHUB_WORKSPACE: root });
    const result = await runAction(host);
    expect(result?.verdict).toBe('fail');
    expect(host.secrets).toEqual(['ghs_secret']);
    expect(host.summaries).toHaveLength(1);
    expect(host.summaries[0]).toContain('# Evidence Gate: ❌ FAIL');
    expect(host.summaries[0]).toContain('Download the evidence: [evidence-gate-gate-0-');
    expect(host.summaries[0]).toContain('](https://github.example/o/r/actions/runs/77/artifacts/42)');
    expect(host.uploads).toHaveLength(1);
    expect(host.uploads[0]?.root).toBe(join(root, 'evidence-gate-out'));
    expect(host.uploads[0]?.files.map((f) => f.slice(host.uploads[0]!.root.length + 1)).sort()).toEqual([
      'checks.json', 'evidence.jsonl', 'manifest.json', 'metrics.json', 'report.html', 'summary.md'
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
    expect(host.failures).toEqual([`Evidence Gate failed: ${result?.failedChecks} blocking checks (see the job summary)`]);
    expect(host.infos.join('\n')).not.toContain('ghs_secret');
  });

  test('fail-on-gate: false keeps the step green but reports the verdict', async () => {
    const root = exampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG, 'fail-on-gate': 'false' }, { ...ENV, GITHUB_WORKSPACE: root });
    await runAction(host);
    expect(host.outputs.verdict).toBe('fail');
    expect(host.failures).toEqual([]);
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
    const root = exampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG }, { ...ENV, GITHUB_WORKSPACE: root }, async () => {
      throw new Error('quota exceeded');
    });
    await runAction(host);
    expect(host.warnings).toEqual([{ line: 'artifact upload failed: quota exceeded', where: { title: 'Evidence Gate: artifact upload failed' } }]);
    expect(host.summaries[0]).toContain('The artifact upload failed');
    expect(host.outputs.verdict).toBe('fail');
    expect(host.outputs['artifact-url']).toBe('');
    expect(host.failures).toHaveLength(1);
  });

  test.each([
    [{ 'retention-days': '0' }, 'Evidence Gate usage error: input retention-days: expected a whole number of days from 1 to 90, found "0"'],
    [{ 'fail-on-gate': 'maybe' }, 'Evidence Gate usage error: input fail-on-gate: expected true or false, found "maybe"'],
    [{ 'artifact-name': 'a/b' }, 'Evidence Gate usage error: input artifact-name: expected a name without " : < > | * ? \\ / or line breaks, found "a/b"'],
    [{ config: 'missing.yml' }, 'Evidence Gate config error: config file not found: missing.yml (expected a YAML file inside the repository; set --config or the action\'s config input)']
  ])('bad input %j fails the step once with a clear message', async (inputs, message) => {
    const host = fakeHost({ config: 'evidence-gate.yml', ...inputs }, { GITHUB_WORKSPACE: tinyRepo() });
    expect(await runAction(host)).toBeNull();
    expect(host.failures).toEqual([message]);
    expect(host.outputs).toEqual({});
  });
});
