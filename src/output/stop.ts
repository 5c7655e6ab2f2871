/**
 * Whether a stop request may still end a run without output, or comes after the output was put in
 * place. The CLI and the action run their engine on a second thread (supervise.ts) so that the
 * main thread is always free to take SIGINT and SIGTERM, however long a synchronous stage runs.
 * The two threads share one word of memory, and the change from "running" to either "publishing"
 * (the engine, in slot.commit) or "stopping" (the main thread, on a signal) is a compare-and-swap,
 * so exactly one of them wins:
 *
 *   running ──commit──▶ publishing ──swap done──▶ published
 *      │                    └──swap failed──▶ running
 *      └──signal──▶ stopping  (the engine thread is stopped, its unfinished output removed)
 *
 * A process without a supervisor (tests, the action) has no shared word: commits always proceed,
 * and a signal handled after one is told apart by a flag of this thread.
 *
 *   shareStopState(buffer?)       // both threads: use this word (a new one when none is given)
 *   beginPublish(): boolean       // engine: false when a stop was claimed first
 *   endPublish(published)         // engine: after the swap
 *   claimStop(): 'stop' | 'published'   // main thread, on a signal
 */
import { UserError } from '../errors.js';

const RUNNING = 0;
const PUBLISHING = 1;
const PUBLISHED = 2;
const STOPPING = 3;

let word: Int32Array | null = null;
/** Without a shared word (a single-thread process): whether this thread put an output in place. */
let publishedHere = false;

/** Use `buffer` (from the other thread) as the shared state, or a new one; returns the buffer. */
export function shareStopState(buffer?: SharedArrayBuffer): SharedArrayBuffer {
  const shared = buffer ?? new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  word = new Int32Array(shared);
  return shared;
}

/** Forget the shared state (tests). */
export function resetStopState(): void {
  word = null;
  publishedHere = false;
}

/** Thrown by a commit that lost to a stop request; the run unwinds as for any other failure. */
export class StoppedError extends UserError {
  constructor() {
    super('usage', 'stopped before the output was put in place; any earlier output was left as it was');
  }
}

/** The engine is about to put its output in place: true unless a stop request was claimed first. */
export function beginPublish(): boolean {
  if (word === null) return true;
  return Atomics.compareExchange(word, 0, RUNNING, PUBLISHING) === RUNNING;
}

/** The swap is over: the output is in place, or (on failure) the run goes on as before. */
export function endPublish(published: boolean): void {
  if (published) publishedHere = true;
  if (word === null) return;
  Atomics.store(word, 0, published ? PUBLISHED : RUNNING);
  Atomics.notify(word, 0);
}

/**
 * On a signal: 'stop' when the run had not begun to publish (the caller then stops the engine and
 * removes its unfinished output), 'published' when its output is already in place. A swap in
 * progress takes a few system calls; this waits for its end.
 */
export function claimStop(): 'stop' | 'published' {
  if (word === null) return publishedHere ? 'published' : 'stop';
  for (;;) {
    const seen = Atomics.compareExchange(word, 0, RUNNING, STOPPING);
    if (seen === RUNNING || seen === STOPPING) return 'stop';
    if (seen === PUBLISHED) return 'published';
    Atomics.wait(word, 0, PUBLISHING, 1000);
  }
}
