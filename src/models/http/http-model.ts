/**
 * A classifier behind an HTTP endpoint as a Model (docs/http-models.md). Each score() call gets
 * every input of an evaluation chunk (`batchSize = Infinity`), scores identical inputs once,
 * cuts them into requests of the format's size and keeps up to `concurrency` requests in flight.
 * Failures are evidence: an input without an answer gets an `error`/`timeout` result with the
 * reason (secrets masked), and the run goes on.
 */
import type { ExampleInput } from '../../data/example.js';
import { createStream } from '../../metrics/random.js';
import { timerMs } from '../../config/model-seconds.js';
import { sha256Hex } from '../../util/hash.js';
import { stableJson } from '../../util/json.js';
import type { Model, ModelDescription, ScoreResult } from '../model.js';
import { askModel } from '../repeat.js';
import { DEFAULT_BACKOFF_MS, keepAliveAgent, post, type ClientOptions } from './client.js';
import type { HttpCounters, HttpFailureKind, HttpModelPlan } from './contract.js';
import { wireFormat, type WireFormat } from './formats.js';
import { Masker, fillTemplate } from './secrets.js';

/** The URL as recorded and shown: scheme, host, port and path; never credentials or the query string. */
export function shownUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

interface HttpModelOptions {
  /** The environment `${VAR}` references read. */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  /** First retry's backoff (tests shorten it). */
  backoffMs?: number;
}

export class HttpModel implements Model {
  readonly name: string;
  readonly labels: readonly string[];
  readonly batchSize = Infinity;
  private readonly format: WireFormat;
  private readonly masker: Masker;
  private readonly client: ClientOptions;
  private readonly stats: HttpCounters = {
    requests: 0,
    retries: 0,
    failures: {},
    bytes_sent: 0,
    bytes_received: 0,
    wall_ms: 0
  };
  private seq = 0;
  /** Requests sent by the rounds after the first, with repeat > 1. */
  private repeatedRequests = 0;
  private closed = false;
  /** score() calls run one after another, so `concurrency` bounds the requests in flight overall. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly log: (line: string) => void;

  constructor(
    private readonly plan: HttpModelPlan,
    labels: readonly string[],
    options: HttpModelOptions = {}
  ) {
    this.name = plan.name;
    this.labels = [...labels];
    const env = options.env ?? process.env;
    const headers = Object.fromEntries(Object.entries(plan.headers).map(([k, v]) => [k, fillTemplate(v, env)]));
    this.masker = new Masker(plan.env.map((n) => env[n] ?? ''));
    const log = options.log ?? (() => {});
    this.log = (line) => log(this.masker.mask(line));
    const mask = (text: string): string => this.masker.mask(text);
    const rules = { labels: this.labels, probabilities: plan.probabilities, mask };
    this.format = wireFormat(plan.format, plan.url, plan.batch, rules, plan.chat);
    const stream = createStream(plan.seed, ['http-retry', plan.name]);
    this.client = {
      url: this.format.url,
      shownUrl: shownUrl(this.format.url),
      headers,
      timeoutMs: timerMs(plan.timeoutS),
      retries: plan.retries,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      random: () => stream.nextUniform(),
      counters: this.stats,
      agent: keepAliveAgent(this.format.url),
      mask
    };
  }

  get repeat(): number {
    return this.plan.repeat ?? 1;
  }

  /** Values the caller must mask in its own log (the action registers them as secrets). */
  get secrets(): readonly string[] {
    return this.masker.secrets;
  }

  describe(): ModelDescription {
    const params = {
      url: shownUrl(this.plan.url),
      format: this.plan.format,
      header_names: Object.keys(this.plan.headers).sort(),
      batch: this.plan.batch,
      concurrency: this.plan.concurrency,
      timeout_s: this.plan.timeoutS,
      retries: this.plan.retries,
      probabilities: this.plan.probabilities,
      ...(this.plan.chat
        ? {
            chat: {
              model: this.plan.chat.model,
              temperature: this.plan.chat.temperature,
              logprobs: this.plan.chat.logprobs,
              prompt_sha256: sha256Hex(this.plan.chat.prompt)
            }
          }
        : {})
    };
    // repeat is how the model is asked, not which model it is: it stays out of the digest.
    const asked = this.repeat > 1 ? { ...params, repeat: this.repeat } : params;
    return {
      name: this.name,
      kind: 'http',
      params: asked,
      digest: sha256Hex(stableJson(params)),
      probabilities: this.plan.probabilities
    };
  }

  counters(): HttpCounters {
    const counters = { ...this.stats, failures: { ...this.stats.failures }, wall_ms: Math.round(this.stats.wall_ms) };
    return this.repeat > 1 ? { ...counters, repeated_requests: this.repeatedRequests } : counters;
  }

  score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    if (this.closed)
      return Promise.resolve(inputs.map(() => ({ status: 'error' as const, error: 'the model was closed' })));
    const run = this.queue.then(() => this.ask(inputs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One answer per input, or with repeat > 1 the combination of `repeat` rounds of answers. */
  private async ask(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    const { answers, repeatedRequests } = await askModel(
      {
        repeat: this.repeat,
        labels: this.labels,
        answers: this.plan.answers ?? null,
        send: (batch) => this.scoreNow(batch),
        requests: () => this.stats.requests
      },
      inputs
    );
    this.repeatedRequests += repeatedRequests;
    return answers;
  }

  private async scoreNow(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    const started = performance.now();
    // Identical inputs are asked once.
    const keyOf = (input: ExampleInput): string =>
      input.kind === 'text' ? `t${input.text}` : `f${JSON.stringify(input.values)}`;
    const slot = new Map<string, number>();
    const unique: ExampleInput[] = [];
    const where = inputs.map((input) => {
      const key = keyOf(input);
      let i = slot.get(key);
      if (i === undefined) {
        i = unique.length;
        slot.set(key, i);
        unique.push(input);
      }
      return i;
    });
    const answers: ScoreResult[] = new Array(unique.length);
    const size = Math.max(1, this.format.perRequest);
    const requests = Math.ceil(unique.length / size);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < requests) {
        const r = next++;
        const from = r * size;
        const items = unique.slice(from, from + size).map((input) => ({ id: `r${++this.seq}`, input }));
        const results = await this.request(items);
        results.forEach((result, k) => (answers[from + k] = result));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.plan.concurrency, requests) }, worker));
    this.stats.wall_ms += performance.now() - started;
    const failed = answers.filter((a) => a.status !== 'ok').length;
    if (failed > 0)
      this.log(`model ${this.name}: ${failed} of ${unique.length} inputs without an answer (${this.failureSummary()})`);
    return where.map((i) => answers[i] as ScoreResult);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.client.agent.destroy();
  }

  private async request(items: ReadonlyArray<{ id: string; input: ExampleInput }>): Promise<ScoreResult[]> {
    const exchange = await post(this.client, this.format.encode(items));
    if (!exchange.ok) {
      this.count(exchange.kind, items.length);
      const result: ScoreResult = { status: exchange.status, error: this.masker.mask(exchange.reason) };
      return items.map(() => result);
    }
    return this.format
      .decode(
        exchange.body,
        items.map((i) => i.id)
      )
      .map((answer): ScoreResult => {
        if (answer.ok) return answer.result;
        this.count(answer.kind, 1);
        return { status: 'error', error: this.masker.mask(answer.reason) };
      });
  }

  private count(kind: HttpFailureKind, n: number): void {
    this.stats.failures[kind] = (this.stats.failures[kind] ?? 0) + n;
  }

  private failureSummary(): string {
    return Object.entries(this.stats.failures)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  }
}
