/**
 * Where a kept answer lives (docs/answer-cache.md#key): SHA-256 over the model's identity as the team keyed it, what
 * shapes its requests, the input as sent and the repeat round. Anything that could change an answer is in the hash;
 * nothing secret is (header values and tokens never reach a request's settings).
 */
import type { ExampleInput } from '../../data/example.js';
import { sha256Hex } from '../../util/hash.js';
import { stableJson } from '../../util/json.js';

/** Bumped when the layout or meaning of an entry changes: older entries are then never found. */
export const ANSWER_FORMAT = 1;

export interface AnswerIdentity {
  /** The `cache.key` of the model's entry. */
  key: string;
  /** The model's kind (external, http, python, sklearn). */
  kind: string;
  /** What its kind says shapes a request (the kind's `remote.cacheSettings`). */
  settings: Record<string, unknown>;
  /** The labels answers are read against, in code-point order. */
  labels: readonly string[];
  /** Tabular feature columns in order (empty for text). */
  features: readonly string[];
}

/** The part of every address that is the same for one model: computed once per run. */
export function answerPrefix(identity: AnswerIdentity): string {
  return sha256Hex(stableJson({ format: ANSWER_FORMAT, ...identity, labels: [...identity.labels] }));
}

/** The input as the model receives it, in one canonical JSON form. */
function canonicalInput(input: ExampleInput): string {
  return input.kind === 'text' ? JSON.stringify({ text: input.text }) : stableJson({ features: input.values });
}

/** The address of one answer: round 0 is the first (or only) time an input is asked. */
export function answerAddress(prefix: string, input: ExampleInput, round: number): string {
  return sha256Hex(`${prefix}\n${round}\n${canonicalInput(input)}`);
}
