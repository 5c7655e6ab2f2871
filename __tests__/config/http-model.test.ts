/** Config entries of HTTP models: defaults, and every refusal as one line naming the key. */
import { entryRefusal as refusal, loadEntry as load } from './model-entry.js';
import { ConfigError } from '../../src/errors.js';

test('defaults: evidence-gate format, batch 32, concurrency 4, timeout 30 s, 3 retries', () => {
  expect(load('{ name: api, http: { url: "http://127.0.0.1:8080/predict" } }').models[1]).toEqual({
    name: 'api',
    kind: 'http',
    params: {
      url: 'http://127.0.0.1:8080/predict',
      format: 'evidence-gate',
      headers: {},
      env: [],
      batch: 32,
      concurrency: 4,
      timeout_s: 30,
      retries: 3,
      probabilities: false,
      chat: null,
      repeat: 1
    }
  });
});

test('openai-chat: one input per request, temperature 0 by default; logprobs makes the scores probabilities', () => {
  const plan = load(
    '{ name: chat, http: { url: "https://api.example/v1", format: openai-chat, prompt: "Label {text} as one of {labels}", model: m1, logprobs: true } }'
  );
  expect(plan.models[1]).toMatchObject({
    params: {
      batch: 1,
      probabilities: true,
      chat: { prompt: 'Label {text} as one of {labels}', model: 'm1', temperature: 0, logprobs: true }
    }
  });
});

test('a header may reference variables listed in env', () => {
  const plan = load(
    '{ name: api, http: { url: "https://x.example/p", headers: { Authorization: "Bearer ${API_TOKEN}" } }, env: [API_TOKEN] }'
  );
  expect(plan.models[1]).toMatchObject({
    params: { headers: { Authorization: 'Bearer ${API_TOKEN}' }, env: ['API_TOKEN'] }
  });
});

test.each([
  [
    '{ name: a, http: { url: "http://h/p", headers: { Authorization: "Bearer ${API_TOKEN}" } } }',
    'models[1].http.headers.Authorization: references ${API_TOKEN}, which is not listed in env; expected only variables listed in env (none listed)'
  ],
  [
    '{ name: a, http: { url: "http://h/p", headers: { X-Key: "${B}" } }, env: [A] }',
    'models[1].http.headers.X-Key: references ${B}, which is not listed in env; expected only variables listed in env (A)'
  ],
  [
    '{ name: a, http: { url: "http://user:pw@h/p" } }',
    'models[1].http.url: expected a URL without credentials (user:password@); put them in headers with ${VAR} from env'
  ],
  [
    '{ name: a, http: { url: "http://h/p?key=s3cret" } }',
    'models[1].http.url: expected a URL without a query string (it would be copied into the manifest with the config); send keys in headers with ${VAR} from env'
  ],
  [
    '{ name: a, http: { url: "http://h/p?" } }',
    'models[1].http.url: expected a URL without a query string (it would be copied into the manifest with the config); send keys in headers with ${VAR} from env'
  ],
  [
    '{ name: a, http: { url: "ftp://h/p" } }',
    'models[1].http.url: expected an http or https URL, found the scheme "ftp:"'
  ],
  [
    '{ name: a, http: { url: "not a url" } }',
    'models[1].http.url: expected an http or https URL, found a string that is not a URL'
  ],
  [
    '{ name: a, http: { url: "http://h/p", format: grpc } }',
    'models[1].http.format: expected one of evidence-gate, huggingface, openai-chat, found "grpc"'
  ],
  [
    '{ name: a, http: { url: "http://h/p", batch: 0 } }',
    'models[1].http.batch: expected a whole number ≥ 1, found number 0'
  ],
  [
    '{ name: a, http: { url: "http://h/p", retries: -1 } }',
    'models[1].http.retries: expected a whole number ≥ 0, found number -1'
  ],
  [
    '{ name: a, http: { url: "http://h/p", timeout_s: 0 } }',
    'models[1].http.timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found number 0'
  ],
  [
    '{ name: a, http: { url: "http://h/p", timeout_s: 0.0004 } }',
    'models[1].http.timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found number 0.0004'
  ],
  [
    '{ name: a, http: { url: "http://h/p", timeout_s: 3000000 } }',
    'models[1].http.timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found number 3000000'
  ],
  [
    '{ name: a, http: { url: "http://h/p", timeout_s: .inf } }',
    'models[1].http.timeout_s: expected a number of seconds from 0.001 to 2147483.647 (about 24.8 days), found the non-finite number Infinity'
  ],
  [
    '{ name: a, http: { url: "http://h/p", prompt: "x {text}" } }',
    'models[1].http.prompt: unknown key; expected one of url, format, headers, batch, concurrency, timeout_s, retries, found "prompt" (prompt belongs to format openai-chat)'
  ],
  [
    '{ name: a, http: { url: "http://h/v1", format: openai-chat, model: m } }',
    'models[1].http.prompt: expected a prompt containing {text} (and optionally {labels}), found nothing'
  ],
  [
    '{ name: a, http: { url: "http://h/v1", format: openai-chat, prompt: "{text}", model: m, temperature: -1 } }',
    'models[1].http.temperature: expected a number ≥ 0, found number -1'
  ],
  [
    '{ name: a, http: { url: "http://h/p" }, command: x }',
    'models[1].http: unknown key; expected one of name, command, timeout_s, request_timeout_s, probabilities, env, files, window, repeat, found "http"'
  ],
  ['{ name: a, http: "http://h/p" }', 'models[1].http: expected a mapping with url, found "http://h/p"']
])('%s is refused', (entry, message) => {
  expect(refusal(entry)).toMatch(
    new RegExp(`^evidence-gate\\.yml:11: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  );
});

test('timeout_s: fractional seconds are kept to whole milliseconds, up to the longest timer', () => {
  const timeout = (value: string) =>
    (load(`{ name: a, http: { url: "http://h/p", timeout_s: ${value} } }`).models[1]?.params as { timeout_s: number })
      .timeout_s;
  expect(timeout('1.005')).toBe(1.005);
  expect(timeout('0.0005')).toBe(0.001);
  expect(timeout('2.0004')).toBe(2);
  expect(timeout('2147483.647')).toBe(2147483.647);
});

test('a header value is never quoted in a message (it may hold a pasted secret)', () => {
  const message = refusal('{ name: a, http: { url: "http://h/p", headers: { X-Key: "sk-pasted-secret\\u0007" } } }');
  expect(message).not.toContain('sk-pasted-secret');
});

test('huggingface with tabular data: a config error naming the model, before any request', async () => {
  const { buildModels } = await import('../../src/models/build.js');
  const plan = load('{ name: hf, http: { url: "http://127.0.0.1:9/hf", format: huggingface } }');
  const models = plan.models.filter((m) => m.kind === 'http');
  await expect(buildModels(models, [], ['a', 'b'], { features: ['x1'] })).rejects.toThrow(
    new ConfigError(
      'models: "hf": http.format: expected evidence-gate for tabular data (huggingface sends text only), found huggingface'
    )
  );
});
