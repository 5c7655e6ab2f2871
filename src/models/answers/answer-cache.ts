/**
 * One model's kept answers (docs/answer-cache.md): a round of inputs is looked up first, and only the inputs without a
 * kept answer are asked of the model, in one call, so a command or a service still receives them as one pipelined
 * batch. Answers are kept per repeat round, so a repeated model's rounds come back as they were asked. Failures are
 * never kept: the next run asks again.
 */
import type { ExampleInput } from '../../data/example.js';
import type { ScoreResult } from '../model.js';
import { answerAddress, answerPrefix, type AnswerIdentity } from './address.js';
import type { AnswerStore, KeptAnswer } from './store.js';

/** What a run records of a model's cache (manifest.run.models, docs/answer-cache.md#record). */
interface AnswerCacheStats {
  key: string;
  /** Answers served from the folder (distinct inputs per round). */
  hits: number;
  /** Answers asked of the model because none was kept (damaged entries included). */
  misses: number;
  /** Entries found but unusable: ignored and asked again. */
  damaged: number;
}

/** Asks the model for one round of inputs, in input order. */
type AskRound = (inputs: readonly ExampleInput[]) => Promise<ScoreResult[]>;

export class AnswerCache {
  private readonly prefix: string;
  private readonly tally: Omit<AnswerCacheStats, 'key'> = { hits: 0, misses: 0, damaged: 0 };

  constructor(
    private readonly store: AnswerStore,
    private readonly identity: AnswerIdentity
  ) {
    this.prefix = answerPrefix(identity);
  }

  stats(): AnswerCacheStats {
    return { key: this.identity.key, ...this.tally };
  }

  /** The answers of round `round` (0 for the first) for `inputs`: kept ones read, the rest asked and kept. */
  async round(inputs: readonly ExampleInput[], round: number, ask: AskRound): Promise<ScoreResult[]> {
    const labelCount = this.identity.labels.length;
    const results: Array<ScoreResult | undefined> = new Array(inputs.length);
    // Distinct inputs without a kept answer, and where each one's answer goes.
    const missing = new Map<string, { input: ExampleInput; at: number[] }>();
    const known = new Map<string, ScoreResult>();
    inputs.forEach((input, i) => {
      const address = answerAddress(this.prefix, input, round);
      const seen = known.get(address);
      if (seen) return void (results[i] = seen);
      const waiting = missing.get(address);
      if (waiting) return void waiting.at.push(i);
      const kept = this.store.read(address, labelCount);
      if (typeof kept === 'object') {
        this.tally.hits++;
        known.set(address, kept);
        results[i] = kept;
        return;
      }
      if (kept === 'damaged') this.tally.damaged++;
      missing.set(address, { input, at: [i] });
    });
    if (missing.size > 0) {
      const asked = [...missing.entries()];
      this.tally.misses += asked.length;
      const answers = await ask(asked.map(([, m]) => m.input));
      if (answers.length !== asked.length)
        throw new Error(`the model returned ${answers.length} answers for ${asked.length} inputs`);
      asked.forEach(([address, m], k) => {
        const answer = answers[k] as ScoreResult;
        if (keepable(answer)) this.store.write(address, answer);
        for (const i of m.at) results[i] = answer;
      });
    }
    return results as ScoreResult[];
  }
}

/** Only a complete answer is kept: scores that are all finite, or a label. */
function keepable(answer: ScoreResult | undefined): answer is KeptAnswer {
  if (answer === undefined || answer.status !== 'ok') return false;
  return answer.scores === null ? typeof answer.label === 'string' : answer.scores.every(Number.isFinite);
}
