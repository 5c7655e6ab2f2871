/**
 * The user's own classifier behind a JSONL command protocol (docs/definitions.md#external-models), as the engine sees
 * it. The command starts once from the repository root with a minimal environment; requests go to
 * its stdin, responses come back on its stdout, one JSON object per line:
 *   request:  {"id": "r1", "text": "…"}            or {"id": "r1", "features": {"x1": 0.1, …}}
 *   response: {"id": "r1", "scores": {"label": n, …}} (every training label, finite numbers)
 *          or {"id": "r1", "label": "…"}             (label-only: margin-based figures not evaluated)
 *          or {"id": "r1", "error": "…"}             (the model could not answer this input)
 */
import type { AnswerCache } from '../answers/answer-cache.js';
import type { ScoreFailure } from '../score-check.js';

export const PROTOCOL_VERSION = 1;

export interface ExternalModelPlan {
  name: string;
  /** Shell command line, run with /bin/sh -c from the repository root. */
  command: string;
  /** Whole-run limit in seconds: past it the process is stopped and every unanswered input is a `timeout`. */
  timeoutS: number;
  /** Per-request limit in seconds, counted from when the request was written. */
  requestTimeoutS: number;
  /** Scores are probabilities: each response's scores must sum to 1 within 1e-6. */
  probabilities: boolean;
  /** Extra environment variable names passed through (never tokens). */
  env: string[];
  /** Most requests in flight at once (backpressure). */
  window: number;
  /** Times each input is asked (docs/models.md#repeated-queries); 1 when absent. */
  repeat?: number;
  /** Hides secrets in the model's answers and stderr before they are quoted; none when absent. */
  mask?: (text: string) => string;
  /** Kept answers (docs/answer-cache.md): the model is asked only what they lack. */
  answers?: AnswerCache | null;
}

/** Why a request failed; each kind is counted in the manifest. */
export type FailureKind =
  | 'crash'
  | 'timeout'
  | 'run_timeout'
  | 'malformed_json'
  | 'unknown_id'
  | 'duplicate_response'
  | 'model_error'
  | ScoreFailure
  | 'bad_response';

export interface ExternalCounters {
  requests: number;
  responses: number;
  failures: Partial<Record<FailureKind, number>>;
  wall_ms: number;
  exit_code: number | null;
  signal: string | null;
  /** With repeat > 1: the requests of the rounds after the first (included in `requests`). */
  repeated_requests?: number;
}
