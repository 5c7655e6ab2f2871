/**
 * A local HTTP server (127.0.0.1, a free port) that answers the GitHub REST calls the action
 * makes — workflow runs (filtered by branch, event, status or conclusion and head_sha), a run's
 * artifacts, the artifact download (a 302 to a zip, as GitHub redirects to blob storage), the
 * token's user and issue comments — from in-memory state. Lists are paged with Link headers as
 * GitHub pages them; tokens have permissions (a fork's read-only token gets GitHub's 403s), an
 * identity (the workflow token is github-actions[bot] and may not read /user) and can run out
 * of rate limit; an issue can be locked.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempRepo } from '../helpers.js';

/** A pull request's runner environment (PR #7 into main, optionally at base commit `baseSha`) whose API is the fake server at `apiUrl`. */
export function pullRequestEnv(
  root: string,
  apiUrl: string,
  extra: Record<string, string> = {},
  baseSha?: string
): NodeJS.ProcessEnv {
  const files = tempRepo({
    'event.json': JSON.stringify({
      pull_request: { number: 7, base: { ref: 'main', ...(baseSha ? { sha: baseSha } : {}) } }
    })
  });
  return {
    GITHUB_WORKSPACE: root,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(files, 'event.json'),
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_JOB: 'gate',
    GITHUB_API_URL: apiUrl,
    ...extra
  };
}

export interface FakeRun {
  id: number;
  workflow: string;
  branch: string;
  event: string;
  /** Null while the run is in progress. */
  conclusion: 'success' | 'failure' | 'cancelled' | null;
  head_sha: string;
}

export interface FakeArtifact {
  id: number;
  runId: number;
  name: string;
  expired?: boolean;
  zip: Buffer;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: string;
}

/** Statuses the `status` parameter filters by; anything else it takes is a conclusion. */
const STATUSES = new Set(['completed', 'in_progress', 'queued', 'requested', 'waiting', 'pending', 'action_required']);

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
}

/** What a token may do: `read` (a fork's read-only token without actions: read), `actions` (+ actions: read), `write` (+ pull-requests: write). */
export type Grant = 'none' | 'read' | 'actions' | 'write';

export class FakeGitHub {
  runs: FakeRun[] = [];
  artifacts: FakeArtifact[] = [];
  comments: FakeComment[] = [];
  readonly requests: Recorded[] = [];
  readonly tokens = new Map<string, Grant>();
  /** Personal tokens: their login (GET /user answers it). Others are installation tokens writing as github-actions[bot]. */
  readonly users = new Map<string, string>();
  /** Tokens whose rate limit has run out: every call is a 403 with x-ratelimit-remaining: 0. */
  readonly exhausted = new Set<string>();
  /** Issues whose conversation is locked. */
  readonly locked = new Set<number>();
  /** Called after each comment is created (a concurrent run's request landing in between). */
  afterCreate: (() => void) | null = null;
  private nextComment = 1;
  url = '';
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => this.send(res, 500, { message: String(error) }));
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.runs = [];
    this.artifacts = [];
    this.comments = [];
    this.requests.length = 0;
    this.tokens.clear();
    this.users.clear();
    this.exhausted.clear();
    this.locked.clear();
    this.afterCreate = null;
    this.nextComment = 1;
  }

  /** Adds a comment as `user` (someone else's, or an earlier run's). */
  comment(issue: number, body: string, user: string): FakeComment {
    const c = { id: this.nextComment++, issue, body, user };
    this.comments.push(c);
    return c;
  }

  /** One page of `list` and a Link header for the others, as GitHub pages lists. */
  private page<T>(url: URL, list: T[]): { items: T[]; headers: Record<string, string> } {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    const page = Number(url.searchParams.get('page') ?? 1);
    const last = Math.max(1, Math.ceil(list.length / perPage));
    const link = (n: number, rel: string) => {
      const u = new URL(url.href);
      u.searchParams.set('page', String(n));
      return `<${u.href}>; rel="${rel}"`;
    };
    const rels = [
      page < last ? link(page + 1, 'next') : null,
      page < last ? link(last, 'last') : null,
      page > 1 ? link(page - 1, 'prev') : null,
      page > 1 ? link(1, 'first') : null
    ].filter((x) => x !== null);
    return {
      items: list.slice((page - 1) * perPage, page * perPage),
      headers: rels.length > 0 ? { link: rels.join(', ') } : {}
    };
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      ...headers
    });
    res.end(text);
  }

  private async body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = decodeURIComponent(url.pathname);
    const auth = req.headers.authorization ?? '';
    const token = /^(?:token|bearer) (.+)$/i.exec(auth)?.[1] ?? null;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, query: Object.fromEntries(url.searchParams), token });

    const blob = /^\/blobs\/(\d+)\.zip$/.exec(path);
    if (blob) {
      const a = this.artifacts.find((x) => x.id === Number(blob[1]));
      if (!a) return this.send(res, 404, { message: 'no blob' });
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(a.zip.length) });
      res.end(a.zip);
      return;
    }
    const grant = token ? (this.tokens.get(token) ?? 'none') : 'none';
    if (grant === 'none') return this.send(res, 401, { message: 'Bad credentials' });
    if (token && this.exhausted.has(token)) {
      return this.send(
        res,
        403,
        {
          message: 'API rate limit exceeded for installation ID 1.',
          documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting'
        },
        { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' }
      );
    }
    const login = (token && this.users.get(token)) ?? null;
    if (path === '/user' && method === 'GET') {
      if (!login) return this.send(res, 403, { message: 'Resource not accessible by integration' });
      return this.send(res, 200, { login, type: 'User' });
    }
    const repo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(path);
    if (!repo) return this.send(res, 404, { message: 'Not Found' });
    const rest = repo[3] as string;
    const forbidden = () => this.send(res, 403, { message: 'Resource not accessible by integration' });

    if (rest.startsWith('/actions/')) {
      if (grant === 'read') return forbidden();
      const runs = /^\/actions\/workflows\/([^/]+)\/runs$/.exec(rest);
      if (runs && method === 'GET') {
        const q = url.searchParams;
        const status = q.get('status');
        const statusOf = (r: FakeRun) => (r.conclusion === null ? 'in_progress' : 'completed');
        const list = this.runs
          .filter(
            (r) =>
              r.workflow === runs[1] &&
              (!q.get('branch') || r.branch === q.get('branch')) &&
              (!q.get('event') || r.event === q.get('event')) &&
              (!q.get('head_sha') || r.head_sha === q.get('head_sha')) &&
              (!status || (STATUSES.has(status) ? statusOf(r) === status : r.conclusion === status))
          )
          .sort((a, b) => b.id - a.id);
        const { items, headers } = this.page(url, list);
        return this.send(
          res,
          200,
          {
            total_count: list.length,
            workflow_runs: items.map((r) => ({
              id: r.id,
              head_sha: r.head_sha,
              head_branch: r.branch,
              event: r.event,
              conclusion: r.conclusion,
              status: statusOf(r)
            }))
          },
          headers
        );
      }
      const arts = /^\/actions\/runs\/(\d+)\/artifacts$/.exec(rest);
      if (arts && method === 'GET') {
        const name = url.searchParams.get('name');
        const list = this.artifacts.filter((a) => a.runId === Number(arts[1]) && (!name || a.name === name));
        const { items, headers } = this.page(url, list);
        return this.send(
          res,
          200,
          {
            total_count: list.length,
            artifacts: items.map((a) => ({
              id: a.id,
              name: a.name,
              size_in_bytes: a.zip.length,
              expired: a.expired === true,
              created_at: '2025-01-01T00:00:00Z',
              digest: null
            }))
          },
          headers
        );
      }
      const zip = /^\/actions\/artifacts\/(\d+)\/zip$/.exec(rest);
      if (zip && method === 'GET') {
        const a = this.artifacts.find((x) => x.id === Number(zip[1]));
        if (!a) return this.send(res, 404, { message: 'Not Found' });
        if (a.expired) return this.send(res, 410, { message: 'Artifact has expired' });
        return this.send(res, 302, {}, { location: `${this.url}/blobs/${a.id}.zip` });
      }
      return this.send(res, 404, { message: 'Not Found' });
    }

    const list = /^\/issues\/(\d+)\/comments$/.exec(rest);
    if (list && method === 'GET') {
      const all = this.comments.filter((c) => c.issue === Number(list[1])).sort((a, b) => a.id - b.id);
      const { items, headers } = this.page(url, all);
      return this.send(
        res,
        200,
        items.map((c) => this.commentJson(c)),
        headers
      );
    }
    if (list && method === 'POST') {
      if (grant !== 'write') return forbidden();
      if (this.locked.has(Number(list[1])))
        return this.send(res, 403, { message: 'Unable to create comment because issue is locked.' });
      const c = this.comment(
        Number(list[1]),
        String((await this.body(req)).body ?? ''),
        login ?? 'github-actions[bot]'
      );
      this.afterCreate?.();
      return this.send(res, 201, this.commentJson(c));
    }
    const edit = /^\/issues\/comments\/(\d+)$/.exec(rest);
    if (edit && (method === 'PATCH' || method === 'DELETE')) {
      if (grant !== 'write') return forbidden();
      const c = this.comments.find((x) => x.id === Number(edit[1]));
      if (!c) return this.send(res, 404, { message: 'Not Found' });
      if (c.user !== (login ?? 'github-actions[bot]')) return forbidden();
      if (method === 'DELETE') {
        this.comments = this.comments.filter((x) => x !== c);
        res.writeHead(204);
        res.end();
        return;
      }
      c.body = String((await this.body(req)).body ?? '');
      return this.send(res, 200, this.commentJson(c));
    }
    return this.send(res, 404, { message: 'Not Found' });
  }

  private commentJson(c: FakeComment) {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.user, type: c.user.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.example/o/r/pull/${c.issue}#issuecomment-${c.id}`
    };
  }
}
