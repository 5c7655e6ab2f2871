/**
 * The one interface every model sits behind: asynchronous batch scoring, so that built-in
 * baselines and external commands (docs/definitions.md#external-models) are driven by the same evaluation loop.
 */
import type { ExampleInput } from '../data/example.js';

/**
 * One input's result: scores for every label (in label order), or — for a label-only external
 * model (docs/definitions.md#external-models) — just the predicted label with `scores: null`.
 */
export type ScoreResult =
  | { status: 'ok'; scores: number[]; label?: undefined; agreement?: undefined }
  | { status: 'ok'; scores: null; label: string; agreement?: number }
  /**
   * A repeated model's combined answer (src/models/repeat.ts): the majority label, the mean
   * scores (which may rank another label first) and the share of answers that agree.
   */
  | { status: 'ok'; scores: number[]; label: string; agreement: number }
  | { status: 'error' | 'timeout'; error: string };

export interface ModelDescription {
  name: string;
  kind: string;
  params: Record<string, unknown>;
  /** SHA-256 of the canonical serialisation of the trained parameters. */
  digest: string;
  probabilities: boolean;
  /** The repository files the model was read from, with their SHA-256 (verify --rerun checks them before rerunning). */
  files?: Array<{ path: string; sha256: string }>;
}

/** How a call's inputs will be used, so that a model keeps only what pays. */
export interface ScoreOptions {
  /**
   * The inputs are one-off search candidates (docs/search.md#speed): another model is unlikely
   * to ask them again, so a built-in model scores them without its shared memos (keeping them
   * would cost more than it saves and push out the texts the models do share).
   */
  once?: boolean;
}

export interface Model {
  readonly name: string;
  /**
   * How many inputs one score() call should receive: built-in models take fixed batches;
   * an external process takes everything at once and pipelines it itself.
   */
  readonly batchSize?: number;
  /** Labels in code-point order; `scores[i]` belongs to `labels[i]`. */
  readonly labels: readonly string[];
  /** How many times each input is asked (`repeat`, docs/models.md#repeated-queries); 1 when absent. */
  readonly repeat?: number;
  /** A decision linear in the text's token counts, which text `exact` reads in closed form (docs/search.md#exact). */
  readonly linear?: LinearDecision;
  /**
   * A decision that is a weighted sum of linear decisions, each divided by its text's norm (hybrid): text `exact`
   * bounds it in closed form (docs/search.md#exact).
   */
  readonly mixture?: readonly WeightedDecision[];
  describe(): ModelDescription;
  /** One result per input, in input order. */
  score(inputs: readonly ExampleInput[], options?: ScoreOptions): Promise<ScoreResult[]>;
  close(): Promise<void>;
}

/**
 * A model whose decision is the argmax of per-label scores that are a constant plus a sum over the text's token
 * occurrences (naive Bayes' log joint; a tf-idf centroid model's dot products, whose common 1/|x| does not move the
 * argmax). Ties between labels go as the model's own scores would take them, within rounding.
 */
export interface LinearDecision {
  /** The per-label linear scores of a text, or null when the text has no known token and they do not decide. */
  scores(text: string): readonly number[] | null;
  /** A character that ends every token: edits on words with one between them change disjoint tokens. */
  separator: RegExp;
  /** The text as the tokenizer reads it (lower-cased): an edit that leaves this unchanged changes no token. */
  fold(text: string): string;
  /** The length of the text's feature vector, which divides the scores before they are mixed (tf-idf; 0 for none). */
  norm?(text: string): number;
}

/** One linear part of a mixed decision and its weight. */
export interface WeightedDecision {
  weight: number;
  linear: LinearDecision;
}

interface Decision {
  prediction: string;
  margin: number;
}

/**
 * The decision of an `ok` result: argmax of the scores, or the label of a label-only model (no
 * margin). A repeated model's result names its majority label; its margin is that label's mean
 * score minus the best other label's (top − second whenever the majority is also the argmax).
 */
export function decisionOf(
  labels: readonly string[],
  result: ScoreResult
): { prediction: string; margin: number | null } | null {
  if (result.status !== 'ok') return null;
  if (result.scores === null) return { prediction: result.label, margin: null };
  if (result.label === undefined) return decide(labels, result.scores);
  const at = labels.indexOf(result.label);
  let other = -Infinity;
  for (let i = 0; i < result.scores.length; i++)
    if (i !== at && (result.scores[i] as number) > other) other = result.scores[i] as number;
  return { prediction: result.label, margin: (result.scores[at] as number) - other };
}

/** Argmax with ties to the first label; margin = top − second (docs/definitions.md#models). */
export function decide(labels: readonly string[], scores: readonly number[]): Decision {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  let second = -Infinity;
  for (let i = 0; i < scores.length; i++)
    if (i !== best && (scores[i] as number) > second) second = scores[i] as number;
  return { prediction: labels[best] as string, margin: (scores[best] as number) - second };
}
