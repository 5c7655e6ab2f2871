import { createHash } from 'node:crypto';
import { PROTOCOL_VERSION } from '../../../src/models/external/contract.js';
import { ExternalModel } from '../../../src/models/external/external-model.js';
import { Pipeline } from '../../../src/models/external/pipeline.js';
import { FIXTURES, fixture, model, plan, sleep, text } from './helpers.js';

const open: ExternalModel[] = [];
function make(...args: Parameters<typeof model>) {
  const made = model(...args);
  open.push(made.m);
  return made;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
});

const A = { status: 'ok', scores: [0.9, 0.1] };
const B = { status: 'ok', scores: [0.1, 0.9] };

describe('ExternalModel: answers', () => {
  test('scores for text and features, in input order; describe; counters; clean close', async () => {
    const { m, logs } = make();
    expect(m.batchSize).toBe(Infinity);
    expect(m.counters()).toEqual({
      requests: 0,
      responses: 0,
      failures: {},
      wall_ms: 0,
      exit_code: null,
      signal: null
    });
    const results = await m.score([text('apple'), text('banana'), { kind: 'features', values: { x: 0.25 } }]);
    expect(results).toEqual([A, B, { status: 'ok', scores: [0.25, 0.75] }]);
    expect(m.counters()).toMatchObject({ requests: 3, responses: 3, failures: {}, exit_code: null, signal: null });
    expect(await m.score([text('avocado')])).toEqual([A]);
    await m.close();
    const c = m.counters();
    expect(c).toMatchObject({ requests: 4, responses: 4, failures: {}, exit_code: 0, signal: null });
    expect(c.wall_ms).toBeGreaterThanOrEqual(0);
    expect(logs).toEqual([]);
    expect(m.describe()).toEqual({
      name: 'ext',
      kind: 'external',
      params: {
        command: fixture('fake-model.mjs'),
        protocol_version: PROTOCOL_VERSION,
        probabilities: false,
        timeout_s: 60,
        request_timeout_s: 30,
        window: 64
      },
      digest: createHash('sha256').update(fixture('fake-model.mjs')).digest('hex'),
      probabilities: false
    });
    expect(await m.score([text('apple')])).toEqual([{ status: 'error', error: 'the model was closed' }]);
  });

  test('label-only answers', async () => {
    const { m } = make();
    expect(await m.score([text('label:b'), text('label:a')])).toEqual([
      { status: 'ok', scores: null, label: 'b' },
      { status: 'ok', scores: null, label: 'a' }
    ]);
    expect(m.counters()).toMatchObject({ requests: 2, responses: 2, failures: {} });
  });

  test('ids r1, r2, … in input order, continuing across calls; overlapping calls are serialised', async () => {
    const { m } = make({}, ['r1', 'r2', 'r3', 'r4', 'r5']);
    const reply = text('reply:{"id":"{ID}","label":"{ID}"}');
    const [first, second] = await Promise.all([m.score([reply, reply]), m.score([reply, reply, reply])]);
    expect(first?.map((r) => (r.status === 'ok' ? r.label : r.status))).toEqual(['r1', 'r2']);
    expect(second?.map((r) => (r.status === 'ok' ? r.label : r.status))).toEqual(['r3', 'r4', 'r5']);
  });

  test('out-of-order responses land on their inputs', async () => {
    const { m } = make({ command: fixture('fake-model.mjs', '--reverse=4'), window: 8 });
    const texts = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `apple ${i}` : `banana ${i}`));
    const results = await m.score(texts.map(text));
    expect(results).toEqual(texts.map((t) => (t.startsWith('a') ? A : B)));
    expect(m.counters()).toMatchObject({ requests: 30, responses: 30, failures: {} });
  });

  test('no deadlock: a model answering a whole window at once, in one write far above a pipe buffer, without reading meanwhile', async () => {
    const { m } = make({ command: fixture('bulk-model.mjs', '256', '1024'), window: 256 });
    const n = 20000;
    const results = await m.score(Array.from({ length: n }, (_, i) => text(`input ${i}`)));
    expect(results.length).toBe(n);
    expect(results.every((r) => r.status === 'ok' && r.scores?.[0] === 0.5)).toBe(true);
    expect(m.counters()).toMatchObject({ requests: n, responses: n, failures: {} });
  });

  test('stdin backpressure: large inputs with a large window', async () => {
    const { m } = make({ command: fixture('echo-model.mjs'), window: 1000 });
    const big = 'w'.repeat(50_000);
    const results = await m.score(Array.from({ length: 1000 }, (_, i) => text(`${i} ${big}`)));
    expect(results.every((r) => r.status === 'ok' && r.scores?.[1] === 0.75)).toBe(true);
    expect(m.counters()).toMatchObject({ requests: 1000, responses: 1000, failures: {} });
  });
});

describe('ExternalModel: failures are evidence', () => {
  test('crash mid-way: answered inputs stand, the rest fail with the exit code and stderr', async () => {
    const { m } = make({ command: fixture('fake-model.mjs', '--exit-after=5:3') });
    const results = await m.score(Array.from({ length: 8 }, (_, i) => text(`apple ${i}`)));
    expect(results.slice(0, 5)).toEqual(Array(5).fill(A));
    for (const r of results.slice(5)) {
      expect(r.status).toBe('error');
      expect(r.status === 'error' && r.error).toBe(
        'the model process exited with code 3 before answering; stderr: fatal: model gave up'
      );
    }
    expect(m.counters()).toMatchObject({
      requests: 8,
      responses: 5,
      failures: { crash: 3 },
      exit_code: 3,
      signal: null
    });
    expect(m.stderrTail()).toBe('fatal: model gave up\n');
    // Not restarted: later inputs fail the same way.
    expect(await m.score([text('apple')])).toEqual([results[5]]);
    expect(m.counters()).toMatchObject({ requests: 8, responses: 5, failures: { crash: 4 } });
  });

  test('command not found is a crash with exit code 127', async () => {
    const { m } = make({ command: 'evidence-gate-no-such-command --serve' });
    const results = await m.score([text('a'), text('b')]);
    for (const r of results) {
      expect(r.status).toBe('error');
      expect(r.status === 'error' && r.error).toMatch(
        /^the model command could not be run \(exit code 127: command not found\) before answering; stderr: .*evidence-gate-no-such-command.*not found/
      );
    }
    expect(m.counters()).toMatchObject({
      requests: 2,
      responses: 0,
      failures: { crash: 2 },
      exit_code: 127,
      signal: null
    });
  });

  test('a model killed by a signal, and a root that does not exist, are crashes too', async () => {
    const { m } = make({ command: 'echo "segfaulting" >&2; kill -SEGV $$' });
    expect(await m.score([text('a')])).toEqual([
      { status: 'error', error: 'the model process was killed by signal SIGSEGV before answering; stderr: segfaulting' }
    ]);
    expect(m.counters()).toMatchObject({
      requests: 1,
      responses: 0,
      failures: { crash: 1 },
      exit_code: null,
      signal: 'SIGSEGV'
    });

    const m2 = new ExternalModel(plan(), ['a', 'b'], '/nonexistent/evidence-gate-root', () => {});
    open.push(m2);
    const [r] = await m2.score([text('a')]);
    expect(r).toEqual({
      status: 'error',
      error: expect.stringMatching(
        /^the model process could not be started from \/nonexistent\/evidence-gate-root: .*ENOENT/
      )
    });
    expect(m2.counters()).toMatchObject({
      requests: 1,
      responses: 0,
      failures: { crash: 1 },
      exit_code: null,
      signal: null
    });
  });

  test('per-request timeout; a late answer after the timeout is ignored', async () => {
    const { m } = make({ requestTimeoutS: 0.5 });
    expect(await m.score([text('apple')])).toEqual([A]); // the process is up: startup time is not in the timings below
    const started = Date.now();
    const results = await m.score([text('apple'), text('silent'), text('late:1200'), text('banana')]);
    expect(Date.now() - started).toBeLessThan(1100);
    const timeout = { status: 'timeout', error: 'no response within request_timeout_s=0.5s' };
    expect(results).toEqual([A, timeout, timeout, B]);
    expect(m.counters()).toMatchObject({ requests: 5, responses: 3, failures: { timeout: 2 } });
    await sleep(1000); // the late answer arrives meanwhile
    expect(await m.score([text('apple')])).toEqual([A]);
    expect(m.counters()).toMatchObject({ requests: 6, responses: 5, failures: { timeout: 2 } });
  });

  test('whole-run timeout stops the model; unanswered inputs, now and later, are timeouts', async () => {
    const { m } = make({ command: fixture('fake-model.mjs', '--hang-after=2'), timeoutS: 1.5 });
    const results = await m.score(Array.from({ length: 5 }, (_, i) => text(`apple ${i}`)));
    const timeout = { status: 'timeout', error: 'whole-run limit timeout_s=1.5s reached; the model was stopped' };
    expect(results).toEqual([A, A, timeout, timeout, timeout]);
    expect(await m.score([text('apple'), text('banana')])).toEqual([timeout, timeout]);
    await m.close();
    const c = m.counters();
    expect(c).toMatchObject({
      requests: 5,
      responses: 2,
      failures: { run_timeout: 5 },
      exit_code: null,
      signal: 'SIGTERM'
    });
    expect(c.wall_ms).toBeGreaterThanOrEqual(1500);
  });

  test('a malformed line is charged to the oldest request in flight', async () => {
    const long = `not json ${'y'.repeat(200)}`;
    const { m } = make();
    const results = await m.score([
      text('apple'),
      text('reply:this is {not json'),
      text(`reply:${long}`),
      text('banana')
    ]);
    expect(results).toEqual([
      A,
      { status: 'error', error: 'malformed JSON response "this is {not json"' },
      { status: 'error', error: `malformed JSON response "${long.slice(0, 80)}"…` },
      B
    ]);
    expect(m.counters()).toMatchObject({ requests: 4, responses: 4, failures: { malformed_json: 2 } });

    // The oldest in flight need not be the request that caused the line: here it is the silent r2.
    const { m: m2 } = make({ requestTimeoutS: 0.5 });
    expect(await m2.score([text('apple')])).toEqual([A]);
    const r2 = await m2.score([text('silent'), text('reply:garbage'), text('banana')]);
    expect(r2).toEqual([
      { status: 'error', error: 'malformed JSON response "garbage"' },
      { status: 'timeout', error: 'no response within request_timeout_s=0.5s' },
      B
    ]);
    expect(m2.counters()).toMatchObject({ requests: 4, responses: 3, failures: { malformed_json: 1, timeout: 1 } });
  });

  test('a response without an id is charged to the oldest request in flight', async () => {
    const { m } = make();
    const results = await m.score([text('reply:{"label":"a"}'), text('banana')]);
    expect(results).toEqual([{ status: 'error', error: 'response without a string "id": "{\\"label\\":\\"a\\"}"' }, B]);
    expect(m.counters()).toMatchObject({ requests: 2, responses: 2, failures: { bad_response: 1 } });
  });

  test('unknown ids are counted and affect no input', async () => {
    const { m } = make();
    const reply =
      'reply:{"id":"r999","label":"a"}\n{"id":"x1","label":"a"}\n{"id":"r01","label":"a"}\n{"id":"{ID}","label":"b"}';
    expect(await m.score([text(reply), text('apple')])).toEqual([{ status: 'ok', scores: null, label: 'b' }, A]);
    expect(m.counters()).toMatchObject({ requests: 2, responses: 5, failures: { unknown_id: 3 } });
  });

  test('a duplicate response is counted; the first answer stands', async () => {
    const { m } = make();
    const reply = 'reply:{"id":"{ID}","label":"a"}\n{"id":"{ID}","label":"b"}\n{"id":"{ID}","scores":{"x":1}}';
    expect(await m.score([text(reply), text('banana')])).toEqual([{ status: 'ok', scores: null, label: 'a' }, B]);
    expect(m.counters()).toMatchObject({ requests: 2, responses: 4, failures: { duplicate_response: 2 } });
  });

  test.each([
    [
      'missing labels',
      ['a', 'b', 'c'],
      false,
      '{"id":"{ID}","scores":{"a":0.5,"b":0.5}}',
      'missing_labels',
      'scores miss training labels "c"'
    ],
    [
      'extra label',
      ['a', 'b'],
      false,
      '{"id":"{ID}","scores":{"a":0.5,"b":0.5,"d":0}}',
      'unknown_label',
      'scores have labels outside the training set: "d"'
    ],
    [
      'unknown label, label-only',
      ['a', 'b'],
      false,
      '{"id":"{ID}","label":"z"}',
      'unknown_label',
      'label "z" is not a training label'
    ],
    [
      'score "NaN"',
      ['a', 'b'],
      false,
      '{"id":"{ID}","scores":{"a":"NaN","b":1}}',
      'non_finite_score',
      'score for "a" is not a finite number: "\\"NaN\\""'
    ],
    [
      'score 1e999',
      ['a', 'b'],
      false,
      '{"id":"{ID}","scores":{"a":0,"b":1e999}}',
      'non_finite_score',
      'score for "b" is not a finite number: Infinity'
    ],
    [
      'bad probability sum',
      ['a', 'b'],
      true,
      '{"id":"{ID}","scores":{"a":0.5,"b":0.51}}',
      'not_probabilities',
      'probabilities sum to 1.01, not 1 (tolerance 1e-6)'
    ],
    [
      'both scores and label',
      ['a', 'b'],
      false,
      '{"id":"{ID}","scores":{"a":0,"b":1},"label":"a"}',
      'bad_response',
      'response has both "scores" and "label"'
    ],
    [
      'neither scores nor label',
      ['a', 'b'],
      false,
      '{"id":"{ID}","score":{"a":0,"b":1}}',
      'bad_response',
      'response has neither "scores" nor "label"'
    ]
  ])('%s', async (_name, labels, probabilities, reply, kind, reason) => {
    const { m } = make({ probabilities }, labels);
    const ok = probabilities ? text('reply:{"id":"{ID}","scores":{"a":0.25,"b":0.75}}') : text('label:a');
    const results = await m.score([text(`reply:${reply}`), ok]);
    expect(results[0]).toEqual({ status: 'error', error: reason });
    expect(results[1]?.status).toBe('ok');
    expect(m.counters()).toMatchObject({ requests: 2, responses: 2, failures: { [kind]: 1 } });
    expect(Object.keys(m.counters().failures)).toEqual([kind]);
  });
});

describe('ExternalModel: process', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  });

  test('the model sees PATH, HOME, LANG and listed names only, never the runner secrets', async () => {
    Object.assign(process.env, {
      GITHUB_TOKEN: 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'rt',
      INPUT_CONFIG: 'c',
      EG_MODEL_VAR: 'yes',
      EG_UNLISTED: 'no'
    });
    const { m, logs } = make({
      command: fixture('fake-model.mjs', '--env-keys'),
      env: ['EG_MODEL_VAR', 'GITHUB_TOKEN']
    });
    expect(await m.score([text('apple')])).toEqual([A]);
    const keys = JSON.parse(m.stderrTail().trim()) as string[];
    const expected = ['EG_MODEL_VAR', ...['PATH', 'HOME', 'LANG'].filter((k) => process.env[k] !== undefined)];
    // The shell itself may add PWD (and the like); nothing else from our environment gets through.
    expect(keys.filter((k) => !['PWD', 'OLDPWD', 'SHLVL', '_'].includes(k)).sort()).toEqual(expected.sort());
    expect(logs).toEqual(['model ext: environment variables never passed to a model: GITHUB_TOKEN']);
  });

  test('stderr tail keeps the last 64 KiB', async () => {
    const { m } = make({ command: fixture('fake-model.mjs', '--stderr-bytes=200000') });
    expect(await m.score([text('apple')])).toEqual([A]);
    await m.close();
    const tail = m.stderrTail();
    expect(Buffer.byteLength(tail)).toBe(64 * 1024);
    expect(tail.endsWith('x\nEND-OF-FILLER\n')).toBe(true);
  });

  test('close() stops a model that ignores the end of its input', async () => {
    const { m } = make({ command: fixture('fake-model.mjs', '--ignore-eof') });
    expect(await m.score([text('apple')])).toEqual([A]);
    const started = Date.now();
    await m.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(m.counters()).toMatchObject({ exit_code: null, signal: 'SIGTERM' });
  });

  test('close() before any score() starts nothing', async () => {
    const { m } = make();
    await m.close();
    expect(m.counters()).toEqual({
      requests: 0,
      responses: 0,
      failures: {},
      wall_ms: 0,
      exit_code: null,
      signal: null
    });
    expect(m.stderrTail()).toBe('');
  });

  test('progress lines name the model and counts, never the text', async () => {
    const logs: string[] = [];
    const p = new Pipeline({
      name: 'mine',
      command: fixture('fake-model.mjs'),
      cwd: FIXTURES,
      env: { PATH: process.env.PATH ?? '' },
      labels: ['a', 'b'],
      probabilities: false,
      window: 8,
      requestTimeoutMs: 10_000,
      runTimeoutMs: 10_000,
      log: (l) => logs.push(l),
      sweepMs: 20,
      progressMs: 100
    });
    const started = performance.now();
    expect(await p.score([text('apple secret'), text('late:600')])).toEqual([A, B]);
    const elapsed = performance.now() - started;
    await p.close(1000);
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs.length).toBeLessThanOrEqual(Math.floor(elapsed / 100)); // at most one per progressMs
    for (const l of logs) expect(l).toMatch(/^model mine: [01]\/2 answered$/);
    expect(logs.at(-1)).toBe('model mine: 1/2 answered');
  });
});
