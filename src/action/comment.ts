/**
 * The opt-in pull-request comment (`comment: true`): one per config, job and matrix index,
 * found again by the hidden marker on its first line and edited in place on every push. It
 * repeats the verdict, what the pull request changed, the cause sentence and the compact
 * "Compared with base" section of the summary (already escaped by the engine) and links the run
 * and the artifact.
 */
import { code } from '../report/escape.js';
import { CHANGE_LINE_PREFIX, NOTHING_NEW_PREFIX } from '../report/summary-changes.js';
import type { GitHubApi } from './host.js';

/** GitHub refuses comment bodies above 65,536 characters; leave room for the frame. */
const SECTION_BUDGET = 60_000;
const PAGES = 30;

export interface CommentFacts {
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
export function causeLineOf(summary: string): string | null {
  const lines = summary.split('\n');
  return lines.find((l) => l.startsWith('**Why it failed:**')) ?? lines.find((l) => l.startsWith('**Every judged check passed') || l.startsWith(NOTHING_NEW_PREFIX)) ?? null;
}

/** The summary's opening "what this pull request changed" line, when there was a baseline to judge against. */
export function changeLineOf(summary: string): string | null {
  return summary.split('\n').find((l) => l.startsWith(CHANGE_LINE_PREFIX)) ?? null;
}

export function commentBody(f: CommentFacts): string {
  const title = `### Evidence Gate: ${f.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'} · ${code(f.configPath, 120)}${f.jobIndex !== '0' ? ` (matrix job ${f.jobIndex})` : ''}`;
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
  const links = [f.runUrl ? `[workflow run](${f.runUrl})` : null, f.artifactUrl ? `[evidence artifact](${f.artifactUrl})` : null, `manifest SHA-256 ${code(f.manifestSha256, 64)}`];
  out.push('', links.filter((x) => x !== null).join(' · '), '', '<sub>Evidence Gate edits this comment on every push.</sub>', '');
  return out.join('\n');
}

interface IssueComment {
  id: number;
  body?: string | null;
  html_url?: string;
}

/** Creates the comment, or edits the one that starts with the same marker. Throws ApiError. */
export async function postStickyComment(api: GitHubApi, repository: string, pr: number, marker: string, body: string): Promise<{ action: 'created' | 'updated'; url: string | null }> {
  const [owner = '', repo = ''] = repository.split('/');
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues`;
  let existing: IssueComment | undefined;
  for (let page = 1; page <= PAGES && !existing; page++) {
    const comments = await api.request<IssueComment[]>('GET', `${base}/${pr}/comments`, { per_page: 100, page });
    existing = comments.find((c) => (c.body ?? '').startsWith(marker));
    if (comments.length < 100) break;
  }
  if (existing) {
    const updated = await api.request<IssueComment>('PATCH', `${base}/comments/${existing.id}`, { body });
    return { action: 'updated', url: updated.html_url ?? existing.html_url ?? null };
  }
  const created = await api.request<IssueComment>('POST', `${base}/${pr}/comments`, { body });
  return { action: 'created', url: created.html_url ?? null };
}
