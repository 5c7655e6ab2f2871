/**
 * Text perturbation on a second thread. Candidates depend only on (seed, family, id, text), so
 * the next chunk's candidates can be built while this chunk is scored and written: the work
 * moves off the main thread and the bytes stay the same (one code path, candidatesFor, builds
 * them on either thread). The thread runs the same bundle the process was started from: the
 * entry calls `servePerturbations()` when it finds itself started in this role; a process that
 * never names its entry (tests, library use) builds candidates on the main thread.
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
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { AttackPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { buildFamilies } from '../perturb/registry.js';
import type { FamilyOptions } from '../perturb/outcome.js';
import { Featurizer, type FeatureSpace } from '../text/features.js';
import { BufferPool, packRows, packVocabulary, rowBuffers, unpackVocabulary, type PackedRows, type PackedVocabulary } from '../text/packed-rows.js';
import type { Candidate } from './candidate.js';
import { candidatesFor, chunkTexts } from './conditions.js';

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

/** A feature space the thread featurizes in, as the main thread shares it. */
interface SharedSpace {
  space: FeatureSpace;
  vocabulary: PackedVocabulary;
}

type Request = { seq: number; examples: Sent[] } | { spaces: SharedSpace[] } | { rowsOf: number } | { cancelRows: number } | { recycle: ArrayBuffer[] };

/** The thread featurizes chunk k only once the candidates of chunk k + ROWS_LEAD are built (or none wait). */
const ROWS_LEAD = 2;

/** What the thread sends: a chunk's candidates, or its feature rows (one PackedRows per shared space). */
interface Reply {
  seq: number;
  lists?: Received[][];
  rows?: PackedRows[];
}

/**
 * The thread's side: build the families once, then answer requests one job at a time, between
 * messages. Rows go first while the candidates are ROWS_LEAD chunks ahead of them.
 */
export function servePerturbations(): void {
  const setup = workerData as ThreadSetup;
  const runners = buildFamilies(setup.attacks, setup.options).runners;
  /** Null until the main thread shares its featurizers' spaces (possibly none). */
  let spaces: SharedSpace[] | null = null;
  /** Built on first use: when the thread never gets ahead (long texts), it never holds them. */
  let featurizers: Featurizer[] | null = null;
  /** The distinct texts of answered chunks whose rows may still be asked for. */
  const texts = new Map<number, string[]>();
  const candidateRequests: Array<{ seq: number; examples: Sent[] }> = [];
  const rowRequests: number[] = [];
  let built = -1;
  const pool = new BufferPool();
  let scheduled = false;
  const post = (reply: Reply) => parentPort?.postMessage(reply, reply.rows ? rowBuffers(reply.rows) : []);

  const answerRows = (seq: number) => {
    const chunk = texts.get(seq) ?? [];
    texts.delete(seq);
    featurizers ??= (spaces ?? []).map((s) => new Featurizer(s.space, unpackVocabulary(s.vocabulary)));
    post({ seq, rows: featurizers.map((f) => packRows(chunk.map((t) => f.row(t)), pool.take)) });
  };
  const answerCandidates = (m: { seq: number; examples: Sent[] }) => {
    const candidates = m.examples.map((e) => {
      const example: Example = { id: e.id, split: e.split, label: '', language: e.language, domain: null, input: { kind: 'text', text: e.text }, file: '', line: 0 };
      return candidatesFor(example, runners);
    });
    if (spaces === null || spaces.length > 0) texts.set(m.seq, chunkTexts(candidates));
    built = m.seq;
    // The input object is rebuilt on the main thread (it shares the example's when unchanged).
    const lists = candidates.map((list) =>
      list.map((c): Received => {
        const sent: Partial<Candidate> = { ...c };
        delete sent.input;
        return sent as Received;
      })
    );
    post({ seq: m.seq, lists });
  };
  const step = () => {
    scheduled = false;
    const next = rowRequests[0];
    const rowsFirst = next !== undefined && texts.has(next) && (candidateRequests.length === 0 || built >= next + ROWS_LEAD);
    if (rowsFirst) answerRows(rowRequests.shift() as number);
    else if (candidateRequests.length > 0) answerCandidates(candidateRequests.shift() as { seq: number; examples: Sent[] });
    schedule();
  };
  /** One job per turn of the event loop, so a message (a cancellation above all) is seen between jobs. */
  const schedule = () => {
    const rowsWaiting = rowRequests.length > 0 && texts.has(rowRequests[0] as number);
    if (!scheduled && (candidateRequests.length > 0 || rowsWaiting)) {
      scheduled = true;
      setImmediate(step);
    }
  };
  parentPort?.on('message', (m: Request) => {
    if ('spaces' in m) {
      spaces = m.spaces;
      if (spaces.length === 0) texts.clear();
    } else if ('rowsOf' in m) rowRequests.push(m.rowsOf);
    else if ('cancelRows' in m) {
      const at = rowRequests.indexOf(m.cancelRows);
      if (at >= 0) rowRequests.splice(at, 1);
      texts.delete(m.cancelRows);
    } else if ('recycle' in m) pool.give(m.recycle);
    else candidateRequests.push(m);
    schedule();
  });
}

/** The main thread's side: requests candidates for chunks of examples, in order. */
export class PerturbationThread {
  private readonly worker: Worker;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (lists: Received[][]) => void; reject: (e: Error) => void }>();
  /** Chunks whose rows were asked for and not yet taken, with the rows once they arrive. */
  private readonly rowsAsked = new Map<number, PackedRows[] | null>();
  private failure: Error | null = null;

  private constructor(attacks: AttackPlan, options: FamilyOptions, from: URL) {
    const setup: ThreadSetup = { role: ROLE, attacks, options };
    // A larger young generation: building candidates allocates many short-lived strings and arrays.
    // The process's arguments let the CLI launcher pick the compile cache of the same command.
    this.worker = new Worker(from, { workerData: setup, argv: process.argv.slice(2), resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    this.worker.on('message', (m: Reply) => {
      if (m.lists) {
        this.pending.get(m.seq)?.resolve(m.lists);
        this.pending.delete(m.seq);
      }
      if (m.rows && this.rowsAsked.has(m.seq)) this.rowsAsked.set(m.seq, m.rows);
      else if (m.rows) this.recycle(m.rows);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const w of this.pending.values()) w.reject(error);
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

  /**
   * Hands the thread the featurizers' spaces and vocabularies, for `rows`. Call once, after
   * training, with an empty list when nothing is to be shared (the thread then keeps no texts).
   */
  shareFeaturizers(featurizers: readonly Featurizer[]): void {
    const spaces: SharedSpace[] = featurizers.map((f) => ({ space: f.space, vocabulary: packVocabulary(f.vocabulary) }));
    this.worker.postMessage({ spaces } satisfies Request);
  }

  /** The candidates of `examples` (the next chunk), in order. */
  request(examples: readonly Example[]): Promise<Candidate[][]> {
    const seq = this.seq++;
    const sent: Sent[] = examples.map((e) => ({ id: e.id, split: e.split, language: e.language, text: e.input.kind === 'text' ? e.input.text : '' }));
    const answer = this.failure ? Promise.reject(this.failure) : new Promise<Received[][]>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    const lists = answer.then((received) =>
      received.map((list, i) => {
        const example = examples[i] as Example;
        return list.map((c) => ({ ...c, input: c.changed && c.perturbedText !== null ? { kind: 'text' as const, text: c.perturbedText } : example.input }));
      })
    );
    if (!this.failure) this.worker.postMessage({ seq, examples: sent } satisfies Request);
    // Requested ahead of use: a thread failure surfaces when awaited, never as an unhandled rejection.
    lists.catch(() => {});
    return lists;
  }

  /** Asks for the rows of requested chunk `seq`'s distinct texts (see `takeRows`); once per chunk. */
  askRows(seq: number): void {
    this.rowsAsked.set(seq, null);
    if (!this.failure) this.worker.postMessage({ rowsOf: seq } satisfies Request);
  }

  /** True once the rows asked for chunk `seq` have been received (and not yet taken). */
  hasRows(seq: number): boolean {
    return (this.rowsAsked.get(seq) ?? null) !== null;
  }

  /**
   * The rows of chunk `seq` (chunkTexts order, one PackedRows per shared featurizer) if they have
   * arrived; otherwise null, and the thread is told not to build them.
   */
  takeRows(seq: number): PackedRows[] | null {
    const rows = this.rowsAsked.get(seq) ?? null;
    this.rowsAsked.delete(seq);
    if (rows === null && !this.failure) this.worker.postMessage({ cancelRows: seq } satisfies Request);
    return rows;
  }

  /** Hands rows' buffers back to the thread to pack later rows into; the rows must not be read again. */
  recycle(rows: readonly PackedRows[]): void {
    const buffers = rowBuffers(rows);
    if (!this.failure) this.worker.postMessage({ recycle: buffers } satisfies Request, buffers);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
