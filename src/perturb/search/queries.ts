/**
 * The query ledger of one search (one example, one model): each distinct candidate text is
 * scored once and counts once against the budget; the clean text is the clean row's and never
 * counts. A step's texts go to the model in one call (one pipelined batch for an external model).
 */
import type { ScoreResult } from '../../models/model.js';
import { applySearchEdits, type PlacedEdit } from './edits.js';

/** A model answer that is not `ok`, raised so the search stops and its row becomes missing; `edits` made the text it failed on. */
export class SearchFailure extends Error {
  constructor(
    readonly result: ScoreResult & { status: 'error' | 'timeout' },
    readonly edits: PlacedEdit[] = []
  ) {
    super(result.error);
  }
}

export type ScoreTexts = (texts: readonly string[]) => Promise<ScoreResult[]>;

export class QueryLedger {
  private readonly answers = new Map<string, ScoreResult>();
  private spent = 0;

  constructor(
    readonly budget: number,
    private readonly scoreTexts: ScoreTexts,
    private readonly original: string,
    clean: ScoreResult
  ) {
    this.answers.set(original, clean);
  }

  get queries(): number {
    return this.spent;
  }

  get remaining(): number {
    return this.budget - this.spent;
  }

  has(text: string): boolean {
    return this.answers.has(text);
  }

  /** A text already answered (the clean text or an earlier query). */
  answer(text: string): ScoreResult | undefined {
    return this.answers.get(text);
  }

  /**
   * Scores the texts the edit sets make that are not answered yet, in one call, as far as the budget reaches (the rest stay
   * unanswered). Throws SearchFailure on the first answer that is not `ok`.
   */
  async ask(sets: readonly PlacedEdit[][], texts?: readonly string[]): Promise<void> {
    const fresh: string[] = [];
    const made: PlacedEdit[][] = [];
    const seen = new Set<string>();
    for (const [k, set] of sets.entries()) {
      // `texts`, when given, are the sets' texts already made (applySearchEdits of each).
      const t = texts?.[k] ?? applySearchEdits(this.original, set);
      if (this.answers.has(t) || seen.has(t)) continue;
      if (fresh.length >= this.remaining) break;
      seen.add(t);
      fresh.push(t);
      made.push(set);
    }
    if (fresh.length === 0) return;
    const results = await this.scoreTexts(fresh);
    if (results.length !== fresh.length) throw new SearchFailure({ status: 'error', error: `the model returned ${results.length} results for ${fresh.length} search candidates` });
    this.spent += fresh.length;
    fresh.forEach((t, i) => this.answers.set(t, results[i] as ScoreResult));
    results.forEach((r, i) => {
      if (r.status !== 'ok') throw new SearchFailure(r, made[i]);
    });
  }
}
