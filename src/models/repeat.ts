/**
 * `repeat: N` (docs/models.md#repeated-queries): a model that may answer differently each time is
 * asked every input N times, one round after another, and its N answers become one result: the
 * majority label (ties to the first label in code-point order, as argmax ties), the mean of the N
 * score vectors (none when any answer was label-only) and `agreement`, the share of the N answers
 * equal to the majority. One failed answer makes the input's result a failure: a majority of
 * fewer answers would give rows agreement fractions over different denominators.
 */
import type { ExampleInput } from '../data/example.js';
import type { AnswerCache } from './answers/answer-cache.js';
import { decide, type ScoreResult } from './model.js';

/** Most times one input may be asked: past a few dozen the noise floor barely tightens, while the cost grows with N. */
export const MAX_REPEAT = 100;

/** What the manifest's preprocessing record adds to a model's scores when it is asked `n` > 1 times. */
export function repeatedScores(scores: string, n: number): string {
  return n > 1
    ? `${scores}; asked ${n} times per input: the prediction is the majority of the ${n} answers (ties to the ` +
        `first label in code-point order), the scores their mean`
    : scores;
}

/** One round of answers for `inputs`, in input order; `round` counts from 0 (answers are kept per round). */
type Ask = (inputs: readonly ExampleInput[], round: number) => Promise<ScoreResult[]>;

/** Asks every input `n` times, round after round, and combines each input's answers. */
export async function askRepeatedly(
  n: number,
  labels: readonly string[],
  inputs: readonly ExampleInput[],
  ask: Ask
): Promise<ScoreResult[]> {
  const rounds: ScoreResult[][] = [];
  for (let r = 0; r < n; r++) {
    const answers = await ask(inputs, r);
    if (answers.length !== inputs.length)
      throw new Error(`round ${r + 1} of ${n} returned ${answers.length} results for ${inputs.length} inputs`);
    rounds.push(answers);
  }
  return inputs.map((_, i) =>
    combineAnswers(
      labels,
      rounds.map((round) => round[i] as ScoreResult)
    )
  );
}

/** How a model outside the process is asked: its rounds, its kept answers and its request counter. */
interface AskedModel {
  repeat: number;
  labels: readonly string[];
  /** Kept answers (docs/answer-cache.md); null: every input is asked. */
  answers: AnswerCache | null;
  /** Sends one batch to the model. */
  send: (inputs: readonly ExampleInput[]) => Promise<ScoreResult[]>;
  /** The model's requests so far. */
  requests: () => number;
}

/**
 * One answer per input for a command or HTTP model: each round read from the kept answers where it can be, the rest
 * sent; with repeat > 1 the rounds combined. Returns the answers and the requests of rounds 2 to N.
 */
export async function askModel(
  m: AskedModel,
  inputs: readonly ExampleInput[]
): Promise<{ answers: ScoreResult[]; repeatedRequests: number }> {
  const round = (batch: readonly ExampleInput[], r: number): Promise<ScoreResult[]> =>
    m.answers ? m.answers.round(batch, r, m.send) : m.send(batch);
  if (m.repeat <= 1) return { answers: await round(inputs, 0), repeatedRequests: 0 };
  let repeatedRequests = 0;
  const answers = await askRepeatedly(m.repeat, m.labels, inputs, async (batch, r) => {
    const before = m.requests();
    const out = await round(batch, r);
    if (r > 0) repeatedRequests += m.requests() - before;
    return out;
  });
  return { answers, repeatedRequests };
}

/** The label one answer gives: its own label, or the argmax of its scores. */
function labelOf(labels: readonly string[], answer: ScoreResult & { status: 'ok' }): string {
  return answer.scores === null ? answer.label : decide(labels, answer.scores).prediction;
}

/** N answers of one input as one result (see the module comment). */
export function combineAnswers(labels: readonly string[], answers: readonly ScoreResult[]): ScoreResult {
  const n = answers.length;
  for (const [k, a] of answers.entries()) {
    if (a.status !== 'ok') return { status: a.status, error: `answer ${k + 1} of ${n}: ${a.error}` };
    if (a.scores !== null && (a.scores.length !== labels.length || a.scores.some((s) => !Number.isFinite(s)))) {
      return { status: 'error', error: `answer ${k + 1} of ${n}: expected ${labels.length} finite scores` };
    }
  }
  const ok = answers as ReadonlyArray<ScoreResult & { status: 'ok' }>;
  const votes = new Map<string, number>();
  for (const a of ok) {
    const label = labelOf(labels, a);
    votes.set(label, (votes.get(label) ?? 0) + 1);
  }
  // Labels in code-point order: the first with the most votes wins a tie. A label-only answer
  // outside the labels is counted (the model checks labels); it can only win by votes.
  let label = '';
  let most = 0;
  for (const l of [...labels, ...[...votes.keys()].filter((v) => !labels.includes(v))]) {
    const v = votes.get(l) ?? 0;
    if (v > most) {
      most = v;
      label = l;
    }
  }
  const agreement = most / n;
  if (ok.some((a) => a.scores === null)) return { status: 'ok', scores: null, label, agreement };
  const mean = labels.map((_, j) => ok.reduce((sum, a) => sum + ((a.scores as number[])[j] as number), 0) / n);
  return { status: 'ok', scores: mean, label, agreement };
}
