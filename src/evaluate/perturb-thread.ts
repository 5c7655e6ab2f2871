/**
 * Text perturbation on a second thread. Candidates depend only on (seed, family, id, text), so
 * the next chunk's candidates can be built while this chunk is scored and written: the work
 * moves off the main thread and the bytes stay the same (one code path, candidatesFor, builds
 * them on either thread). The thread runs the same bundle the process was started from: the
 * entry calls `servePerturbations()` when it finds itself started in this role; a process that
 * never names its entry (tests, library use) builds candidates on the main thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { AttackPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { buildFamilies } from '../perturb/registry.js';
import type { FamilyOptions } from '../perturb/outcome.js';
import type { Candidate } from './candidate.js';
import { candidatesFor } from './conditions.js';

const ROLE = 'evidence-gate-perturbations';

interface ThreadSetup {
  role: typeof ROLE;
  attacks: AttackPlan;
  options: FamilyOptions;
}

/** What crosses between threads for one example: enough to rebuild its candidates. */
interface Sent {
  id: string;
  split: string;
  language: string;
  text: string;
}

/** A candidate without its input object (rebuilt on the main thread, sharing the example's). */
type Received = Omit<Candidate, 'input'>;

let entry: URL | null = null;

/** Names the running bundle as the entry a perturbation thread starts from (called by the adapters' entry files). */
export function setThreadEntry(url: string): void {
  entry = new URL(url);
}

export function isPerturbationThread(): boolean {
  return !isMainThread && (workerData as Partial<ThreadSetup> | null)?.role === ROLE;
}

/** The thread's side: build the families once, then answer each request in order. */
export function servePerturbations(): void {
  const setup = workerData as ThreadSetup;
  const runners = buildFamilies(setup.attacks, setup.options).runners;
  parentPort?.on('message', (m: { seq: number; examples: Sent[] }) => {
    const lists = m.examples.map((e) => {
      const example: Example = { id: e.id, split: e.split, label: '', language: e.language, domain: null, input: { kind: 'text', text: e.text }, file: '', line: 0 };
      // The input object is rebuilt on the main thread (it shares the example's when unchanged).
      return candidatesFor(example, runners).map((c): Received => {
        const sent: Partial<Candidate> = { ...c };
        delete sent.input;
        return sent as Received;
      });
    });
    parentPort?.postMessage({ seq: m.seq, lists });
  });
}

/** The main thread's side: requests candidates for chunks of examples, in order. */
export class PerturbationThread {
  private readonly worker: Worker;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (lists: Received[][]) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(attacks: AttackPlan, options: FamilyOptions, from: URL) {
    const setup: ThreadSetup = { role: ROLE, attacks, options };
    // A larger young generation: building candidates allocates many short-lived strings and arrays.
    this.worker = new Worker(from, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    this.worker.on('message', (m: { seq: number; lists: Received[][] }) => {
      this.pending.get(m.seq)?.resolve(m.lists);
      this.pending.delete(m.seq);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the perturbation thread stopped (exit code ${code})`));
    });
  }

  /** A thread when the process named its entry; null otherwise (candidates are then built in place). */
  static start(attacks: AttackPlan, options: FamilyOptions): PerturbationThread | null {
    return entry ? new PerturbationThread(attacks, options, entry) : null;
  }

  /** The candidates of `examples`, in order. */
  request(examples: readonly Example[]): Promise<Candidate[][]> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.seq++;
    const sent: Sent[] = examples.map((e) => ({ id: e.id, split: e.split, language: e.language, text: e.input.kind === 'text' ? e.input.text : '' }));
    const lists = new Promise<Received[][]>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    this.worker.postMessage({ seq, examples: sent });
    const result = lists.then((received) =>
      received.map((list, i) => {
        const example = examples[i] as Example;
        return list.map((c) => ({ ...c, input: c.changed && c.perturbedText !== null ? { kind: 'text' as const, text: c.perturbedText } : example.input }));
      })
    );
    // Requested ahead of use: a thread failure surfaces when the lists are awaited, never as an unhandled rejection.
    result.catch(() => {});
    return result;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
