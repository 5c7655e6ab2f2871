/**
 * What one condition feeds one model for one example (docs/definitions.md#conditions, docs/definitions.md#tabular): the
 * input, its digest, and what the condition did (attempted, changed, valid). Text candidates are the same for
 * every model; a tabular FGM candidate follows each model's own gradient.
 */
import type { Condition } from '../evidence/condition.js';
import type { Example, ExampleInput } from '../data/example.js';
import { inputKey } from '../data/example.js';
import type { ScoreResult } from '../models/model.js';
import type { TextExact } from '../perturb/exact/runner.js';
import type { AdaptiveSearch } from '../perturb/search/runner.js';
import type { SearchEdit } from '../perturb/search/edits.js';
import type { Featurizer } from '../text/features.js';
import type { ModelCounters } from '../run/facts.js';
import type { NotAttemptedReason } from '../evidence/row.js';
import type { RowWork } from '../tabular/contract.js';
import { sha256Hex } from '../util/hash.js';

export interface Candidate {
  condition: Condition;
  input: ExampleInput;
  /** SHA-256 of what the model scores: the UTF-8 text, or the feature record as JSON (evidence form). */
  digest: string;
  /** Where the score store keeps this input's results (noted by the store). */
  slot?: number;
  /** The perturbed text (null for clean, or when the input is not text). */
  perturbedText: string | null;
  /** False when the condition could not act on this row (no dictionary, FGM on a wrong row). */
  attempted: boolean;
  changed: boolean;
  valid: boolean | null;
  invalidReason: string | null;
  /** True for attack families: the row carries ledger masks. */
  masked: boolean;
  /** Why the condition could not act (when not attempted): no_dictionary unless said otherwise. */
  notAttemptedReason?: NotAttemptedReason;
  /** The model's answer, when an attack already asked for it (a black-box tabular attack): not scored again. */
  answered?: ScoreResult;
  /** Search rows: the model's answer (the search asked it already), the queries spent and the edits kept. */
  search?: { result: ScoreResult; queries: number; edits: SearchEdit[] };
  /**
   * Text `exact` rows (their answer, queries and edits are in `search`): the certificate, how the row was decided and
   * the size of its edit space.
   */
  certificate?: {
    certified: boolean | null;
    tie: boolean | null;
    method: 'closed_form' | 'enumeration' | 'undecided';
    candidates: number;
    candidatesBound: boolean;
  };
  /** Rows of a fixed family that records its word edits (`typo`): the edits made, the same for every model. */
  edits?: SearchEdit[];
  /** Tabular rows: the clean features, the candidate's (null on clean rows) and FGM's exactness flag. */
  tabular?: {
    features: Record<string, number>;
    perturbed: Record<string, number> | null;
    exact: boolean | null;
    work?: RowWork | null;
  };
}

/** SHA-256 of a model input, as recorded in evidence rows (`input_sha256`). */
export function inputDigest(input: ExampleInput): string {
  return sha256Hex(inputKey(input));
}

/** Candidates of the examples of one task; `candidates` lists clean first, then each condition in order. */
export interface CandidateSource {
  conditions: Condition[];
  candidates(example: Example, modelIndex: number): Candidate[];
  /** The adaptive search, when configured: the evaluator adds its candidate per model. */
  search?: AdaptiveSearch;
  /** Text `exact`, when configured: the evaluator adds its candidate per model. */
  exact?: TextExact;
  /**
   * Black-box tabular attacks: once a chunk's clean rows are scored (`clean` reads their answers),
   * adds each one's candidate to every model's list, at its place among the conditions.
   */
  queried?(
    part: readonly Example[],
    lists: Candidate[][][],
    clean: (modelIndex: number, candidate: Candidate) => ScoreResult,
    counters: readonly ModelCounters[]
  ): Promise<void>;
  /** Extra work counters of a model (tabular attack generation). */
  counters?(modelIndex: number): Partial<ModelCounters>;
  /** Forget per-example state once a chunk of examples is done. */
  release?(): void;
  /** Lets a helper thread featurize texts for these featurizers (called once, after training, before `prepare`). */
  shareFeaturizers?(featurizers: readonly Featurizer[]): void;
  /** Get chunk `c`'s candidates ready (and start on later chunks') before `candidates` is asked. */
  prepare?(c: number): Promise<void>;
  /** Stop any helper thread. */
  close?(): Promise<void>;
}
