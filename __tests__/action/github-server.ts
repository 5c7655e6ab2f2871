/**
 * A local HTTP server (127.0.0.1, a free port) that answers the GitHub REST calls the action
 * makes — workflow runs, a run's artifacts, the artifact download (a 302 to a zip, as GitHub
 * redirects to blob storage) and issue comments — from in-memory state, with per-token
 * permissions so that a fork's read-only token gets the 403s GitHub gives it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tempRepo } from '../helpers.js';

/** A pull request's runner environment (PR #7 into main) whose API is the fake server at `apiUrl`. */
export function pullRequestEnv(root: string, apiUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const files = tempRepo({ 'event.json': JSON.stringify({ pull_request: { number: 7, base: { ref: 'main' } } }) });
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
  conclusion: 'success' | 'failure';
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
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
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
    const repo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(path);
    if (!repo) return this.send(res, 404, { message: 'Not Found' });
    const rest = repo[3] as string;
    const forbidden = () => this.send(res, 403, { message: 'Resource not accessible by integration' });

    if (rest.startsWith('/actions/')) {
      if (grant === 'read') return forbidden();
      const runs = /^\/actions\/workflows\/([^/]+)\/runs$/.exec(rest);
      if (runs && method === 'GET') {
        const q = url.searchParams;
        const list = this.runs
          .filter((r) => r.workflow === runs[1] && (!q.get('branch') || r.branch === q.get('branch')) && (!q.get('event') || r.event === q.get('event')) && (!q.get('status') || r.conclusion === q.get('status')))
          .sort((a, b) => b.id - a.id);
        const perPage = Number(q.get('per_page') ?? 30);
        return this.send(res, 200, {
          total_count: list.length,
          workflow_runs: list.slice(0, perPage).map((r) => ({ id: r.id, head_sha: r.head_sha, head_branch: r.branch, event: r.event, conclusion: r.conclusion, status: 'completed' }))
        });
      }
      const arts = /^\/actions\/runs\/(\d+)\/artifacts$/.exec(rest);
      if (arts && method === 'GET') {
        const name = url.searchParams.get('name');
        const list = this.artifacts.filter((a) => a.runId === Number(arts[1]) && (!name || a.name === name));
        return this.send(res, 200, {
          total_count: list.length,
          artifacts: list.map((a) => ({ id: a.id, name: a.name, size_in_bytes: a.zip.length, expired: a.expired === true, created_at: '2025-01-01T00:00:00Z', digest: null }))
        });
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
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const all = this.comments.filter((c) => c.issue === Number(list[1]));
      return this.send(res, 200, all.slice((page - 1) * perPage, page * perPage).map((c) => this.commentJson(c)));
    }
    if (list && method === 'POST') {
      if (grant !== 'write') return forbidden();
      const c = { id: this.nextComment++, issue: Number(list[1]), body: String((await this.body(req)).body ?? ''), user: 'github-actions[bot]' };
      this.comments.push(c);
      return this.send(res, 201, this.commentJson(c));
    }
    const edit = /^\/issues\/comments\/(\d+)$/.exec(rest);
    if (edit && method === 'PATCH') {
      if (grant !== 'write') return forbidden();
      const c = this.comments.find((x) => x.id === Number(edit[1]));
      if (!c) return this.send(res, 404, { message: 'Not Found' });
      c.body = String((await this.body(req)).body ?? '');
      return this.send(res, 200, this.commentJson(c));
    }
    return this.send(res, 404, { message: 'Not Found' });
  }

  private commentJson(c: FakeComment) {
    return { id: c.id, body: c.body, user: { login: c.user, type: 'Bot' }, html_url: `https://github.example/o/r/pull/${c.issue}#issuecomment-${c.id}` };
  }
}
