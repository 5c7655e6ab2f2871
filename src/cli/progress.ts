/**
 * Progress on stderr: a bar redrawn in place on a terminal, or a plain line every few seconds
 * elsewhere (CI logs). Rows, rate and time left only — never dataset text, and never a rate of 0 or
 * a time left that means nothing (at the start, or once the stage is done).
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
  return perSecond >= 10 ? `${Math.round(perSecond).toLocaleString('en-US')} rows/s` : `${Number(perSecond.toPrecision(2))} rows/s`;
}

/**
 * One progress line. The rate shows once some rows are done after a measurable time; the time
 * left only while rows remain (a finished stage says how long it took instead).
 */
export function formatProgress(p: Progress, elapsedMs: number): string {
  const fraction = p.total > 0 ? Math.min(1, p.rows / p.total) : 0;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const parts = [`${p.stage}: ${n(p.rows)}/${n(p.total)} rows (${(100 * fraction).toFixed(0)}%)`];
  const measurable = p.rows > 0 && elapsedMs >= MIN_ESTIMATE_MS;
  const rate = measurable ? (p.rows * 1000) / elapsedMs : 0;
  if (rate > 0) parts.push(rateText(rate));
  if (p.rows >= p.total) {
    if (elapsedMs >= MIN_ESTIMATE_MS) parts.push(`done in ${seconds(elapsedMs)}`);
  } else if (rate > 0) {
    parts.push(`about ${seconds(((p.total - p.rows) * 1000) / rate)} left`);
  }
  return parts.join(', ');
}

export class ProgressReporter {
  private readonly now: () => number;
  private start = new Map<string, number>();
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  readonly update = (p: Progress): void => {
    const t = this.now();
    if (!this.start.has(p.stage)) this.start.set(p.stage, t);
    const elapsed = t - (this.start.get(p.stage) as number);
    const done = p.rows >= p.total;
    if (this.options.tty) {
      if (!done && t - this.lastDraw < 100) return;
      this.lastDraw = t;
      const fraction = p.total > 0 ? Math.min(1, p.rows / p.total) : 0;
      const filled = Math.round(fraction * WIDTH);
      this.options.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${formatProgress(p, elapsed)}`);
      this.drawn = !done;
      if (done) this.options.write('\n');
      return;
    }
    if (done || t - this.lastDraw < (this.options.lineEveryMs ?? 5000)) return;
    this.lastDraw = t;
    this.options.write(`${formatProgress(p, elapsed)}\n`);
  };

  /** Clears a half-drawn bar before another line is written to the terminal. */
  clear(): void {
    if (this.drawn) this.options.write('\r\x1b[K');
    this.drawn = false;
  }
}
