/**
 * How the action treats the workflow's event and the runner it is on: gate.require_baseline
 * never blocks a run that cannot compare (push, merge_group, schedule, workflow_dispatch),
 * pull_request_target is refused in one line, and on GitHub Enterprise Server the artifact
 * calls are left out with one line instead of failing with a stack.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { enterpriseServerOf } from '../../src/action/github-host.js';
import { runAction } from '../../src/action/main.js';
import { verify } from '../../src/engine.js';
import { tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const STRICT_GATE =
  'gate: { require_baseline: true, allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }';
const BLOCKING_GATE = STRICT_GATE.replace('allow_not_evaluated: true', 'allow_not_evaluated: false');
const ENV = {
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'o/r',
  GITHUB_RUN_ID: '77',
  GITHUB_JOB: 'gate'
};

describe('gate.require_baseline and the event', () => {
  test.each(['push', 'merge_group', 'schedule', 'workflow_dispatch'])(
    '%s: the comparison checks are not applicable, with the reason, and the output verifies',
    async (event) => {
      const root = tinyRepo({}, BLOCKING_GATE);
      const host = fakeHost(
        { config: 'evidence-gate.yml' },
        { ...ENV, GITHUB_WORKSPACE: root, GITHUB_EVENT_NAME: event }
      );
      const result = await runAction(host);
      // Only the comparison checks are looked at: a language without rows is not evaluated here either way.
      expect(
        result?.gate?.failing.filter(
          (id) => id.startsWith('regression/') || id.startsWith('new_protected_transitions/')
        )
      ).toEqual([]);
      const comparison =
        result?.gate?.checks.filter((c) => c.check === 'regression' || c.check === 'new_protected_transitions') ?? [];
      expect(comparison.length).toBeGreaterThan(0);
      for (const c of comparison)
        expect([c.status, c.reason]).toEqual([
          'not_applicable',
          `baseline auto compares pull requests with their base branch, and this run is a ${event} event`
        ]);
      const manifest = JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'manifest.json'), 'utf8'));
      expect(manifest.baseline_expected).toBe(false);
      const verified = await verify({ dir: 'evidence-gate-out', cwd: root, root });
      expect(verified.differences).toEqual([]);
    }
  );

  test('on a pull request without a baseline it still blocks', async () => {
    const root = tinyRepo({}, BLOCKING_GATE);
    const host = fakeHost(
      { config: 'evidence-gate.yml', baseline: 'none' },
      {
        ...ENV,
        GITHUB_WORKSPACE: root,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_BASE_REF: 'main'
      }
    );
    const result = await runAction(host);
    expect(result?.verdict).toBe('fail');
    expect(result?.gate?.failing.filter((id) => id.startsWith('regression/')).length).toBeGreaterThan(0);
    const regression = result?.gate?.checks.filter((c) => c.check === 'regression') ?? [];
    expect(
      regression.every(
        (c) => c.status === 'not_evaluated' && c.reason === 'the baseline input is none (gate.require_baseline is true)'
      )
    ).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'manifest.json'), 'utf8'))).not.toHaveProperty(
      'baseline_expected'
    );
  });
});

describe('pull_request_target', () => {
  test('is refused before anything runs: one line with the risk and the safe pattern, verdict: error', async () => {
    const root = tinyRepo({}, STRICT_GATE);
    const host = fakeHost(
      { config: 'evidence-gate.yml', comment: 'true', 'github-token': 'ghs_write' },
      { ...ENV, GITHUB_WORKSPACE: root, GITHUB_EVENT_NAME: 'pull_request_target' }
    );
    expect(await runAction(host)).toBeNull();
    expect(host.failures).toHaveLength(1);
    expect(host.failures[0]).toMatch(
      /^Evidence Gate usage error: the pull_request_target event is refused: there the checkout is the base branch, so the verdict would describe code that is not in the pull request, and checking out the pull request's head instead runs the fork's model commands and config next to a token that may write\. Run Evidence Gate on pull_request .* workflow_run .*docs\/security\.md$/
    );
    expect(host.failures[0]).not.toContain('\n');
    expect(host.outputs).toEqual({ verdict: 'error' });
    expect(host.uploads).toEqual([]);
    expect(host.tokens).toEqual([]);
  });
});

describe('GitHub Enterprise Server', () => {
  const GHES =
    'ghes.example.com is a GitHub Enterprise Server, where @actions/artifact 2 and later (which this action uses) are not supported';

  test('is told apart from github.com and GHE.com by the server URL', () => {
    expect(enterpriseServerOf({ GITHUB_SERVER_URL: 'https://ghes.example.com' })).toBe('ghes.example.com');
    expect(enterpriseServerOf({ GITHUB_SERVER_URL: 'https://github.com' })).toBeNull();
    expect(enterpriseServerOf({ GITHUB_SERVER_URL: 'https://octo.ghe.com' })).toBeNull();
    expect(enterpriseServerOf({})).toBeNull();
  });

  test('a plain run gates without an artifact and says so in one notice', async () => {
    const root = tinyRepo({}, STRICT_GATE);
    const host = fakeHost(
      { config: 'evidence-gate.yml' },
      { ...ENV, GITHUB_WORKSPACE: root, GITHUB_EVENT_NAME: 'pull_request' },
      undefined,
      true,
      { artifactsUnsupported: GHES }
    );
    const result = await runAction(host);
    expect(result?.verdict).toBe('pass');
    expect(host.uploads).toEqual([]);
    expect(host.notices.map((n) => n.line)).toEqual([
      `artifact upload skipped: ${GHES}; the evidence stays in evidence-gate-out/ (upload it with a step that supports this server)`
    ]);
    expect(host.infos).toContain(`baseline: none (${GHES}, so the base branch's artifact cannot be downloaded)`);
    expect(host.outputs['artifact-id']).toBe('');
  });

  test.each([
    [{ shard: '1/2' }, 'a shard step uploads'],
    [{ merge: 'true' }, 'a merge step downloads']
  ])('%j stops with one line and verdict: error, no stack', async (inputs, what) => {
    const host = fakeHost(
      { config: 'evidence-gate.yml', ...inputs },
      { ...ENV, GITHUB_WORKSPACE: tinyRepo() },
      undefined,
      true,
      { artifactsUnsupported: GHES }
    );
    expect(await runAction(host)).toBeNull();
    expect(host.failures).toEqual([
      `Evidence Gate runner error: ${GHES}, and ${what} artifacts through it; run the evaluation unsharded there (docs/action.md, GitHub Enterprise Server)`
    ]);
    expect(host.outputs).toEqual({ verdict: 'error' });
  });
});
