/**
 * Progress on stderr: a bar redrawn in place on a terminal, or a plain line every few seconds
 * elsewhere (CI logs). Rows, rate and time left only — never dataset text, and never a rate of 0 or
 * a time left that means nothing (at the start, or once the stage is done).
 *
 * The rate is measured: rows done since the stage's first report over the time since then, so
 * the time left follows what the run has actually done, not the time spent before the stage
 * (training, reading the data) nor rows finished before the clock saw them.
 */
import type { Progress } from '../engine.js';

interface ProgressOptions {
  write: (text: string) => void;
  tty: boolean;
  now?: () => number;
  /** Least milliseconds between two plain lines (default 5,000). */
  lineEveryMs?: number;
}

const WIDTH = 24;

function seconds(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s >= 120 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/** Below this much time a rate and a time left are noise, not an estimate. */
const MIN_ESTIMATE_MS = 1000;

/** "1,234 rows/s", "0.4 rows/s": never a rate rounded to 0. */
function rateText(perSecond: number): string {
  return perSecond >= 10
    ? `${Math.round(perSecond).toLocaleString('en-US')} rows/s`
    : `${Number(perSecond.toPrecision(2))} rows/s`;
}

/** What the line names: the stage, or "training <model>" while a model trains. */
function stageName(p: Progress): string {
  return p.stage === 'train' && p.model !== undefined ? `training ${p.model}` : p.stage;
}

/**
 * One progress line. `elapsedMs` is the time since the stage's first report and `measuredRows`
 * the rows done since then (default: all of them, when the first report was at 0 rows). The rate
 * shows once rows were measured over a measurable time; the time left only while rows remain
 * (a finished stage says how long it took instead).
 */
export function formatProgress(p: Progress, elapsedMs: number, measuredRows = p.rows): string {
  const fraction = p.total > 0 ? Math.min(1, p.rows / p.total) : 0;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const parts = [`${stageName(p)}: ${n(p.rows)}/${n(p.total)} rows (${(100 * fraction).toFixed(0)}%)`];
  const measurable = measuredRows > 0 && elapsedMs >= MIN_ESTIMATE_MS;
  const rate = measurable ? (measuredRows * 1000) / elapsedMs : 0;
  if (rate > 0) parts.push(rateText(rate));
  if (p.rows >= p.total) {
    if (elapsedMs >= MIN_ESTIMATE_MS) parts.push(`done in ${seconds(elapsedMs)}`);
  } else if (rate > 0) {
    parts.push(`about ${seconds(((p.total - p.rows) * 1000) / rate)} left`);
  }
  return parts.join(', ');
}

/** The line a model's training starts with, and the one it ends with (its elapsed time, to a tenth of a second). */
export function trainingLine(p: Progress, elapsedMs: number): string {
  const rows = Math.round(p.total).toLocaleString('en-US');
  // A command, Python or HTTP model is not trained here: building it starts or checks it.
  if (p.remote === true)
    return p.rows < p.total
      ? `starting ${p.model ?? 'a model'} ...`
      : `starting ${p.model ?? 'a model'}: ready in ${(elapsedMs / 1000).toFixed(1)} s`;
  if (p.loaded === true)
    return p.rows < p.total
      ? `loading ${p.model ?? 'a model'} ...`
      : `loading ${p.model ?? 'a model'}: done in ${(elapsedMs / 1000).toFixed(1)} s`;
  if (p.rows < p.total) return `training ${p.model ?? 'a model'} on ${rows} row${p.total === 1 ? '' : 's'} ...`;
  return `training ${p.model ?? 'a model'}: done in ${(elapsedMs / 1000).toFixed(1)} s`;
}

/** Whether a report is a training milestone (its start or its end), which is always shown. */
export function isTrainingMilestone(p: Progress): boolean {
  return p.stage === 'train' && (p.rows === 0 || p.rows >= p.total);
}

/**
 * Per stage (per model while training), the first report seen: the start of its clock and the
 * rows already done then. Every report goes through `measure`, shown or not.
 */
export class StageRates {
  private readonly first = new Map<string, { t: number; rows: number }>();

  measure(p: Progress, t: number): { elapsedMs: number; measuredRows: number } {
    const key = p.stage === 'train' ? `train\u0000${p.model ?? ''}` : p.stage;
    let start = this.first.get(key);
    if (start === undefined) {
      start = { t, rows: p.rows };
      this.first.set(key, start);
    }
    return { elapsedMs: t - start.t, measuredRows: p.rows - start.rows };
  }
}

export class ProgressReporter {
  private readonly now: () => number;
  private readonly rates = new StageRates();
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  readonly update = (p: Progress): void => {
    const t = this.now();
    const { elapsedMs, measuredRows } = this.rates.measure(p, t);
    if (isTrainingMilestone(p)) {
      this.clear();
      this.options.write(`${trainingLine(p, elapsedMs)}\n`);
      // A log's next periodic line comes a full interval after this one.
      if (!this.options.tty) this.lastDraw = t;
      return;
    }
    const done = p.rows >= p.total;
    if (this.options.tty) {
      if (!done && t - this.lastDraw < 100) return;
      this.lastDraw = t;
      const fraction = p.total > 0 ? Math.min(1, p.rows / p.total) : 0;
      const filled = Math.round(fraction * WIDTH);
      const line = formatProgress(p, elapsedMs, measuredRows);
      this.options.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${line}`);
      this.drawn = !done;
      if (done) this.options.write('\n');
      return;
    }
    // A log gets no line for a stage that has only started (0 rows): there is nothing to measure yet.
    if (done || p.rows === 0 || t - this.lastDraw < (this.options.lineEveryMs ?? 5000)) return;
    this.lastDraw = t;
    this.options.write(`${formatProgress(p, elapsedMs, measuredRows)}\n`);
  };

  /** Clears a half-drawn bar before another line is written to the terminal. */
  clear(): void {
    if (this.drawn) this.options.write('\r\x1b[K');
    this.drawn = false;
  }
}
