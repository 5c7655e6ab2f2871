/**
 * `{ name, http: { url, format, headers, … }, env }`: a classifier behind an HTTP endpoint
 * (src/models/http/, docs/http-models.md). Header values may reference `${VAR}` only for
 * variables listed in `env`; their values are secrets, handed to the caller to mask.
 */
import { ConfigError, describeFound } from '../../errors.js';
import { modelName } from '../../config/model-name.js';
import { modelRepeat } from '../../config/model-repeat.js';
import { modelSeconds } from '../../config/model-seconds.js';
import { PRINTABLE, configError, unknownKey } from '../../config/validate.js';
import type { KeyPath } from '../../config/source.js';
import { hasHidden, quoted } from '../../util/visible.js';
import { entryModel } from '../descriptor.js';
import { HTTP_FORMATS, type ChatOptions, type HttpFormat } from '../http/contract.js';
import { HttpModel, shownUrl } from '../http/http-model.js';
import { referencedVariables } from '../http/secrets.js';
import { repeatedScores } from '../repeat.js';

const ENTRY_KEYS = ['name', 'http', 'env', 'probabilities', 'repeat'];
const HTTP_KEYS = ['url', 'format', 'headers', 'batch', 'concurrency', 'timeout_s', 'retries'];
const CHAT_KEYS = ['prompt', 'model', 'temperature', 'logprobs'];
const HTTP_DEFAULTS = { format: 'evidence-gate', batch: 32, concurrency: 4, timeout_s: 30, retries: 3 } as const;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface HttpParams {
  url: string;
  format: HttpFormat;
  headers: Record<string, string>;
  env: string[];
  batch: number;
  concurrency: number;
  timeout_s: number;
  retries: number;
  probabilities: boolean;
  chat: ChatOptions | null;
  /** Times each input is asked (docs/models.md#repeated-queries). */
  repeat: number;
}

const said = (format: HttpFormat, probabilities: boolean): string =>
  format === 'openai-chat'
    ? "the chat model's answer mapped to a label (label-only), or with logprobs the first token's probabilities " +
      'over the labels, renormalised'
    : `whatever the service answers (` +
      `${probabilities ? 'declared as probabilities' : 'scores, not probabilities'}); its own preprocessing is not ` +
      `visible to Evidence Gate`;

export const HTTP = entryModel({
  kind: 'http',
  task: 'any',
  selectedBy: 'entry',
  key: 'http',
  read(obj, { source, at }) {
    const fail = (path: KeyPath, message: string, key = false) => configError(source, path, message, key);
    for (const key of Object.keys(obj)) {
      if (!ENTRY_KEYS.includes(key)) throw fail([...at, key], unknownKey(key, ENTRY_KEYS), true);
    }
    const h = obj.http;
    const hat = [...at, 'http'];
    if (h === null || typeof h !== 'object' || Array.isArray(h))
      throw fail(hat, `expected a mapping with url, found ${describeFound(h)}`);
    const block = h as Record<string, unknown>;
    const format = block.format ?? HTTP_DEFAULTS.format;
    if (typeof format !== 'string' || !(HTTP_FORMATS as readonly string[]).includes(format))
      throw fail([...hat, 'format'], `expected one of ${HTTP_FORMATS.join(', ')}, found ${describeFound(format)}`);
    const allowed = format === 'openai-chat' ? [...HTTP_KEYS, ...CHAT_KEYS] : HTTP_KEYS;
    for (const key of Object.keys(block)) {
      if (!allowed.includes(key)) {
        const hint = CHAT_KEYS.includes(key) ? ` (${key} belongs to format openai-chat)` : '';
        throw fail([...hat, key], `${unknownKey(key, allowed)}${hint}`, true);
      }
    }
    const url = readUrl(block.url, (m) => fail([...hat, 'url'], m));
    const whole = (key: string, min: number, fallback: number): number => {
      const v = block[key] ?? fallback;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
        throw fail([...hat, key], `expected a whole number ≥ ${min}, found ${describeFound(v)}`);
      return v;
    };
    const timeout = modelSeconds(block.timeout_s, HTTP_DEFAULTS.timeout_s, source, [...hat, 'timeout_s']);
    const envRaw = obj.env ?? [];
    if (!Array.isArray(envRaw))
      throw fail([...at, 'env'], `expected a list of environment variable names, found ${describeFound(envRaw)}`);
    const env = envRaw.map((name, i) => {
      if (typeof name !== 'string' || !VARIABLE_NAME.test(name))
        throw fail([...at, 'env', i], `expected an environment variable name, found ${describeFound(name)}`);
      return name;
    });
    const headers = readHeaders(block.headers ?? {}, env, [...hat, 'headers'], fail);
    const probabilities = obj.probabilities ?? false;
    if (typeof probabilities !== 'boolean')
      throw fail([...at, 'probabilities'], `expected true or false, found ${describeFound(probabilities)}`);
    const chat = format === 'openai-chat' ? readChat(block, hat, fail) : null;
    return {
      name: modelName(obj.name, source, [...at, 'name']),
      params: {
        url,
        format: format as HttpFormat,
        headers,
        env,
        batch: format === 'openai-chat' ? 1 : whole('batch', 1, HTTP_DEFAULTS.batch),
        concurrency: whole('concurrency', 1, HTTP_DEFAULTS.concurrency),
        timeout_s: timeout,
        retries: whole('retries', 0, HTTP_DEFAULTS.retries),
        probabilities: chat?.logprobs === true || probabilities,
        chat,
        repeat: modelRepeat(obj.repeat, source, [...at, 'repeat'])
      } satisfies HttpParams
    };
  },
  probabilities: (params) => params.probabilities,
  labelOnly: true,
  gradients: false,
  build(plan, context) {
    const p = plan.params;
    if (p.format === 'huggingface' && context.features.length > 0) {
      throw new ConfigError(
        `models: ${quoted(plan.name)}: http.format: expected evidence-gate for tabular data (huggingface sends ` +
          `text only), found huggingface`
      );
    }
    const model = new HttpModel(
      {
        name: plan.name,
        url: p.url,
        format: p.format,
        headers: p.headers,
        env: p.env,
        batch: p.batch,
        concurrency: p.concurrency,
        timeoutS: p.timeout_s,
        retries: p.retries,
        probabilities: p.probabilities,
        chat: p.chat,
        seed: context.seed,
        repeat: p.repeat,
        answers: context.answers(plan)
      },
      context.labels,
      { log: context.log }
    );
    for (const value of model.secrets) context.secret(value);
    return model;
  },
  remote: {
    command: false,
    wallMs: (model) => (model instanceof HttpModel ? model.counters().wall_ms : null),
    // The variable names its headers read (its counters and wall time live in manifest.run).
    manifest: (model, plan) => (model instanceof HttpModel ? { env: plan.params.env } : null),
    counters: (model) => (model instanceof HttpModel ? { ...model.counters(), wall_ms: undefined } : null),
    // What a request carries besides the input; header values are secrets and stay out (header names may not).
    cacheSettings: (plan) => {
      const p = plan.params;
      return {
        url: shownUrl(p.url),
        format: p.format,
        header_names: Object.keys(p.headers).sort(),
        probabilities: p.probabilities,
        chat: p.chat
          ? { model: p.chat.model, temperature: p.chat.temperature, logprobs: p.chat.logprobs, prompt: p.chat.prompt }
          : null
      };
    }
  },
  preprocessing: {
    text: (plan) => ({
      input:
        `the text as written (the perturbed text under a perturbation), UTF-8, in a JSON POST to ` +
        `${shownUrl(plan.params.url)} in the ${plan.params.format} format; Evidence Gate does no lower-casing, ` +
        `normalisation or tokenisation`,
      vectorizers: [],
      scores: repeatedScores(said(plan.params.format, plan.params.probabilities), plan.params.repeat)
    }),
    tabular: (plan) => ({
      input:
        `the feature record as a JSON object of numbers, keys in the order of \`features\`, in a JSON POST to ` +
        `${shownUrl(plan.params.url)} in the ${plan.params.format} format`,
      scaling: "identity on Evidence Gate's side: the service receives raw feature units",
      scores: repeatedScores(said(plan.params.format, plan.params.probabilities), plan.params.repeat)
    })
  }
});

function readUrl(value: unknown, fail: (message: string) => Error): string {
  if (typeof value !== 'string' || value === '' || hasHidden(value))
    throw fail(
      `expected an http or https URL on one line ${PRINTABLE}, found ` +
        `${typeof value === 'string' ? 'a string with hidden characters or none' : describeFound(value)}`
    );
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw fail('expected an http or https URL, found a string that is not a URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw fail(`expected an http or https URL, found the scheme ${quoted(u.protocol)}`);
  // Credentials in a committed file are a leak; they belong in headers, from env.
  if (u.username !== '' || u.password !== '')
    throw fail('expected a URL without credentials (user:password@); put them in headers with ${VAR} from env');
  // The manifest keeps the config's text (so verify can re-derive the gate), and a query string
  // often carries a key: refused here, so that no output file can hold it (docs/http-models.md).
  if (u.search !== '' || value.includes('?'))
    throw fail(
      'expected a URL without a query string (it would be copied into the manifest with the config); send keys ' +
        'in headers with ${VAR} from env'
    );
  return value;
}

function readHeaders(
  value: unknown,
  env: readonly string[],
  at: KeyPath,
  fail: (path: KeyPath, message: string, key?: boolean) => Error
): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw fail(at, `expected a mapping of header names to values, found ${describeFound(value)}`);
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(value as Record<string, unknown>)) {
    if (!HEADER_NAME.test(name)) throw fail([...at, name], `expected an HTTP header name, found ${quoted(name)}`, true);
    // Values are not echoed: they may hold a pasted secret.
    if (typeof template !== 'string' || hasHidden(template))
      throw fail(
        [...at, name],
        `expected a header value on one line ${PRINTABLE}, found ` +
          `${typeof template === 'string' ? 'a string with hidden characters' : describeFound(template)}`
      );
    for (const ref of referencedVariables(template)) {
      if (!env.includes(ref))
        throw fail(
          [...at, name],
          `references \${${VARIABLE_NAME.test(ref) ? ref : '…'}}, which is not listed in env; expected only ` +
            `variables listed in env (${env.length ? env.join(', ') : 'none listed'})`
        );
    }
    out[name] = template;
  }
  return out;
}

function readChat(
  block: Record<string, unknown>,
  at: KeyPath,
  fail: (path: KeyPath, message: string) => Error
): ChatOptions {
  const prompt = block.prompt;
  if (typeof prompt !== 'string' || !prompt.includes('{text}'))
    throw fail(
      [...at, 'prompt'],
      `expected a prompt containing {text} (and optionally {labels}), found ` +
        `${typeof prompt === 'string' ? 'a prompt without {text}' : describeFound(prompt)}`
    );
  const model = block.model;
  if (typeof model !== 'string' || model === '' || hasHidden(model))
    throw fail([...at, 'model'], `expected the chat model's name, found ${describeFound(model)}`);
  const temperature = block.temperature ?? 0;
  if (typeof temperature !== 'number' || !(temperature >= 0) || !Number.isFinite(temperature))
    throw fail([...at, 'temperature'], `expected a number ≥ 0, found ${describeFound(temperature)}`);
  const logprobs = block.logprobs ?? false;
  if (typeof logprobs !== 'boolean')
    throw fail([...at, 'logprobs'], `expected true or false, found ${describeFound(logprobs)}`);
  return { prompt, model, temperature, logprobs };
}
