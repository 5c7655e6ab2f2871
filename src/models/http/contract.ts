/**
 * A model behind an HTTP endpoint, as the engine sees it (docs/http-models.md): what its config
 * entry becomes, why a request can fail, and the counters the manifest records.
 */
import type { AnswerCache } from '../answers/answer-cache.js';
import type { ScoreFailure } from '../score-check.js';

export type HttpFormat = 'evidence-gate' | 'huggingface' | 'openai-chat';
export const HTTP_FORMATS: readonly HttpFormat[] = ['evidence-gate', 'huggingface', 'openai-chat'];

/** `openai-chat` only: how one chat completion is asked. */
export interface ChatOptions {
  /** The user message; `{text}` and `{labels}` are replaced. */
  prompt: string;
  model: string;
  temperature: number;
  /** Ask for the first token's log-probabilities and turn them into scores over the labels. */
  logprobs: boolean;
}

export interface HttpModelPlan {
  name: string;
  /** The URL requests go to, query string included (never recorded). */
  url: string;
  format: HttpFormat;
  /** Header name → template; `${VAR}` is replaced by the variable's value (a secret). */
  headers: Record<string, string>;
  /** Variables the headers may reference. */
  env: string[];
  batch: number;
  concurrency: number;
  timeoutS: number;
  retries: number;
  probabilities: boolean;
  chat: ChatOptions | null;
  /** Seed of the retry jitter. */
  seed: number;
  /** Times each input is asked (docs/models.md#repeated-queries); 1 when absent. */
  repeat?: number;
  /** Kept answers (docs/answer-cache.md): the service is asked only what they lack. */
  answers?: AnswerCache | null;
}

/** Why an input got no answer; each kind is counted in the manifest (per affected input). */
export type HttpFailureKind =
  | 'connection_refused'
  | 'connection_reset'
  | 'dns'
  | 'tls'
  | 'network'
  | 'timeout'
  | 'http_status'
  | 'malformed_json'
  | 'bad_response'
  | 'wrong_length'
  | 'unknown_id'
  | 'duplicate_response'
  | ScoreFailure
  | 'unmapped_answer';

export interface HttpCounters {
  /** HTTP requests sent, retries included. */
  requests: number;
  retries: number;
  /** Inputs that ended without an answer, by the kind of the failure. */
  failures: Partial<Record<HttpFailureKind, number>>;
  bytes_sent: number;
  bytes_received: number;
  wall_ms: number;
  /** With repeat > 1: the requests of the rounds after the first (included in `requests`). */
  repeated_requests?: number;
}
