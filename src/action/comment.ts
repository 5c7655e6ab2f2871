/**
 * The opt-in pull-request comment (`comment: true`): one per config, job and matrix index,
 * found again by the hidden marker on its first line and edited in place on every push. It
 * repeats the verdict, what the pull request changed, the cause sentence and the compact
 * "Compared with base" section of the summary (already escaped by the engine) and links the run
 * and the artifact. Names in it cannot mention anyone (defuseMentions).
 */
import { code } from '../report/escape.js';
import { CHANGE_LINE_PREFIX, NOTHING_NEW_PREFIX } from '../report/summary-changes.js';
import { ApiError, type GitHubApi } from './host.js';

/** GitHub refuses comment bodies above 65,536 characters; leave room for the frame. */
const SECTION_BUDGET = 60_000;
const PAGES = 30;

interface CommentFacts {
  marker: string;
  verdict: 'pass' | 'fail';
  configPath: string;
  jobIndex: string;
  /** The engine's summary.md. */
  summary: string;
  runUrl: string | null;
  artifactUrl: string;
  manifestSha256: string;
}

/** The lines of `summary` from the `## Compared with base` heading to the next `## ` heading. */
export function compareSectionOf(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## Compared with base');
  if (start < 0) return [];
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  return lines.slice(start, end);
}

/** The cause sentence under the verdict ("**Why it failed:** …", or the passing line). */
function causeLineOf(summary: string): string | null {
  const lines = summary.split('\n');
  return (
    lines.find((l) => l.startsWith('**Why it failed:**')) ??
    lines.find((l) => l.startsWith('**Every judged check passed') || l.startsWith(NOTHING_NEW_PREFIX)) ??
    null
  );
}

/** The summary's opening "what this pull request changed" line, when there was a baseline to judge against. */
function changeLineOf(summary: string): string | null {
  return summary.split('\n').find((l) => l.startsWith(CHANGE_LINE_PREFIX)) ?? null;
}

export function commentBody(f: CommentFacts): string {
  const title =
    `### Evidence Gate: ${f.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'} · ${code(f.configPath, 120)}` +
    `${f.jobIndex !== '0' ? ` (matrix job ${f.jobIndex})` : ''}`;
  const out = [f.marker, title, ''];
  const changed = changeLineOf(f.summary);
  if (changed) out.push(changed, '');
  const cause = causeLineOf(f.summary);
  if (cause) out.push(cause, '');
  const section = compareSectionOf(f.summary).map((l) => (l.startsWith('## ') ? `#### ${l.slice(3)}` : l));
  let used = 0;
  for (const line of section) {
    used += line.length + 1;
    if (used > SECTION_BUDGET) {
      out.push('', '_The comparison goes on in the job summary._');
      break;
    }
    out.push(line);
  }
  while (out[out.length - 1] === '') out.pop();
  const links = [
    f.runUrl ? `[workflow run](${f.runUrl})` : null,
    f.artifactUrl ? `[evidence artifact](${f.artifactUrl})` : null,
    `manifest SHA-256 ${code(f.manifestSha256, 64)}`
  ];
  out.push(
    '',
    links.filter((x) => x !== null).join(' · '),
    '',
    '<sub>Evidence Gate edits this comment on every push.</sub>',
    ''
  );
  return defuseMentions(out.join('\n'));
}

interface IssueComment {
  id: number;
  body?: string | null;
  html_url?: string;
  user?: { login?: string } | null;
}

/** Who the workflow token writes as; GET /user refuses it (HTTP 403), while a personal token answers with its login. */
const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]';

/** The login this token writes comments as. */
async function identityOf(api: GitHubApi): Promise<string> {
  try {
    const user = await api.request<{ login?: unknown }>('GET', '/user');
    if (typeof user.login === 'string' && user.login !== '') return user.login;
  } catch (error) {
    // An installation token (the workflow token) may not read /user; a rate limit is not that.
    if (!(error instanceof ApiError) || error.rateLimited || ![401, 403, 404].includes(error.status)) throw error;
  }
  return WORKFLOW_TOKEN_LOGIN;
}

function sameLogin(a: string | undefined, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}

/** This token's own comments on the pull request that start with the marker, oldest first. */
async function ownComments(
  api: GitHubApi,
  base: string,
  pr: number,
  marker: string,
  login: string
): Promise<IssueComment[]> {
  const own: IssueComment[] = [];
  for await (const page of api.pages<IssueComment>(`${base}/${pr}/comments`, { per_page: 100 }, PAGES)) {
    for (const c of page)
      if (sameLogin(c.user?.login ?? undefined, login) && (c.body ?? '').startsWith(marker)) own.push(c);
  }
  return own.sort((a, b) => a.id - b.id);
}

/** Deletes duplicates; one already deleted by a concurrent run (404) is fine. */
async function removeAll(api: GitHubApi, base: string, comments: IssueComment[]): Promise<number> {
  let removed = 0;
  for (const c of comments) {
    try {
      await api.request('DELETE', `${base}/comments/${c.id}`);
      removed++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
  }
  return removed;
}

interface Posted {
  action: 'created' | 'updated' | 'superseded';
  url: string | null;
  /** Duplicates deleted (left by two runs that commented at the same time). */
  removed: number;
}

/**
 * Creates the comment, or edits this token's own comment that starts with the marker (a
 * marker is a hash anyone can compute, so comments by others are never touched). Two runs
 * that comment at once may both create one: each lists again after creating, and the newest
 * (highest id) stays while older duplicates are deleted, so both runs agree. Throws ApiError.
 */
export async function postStickyComment(
  api: GitHubApi,
  repository: string,
  pr: number,
  marker: string,
  body: string
): Promise<Posted> {
  const [owner = '', repo = ''] = repository.split('/');
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues`;
  const login = await identityOf(api);
  const own = await ownComments(api, base, pr, marker, login);
  const newest = own[own.length - 1];
  if (newest) {
    const updated = await api.request<IssueComment>('PATCH', `${base}/comments/${newest.id}`, { body });
    const removed = await removeAll(api, base, own.slice(0, -1));
    return { action: 'updated', url: updated.html_url ?? newest.html_url ?? null, removed };
  }
  const created = await api.request<IssueComment>('POST', `${base}/${pr}/comments`, { body });
  // The author as GitHub recorded it, in case the token is not the one identityOf assumed.
  const author = created.user?.login || login;
  const again = await ownComments(api, base, pr, marker, author);
  const winner = again[again.length - 1] ?? created;
  const removed = await removeAll(
    api,
    base,
    again.filter((c) => c.id !== winner.id)
  );
  if (winner.id !== created.id) return { action: 'superseded', url: winner.html_url ?? null, removed };
  return { action: 'created', url: created.html_url ?? null, removed };
}

/**
 * GitHub turns `@name` in comment text into a mention (a notification to a person or team)
 * after rendering, so the `&#64;` that escape.ts writes for data and config text becomes a
 * mention again. Mentions are not made inside code spans: every `&#64;`, and every bare `@`
 * that starts a word, outside a code span becomes the code span `` `@` ``.
 */
export function defuseMentions(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      // Odd segments are code spans (between backtick runs of one backtick, as code() writes them).
      const parts = line.split('`');
      if (parts.length % 2 === 0) return line.replace(/&#64;/g, '`@`');
      return parts
        .map((part, i) =>
          i % 2 === 1 ? part : part.replace(/&#64;/g, '`@`').replace(/(^|[^\w/`])@(?=[A-Za-z0-9])/g, '$1`@`')
        )
        .join('`');
    })
    .join('\n');
}
