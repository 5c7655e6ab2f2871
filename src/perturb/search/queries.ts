/**
 * The query ledger of one search (one example, one model): each distinct candidate text is
 * scored once and counts once against the budget; the clean text is the clean row's and never
 * counts. A step's texts go to the model in one call (one pipelined batch for an external model).
 */
import type { ScoreResult } from '../../models/model.js';
import { sha256Hex } from '../../util/hash.js';
import { applySearchEdits, type PlacedEdit } from './edits.js';

/**
 * A model answer that is not `ok`, raised so the search stops and its row becomes missing; `edits` made the text it
 * failed on.
 */
export class SearchFailure extends Error {
  constructor(
    readonly result: ScoreResult & { status: 'error' | 'timeout' },
    readonly edits: PlacedEdit[] = []
  ) {
    super(result.error);
  }
}

export type ScoreTexts = (texts: readonly string[]) => Promise<ScoreResult[]>;

/**
 * Longer texts are known by their SHA-256 rather than by themselves. V8 hashes at most this many
 * characters of a string (a longer one hashes by its length), so a map of long candidates of one
 * length compared each new one with all of them, and it kept every answered text alive.
 */
export const LEDGER_TEXT_KEY_CHARS = 16_383;

/**
 * A map by text: short texts by themselves, long ones by their digest (two maps: no key passes for
 * the other). A caller that looks a text up more than once passes its key, made once.
 */
export class TextMap<V> {
  private readonly short = new Map<string, V>();
  private readonly long = new Map<string, V>();

  static key(text: string): string {
    return text.length > LEDGER_TEXT_KEY_CHARS ? sha256Hex(text) : text;
  }

  private mapOf(text: string): Map<string, V> {
    return text.length > LEDGER_TEXT_KEY_CHARS ? this.long : this.short;
  }

  get size(): number {
    return this.short.size + this.long.size;
  }

  get(text: string, key = TextMap.key(text)): V | undefined {
    return this.mapOf(text).get(key);
  }

  has(text: string, key = TextMap.key(text)): boolean {
    return this.mapOf(text).has(key);
  }

  set(text: string, value: V, key = TextMap.key(text)): void {
    this.mapOf(text).set(key, value);
  }
}

export class QueryLedger {
  private readonly answers = new TextMap<ScoreResult>();
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
    return this.askEach(
      sets.length,
      (k) => texts?.[k] ?? applySearchEdits(this.original, sets[k] as PlacedEdit[]),
      (k) => sets[k] as PlacedEdit[]
    );
  }

  /** As `ask` for single edits whose texts are made already (`texts[k]` is `edits[k]` applied). */
  askSingles(edits: readonly PlacedEdit[], texts: readonly string[]): Answers {
    return this.askEach(
      edits.length,
      (k) => texts[k] as string,
      (k) => [edits[k] as PlacedEdit]
    );
  }

  /** Candidate k's text is textOf(k); its edit set, setOf(k), is made only for the error of a failed answer. */
  private askEach(count: number, textOf: (k: number) => string, setOf: (k: number) => PlacedEdit[]): Answers {
    const out: (ScoreResult | undefined)[] = new Array<ScoreResult | undefined>(count).fill(undefined);
    // Fresh texts by their place in the call, with each one's candidate; candidates repeating one of them.
    let fresh: TextMap<number> | null = null;
    const texts: string[] = [];
    const keys: string[] = [];
    const made: number[] = [];
    let repeats: [number, number][] | null = null;
    const room = this.remaining;
    let full = false;
    for (let k = 0; k < count; k++) {
      const t = textOf(k);
      const key = TextMap.key(t);
      const known = this.answers.get(t, key);
      if (known !== undefined) {
        out[k] = known;
        continue;
      }
      const first = fresh?.get(t, key);
      if (first !== undefined) {
        (repeats ??= []).push([k, first]);
        continue;
      }
      // Past the budget's edge, a text is only looked up (as if asked later).
      if (full) continue;
      fresh ??= new TextMap();
      if (fresh.size >= room) {
        full = true;
        continue;
      }
      fresh.set(t, texts.length, key);
      texts.push(t);
      keys.push(key);
      made.push(k);
    }
    if (texts.length === 0) return { ready: out };
    return {
      ready: null,
      pending: this.scoreTexts(texts).then((results) => {
        if (results.length !== texts.length)
          throw new SearchFailure({
            status: 'error',
            error: `the model returned ${results.length} results for ${texts.length} search candidates`
          });
        this.spent += texts.length;
        for (let i = 0; i < texts.length; i++) {
          const r = results[i] as ScoreResult;
          this.answers.set(texts[i] as string, r, keys[i]);
          out[made[i] as number] = r;
        }
        if (repeats !== null) for (const [k, i] of repeats) out[k] = results[i];
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
type Answers =
  | { ready: (ScoreResult | undefined)[]; pending?: undefined }
  | { ready: null; pending: Promise<(ScoreResult | undefined)[]> };
