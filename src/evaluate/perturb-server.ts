/**
 * The perturbation thread's side (perturb-thread.ts has the main thread's): build the families
 * once, then answer requests one job at a time, between messages. Feature rows go first while
 * the candidates are ROWS_LEAD chunks ahead of them. In the bundles it serves a worker's
 * parentPort; tests drive it over a MessageChannel on their own thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Example } from '../data/example.js';
import { buildFamilies } from '../perturb/registry.js';
import type { FamilyRunner } from '../perturb/family.js';
import { Featurizer } from '../text/features.js';
import { BufferPool, packRows, rowBuffers, unpackVocabulary } from '../text/packed-rows.js';
import { threadRole } from '../util/threads.js';
import type { Candidate } from './candidate.js';
import { candidatesFor, chunkTexts } from './conditions.js';
import {
  PERTURBATION_ROLE,
  type CandidateRequest,
  type Port,
  type Received,
  type Reply,
  type Request,
  type SharedSpace,
  type ThreadSetup
} from './perturb-protocol.js';

/** The thread featurizes chunk k only once the candidates of chunk k + ROWS_LEAD are built (or none wait). */
const ROWS_LEAD = 2;

export class PerturbationServer {
  private readonly runners: FamilyRunner[];
  /** Null until the main thread shares its featurizers' spaces (possibly none). */
  private spaces: SharedSpace[] | null = null;
  /** Built on first use: when the thread never gets ahead (long texts), it never holds them. */
  private featurizers: Featurizer[] | null = null;
  /** The distinct texts of answered chunks whose rows may still be asked for. */
  private readonly texts = new Map<number, string[]>();
  private readonly candidateRequests: CandidateRequest[] = [];
  private readonly rowRequests: number[] = [];
  private built = -1;
  private readonly pool = new BufferPool();
  private scheduled = false;

  constructor(
    private readonly port: Port<Request, Reply>,
    setup: ThreadSetup
  ) {
    this.runners = buildFamilies(setup.attacks, setup.options).runners;
    port.on('message', (m) => this.receive(m));
  }

  private receive(m: Request): void {
    if ('spaces' in m) {
      this.spaces = m.spaces;
      if (m.spaces.length === 0) this.texts.clear();
    } else if ('rowsOf' in m) this.rowRequests.push(m.rowsOf);
    else if ('cancelRows' in m) {
      const at = this.rowRequests.indexOf(m.cancelRows);
      if (at >= 0) this.rowRequests.splice(at, 1);
      this.texts.delete(m.cancelRows);
    } else if ('recycle' in m) this.pool.give(m.recycle);
    else this.candidateRequests.push(m);
    this.schedule();
  }

  private post(reply: Reply): void {
    this.port.postMessage(reply, reply.rows ? rowBuffers(reply.rows) : []);
  }

  private answerRows(seq: number): void {
    const chunk = this.texts.get(seq) ?? [];
    this.texts.delete(seq);
    this.featurizers ??= (this.spaces ?? []).map((s) => new Featurizer(s.space, unpackVocabulary(s.vocabulary)));
    this.post({
      seq,
      rows: this.featurizers.map((f) =>
        packRows(
          chunk.map((t) => f.row(t)),
          this.pool.take
        )
      )
    });
  }

  private answerCandidates(m: CandidateRequest): void {
    const candidates = m.examples.map((e) => {
      const example: Example = {
        id: e.id,
        split: e.split,
        label: '',
        language: e.language,
        domain: null,
        input: { kind: 'text', text: e.text },
        file: '',
        line: 0
      };
      return candidatesFor(example, this.runners);
    });
    if (this.spaces === null || this.spaces.length > 0) this.texts.set(m.seq, chunkTexts(candidates));
    this.built = m.seq;
    // The input object is rebuilt on the main thread (it shares the example's when unchanged).
    const lists = candidates.map((list) =>
      list.map((c): Received => {
        const sent: Partial<Candidate> = { ...c };
        delete sent.input;
        return sent as Received;
      })
    );
    this.post({ seq: m.seq, lists });
  }

  private step(): void {
    this.scheduled = false;
    const next = this.rowRequests[0];
    const rowsFirst =
      next !== undefined &&
      this.texts.has(next) &&
      (this.candidateRequests.length === 0 || this.built >= next + ROWS_LEAD);
    if (rowsFirst) this.answerRows(this.rowRequests.shift() as number);
    else if (this.candidateRequests.length > 0)
      this.answerCandidates(this.candidateRequests.shift() as CandidateRequest);
    this.schedule();
  }

  /** One job per turn of the event loop, so a message (a cancellation above all) is seen between jobs. */
  private schedule(): void {
    const rowsWaiting = this.rowRequests.length > 0 && this.texts.has(this.rowRequests[0] as number);
    if (!this.scheduled && (this.candidateRequests.length > 0 || rowsWaiting)) {
      this.scheduled = true;
      setImmediate(() => this.step());
    }
  }
}

export function isPerturbationThread(): boolean {
  return threadRole() === PERTURBATION_ROLE;
}

/** Serves the parent thread (called by the bundles' entries when started in this role). */
export function servePerturbations(): void {
  if (parentPort) new PerturbationServer(parentPort, workerData as ThreadSetup);
}
