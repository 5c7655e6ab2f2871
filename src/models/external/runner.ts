/**
 * One external model process: `/bin/sh -c <command>` in its own process group, stdout read as a
 * stream of lines (always, even while requests are being written, so a model that answers before
 * it has read everything cannot deadlock us), stderr kept as a 64 KiB tail, stdin written with
 * backpressure. Reports every line, every drain and, once, the end of the process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { LineSplitter } from './lines.js';
import { ByteTail } from './stderr-tail.js';

export interface ProcessEnd {
  code: number | null;
  signal: string | null;
  /** Set when the process could not be started at all. */
  error?: Error;
}

interface ProcessEvents {
  /** One non-blank stdout line. */
  line(line: string): void;
  /** After all lines of one stdout chunk were reported. */
  chunk(): void;
  /** stdin accepts writes again after `write` returned false. */
  drain(): void;
  /** The process is gone and its output fully read; called once. */
  end(end: ProcessEnd): void;
}

/** After `exit`, how long to wait for stdout to close (a grandchild may hold it open). */
const CLOSE_GRACE_MS = 500;

export class ModelProcess {
  private readonly child: ChildProcess;
  private readonly stderr = new ByteTail();
  private readonly lines: LineSplitter;
  private ended: ProcessEnd | null = null;
  private exitInfo: ProcessEnd | null = null;
  private closeTimer: NodeJS.Timeout | null = null;
  private stdinOpen = true;
  private readonly endWaiters: Array<() => void> = [];

  constructor(
    command: string,
    cwd: string,
    env: Record<string, string>,
    private readonly events: ProcessEvents
  ) {
    this.lines = new LineSplitter((line) => events.line(line));
    this.child = spawn('/bin/sh', ['-c', command], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const { stdin, stdout, stderr } = this.child;
    if (!stdin || !stdout || !stderr) throw new Error('external model: stdio pipes missing');
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      this.lines.push(chunk);
      events.chunk();
    });
    stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // EPIPE and friends: the process died; its end is reported through `exit`/`close`.
    stdin.on('error', () => {
      this.stdinOpen = false;
    });
    stdout.on('error', () => {});
    stderr.on('error', () => {});
    stdin.on('drain', () => events.drain());
    this.child.on('error', (error) => {
      // Only a failure to start ends the process here; a failed kill() is not an end.
      if (this.child.pid === undefined) this.finish({ code: null, signal: null, error });
    });
    this.child.on('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      this.stdinOpen = false;
      this.closeTimer = setTimeout(() => this.finish({ code, signal }), CLOSE_GRACE_MS);
      this.closeTimer.unref();
    });
    this.child.on('close', (code, signal) => this.finish(this.exitInfo ?? { code, signal }));
  }

  get running(): boolean {
    return this.ended === null;
  }

  get end(): ProcessEnd | null {
    return this.ended;
  }

  /** Writes to stdin; false means wait for `drain` before writing more. Ignored once stdin is closed. */
  write(text: string): boolean {
    if (!this.stdinOpen || !this.child.stdin?.writable) return true;
    return this.child.stdin.write(text);
  }

  /** Closes stdin (the model's signal to finish). */
  closeInput(): void {
    if (!this.stdinOpen) return;
    this.stdinOpen = false;
    this.child.stdin?.end();
  }

  /** Signals the whole process group (the shell and whatever it started). */
  kill(signal: NodeJS.Signals): void {
    if (this.ended !== null || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      try {
        this.child.kill(signal);
      } catch {
        // already gone
      }
    }
  }

  /** Resolves once the process has ended, or after `ms` (then false). */
  waitForEnd(ms: number): Promise<boolean> {
    if (this.ended !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.endWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  stderrTail(): string {
    return this.stderr.text();
  }

  stderrLastLines(): string {
    return this.stderr.lastLines();
  }

  private finish(end: ProcessEnd): void {
    if (this.ended !== null) return;
    if (this.closeTimer !== null) clearTimeout(this.closeTimer);
    this.lines.end();
    this.ended = end;
    this.stdinOpen = false;
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
    this.events.end(end);
    for (const wake of this.endWaiters.splice(0)) wake();
  }
}
