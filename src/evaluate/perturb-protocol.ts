/** The messages between the main thread (perturb-thread.ts) and the perturbation thread (perturb-server.ts). */
import type { AttackPlan } from '../config/plan.js';
import type { FamilyOptions } from '../perturb/outcome.js';
import type { FeatureSpace } from '../text/features.js';
import type { PackedRows, PackedVocabulary } from '../text/packed-rows.js';
import type { Candidate } from './candidate.js';

/** workerData.role of a perturbation thread. */
export const PERTURBATION_ROLE = 'evidence-gate-perturbations';

export interface ThreadSetup {
  attacks: AttackPlan;
  options: FamilyOptions;
}

/** What crosses between threads for one example: enough to rebuild its candidates. */
export interface Sent {
  id: string;
  split: string;
  language: string;
  text: string;
}

/** A candidate without its input object (rebuilt on the main thread, sharing the example's). */
export type Received = Omit<Candidate, 'input'>;

/** A feature space the thread featurizes in, as the main thread shares it. */
export interface SharedSpace {
  space: FeatureSpace;
  vocabulary: PackedVocabulary;
}

export type CandidateRequest = { seq: number; examples: Sent[] };

export type Request =
  | CandidateRequest
  | { spaces: SharedSpace[] }
  | { rowsOf: number }
  | { cancelRows: number }
  | { recycle: ArrayBuffer[] };

/** What the thread sends: a chunk's candidates, or its feature rows (one PackedRows per shared space). */
export interface Reply {
  seq: number;
  lists?: Received[][];
  rows?: PackedRows[];
}

/** Either end of the link: a worker or its parentPort, or a MessagePort. */
export interface Port<In, Out> {
  postMessage(message: Out, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (message: In) => void): unknown;
}
