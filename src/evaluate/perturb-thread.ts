/**
 * Text perturbation on a second thread. Candidates depend only on (seed, family, id, text), so
 * the next chunk's candidates can be built while this chunk is scored and written: the work
 * moves off the main thread and the bytes stay the same (one code path, candidatesFor, builds
 * them on either thread). The thread runs the same bundle the process was started from: the
 * entry calls `servePerturbations()` (perturb-server.ts) when it finds itself started in this
 * role; a process that never names its entry (tests, library use) builds candidates on the main
 * thread.
 *
 * Once the models are trained, the main thread shares its featurizers' vocabularies and asks
 * for each chunk's feature rows a couple of chunks ahead: the thread featurizes the chunk's
 * distinct texts (word tokens, char_wb n-grams) with the same code over the same vocabulary, so
 * only the scoring stays on the main thread. The thread does so only while it is ahead with the
 * candidates; a chunk whose rows are not there when the main thread reaches it is featurized
 * on the main thread, as without a thread. Long texts (the thread is then the slower side) thus
 * keep their featurization on the main thread, and short ones move it off. Either way the rows,
 * hence the bytes, are the same.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import type { AttackPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { FamilyOptions } from '../perturb/outcome.js';
import type { Featurizer } from '../text/features.js';
import { packVocabulary, rowBuffers, type PackedRows } from '../text/packed-rows.js';
import { threadEntry } from '../util/threads.js';
import type { Candidate } from './candidate.js';
import {
  PERTURBATION_ROLE,
  type Port,
  type Received,
  type Reply,
  type Request,
  type Sent,
  type SharedSpace,
  type ThreadSetup
} from './perturb-protocol.js';

/** The main thread's end of the link, and how to stop it. */
interface Link extends Port<Reply, Request> {
  close(): Promise<void>;
}

/** The main thread's side: requests candidates for chunks of examples, in order. */
export class PerturbationThread {
  private readonly link: Link;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (lists: Received[][]) => void; reject: (e: Error) => void }>();
  /** Chunks whose rows were asked for and not yet taken, with the rows once they arrive. */
  private readonly rowsAsked = new Map<number, PackedRows[] | null>();
  private failure: Error | null = null;

  private constructor(link: Link, failures?: (fail: (error: Error) => void) => void) {
    this.link = link;
    link.on('message', (m: Reply) => {
      if (m.lists) {
        this.pending.get(m.seq)?.resolve(m.lists);
        this.pending.delete(m.seq);
      }
      if (m.rows && this.rowsAsked.has(m.seq)) this.rowsAsked.set(m.seq, m.rows);
      else if (m.rows) this.recycle(m.rows);
    });
    failures?.((error) => {
      this.failure ??= error;
      for (const w of this.pending.values()) w.reject(error);
      this.pending.clear();
    });
  }

  /** A thread when the process named its entry; null otherwise (candidates are then built in place). */
  static start(attacks: AttackPlan, options: FamilyOptions): PerturbationThread | null {
    const entry = threadEntry();
    if (!entry) return null;
    const setup: ThreadSetup & { role: string } = { role: PERTURBATION_ROLE, attacks, options };
    // A larger young generation: building candidates allocates many short-lived strings and arrays.
    // The process's arguments let the CLI launcher pick the compile cache of the same command.
    const worker = new Worker(entry, {
      workerData: setup,
      argv: process.argv.slice(2),
      resourceLimits: { maxYoungGenerationSizeMb: 64 }
    });
    const link: Link = {
      postMessage: (m, transfer) => worker.postMessage(m, transfer),
      on: (event, listener) => worker.on(event, listener),
      close: async () => void (await worker.terminate())
    };
    return new PerturbationThread(link, (fail) => {
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`the perturbation thread stopped (exit code ${code})`));
      });
    });
  }

  /**
   * The main thread's side over one end of a MessageChannel whose other end a PerturbationServer serves (tests drive
   * both in one thread).
   */
  static over(port: MessagePort): PerturbationThread {
    return new PerturbationThread({
      postMessage: (m, transfer) => port.postMessage(m, transfer),
      on: (event, listener) => port.on(event, listener),
      close: async () => port.close()
    });
  }

  /**
   * Hands the thread the featurizers' spaces and vocabularies, for `rows`. Call once, after
   * training, with an empty list when nothing is to be shared (the thread then keeps no texts).
   */
  shareFeaturizers(featurizers: readonly Featurizer[]): void {
    const spaces: SharedSpace[] = featurizers.map((f) => ({
      space: f.space,
      vocabulary: packVocabulary(f.vocabulary)
    }));
    this.link.postMessage({ spaces } satisfies Request);
  }

  /** The candidates of `examples` (the next chunk), in order. */
  request(examples: readonly Example[]): Promise<Candidate[][]> {
    const seq = this.seq++;
    const sent: Sent[] = examples.map((e) => ({
      id: e.id,
      split: e.split,
      language: e.language,
      text: e.input.kind === 'text' ? e.input.text : ''
    }));
    const answer = this.failure
      ? Promise.reject(this.failure)
      : new Promise<Received[][]>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    const lists = answer.then((received) =>
      received.map((list, i) => {
        const example = examples[i] as Example;
        return list.map((c) => ({
          ...c,
          input:
            c.changed && c.perturbedText !== null ? { kind: 'text' as const, text: c.perturbedText } : example.input
        }));
      })
    );
    if (!this.failure) this.link.postMessage({ seq, examples: sent } satisfies Request);
    // Requested ahead of use: a thread failure surfaces when awaited, never as an unhandled rejection.
    lists.catch(() => {});
    return lists;
  }

  /** Asks for the rows of requested chunk `seq`'s distinct texts (see `takeRows`); once per chunk. */
  askRows(seq: number): void {
    this.rowsAsked.set(seq, null);
    if (!this.failure) this.link.postMessage({ rowsOf: seq } satisfies Request);
  }

  /**
   * The rows of chunk `seq` (chunkTexts order, one PackedRows per shared featurizer) if they have
   * arrived; otherwise null, and the thread is told not to build them.
   */
  takeRows(seq: number): PackedRows[] | null {
    const rows = this.rowsAsked.get(seq) ?? null;
    this.rowsAsked.delete(seq);
    if (rows === null && !this.failure) this.link.postMessage({ cancelRows: seq } satisfies Request);
    return rows;
  }

  /** Hands rows' buffers back to the thread to pack later rows into; the rows must not be read again. */
  recycle(rows: readonly PackedRows[]): void {
    const buffers = rowBuffers(rows);
    if (!this.failure) this.link.postMessage({ recycle: buffers } satisfies Request, buffers);
  }

  async close(): Promise<void> {
    await this.link.close();
  }
}
