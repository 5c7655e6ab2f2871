/**
 * Pipelined scoring through one model process (docs/definitions.md#external-models). Requests are written in input
 * order, many lines per write, with at most `window` in flight and stdin backpressure respected; each
 * stdout line settles the request it names. Failures are evidence, not crashes: every affected
 * input gets an `error`/`timeout` result with the reason, and the run goes on.
 *
 * Rules worth knowing:
 *  - A line that cannot be attributed (not JSON, not an object, no string id) is charged to the
 *    OLDEST request in flight (models answer mostly in order, so that is the likeliest owner);
 *    with nothing in flight it is only counted.
 *  - A response to an id never sent is counted (`unknown_id`) and affects no input; a second
 *    response to an answered id is counted (`duplicate_response`) and the first answer stands.
 *  - A response arriving after its request already failed (timed out, or was charged with an
 *    unattributable line) is ignored and not counted as a failure: the input keeps its failure.
 *  - Per-request timeouts use send times and one sweep every `sweepMs`, not a timer per request;
 *    a timed-out request leaves the window. The whole-run limit counts from the start of the
 *    process; when it passes, the process group is stopped and every unanswered input, now and
 *    in later calls, is a `timeout` (kind `run_timeout`).
 *  - Once the process has ended (crash, run timeout, close) it is not restarted: unanswered and
 *    later inputs fail with the same reason.
 *  - Failure counters count events: one per affected input for crash / timeout / run_timeout /
 *    validation failures, one per offending line for malformed_json / bad_response without id /
 *    unknown_id / duplicate_response. `responses` counts every non-blank stdout line.
 */
import type { ExampleInput } from '../../data/example.js';
import { MAX_TIMER_MS } from '../../config/model-seconds.js';
import type { ScoreResult } from '../model.js';
import type { ExternalCounters, FailureKind } from './contract.js';
import { encodeRequest, requestSeq, ResponseParser } from './protocol.js';
import { ANSWERED, FAILED, IN_FLIGHT, RequestTable } from './request-table.js';
import { ModelProcess, type ProcessEnd } from './runner.js';

interface PipelineOptions {
  name: string;
  command: string;
  cwd: string;
  env: Record<string, string>;
  labels: readonly string[];
  probabilities: boolean;
  window: number;
  requestTimeoutMs: number;
  runTimeoutMs: number;
  log: (line: string) => void;
  /** Hides secrets in what the model writes before a reason or the stderr tail quotes it; none when absent. */
  mask?: (text: string) => string;
  /** Timeout sweep period. */
  sweepMs?: number;
  /** Least time between two progress lines. */
  progressMs?: number;
}

/** Most request lines / characters in one stdin write. */
const CHUNK_LINES = 4096;
const CHUNK_CHARS = 1 << 20;
/** After SIGTERM, how long before SIGKILL. */
const KILL_GRACE_MS = 1000;

interface Batch {
  inputs: readonly ExampleInput[];
  results: Array<ScoreResult | undefined>;
  /** Sequence number of inputs[0]; inputs[i] is request r(firstSeq + i). */
  firstSeq: number;
  /** Next input to write. */
  sent: number;
  /** Inputs with a result. */
  settled: number;
  /** Inputs that got a response line (accepted or not). */
  answered: number;
  lastProgress: number;
  resolve: (results: ScoreResult[]) => void;
}

interface Stop {
  kind: 'crash' | 'run_timeout';
  status: 'error' | 'timeout';
  reason: string;
}

export class Pipeline {
  private readonly process: ModelProcess;
  private readonly parser: ResponseParser;
  private readonly table = new RequestTable();
  private readonly failures: Partial<Record<FailureKind, number>> = {};
  private requests = 0;
  private responses = 0;
  private readonly startedAt = performance.now();
  private endedAt: number | null = null;
  private batch: Batch | null = null;
  private stopped: Stop | null = null;
  private waitingDrain = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private runTimer: NodeJS.Timeout | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private readonly sweepMs: number;
  private readonly progressMs: number;
  private readonly lowWater: number;

  constructor(private readonly options: PipelineOptions) {
    this.parser = new ResponseParser(options.labels, options.probabilities, options.mask);
    this.sweepMs = options.sweepMs ?? 50;
    this.progressMs = options.progressMs ?? 5000;
    // Write when a useful number of slots is free, not one line per answer.
    this.lowWater = Math.max(1, Math.floor(options.window / 8));
    this.process = new ModelProcess(options.command, options.cwd, options.env, {
      line: (line) => this.onLine(line),
      chunk: () => this.pump(),
      drain: () => {
        this.waitingDrain = false;
        this.pump();
      },
      end: (end) => this.onEnd(end)
    });
    if (Number.isFinite(options.runTimeoutMs)) {
      // setTimeout cannot wait longer than 2^31 − 1 ms (~24.8 days).
      this.runTimer = setTimeout(() => this.onRunTimeout(), Math.min(Math.max(0, options.runTimeoutMs), MAX_TIMER_MS));
      this.runTimer.unref();
    }
  }

  /** One result per input, in input order. Calls must not overlap (the model serialises them). */
  score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    if (this.batch !== null) throw new Error('external model: overlapping score() calls');
    const results: Array<ScoreResult | undefined> = new Array(inputs.length);
    if (inputs.length === 0) return Promise.resolve([]);
    if (this.stopped !== null) {
      const stop = this.stopped;
      results.fill({ status: stop.status, error: stop.reason });
      this.count(stop.kind, inputs.length);
      return Promise.resolve(results as ScoreResult[]);
    }
    return new Promise((resolve) => {
      const now = performance.now();
      this.batch = {
        inputs,
        results,
        firstSeq: this.table.nextSeq,
        sent: 0,
        settled: 0,
        answered: 0,
        lastProgress: now,
        resolve
      };
      this.sweepTimer = setInterval(() => this.sweep(), this.sweepMs);
      this.pump();
    });
  }

  counters(): ExternalCounters {
    const end = this.process.end;
    return {
      requests: this.requests,
      responses: this.responses,
      failures: { ...this.failures },
      wall_ms: Math.round((this.endedAt ?? performance.now()) - this.startedAt),
      exit_code: end?.code ?? null,
      signal: end?.signal ?? null
    };
  }

  stderrTail(): string {
    const tail = this.process.stderrTail();
    return this.options.mask ? this.options.mask(tail) : tail;
  }

  get running(): boolean {
    return this.process.running;
  }

  /** Ends stdin, waits up to `graceMs` for the model to exit, then stops its process group. */
  async close(graceMs: number): Promise<void> {
    this.process.closeInput();
    if (!(await this.process.waitForEnd(graceMs))) {
      this.process.kill('SIGTERM');
      if (!(await this.process.waitForEnd(KILL_GRACE_MS))) {
        this.process.kill('SIGKILL');
        await this.process.waitForEnd(KILL_GRACE_MS);
      }
    }
    this.clearTimers();
  }

  // --- writing -------------------------------------------------------------------------------

  private pump(): void {
    const batch = this.batch;
    if (batch === null || this.waitingDrain || this.stopped !== null) return;
    const window = this.options.window;
    const inputs = batch.inputs;
    for (;;) {
      const remaining = inputs.length - batch.sent;
      const free = window - this.table.inFlight;
      if (remaining === 0 || free <= 0) return;
      if (free < this.lowWater && free < remaining && this.table.inFlight > 0) return;
      let count = Math.min(free, remaining, CHUNK_LINES);
      let seq = batch.firstSeq + batch.sent;
      let text = '';
      for (let i = 0; i < count; i++) {
        text += encodeRequest(seq + i, inputs[batch.sent + i] as ExampleInput);
        if (text.length >= CHUNK_CHARS) count = i + 1;
      }
      seq = this.table.send(count, performance.now());
      if (seq !== batch.firstSeq + batch.sent) throw new Error('external model: request sequence out of step');
      batch.sent += count;
      this.requests += count;
      if (!this.process.write(text)) {
        this.waitingDrain = true;
        return;
      }
    }
  }

  // --- reading -------------------------------------------------------------------------------

  private onLine(line: string): void {
    this.responses++;
    const parsed = this.parser.parse(line);
    if (!parsed.ok && parsed.id === null) {
      this.count(parsed.failure);
      const oldest = this.table.oldestInFlight();
      if (oldest !== null) this.failRequest(oldest, 'error', parsed.reason, null);
      return;
    }
    const seq = requestSeq(parsed.id as string);
    const state = seq === null ? 0 : this.table.stateOf(seq);
    if (seq === null || state === 0) {
      this.count('unknown_id');
      return;
    }
    if (state === ANSWERED) {
      this.count('duplicate_response');
      return;
    }
    if (state !== IN_FLIGHT) return; // late answer to a failed request: ignored (see above)
    this.table.settle(seq, ANSWERED);
    const batch = this.batch as Batch;
    batch.answered++;
    if (parsed.ok) this.settleInput(batch, seq, parsed.result);
    else {
      this.count(parsed.failure);
      this.settleInput(batch, seq, { status: 'error', error: parsed.reason });
    }
  }

  private settleInput(batch: Batch, seq: number, result: ScoreResult): void {
    const index = seq - batch.firstSeq;
    if (batch.results[index] !== undefined) return;
    batch.results[index] = result;
    batch.settled++;
    if (batch.settled === batch.inputs.length) this.finishBatch(batch);
  }

  /** Fails one in-flight request; `kind` null when the caller has counted already. */
  private failRequest(seq: number, status: 'error' | 'timeout', reason: string, kind: FailureKind | null): void {
    this.table.settle(seq, FAILED);
    if (kind !== null) this.count(kind);
    const batch = this.batch;
    if (batch !== null) this.settleInput(batch, seq, { status, error: reason });
  }

  private finishBatch(batch: Batch): void {
    this.batch = null;
    if (this.sweepTimer !== null) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    batch.resolve(batch.results as ScoreResult[]);
  }

  // --- time ----------------------------------------------------------------------------------

  private sweep(): void {
    const batch = this.batch;
    if (batch === null) return;
    const now = performance.now();
    const limit = this.options.requestTimeoutMs;
    const reason = `no response within request_timeout_s=${limit / 1000}s`;
    this.table.expire(now - limit, (seq) => {
      this.count('timeout');
      this.settleInput(batch, seq, { status: 'timeout', error: reason });
    });
    if (this.batch === batch && now - batch.lastProgress >= this.progressMs) {
      batch.lastProgress = now;
      this.options.log(`model ${this.options.name}: ${batch.answered}/${batch.inputs.length} answered`);
    }
    this.pump();
  }

  private onRunTimeout(): void {
    this.runTimer = null;
    if (this.stopped !== null || !this.process.running) return;
    const limit = this.options.runTimeoutMs / 1000;
    this.stop({
      kind: 'run_timeout',
      status: 'timeout',
      reason: `whole-run limit timeout_s=${limit}s reached; the model was stopped`
    });
    this.process.kill('SIGTERM');
    this.killTimer = setTimeout(() => this.process.kill('SIGKILL'), KILL_GRACE_MS);
    this.killTimer.unref();
  }

  private onEnd(end: ProcessEnd): void {
    this.endedAt = performance.now();
    if (this.stopped === null) this.stop({ kind: 'crash', status: 'error', reason: this.crashReason(end) });
    this.clearTimers();
  }

  /** From now on every unanswered input fails with `stop`. */
  private stop(stop: Stop): void {
    this.stopped = stop;
    const batch = this.batch;
    if (batch === null) return;
    this.table.failAll(() => {});
    let affected = 0;
    for (let i = 0; i < batch.results.length; i++) {
      if (batch.results[i] === undefined) {
        batch.results[i] = { status: stop.status, error: stop.reason };
        affected++;
      }
    }
    this.count(stop.kind, affected);
    this.finishBatch(batch);
  }

  private crashReason(end: ProcessEnd): string {
    const lines = this.process.stderrLastLines();
    const tail = this.options.mask ? this.options.mask(lines) : lines;
    const stderr = tail.length > 0 ? `; stderr: ${tail}` : '';
    if (end.error !== undefined)
      return `the model process could not be started from ${this.options.cwd}: ${end.error.message}${stderr}`;
    let what: string;
    if (end.signal !== null) what = `the model process was killed by signal ${end.signal}`;
    else if (end.code === 127) what = 'the model command could not be run (exit code 127: command not found)';
    else if (end.code === 126) what = 'the model command could not be run (exit code 126: not executable)';
    else what = `the model process exited with code ${end.code}`;
    return `${what} before answering${stderr}`;
  }

  private count(kind: FailureKind, n = 1): void {
    if (n > 0) this.failures[kind] = (this.failures[kind] ?? 0) + n;
  }

  private clearTimers(): void {
    for (const timer of [this.runTimer, this.killTimer]) if (timer !== null) clearTimeout(timer);
    if (this.sweepTimer !== null) clearInterval(this.sweepTimer);
    this.runTimer = this.killTimer = this.sweepTimer = null;
  }
}
