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
   * Scores the texts the edit sets make that are not answered yet, in one call, as far as the
   * budget reaches (the rest stay unanswered); resolves to each set's answer (undefined while
   * unanswered). Throws SearchFailure on the first fresh answer that is not `ok`. Nothing is
   * awaited when every text is answered already.
   */
  ask(sets: readonly PlacedEdit[][], texts?: readonly string[]): Answers {
    // `texts`, when given, are the sets' texts already made (applySearchEdits of each).
    return this.askEach(sets.length, (k) => texts?.[k] ?? applySearchEdits(this.original, sets[k] as PlacedEdit[]), (k) => sets[k] as PlacedEdit[]);
  }

  /** As `ask` for single edits whose texts are made already (`texts[k]` is `edits[k]` applied). */
  askSingles(edits: readonly PlacedEdit[], texts: readonly string[]): Answers {
    return this.askEach(edits.length, (k) => texts[k] as string, (k) => [edits[k] as PlacedEdit]);
  }

  /** Candidate k's text is textOf(k); its edit set, setOf(k), is made only for the error of a failed answer. */
  private askEach(count: number, textOf: (k: number) => string, setOf: (k: number) => PlacedEdit[]): Answers {
    const out: (ScoreResult | undefined)[] = new Array<ScoreResult | undefined>(count).fill(undefined);
    // Fresh texts by their place in the call; candidates repeating a fresh text of this call.
    let fresh: Map<string, number> | null = null;
    const made: number[] = [];
    let repeats: number[] | null = null;
    const room = this.remaining;
    let full = false;
    for (let k = 0; k < count; k++) {
      const t = textOf(k);
      const known = this.answers.get(t);
      if (known !== undefined) {
        out[k] = known;
        continue;
      }
      if (fresh?.has(t)) {
        (repeats ??= []).push(k);
        continue;
      }
      // Past the budget's edge, a text is only looked up (as if asked later).
      if (full) continue;
      fresh ??= new Map();
      if (fresh.size >= room) {
        full = true;
        continue;
      }
      fresh.set(t, made.length);
      made.push(k);
    }
    if (fresh === null || fresh.size === 0) return { ready: out };
    const texts = [...fresh.keys()];
    return {
      ready: null,
      pending: this.scoreTexts(texts).then((results) => {
        if (results.length !== texts.length) throw new SearchFailure({ status: 'error', error: `the model returned ${results.length} results for ${texts.length} search candidates` });
        this.spent += texts.length;
        for (let i = 0; i < texts.length; i++) {
          const r = results[i] as ScoreResult;
          this.answers.set(texts[i] as string, r);
          out[made[i] as number] = r;
        }
        if (repeats !== null) for (const k of repeats) out[k] = results[(fresh as Map<string, number>).get(textOf(k)) as number];
        for (let i = 0; i < results.length; i++) {
          const r = results[i] as ScoreResult;
          if (r.status !== 'ok') throw new SearchFailure(r, setOf(made[i] as number));
        }
        return out;
      })
    };
  }
}

/** A call's answers: at once when every text was answered before, else once the model answers. */
type Answers = { ready: (ScoreResult | undefined)[]; pending?: undefined } | { ready: null; pending: Promise<(ScoreResult | undefined)[]> };

