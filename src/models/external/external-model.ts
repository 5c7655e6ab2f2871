/**
 * The user's own classifier as a Model (docs/definitions.md#external-models): a command started once, lazily, from the
 * repository root with a minimal environment, fed every distinct input of a call at once
 * (`batchSize = Infinity`) and pipelined by `Pipeline`. See pipeline.ts for the failure rules.
 */
import type { ExampleInput } from '../../data/example.js';
import { timerMs } from '../../config/model-seconds.js';
import { sha256Hex } from '../../util/hash.js';
import type { Model, ModelDescription, ScoreResult } from '../model.js';
import { askModel } from '../repeat.js';
import { PROTOCOL_VERSION, type ExternalCounters, type ExternalModelPlan } from './contract.js';
import { modelEnvironment } from './environment.js';
import { Pipeline } from './pipeline.js';

/** How long close() waits for the model to exit after its stdin is closed, before stopping it. */
const CLOSE_GRACE_MS = 1000;

export class ExternalModel implements Model {
  readonly name: string;
  readonly labels: readonly string[];
  readonly batchSize = Infinity;
  private pipeline: Pipeline | null = null;
  private closed = false;
  /** score() calls run one after another on the one process. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly digest: string;
  /** Requests sent by the rounds after the first, with repeat > 1. */
  private repeatedRequests = 0;

  constructor(
    private readonly plan: ExternalModelPlan,
    labels: readonly string[],
    private readonly root: string,
    private readonly log: (line: string) => void
  ) {
    this.name = plan.name;
    this.labels = [...labels];
    this.digest = sha256Hex(plan.command);
  }

  get repeat(): number {
    return this.plan.repeat ?? 1;
  }

  describe(): ModelDescription {
    return {
      name: this.name,
      kind: 'external',
      params: {
        command: this.plan.command,
        protocol_version: PROTOCOL_VERSION,
        probabilities: this.plan.probabilities,
        timeout_s: this.plan.timeoutS,
        request_timeout_s: this.plan.requestTimeoutS,
        window: this.plan.window,
        ...(this.repeat > 1 ? { repeat: this.repeat } : {})
      },
      digest: this.digest,
      probabilities: this.plan.probabilities
    };
  }

  score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    if (this.closed)
      return Promise.resolve(inputs.map(() => ({ status: 'error' as const, error: 'the model was closed' })));
    const run = this.queue.then(() => this.ask(inputs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  counters(): ExternalCounters {
    const counters = this.pipeline?.counters() ?? {
      requests: 0,
      responses: 0,
      failures: {},
      wall_ms: 0,
      exit_code: null,
      signal: null
    };
    return this.repeat > 1 ? { ...counters, repeated_requests: this.repeatedRequests } : counters;
  }

  /** One answer per input, or with repeat > 1 the combination of `repeat` rounds of answers. */
  private async ask(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    const { answers, repeatedRequests } = await askModel(
      {
        repeat: this.repeat,
        labels: this.labels,
        answers: this.plan.answers ?? null,
        // The process starts only when some input has no kept answer.
        send: (batch) => this.start().score(batch),
        requests: () => this.pipeline?.counters().requests ?? 0
      },
      inputs
    );
    this.repeatedRequests += repeatedRequests;
    return answers;
  }

  /** The last 64 KiB of the model's stderr (empty before it started). */
  stderrTail(): string {
    return this.pipeline?.stderrTail() ?? '';
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.pipeline?.close(CLOSE_GRACE_MS);
  }

  private start(): Pipeline {
    if (this.pipeline !== null) return this.pipeline;
    const { env, refused } = modelEnvironment(process.env, this.plan.env);
    if (refused.length > 0)
      this.log(`model ${this.name}: environment variables never passed to a model: ${refused.join(', ')}`);
    this.pipeline = new Pipeline({
      name: this.name,
      command: this.plan.command,
      cwd: this.root,
      env,
      labels: this.labels,
      probabilities: this.plan.probabilities,
      window: Math.max(1, Math.floor(this.plan.window)),
      requestTimeoutMs: timerMs(this.plan.requestTimeoutS),
      runTimeoutMs: timerMs(this.plan.timeoutS),
      log: this.log,
      ...(this.plan.mask ? { mask: this.plan.mask } : {})
    });
    return this.pipeline;
  }
}
