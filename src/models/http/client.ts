/**
 * One POST with retries, over Node's own fetch (undici). https uses Node's trust store, to which
 * NODE_EXTRA_CA_CERTS adds a private CA (docs/http-models.md).
 *
 * Retried, with exponential backoff and jitter: 429, 5xx, a refused or reset connection and a
 * timeout. A `Retry-After` header on 429 or 503 is honoured instead of the backoff (capped).
 * Not retried: other 4xx, DNS and TLS failures (retrying cannot fix them).
 * Every attempt counts as a request; bytes are the request and response bodies.
 */
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
}

export type Exchange =
  | { ok: true; body: string }
  | { ok: false; kind: HttpFailureKind; status: 'error' | 'timeout'; reason: string };

/** Longest wait between attempts, whatever the server's Retry-After says. */
export const MAX_DELAY_MS = 60_000;
export const DEFAULT_BACKOFF_MS = 500;
/** Largest response body read; a larger one fails its request instead of exhausting memory. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** How much of an error response's body a reason quotes. */
const BODY_QUOTE = 120;

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
  const tries = options.retries > 0 && f.retry ? ` (after ${options.retries} ${options.retries === 1 ? 'retry' : 'retries'})` : '';
  return { ok: false, kind: f.kind, status: f.status, reason: `${f.reason}${tries}` };
}

async function attemptOnce(options: ClientOptions, body: string): Promise<{ ok: true; body: string } | Failure> {
  const where = options.shownUrl;
  let response: Response;
  let text: string | null;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs)
    });
    text = await readCapped(response, options.counters);
  } catch (error) {
    return classify(error, where, options.timeoutMs);
  }
  if (text === null) return { kind: 'bad_response', status: 'error', reason: `the response from ${where} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`, retry: false };
  if (response.ok) return { ok: true, body: text };
  const code = response.status;
  const retry = code === 429 || code >= 500;
  const after = code === 429 || code === 503 ? retryAfter(response.headers.get('retry-after')) : undefined;
  const shown = text.trim() === '' ? '' : `: ${JSON.stringify(text.length > BODY_QUOTE ? `${text.slice(0, BODY_QUOTE)}…` : text)}`;
  return { kind: 'http_status', status: 'error', reason: `HTTP ${code}${response.statusText ? ` ${response.statusText}` : ''} from ${where}${shown}`, retry, after };
}

/** The body as UTF-8 text, counting its bytes; null (and the rest unread) past MAX_RESPONSE_BYTES. */
async function readCapped(response: Response, counters: HttpCounters): Promise<string | null> {
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    counters.bytes_received += value.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

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
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** What a thrown fetch error means, by its cause's code (undici wraps the system error). */
export function classify(error: unknown, where: string, timeoutMs: number): Failure {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.cause?.name === 'TimeoutError') {
    return { kind: 'timeout', status: 'timeout', reason: `no complete response from ${where} within timeout_s=${timeoutMs / 1000}s`, retry: true };
  }
  const code = e.cause?.code ?? '';
  const detail = e.cause?.message ?? e.message ?? String(error);
  if (code === 'ECONNREFUSED') return { kind: 'connection_refused', status: 'error', reason: `connection refused by ${where}`, retry: true };
  if (DNS_CODES.has(code)) return { kind: 'dns', status: 'error', reason: `the host of ${where} could not be resolved (${code})`, retry: false };
  if (/^ERR_(SSL|TLS)_|CERT|^EPROTO$/.test(code) || /ssl|tls|certificate/i.test(detail)) {
    return { kind: 'tls', status: 'error', reason: `TLS failure talking to ${where}: ${code || detail}`, retry: false };
  }
  if (RESET_CODES.has(code) || /terminated|other side closed|socket hang up/i.test(`${e.message} ${detail}`)) {
    return { kind: 'connection_reset', status: 'error', reason: `the connection to ${where} was closed before a complete response (${code || detail})`, retry: true };
  }
  return { kind: 'network', status: 'error', reason: `request to ${where} failed: ${code ? `${code} ` : ''}${detail}`, retry: true };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
