/** The action adapter against a recorded host: outputs, summary, artifact and exit status. */
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { EXAMPLE_CONFIG, exampleRepo, tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const ENV = { GITHUB_SERVER_URL: 'https://github.example', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '77', GITHUB_JOB: 'gate' };
const PASSING_GATE = 'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }';

describe('runAction', () => {
  test('failing gate: summary, outputs, artifact of every file, setFailed once', async () => {
    const root = exampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG, 'retention-days': '5', 'github-token': 'ghs_secret' }, { ...ENV, GITHUB_WORKSPACE: root });
    const result = await runAction(host);
    expect(result?.verdict).toBe('fail');
    expect(host.secrets).toEqual(['ghs_secret']);
    expect(host.summaries).toHaveLength(1);
    expect(host.summaries[0]).toContain('# Evidence Gate: ❌ FAIL');
    expect(host.summaries[0]).toContain('Download the evidence: [evidence-gate-gate-');
    expect(host.summaries[0]).toContain('](https://github.example/o/r/actions/runs/77/artifacts/42)');
    expect(host.uploads).toHaveLength(1);
    expect(host.uploads[0]?.root).toBe(join(root, 'evidence-gate-out'));
    expect(host.uploads[0]?.files.map((f) => f.slice(host.uploads[0]!.root.length + 1)).sort()).toEqual([
      'checks.json', 'evidence.jsonl', 'manifest.json', 'metrics.json', 'summary.md'
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

  test('a failed upload is one error annotation; summary, outputs and status still follow the gate', async () => {
    const root = exampleRepo();
    const host = fakeHost({ config: EXAMPLE_CONFIG }, { ...ENV, GITHUB_WORKSPACE: root }, async () => {
      throw new Error('quota exceeded');
    });
    await runAction(host);
    expect(host.errors).toEqual([{ line: 'artifact upload failed: quota exceeded', where: { title: 'Evidence Gate: artifact upload failed' } }]);
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
