/**
 * Gathers the search steps of many rows into one model call (docs/search.md#speed). Each row's
 * search asks for its step's texts and waits; once every row that can go on has asked (the
 * flush waits one turn of the event loop, after the promise continuations have run), the texts
 * of all of them go to the model together and each row gets its own answers back, in order.
 * Which rows share a call does not change any row's answers, only how many calls there are;
 * and since a whole call's answers arrive at once, the next round of steps is the same whatever
 * the model's timing, so the call count stays deterministic.
 */
import type { ScoreResult } from '../models/model.js';

type Score = (texts: readonly string[]) => Promise<ScoreResult[]>;

interface Waiting {
  texts: readonly string[];
  resolve: (results: ScoreResult[]) => void;
  reject: (error: unknown) => void;
}

export class StepBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly score: Score) {}

  /** The answers to `texts`, from the next shared call. */
  readonly ask: Score = (texts) =>
    new Promise((resolve, reject) => {
      this.waiting.push({ texts, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    const texts: string[] = [];
    for (const w of batch) for (const t of w.texts) texts.push(t);
    let results: ScoreResult[];
    try {
      results = await this.score(texts);
      if (results.length !== texts.length)
        throw new Error(`the model returned ${results.length} results for ${texts.length} search candidates`);
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    let at = 0;
    for (const w of batch) {
      w.resolve(results.slice(at, at + w.texts.length));
      at += w.texts.length;
    }
  }
}
