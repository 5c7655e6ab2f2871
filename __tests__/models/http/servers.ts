/** Real loopback HTTP servers for the HTTP model tests. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  port: number;
  /** Request bodies received, parsed. */
  bodies: unknown[];
  /** Request headers received. */
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

export type Handler = (body: any, res: ServerResponse, n: number, req: IncomingMessage) => void;

export async function serve(handler: Handler, path = '/predict'): Promise<TestServer> {
  const bodies: unknown[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text);
      bodies.push(body);
      headers.push(req.headers);
      handler(body, res, bodies.length, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    bodies,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}

export function json(
  res: ServerResponse,
  value: unknown,
  status = 200,
  extra: Record<string, string> = {},
  statusText?: string
): void {
  if (statusText === undefined) res.writeHead(status, { 'content-type': 'application/json', ...extra });
  else res.writeHead(status, statusText, { 'content-type': 'application/json', ...extra });
  res.end(JSON.stringify(value));
}

/** A port nothing listens on: bound, then closed. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
