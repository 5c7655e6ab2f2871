/**
 * The one interface every model sits behind: asynchronous batch scoring, so that built-in
 * baselines and external commands (SPEC §10) are driven by the same evaluation loop.
 */
import type { ExampleInput } from '../data/example.js';

export type ScoreResult =
  | { status: 'ok'; scores: number[] }
  | { status: 'error' | 'timeout'; error: string };

export interface ModelDescription {
  name: string;
  kind: string;
  params: Record<string, unknown>;
  /** SHA-256 of the canonical serialisation of the trained parameters. */
  digest: string;
  probabilities: boolean;
}

export interface Model {
  readonly name: string;
  /** Labels in code-point order; `scores[i]` belongs to `labels[i]`. */
  readonly labels: readonly string[];
  describe(): ModelDescription;
  /** One result per input, in input order. */
  score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]>;
  close(): Promise<void>;
}

export interface Decision {
  prediction: string;
  margin: number;
}

/** Argmax with ties to the first label; margin = top − second (SPEC §5). */
export function decide(labels: readonly string[], scores: readonly number[]): Decision {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  let second = -Infinity;
  for (let i = 0; i < scores.length; i++) if (i !== best && (scores[i] as number) > second) second = scores[i] as number;
  return { prediction: labels[best] as string, margin: (scores[best] as number) - second };
}
