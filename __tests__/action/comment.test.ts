/**
 * The sticky pull-request comment against a local server that speaks the issue-comment REST
 * endpoints (through the real octokit client): created once, edited in place on the next push,
 * one per config, and on a fork's read-only token one notice and a note in the job summary.
 */
import { commentBody, compareSectionOf, defuseMentions } from '../../src/action/comment.js';
import { runAction } from '../../src/action/main.js';
import { commentMarker } from '../../src/action/naming.js';
import { md } from '../../src/report/escape.js';
import { minimalConfig, tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';
import { FakeGitHub, pullRequestEnv } from './github-server.js';

const server = await new FakeGitHub().start();
const { githubHost } = await import('../../src/action/github-host.js');

afterAll(() => server.close());
beforeEach(() => server.reset());

const GATE = 'gate:\n  max_missing_rows: 0\n  min_challenge_examples: 5';

function prEnv(root: string, runId: string): NodeJS.ProcessEnv {
  return pullRequestEnv(root, server.url, { GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: runId });
}

function host(root: string, runId: string, inputs: Record<string, string>) {
  const env = prEnv(root, runId);
  return fakeHost({ baseline: 'none', 'fail-on-gate': 'false', comment: 'true', ...inputs }, env, undefined, true, {
    api: (t) => githubHost(null, env).api(t)
  });
}

describe('pull-request comment', () => {
  test('one comment per config, edited in place on the next push', async () => {
    const root = tinyRepo({ 'second.yml': minimalConfig(GATE) }, GATE);
    server.tokens.set('ghs_write', 'write');
    // Someone else's comment that quotes a marker further down is left alone.
    server.comments.push({ id: 900, issue: 7, body: 'see <!-- evidence-gate:comment:0 -->', user: 'someone' });
    const first = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(first);
    expect(first.infos.find((l) => l.startsWith('pull-request comment'))).toBe(
      'pull-request comment created: https://github.example/o/r/pull/7#issuecomment-1'
    );
    expect(server.comments).toHaveLength(2);
    const body = server.comments[1]?.body as string;
    expect(body.split('\n')[0]).toMatch(/^<!-- evidence-gate:comment:[0-9a-f]{16} -->$/);
    expect(body).toContain('### Evidence Gate: ❌ FAIL · `evidence-gate.yml`');
    expect(body).toMatch(/^\*\*Why it failed:\*\* .+\.$/m);
    expect(body).toContain('#### Compared with base\n\nNo comparison: the baseline input is none.');
    expect(body).toContain(
      '[workflow run](https://github.example/o/r/actions/runs/77) · [evidence artifact](https://github.example/o/r/actions/runs/77/artifacts/42) · manifest SHA-256 `'
    );
    expect(body).not.toContain('## Failing and not-evaluated checks');

    const next = host(root, '78', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(next);
    expect(next.infos).toContain('pull-request comment updated: https://github.example/o/r/pull/7#issuecomment-1');
    expect(server.comments).toHaveLength(2);
    expect(server.comments[1]?.body).toContain('actions/runs/78');
    expect(server.comments[0]?.body).toBe('see <!-- evidence-gate:comment:0 -->');

    const other = host(root, '78', { config: 'second.yml', 'github-token': 'ghs_write' });
    await runAction(other);
    expect(server.comments).toHaveLength(3);
    expect(server.comments[2]?.body).toContain('· `second.yml`');
    expect(server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /repos/o/r/issues/7/comments',
      'PATCH /repos/o/r/issues/comments/1',
      'POST /repos/o/r/issues/7/comments'
    ]);
  });

  test("a fork's read-only token: one notice, a note in the job summary, never a failure", async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghs_fork', 'read');
    const h = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_fork', 'fail-on-gate': 'true' });
    const result = await runAction(h);
    expect(result?.verdict).toBe('fail');
    expect(h.notices).toEqual([
      {
        line: "pull-request comment not posted: the token may not write to pull request #7 (HTTP 403; a fork's read-only token, or no pull-requests: write permission). This job summary is the report.",
        where: { title: 'Evidence Gate: no pull-request comment' }
      }
    ]);
    expect(h.warnings).toEqual([]);
    expect(h.errors).toHaveLength(Math.min(9, result?.failedChecks ?? 0));
    expect(h.summaries[0]).toContain(
      'The pull-request comment was not posted (HTTP 403: the token may not write to pull requests, as on a fork); this summary is the report.'
    );
    // The only failure is the gate's own.
    expect(h.failures).toEqual([`Evidence Gate failed: ${result?.failedChecks} blocking checks (see the job summary)`]);
    expect(server.comments).toEqual([]);
  });

  test('not on push events, and not unless asked for', async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghs_write', 'write');
    const pushed = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    pushed.env.GITHUB_EVENT_NAME = 'push';
    await runAction(pushed);
    expect(pushed.infos).toContain('pull-request comment skipped: this run is not a pull_request event');
    const quiet = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write', comment: 'false' });
    await runAction(quiet);
    expect(server.requests).toEqual([]);
  });

  test('a server error is one warning and a note, never a failure', async () => {
    const root = tinyRepo({}, GATE);
    // No token grant at all: the server answers 401 to the listing.
    const h = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_unknown' });
    await runAction(h);
    expect(h.notices).toHaveLength(1);
    expect(h.failures).toEqual([]);
    const broken = fakeHost(
      { baseline: 'none', 'fail-on-gate': 'false', comment: 'true', config: 'evidence-gate.yml', 'github-token': 't' },
      prEnv(root, '1'),
      undefined,
      true,
      {
        api: () => ({
          request: async () => {
            throw new Error('socket hang up');
          },
          pages: () => ({
            [Symbol.asyncIterator]: () => ({
              next: async () => {
                throw new Error('socket hang up');
              }
            })
          }),
          downloadArtifact: async () => undefined
        })
      }
    );
    await runAction(broken);
    expect(broken.warnings.filter((w) => w.where?.file === undefined)).toEqual([
      {
        line: 'pull-request comment failed: socket hang up',
        where: { title: 'Evidence Gate: pull-request comment failed' }
      }
    ]);
    expect(broken.summaries[0]).toContain('The pull-request comment could not be posted');
    expect(broken.failures).toEqual([]);
  });
});

describe('pull-request comment: author, races and refusals', () => {
  const marker = (root: string) => commentMarker(prEnv(root, '1'), 'evidence-gate.yml', '0');

  test("a comment by someone else that starts with the marker is never edited; the token's own is", async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghs_write', 'write');
    const forged = server.comment(7, `${marker(root)}\nforged by a reviewer`, 'mallory');
    const first = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(first);
    expect(first.infos).toContain('pull-request comment created: https://github.example/o/r/pull/7#issuecomment-2');
    const next = host(root, '78', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(next);
    expect(next.infos).toContain('pull-request comment updated: https://github.example/o/r/pull/7#issuecomment-2');
    expect(server.comments.find((c) => c.id === forged.id)?.body).toBe(`${marker(root)}\nforged by a reviewer`);
    expect(server.comments.find((c) => c.id === 2)?.body).toContain('actions/runs/78');
    expect(server.requests.filter((r) => r.method === 'GET' && r.path === '/user')).toHaveLength(2);
  });

  test("with a personal token the user's own comment is edited, not github-actions[bot]'s", async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghp_alice', 'write');
    server.users.set('ghp_alice', 'alice');
    server.comment(7, `${marker(root)}\nold bot comment`, 'github-actions[bot]');
    const mine = server.comment(7, `${marker(root)}\nold comment of alice`, 'alice');
    const h = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghp_alice' });
    await runAction(h);
    expect(h.infos).toContain(
      `pull-request comment updated: https://github.example/o/r/pull/7#issuecomment-${mine.id}`
    );
    expect(server.comments.map((c) => [c.user, c.body.includes('actions/runs/77')])).toEqual([
      ['github-actions[bot]', false],
      ['alice', true]
    ]);
  });

  test('two runs commenting at once: the newest comment stays and the older duplicate is deleted', async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghs_write', 'write');
    // A concurrent run's comment lands right after this run's.
    server.afterCreate = () => {
      server.afterCreate = null;
      server.comment(7, `${marker(root)}\nfrom the concurrent run`, 'github-actions[bot]');
    };
    const h = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(h);
    expect(server.comments.map((c) => c.body.split('\n')[1])).toEqual(['from the concurrent run']);
    expect(h.infos).toContain(
      'pull-request comment superseded by a newer one from a run that commented at the same time: https://github.example/o/r/pull/7#issuecomment-2 (1 duplicate deleted)'
    );
    // Duplicates left by an earlier race: the next run edits the newest and deletes the rest.
    server.comment(7, `${marker(root)}\nduplicate`, 'github-actions[bot]');
    const next = host(root, '78', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(next);
    expect(server.comments).toHaveLength(1);
    expect(server.comments[0]?.id).toBe(3);
    expect(server.comments[0]?.body).toContain('actions/runs/78');
    expect(next.infos).toContain(
      'pull-request comment updated: https://github.example/o/r/pull/7#issuecomment-3 (1 duplicate deleted)'
    );
  });

  test('a spent rate limit and a locked conversation are named as such, not as a read-only token', async () => {
    const root = tinyRepo({}, GATE);
    server.tokens.set('ghs_write', 'write');
    server.exhausted.add('ghs_write');
    const limited = host(root, '77', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(limited);
    expect(limited.notices.map((n) => n.line)).toEqual([
      'pull-request comment not posted: the GitHub API rate limit ran out (HTTP 403); the next run posts it. This job summary is the report.'
    ]);
    expect(limited.summaries[0]).toContain(
      'The pull-request comment was not posted (HTTP 403: the GitHub API rate limit ran out); this summary is the report.'
    );
    server.exhausted.clear();
    server.locked.add(7);
    const locked = host(root, '78', { config: 'evidence-gate.yml', 'github-token': 'ghs_write' });
    await runAction(locked);
    expect(locked.notices.map((n) => n.line)).toEqual([
      'pull-request comment not posted: the conversation on pull request #7 is locked (HTTP 403). This job summary is the report.'
    ]);
    expect(locked.warnings.filter((w) => w.where?.file === undefined)).toEqual([]);
    expect(server.comments).toEqual([]);
  });
});

/**
 * A model of GitHub's mention filter: after rendering, `@name` at the start of a word in text
 * outside code, pre and links notifies that user or team. Entities are decoded first, as the
 * filter sees text nodes.
 */
function mentions(markdown: string): string[] {
  const found: string[] = [];
  for (const line of markdown.split('\n')) {
    const parts = line.split('`');
    parts.forEach((part, i) => {
      if (i % 2 === 1 && parts.length % 2 === 1) return;
      const text = part.replace(/&#64;/g, '@').replace(/\\(.)/g, '$1');
      for (const m of text.matchAll(/(?:^|[^\w])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9][A-Za-z0-9-]*)?)/g))
        found.push(m[1] as string);
    });
  }
  return found;
}

describe('mentions', () => {
  test("an entity-escaped @ still mentions after rendering; the comment's code span does not", () => {
    const escaped = `| ${md('@octo-org/security')} | ${md('model @alice')} |`;
    expect(escaped).toContain('&#64;');
    expect(mentions(escaped)).toEqual(['octo-org/security', 'alice']);
    const defused = defuseMentions(escaped);
    expect(mentions(defused)).toEqual([]);
    expect(defused).toBe('| `@`octo\\-org/security | model `@`alice |');
    // Code spans and addresses are left as they are.
    expect(defuseMentions('`@x` mail me: a@b.example, see https://x.example/@y')).toBe(
      '`@x` mail me: a@b.example, see https://x.example/@y'
    );
    expect(defuseMentions('@bare at the start')).toBe('`@`bare at the start');
  });

  test('names in the comment body cannot mention anyone', () => {
    const summary = [
      '# Evidence Gate: ❌ FAIL',
      '',
      `**Why it failed:** ${md('@octo-org/team')} broke.`,
      '',
      '## Compared with base',
      '',
      `| ${md('@alice-model')} | +1 pp |`
    ].join('\n');
    const body = commentBody({
      marker: '<!-- m -->',
      verdict: 'fail',
      configPath: '@cfg.yml',
      jobIndex: '0',
      summary,
      runUrl: null,
      artifactUrl: '',
      manifestSha256: 'f'.repeat(64)
    });
    expect(mentions(summary)).toEqual(['octo-org/team', 'alice-model']);
    expect(mentions(body)).toEqual([]);
    expect(body).toContain('`@cfg.yml`');
  });
});

describe('comment body', () => {
  const facts = {
    marker: '<!-- m -->',
    verdict: 'pass' as const,
    configPath: 'cfg.yml',
    jobIndex: '2',
    runUrl: null,
    artifactUrl: '',
    manifestSha256: 'f'.repeat(64)
  };

  test('the compare section is cut to fit GitHub comment limits', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `| model-${i} | +0.0 pp; 0 fixed, 0 broken |`);
    const summary = [
      '# Evidence Gate: ✅ PASS',
      '',
      '**Every judged check passed.**',
      '',
      '## Compared with base',
      '',
      ...rows,
      '',
      '## Robustness (all rows)',
      'x'
    ].join('\n');
    expect(compareSectionOf(summary)).toHaveLength(rows.length + 3);
    const body = commentBody({ ...facts, summary });
    expect(body.length).toBeLessThan(65_536);
    expect(body).toContain('### Evidence Gate: ✅ PASS · `cfg.yml` (matrix job 2)');
    expect(body).toContain('**Every judged check passed.**');
    expect(body).toContain('_The comparison goes on in the job summary._');
    expect(body).not.toContain('Robustness');
  });

  test('config paths are shown as inert code', () => {
    const body = commentBody({ ...facts, configPath: 'a`b\u202e.yml', summary: '' });
    expect(body).toContain("`a'b\\u202E.yml`");
  });
});
