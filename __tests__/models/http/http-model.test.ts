/**
 * The HTTP model against real loopback servers: the evidence-gate format, batching and
 * concurrency, and every failure kind as an error/timeout result with its reason.
 */
import { createServer as createNetServer, type Socket } from 'node:net';
import type { ExampleInput } from '../../../src/data/example.js';
import type { HttpModelPlan } from '../../../src/models/http/contract.js';
import { HttpModel } from '../../../src/models/http/http-model.js';
import { retryAfter } from '../../../src/models/http/client.js';
import { Masker } from '../../../src/models/http/secrets.js';
import { freePort, json, serve, type TestServer } from './servers.js';

const LABELS = ['limitation', 'result'];
const texts = (n: number): ExampleInput[] =>
  Array.from({ length: n }, (_, i) => ({ kind: 'text', text: `text ${i}${i % 3 === 0 ? ' limit' : ''}` }));

function plan(url: string, extra: Partial<HttpModelPlan> = {}): HttpModelPlan {
  return {
    name: 'api',
    url,
    format: 'evidence-gate',
    headers: {},
    env: [],
    batch: 4,
    concurrency: 2,
    timeoutS: 5,
    retries: 0,
    probabilities: false,
    chat: null,
    seed: 7,
    ...extra
  };
}

/** Scores every input like the fixture model: "limit" in the text → limitation. */
function answer(input: { id: string; text?: string; features?: Record<string, number> }) {
  const lim = (input.text ?? '').includes('limit') || (input.features?.x ?? 0) > 0.5;
  return { id: input.id, scores: { limitation: lim ? 0.75 : 0.25, result: lim ? 0.25 : 0.75 } };
}

const servers: TestServer[] = [];
async function server(handler: Parameters<typeof serve>[0]): Promise<TestServer> {
  const s = await serve(handler);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('evidence-gate format', () => {
  test('batches of `batch` inputs, at most `concurrency` in flight; identical inputs asked once; scores in label order', async () => {
    let inFlight = 0;
    let most = 0;
    const s = await server((body, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        json(res, { outputs: body.inputs.map(answer) });
      }, 30);
    });
    const model = new HttpModel(plan(s.url, { batch: 3, concurrency: 2 }), LABELS);
    const inputs = [...texts(10), { kind: 'text', text: 'text 0 limit' } as ExampleInput];
    const results = await model.score(inputs);
    expect(results).toHaveLength(11);
    expect(results[0]).toEqual({ status: 'ok', scores: [0.75, 0.25] });
    expect(results[1]).toEqual({ status: 'ok', scores: [0.25, 0.75] });
    expect(results[10]).toEqual(results[0]);
    // Batches 3 and 4 leave together once the first two are answered, so the server may read them in either order.
    expect(s.bodies.map((b: any) => b.inputs.length).sort()).toEqual([1, 3, 3, 3]);
    // Ten distinct texts, each asked once.
    const asked = s.bodies.flatMap((b: any) => b.inputs.map((i: { text: string }) => i.text));
    expect([...asked].sort()).toEqual(
      texts(10)
        .map((t) => (t as { text: string }).text)
        .sort()
    );
    expect(most).toBe(2);
    const c = model.counters();
    expect(c).toMatchObject({ requests: 4, retries: 0, failures: {} });
    expect(c.bytes_sent).toBeGreaterThan(0);
    expect(c.bytes_received).toBeGreaterThan(0);
  });

  test('overlapping score() calls share the concurrency bound', async () => {
    let inFlight = 0;
    let most = 0;
    const s = await server((body, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        json(res, { outputs: body.inputs.map(answer) });
      }, 20);
    });
    const model = new HttpModel(plan(s.url, { batch: 1, concurrency: 2 }), LABELS);
    const [a, b] = await Promise.all([
      model.score(texts(4)),
      model.score(texts(4).map((t) => ({ ...t, text: `${(t as { text: string }).text} again` })))
    ]);
    expect([...(a ?? []), ...(b ?? [])].every((r) => r.status === 'ok')).toBe(true);
    expect(most).toBe(2);
  });

  test('a response larger than 64 MiB fails its request instead of being read whole', async () => {
    const s = await server((_b, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent < 70) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const model = new HttpModel(plan(s.url), LABELS);
    const results = await model.score(texts(1));
    expect(results[0]).toMatchObject({ status: 'error', error: expect.stringContaining('larger than 64 MiB') });
    expect(model.counters().failures).toEqual({ bad_response: 1 });
  });

  test('tabular inputs go as features; label-only answers are accepted', async () => {
    const s = await server((body, res) =>
      json(res, {
        outputs: body.inputs.map((i: any) => ({ id: i.id, label: i.features.x > 0.5 ? 'limitation' : 'result' }))
      })
    );
    const model = new HttpModel(plan(s.url), LABELS);
    const results = await model.score([
      { kind: 'features', values: { x: 0.9, y: 1 } },
      { kind: 'features', values: { x: 0.1, y: 1 } }
    ]);
    expect(results).toEqual([
      { status: 'ok', scores: null, label: 'limitation' },
      { status: 'ok', scores: null, label: 'result' }
    ]);
    expect((s.bodies[0] as any).inputs[0]).toEqual({ id: 'r1', features: { x: 0.9, y: 1 } });
  });
});

describe('every failure is evidence', () => {
  const one = async (model: HttpModel, n = 2) => model.score(texts(n));

  test('connection refused, retried, then error rows', async () => {
    const port = await freePort();
    const model = new HttpModel(plan(`http://127.0.0.1:${port}/predict?key=abc`, { retries: 2 }), LABELS, {
      backoffMs: 5
    });
    const results = await one(model);
    expect(
      results.every(
        (r) =>
          r.status === 'error' &&
          /connection refused by http:\/\/127\.0\.0\.1:\d+\/predict \(after 2 retries\)/.test(r.error)
      )
    ).toBe(true);
    expect(JSON.stringify(results)).not.toContain('key=abc');
    expect(model.counters()).toMatchObject({ requests: 3, retries: 2, failures: { connection_refused: 2 } });
  });

  test('429 with Retry-After is honoured, then the answer is used', async () => {
    const times: number[] = [];
    const s = await server((body, res, n) => {
      times.push(performance.now());
      if (n === 1) json(res, { error: 'slow down' }, 429, { 'retry-after': '1' });
      else json(res, { outputs: body.inputs.map(answer) });
    });
    const model = new HttpModel(plan(s.url, { retries: 1 }), LABELS, { backoffMs: 1 });
    const results = await one(model);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
    expect(model.counters()).toMatchObject({ requests: 2, retries: 1, failures: {} });
  });

  test('5xx after the retries: error rows naming the status and a quote of the body', async () => {
    const s = await server((_b, res) => json(res, { error: 'overloaded' }, 502));
    const model = new HttpModel(plan(s.url, { retries: 2 }), LABELS, { backoffMs: 2 });
    const results = await one(model);
    expect(results[0]).toEqual({
      status: 'error',
      error: expect.stringMatching(
        /^HTTP 502 Bad Gateway from http:\/\/127\.0\.0\.1:\d+\/predict: .*overloaded.* \(after 2 retries\)$/
      )
    });
    expect(model.counters()).toMatchObject({ requests: 3, retries: 2, failures: { http_status: 2 } });
  });

  test('a redirect is not followed: an http_status error, not retried', async () => {
    const s = await server((_b, res) => json(res, {}, 307, { location: 'http://127.0.0.1:9/elsewhere' }));
    const model = new HttpModel(plan(s.url, { retries: 2 }), LABELS, { backoffMs: 2 });
    const results = await one(model);
    expect(results[0]).toEqual({
      status: 'error',
      error: expect.stringMatching(/^HTTP 307 Temporary Redirect from http:\/\/127\.0\.0\.1:\d+\/predict: "\{\}"$/)
    });
    expect(model.counters()).toMatchObject({ requests: 1, retries: 0, failures: { http_status: 2 } });
  });

  test('requests one after another reuse one connection (keep-alive), and close() lets it go', async () => {
    const sockets = new Set<unknown>();
    const s = await server((body, res, _n, req) => {
      sockets.add(req.socket);
      json(res, { outputs: body.inputs.map(answer) });
    });
    const model = new HttpModel(plan(s.url, { batch: 1, concurrency: 1 }), LABELS);
    expect((await one(model, 3)).every((r) => r.status === 'ok')).toBe(true);
    expect(s.bodies).toHaveLength(3);
    expect(sockets.size).toBe(1);
    await model.close();
  });

  test('a 4xx other than 429 is not retried', async () => {
    const s = await server((_b, res) => json(res, { error: 'bad request' }, 400));
    const model = new HttpModel(plan(s.url, { retries: 3 }), LABELS, { backoffMs: 2 });
    await one(model);
    expect(model.counters()).toMatchObject({ requests: 1, retries: 0 });
  });

  test('a server that drops the connection mid-response', async () => {
    const s = await server((_b, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"outputs": [');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const model = new HttpModel(plan(s.url), LABELS);
    const results = await one(model);
    expect(results.every((r) => r.status === 'error' && r.error.includes('closed before a complete response'))).toBe(
      true
    );
    expect(model.counters().failures).toEqual({ connection_reset: 2 });
  });

  test('a timeout_s with a fraction of a millisecond (1.005 s) still answers', async () => {
    const s = await server((body, res) => json(res, { outputs: body.inputs.map(answer) }));
    const model = new HttpModel(plan(s.url, { timeoutS: 1.005 }), LABELS);
    expect((await one(model)).every((r) => r.status === 'ok')).toBe(true);
  });

  test('a server slower than timeout_s: timeout rows', async () => {
    const s = await server((body, res) => setTimeout(() => json(res, { outputs: body.inputs.map(answer) }), 1500));
    const model = new HttpModel(plan(s.url, { timeoutS: 0.3 }), LABELS);
    const results = await one(model);
    expect(results.every((r) => r.status === 'timeout' && r.error.includes('within timeout_s=0.3s'))).toBe(true);
    expect(model.counters().failures).toEqual({ timeout: 2 });
  });

  test.each([
    ['malformed JSON', () => '{"outputs": [', 'malformed_json', /malformed JSON response/],
    ['no outputs list', () => '{"results": []}', 'bad_response', /no "outputs" list/],
    [
      'wrong batch length',
      (b: any) => JSON.stringify({ outputs: b.inputs.slice(1).map(answer) }),
      'wrong_length',
      /1 outputs for 2 inputs/
    ],
    [
      'unknown ids',
      (b: any) => JSON.stringify({ outputs: b.inputs.map((i: any) => answer({ ...i, id: `x${i.id}` })) }),
      'unknown_id',
      /ids that were not sent: "xr1"/
    ],
    [
      'label outside the training labels',
      (b: any) => JSON.stringify({ outputs: b.inputs.map((i: any) => ({ id: i.id, label: 'other' })) }),
      'unknown_label',
      /"other" is not a training label/
    ],
    [
      'non-finite scores',
      (b: any) =>
        `{"outputs": [${b.inputs.map((i: any) => `{"id": "${i.id}", "scores": {"limitation": 1e999, "result": 0}}`).join(',')}]}`,
      'non_finite_score',
      /not a finite number: Infinity/
    ]
  ])('%s', async (_name, body, kind, reason) => {
    const s = await server((b, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body(b));
    });
    const model = new HttpModel(plan(s.url), LABELS);
    const results = await one(model);
    expect(results.every((r) => r.status === 'error' && reason.test(r.error))).toBe(true);
    expect(model.counters().failures).toEqual({ [kind as string]: 2 });
  });

  test('one bad item fails only its input', async () => {
    const s = await server((b, res) =>
      json(res, { outputs: b.inputs.map((i: any, k: number) => (k === 0 ? { id: i.id, label: 'nope' } : answer(i))) })
    );
    const model = new HttpModel(plan(s.url), LABELS);
    const results = await one(model);
    expect(results.map((r) => r.status)).toEqual(['error', 'ok']);
  });

  test('DNS failure: an unresolvable .invalid host, not retried', async () => {
    const model = new HttpModel(plan('http://no-such-host.invalid/predict', { retries: 2 }), LABELS, { backoffMs: 2 });
    const results = await one(model);
    expect(results.every((r) => r.status === 'error' && r.error.includes('could not be resolved'))).toBe(true);
    expect(model.counters()).toMatchObject({ requests: 1, failures: { dns: 2 } });
  });

  test('TLS failure: https to a plain-http port', async () => {
    const s = await server((b, res) => json(res, { outputs: b.inputs.map(answer) }));
    const model = new HttpModel(plan(s.url.replace('http:', 'https:'), { retries: 2 }), LABELS, { backoffMs: 2 });
    const results = await one(model);
    expect(
      results.every((r) => r.status === 'error' && r.error.startsWith('TLS failure talking to https://127.0.0.1'))
    ).toBe(true);
    expect(model.counters()).toMatchObject({ requests: 1, failures: { tls: 2 } });
  });

  test('a socket that closes without any response is a reset, retried', async () => {
    const sockets: Socket[] = [];
    const raw = createNetServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => socket.destroy());
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const port = (raw.address() as { port: number }).port;
    const model = new HttpModel(plan(`http://127.0.0.1:${port}/p`, { retries: 1 }), LABELS, { backoffMs: 2 });
    const results = await one(model);
    await new Promise<void>((resolve) => raw.close(() => resolve()));
    expect(results.every((r) => r.status === 'error')).toBe(true);
    expect(model.counters()).toMatchObject({ requests: 2, retries: 1, failures: { connection_reset: 2 } });
  });
});

describe('secrets', () => {
  test('header values come from the listed variables; they are masked in reasons and log lines', async () => {
    const secret = 'tok-3f9a1c-very-secret';
    const s = await server((_b, res, _n, req) => json(res, { error: `bad token ${req.headers.authorization}` }, 401));
    const lines: string[] = [];
    const model = new HttpModel(
      plan(s.url, { headers: { Authorization: 'Bearer ${API_TOKEN}' }, env: ['API_TOKEN'] }),
      LABELS,
      { env: { API_TOKEN: secret }, log: (l) => lines.push(l) }
    );
    const results = await model.score(texts(2));
    expect(s.headers[0]?.authorization).toBe(`Bearer ${secret}`);
    expect(model.secrets).toEqual([secret]);
    expect(results[0]).toMatchObject({ status: 'error', error: expect.stringContaining('bad token Bearer ***') });
    expect(JSON.stringify(results) + lines.join('\n')).not.toContain(secret);
    expect(JSON.stringify(model.describe())).not.toContain(secret);
    expect(model.describe().params).toMatchObject({ header_names: ['Authorization'] });
  });
});

test('Retry-After: seconds or an HTTP date, capped', () => {
  expect(retryAfter('2')).toBe(2000);
  expect(retryAfter('86400')).toBe(60_000);
  expect(retryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
  expect(retryAfter('soon')).toBeUndefined();
  expect(retryAfter(null)).toBeUndefined();
});

describe('a service that echoes the key: masked before any reason is cut, so no piece of it survives', () => {
  // 48 characters, longer than every cut (40, 60, 80 and 120 characters) once a prefix is added.
  const secret = 'Zq7xK9mWp2Lr8Tn4Vb6Yc3Hd5Jf1Gs0QaEuIoPlMkNjBhVgC';
  const pad = 'p'.repeat(90);
  const echoes: Record<string, (key: string, body: any, res: import('node:http').ServerResponse) => void> = {
    'an error body': (key, _b, res) => json(res, { error: `${pad} ${key}` }, 401),
    'a status line': (key, _b, res) => json(res, {}, 401, {}, `Denied ${key}`),
    'a label': (key, b, res) => json(res, { outputs: b.inputs.map((i: any) => ({ id: i.id, label: key })) }),
    'a score label': (key, b, res) =>
      json(res, { outputs: b.inputs.map((i: any) => ({ id: i.id, scores: { [key]: 1, limitation: 0, result: 0 } })) }),
    'an id': (key, b, res) =>
      json(res, { outputs: b.inputs.map((i: any) => ({ id: `${key}${i.id}`, label: 'result' })) }),
    'a malformed body': (key, _b, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"outputs": "${pad.slice(0, 30)} ${key}`);
    }
  };

  test.each(Object.keys(echoes))('in %s', async (where) => {
    const s = await server((b, res, _n, req) =>
      (echoes[where] as (typeof echoes)[string])(String(req.headers.authorization), b, res)
    );
    const lines: string[] = [];
    const headers = { Authorization: 'Bearer ${API_TOKEN}' };
    const model = new HttpModel(plan(s.url, { headers, env: ['API_TOKEN'] }), LABELS, {
      env: { API_TOKEN: secret },
      log: (l) => lines.push(l)
    });
    const results = await model.score(texts(2));
    expect(results.every((r) => r.status === 'error' && r.error.includes('***'))).toBe(true);
    const shown = JSON.stringify(results) + lines.join('\n');
    expect(shown).not.toContain(secret.slice(0, 4));
  });

  test.each([
    ['huggingface', (key: string) => [[{ label: key, score: 1 }]]],
    ['openai-chat', (key: string) => ({ choices: [{ message: { content: `${pad.slice(0, 20)} ${key}` } }] })]
  ] as const)('in a %s answer', async (format, answer) => {
    const s = await server((_b, res, _n, req) => json(res, answer(String(req.headers.authorization))));
    const chat = format === 'openai-chat' ? { prompt: '{text}', model: 'm', temperature: 0, logprobs: false } : null;
    const url = format === 'openai-chat' ? s.url.replace('/predict', '') : s.url;
    const headers = { Authorization: 'Bearer ${API_TOKEN}' };
    const model = new HttpModel(plan(url, { format, chat, batch: 1, headers, env: ['API_TOKEN'] }), LABELS, {
      env: { API_TOKEN: secret }
    });
    // The chat stand-in answers at any path.
    const [result] = await model.score(texts(1));
    expect(result).toMatchObject({ status: 'error', error: expect.stringContaining('***') });
    expect(JSON.stringify(result)).not.toContain(secret.slice(0, 4));
  });
});

test('a secret is masked in its JSON-escaped form too (a body quoted before it is parsed)', () => {
  const secret = 'k"ey\\with-quote';
  const masker = new Masker([secret]);
  expect(masker.mask(`raw ${secret}; escaped ${JSON.stringify(secret)}`)).toBe('raw ***; escaped "***"');
});
