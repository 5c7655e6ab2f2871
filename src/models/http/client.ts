/**
 * One POST with retries, over node:http / node:https with a keep-alive agent per model. Not
 * Node's fetch: undici parses HTTP with a WebAssembly build of llhttp, whose memory reservation
 * fails under a virtual-memory limit (ulimit -v); node:http's parser is native. https uses Node's
 * trust store, to which NODE_EXTRA_CA_CERTS adds a private CA (docs/http-models.md).
 *
 * Retried, with exponential backoff and jitter: 429, 5xx, a refused or reset connection and a
 * timeout. A `Retry-After` header on 429 or 503 is honoured instead of the backoff (capped).
 * Not retried: other 4xx, 3xx (redirects are not followed), DNS and TLS failures (retrying
 * cannot fix them). Every attempt counts as a request; bytes are the request and response bodies.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { quote } from '../external/protocol.js';
import type { HttpCounters, HttpFailureKind } from './contract.js';

export interface ClientOptions {
  url: string;
  /** The URL as reasons show it: no credentials, no query string. */
  shownUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  retries: number;
  /** First backoff; doubles on each retry. */
  backoffMs: number;
  /** A uniform double in [0, 1), for the jitter. */
  random: () => number;
  counters: HttpCounters;
  /** Keeps connections open between requests (see `keepAliveAgent`). */
  agent: HttpAgent;
  /** Hides secrets in untrusted text; applied before any text is cut short. */
  mask: (text: string) => string;
}

/** An agent for `url`'s scheme that reuses connections; `destroy()` it when the model closes. */
export function keepAliveAgent(url: string): HttpAgent {
  // Idle sockets are dropped after 4 s, before a server's usual 5 s keep-alive ends.
  const options = { keepAlive: true, timeout: 4000 };
  return new URL(url).protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
}

type Exchange =
  { ok: true; body: string } | { ok: false; kind: HttpFailureKind; status: 'error' | 'timeout'; reason: string };

/** Longest wait between attempts, whatever the server's Retry-After says. */
const MAX_DELAY_MS = 60_000;
export const DEFAULT_BACKOFF_MS = 500;
/** Largest response body read; a larger one fails its request instead of exhausting memory. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** How much of an error response's body a reason quotes. */
const BODY_QUOTE = 120;
/** How much of a status line's reason phrase a reason shows. */
const STATUS_TEXT_CHARS = 40;

interface Failure {
  kind: HttpFailureKind;
  status: 'error' | 'timeout';
  reason: string;
  retry: boolean;
  /** The server's Retry-After, in ms. */
  after?: number;
}

export async function post(options: ClientOptions, body: string): Promise<Exchange> {
  const sent = Buffer.byteLength(body, 'utf8');
  let failure: Failure | null = null;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (failure !== null) {
      options.counters.retries++;
      await sleep(failure.after ?? backoff(options, attempt - 1));
    }
    options.counters.requests++;
    options.counters.bytes_sent += sent;
    const outcome = await attemptOnce(options, body);
    if (!('kind' in outcome)) return outcome;
    failure = outcome;
    if (!failure.retry) break;
  }
  const f = failure as Failure;
  const tries =
    options.retries > 0 && f.retry ? ` (after ${options.retries} ${options.retries === 1 ? 'retry' : 'retries'})` : '';
  return { ok: false, kind: f.kind, status: f.status, reason: `${f.reason}${tries}` };
}

async function attemptOnce(options: ClientOptions, body: string): Promise<{ ok: true; body: string } | Failure> {
  const where = options.shownUrl;
  let response: Received;
  try {
    response = await exchange(options, body);
  } catch (error) {
    return classify(error, where, options.timeoutMs);
  }
  const { code, text } = response;
  if (text === null)
    return {
      kind: 'bad_response',
      status: 'error',
      reason: `the response from ${where} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`,
      retry: false
    };
  if (code >= 200 && code < 300) return { ok: true, body: text };
  const retry = code === 429 || code >= 500;
  const after = code === 429 || code === 503 ? retryAfter(headerValue(response.headers['retry-after'])) : undefined;
  // The reason phrase is the server's own text too: masked before it is cut.
  const status = response.statusText ? ` ${options.mask(response.statusText).slice(0, STATUS_TEXT_CHARS)}` : '';
  const shown = text.trim() === '' ? '' : `: ${quote(options.mask(text), BODY_QUOTE)}`;
  return { kind: 'http_status', status: 'error', reason: `HTTP ${code}${status} from ${where}${shown}`, retry, after };
}

interface Received {
  code: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body, or null when it is larger than MAX_RESPONSE_BYTES. */
  text: string | null;
}

/** A timeout, as `classify` recognises it. */
class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** One request and its whole response, within `timeoutMs` from the start. */
function exchange(options: ClientOptions, body: string): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    const url = new URL(options.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const payload = Buffer.from(body, 'utf8');
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      // The body is read as UTF-8 text as sent: no compressed answers.
      'accept-encoding': 'identity',
      ...options.headers,
      'content-length': String(payload.byteLength)
    };
    const request = send(url, { method: 'POST', headers, agent: options.agent });
    let done = false;
    const settle = (finish: () => void): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new TimeoutError('timeout')));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => settle(() => reject(error)));
    request.on('response', (response) => {
      readCapped(response, options.counters).then(
        (text) => {
          const received = {
            code: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: response.headers
          };
          settle(() => resolve({ ...received, text }));
        },
        (error: unknown) => settle(() => reject(error))
      );
    });
    request.end(payload);
  });
}

/** The body as UTF-8 text, counting its bytes; null (and the connection dropped) past MAX_RESPONSE_BYTES. */
async function readCapped(response: IncomingMessage, counters: HttpCounters): Promise<string | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    counters.bytes_received += chunk.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      response.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const headerValue = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? (value[0] ?? null) : (value ?? null);

/** Backoff before retry number `n` (0-based): base·2ⁿ, scaled by a jitter factor in [0.5, 1). */
function backoff(options: ClientOptions, n: number): number {
  return Math.min(MAX_DELAY_MS, options.backoffMs * 2 ** n * (0.5 + options.random() / 2));
}

/** Retry-After as delta-seconds or an HTTP date, in ms (capped); undefined when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(MAX_DELAY_MS, Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_DELAY_MS, Math.max(0, date - now));
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** What a thrown request error means, by its code (or its cause's, or its first inner error's). */
function classify(error: unknown, where: string, timeoutMs: number): Failure {
  type Thrown = { name?: string; message?: string; code?: string; cause?: Thrown; errors?: Thrown[] };
  const e = error as Thrown;
  if (e.name === 'TimeoutError') {
    const reason = `no complete response from ${where} within timeout_s=${timeoutMs / 1000}s`;
    return { kind: 'timeout', status: 'timeout', reason, retry: true };
  }
  // A connection tried over IPv4 and IPv6 fails with an AggregateError of both attempts.
  const inner = e.cause ?? e.errors?.[0];
  const code = e.code ?? inner?.code ?? '';
  const detail = inner?.message ?? e.message ?? String(error);
  if (code === 'ECONNREFUSED')
    return { kind: 'connection_refused', status: 'error', reason: `connection refused by ${where}`, retry: true };
  if (DNS_CODES.has(code))
    return {
      kind: 'dns',
      status: 'error',
      reason: `the host of ${where} could not be resolved (${code})`,
      retry: false
    };
  if (/^ERR_(SSL|TLS)_|CERT|^EPROTO$/.test(code) || /ssl|tls|certificate/i.test(detail)) {
    return { kind: 'tls', status: 'error', reason: `TLS failure talking to ${where}: ${code || detail}`, retry: false };
  }
  if (RESET_CODES.has(code) || /terminated|other side closed|socket hang up/i.test(`${e.message} ${detail}`)) {
    return {
      kind: 'connection_reset',
      status: 'error',
      reason: `the connection to ${where} was closed before a complete response (${code || detail})`,
      retry: true
    };
  }
  return {
    kind: 'network',
    status: 'error',
    reason: `request to ${where} failed: ${code ? `${code} ` : ''}${detail}`,
    retry: true
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
