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
    // `texts`, when given, are the sets' texts already made (applySearchEdits of each).
    await this.askEach(sets.length, (k) => texts?.[k] ?? applySearchEdits(this.original, sets[k] as PlacedEdit[]), (k) => sets[k] as PlacedEdit[]);
  }

  /** As `ask` for single edits whose texts are made already (`texts[k]` is `edits[k]` applied). */
  async askSingles(edits: readonly PlacedEdit[], texts: readonly string[]): Promise<void> {
    await this.askEach(edits.length, (k) => texts[k] as string, (k) => [edits[k] as PlacedEdit]);
  }

  /** Candidate k's text is textOf(k); its edit set, setOf(k), is made only for the error of a failed answer. */
  private async askEach(count: number, textOf: (k: number) => string, setOf: (k: number) => PlacedEdit[]): Promise<void> {
    const fresh: string[] = [];
    const made: number[] = [];
    const seen = new Set<string>();
    const room = this.remaining;
    for (let k = 0; k < count; k++) {
      const t = textOf(k);
      if (this.answers.has(t) || seen.has(t)) continue;
      if (fresh.length >= room) break;
      seen.add(t);
      fresh.push(t);
      made.push(k);
    }
    if (fresh.length === 0) return;
    const results = await this.scoreTexts(fresh);
    if (results.length !== fresh.length) throw new SearchFailure({ status: 'error', error: `the model returned ${results.length} results for ${fresh.length} search candidates` });
    this.spent += fresh.length;
    for (let i = 0; i < fresh.length; i++) this.answers.set(fresh[i] as string, results[i] as ScoreResult);
    for (let i = 0; i < results.length; i++) {
      const r = results[i] as ScoreResult;
      if (r.status !== 'ok') throw new SearchFailure(r, setOf(made[i] as number));
    }
  }
}
