/**
 * The checks every scored answer of a user's model passes, whichever way it arrived: a command's
 * JSONL line, an HTTP model's evidence-gate output, a huggingface `{label, score}` list or the
 * scores derived from a chat model's log-probabilities (docs/models.md, "Scores are checked").
 * In this order, the first problem found being the one reported:
 *   a label given twice                    → duplicate_label (a list; a JSON object cannot tell)
 *   a training label absent                → missing_labels
 *   a label outside the training labels    → unknown_label
 *   a score not a finite number            → non_finite_score (JSON `1e999` parses as Infinity)
 *   probabilities declared, and a score outside [0, 1] or the sum off 1 by more than 1e-6
 *                                          → not_probabilities
 */

export type ScoreFailure =
  'duplicate_label' | 'missing_labels' | 'unknown_label' | 'non_finite_score' | 'not_probabilities';

type CheckedScores = { ok: true; scores: number[] } | { ok: false; failure: ScoreFailure; reason: string };
/** A list naming only some labels (a server's top-k): its best label, its scores checked. */
type CheckedTop = { ok: true; scores: null; label: string };

const PROBABILITY_TOLERANCE = 1e-6;

/** Quotes untrusted text for a reason, at most `max` characters (secrets already masked). */
export type Quote = (text: string, max?: number) => string;

const LABEL_CHARS = 40;

export class ScoreCheck {
  private readonly labelIndex: ReadonlyMap<string, number>;
  /** Filled with doubles, so a copy already has the elements kind of the result. */
  private readonly template: number[];

  constructor(
    private readonly labels: readonly string[],
    private readonly probabilities: boolean,
    private readonly quote: Quote
  ) {
    this.labelIndex = new Map(labels.map((l, i) => [l, i]));
    this.template = labels.map(() => 0.5);
  }

  /** A label-only answer: one of the training labels. */
  isLabel(label: string): boolean {
    return this.labelIndex.has(label);
  }

  unknownLabel(label: string): { ok: false; failure: 'unknown_label'; reason: string } {
    const reason = `label ${this.quote(label, LABEL_CHARS)} is not a training label`;
    return { ok: false, failure: 'unknown_label', reason };
  }

  /** Scores as a JSON object, label → score (JSON.parse has already kept one value per key). */
  table(table: Record<string, unknown>): CheckedScores {
    const values: unknown[] = this.template.slice();
    let found = 0;
    let extra = false;
    // JSON.parse objects have only own keys; for-in is the fastest walk over them.
    for (const key in table) {
      const i = this.labelIndex.get(key);
      if (i === undefined) extra = true;
      else {
        values[i] = table[key];
        found++;
      }
    }
    if (found < this.labels.length) return this.missing((l) => Object.hasOwn(table, l));
    if (extra) return this.outside(Object.keys(table));
    return this.values(values);
  }

  /**
   * Scores as (label, score) pairs. With `partial`, a list naming fewer labels than the training
   * set is a top-k answer: its best label, its scores checked as far as they go.
   */
  pairs(pairs: ReadonlyArray<readonly [string, unknown]>, partial: boolean): CheckedScores | CheckedTop {
    const values: unknown[] = this.template.slice();
    const seen = new Set<string>();
    for (const [label, score] of pairs) {
      if (seen.has(label)) {
        const reason = `label ${this.quote(label, LABEL_CHARS)} is given more than once`;
        return { ok: false, failure: 'duplicate_label', reason };
      }
      seen.add(label);
      const i = this.labelIndex.get(label);
      if (i === undefined) return this.unknownLabel(label);
      values[i] = score;
    }
    if (seen.size === this.labels.length) return this.values(values);
    if (!partial) return this.missing((l) => seen.has(l));
    const given = pairs.map(([, score]) => score);
    const checked = this.numbers(
      given,
      pairs.map(([l]) => l),
      false
    );
    if (!checked.ok) return checked;
    let best = 0;
    const scores = checked.scores;
    for (let k = 1; k < scores.length; k++) if ((scores[k] as number) > (scores[best] as number)) best = k;
    return { ok: true, scores: null, label: (pairs[best] as readonly [string, unknown])[0] };
  }

  /** Scores in training-label order (one per label). */
  values(values: readonly unknown[]): CheckedScores {
    return this.numbers(values, this.labels, true);
  }

  /** Finite numbers; with probabilities, each in [0, 1] and (when `whole`) summing to 1, else at most 1. */
  private numbers(values: readonly unknown[], names: readonly string[], whole: boolean): CheckedScores {
    let sum = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      // v − v is NaN exactly for NaN and ±Infinity.
      if (typeof v !== 'number' || v - v !== 0) {
        const label = this.quote(names[i] as string, LABEL_CHARS);
        const reason = `score for ${label} is not a finite number: ${this.describe(v)}`;
        return { ok: false, failure: 'non_finite_score', reason };
      }
      sum += v;
    }
    const scores = values as number[];
    if (!this.probabilities) return { ok: true, scores };
    const outside = scores.findIndex((v) => v < -PROBABILITY_TOLERANCE || v > 1 + PROBABILITY_TOLERANCE);
    if (outside !== -1) {
      const label = this.quote(names[outside] as string, LABEL_CHARS);
      const reason = `score for ${label} is not a probability: ${scores[outside]}`;
      return { ok: false, failure: 'not_probabilities', reason };
    }
    if (whole ? Math.abs(sum - 1) > PROBABILITY_TOLERANCE : sum > 1 + PROBABILITY_TOLERANCE) {
      const expected = whole ? 'not 1' : 'more than 1';
      const reason = `probabilities sum to ${sum}, ${expected} (tolerance 1e-6)`;
      return { ok: false, failure: 'not_probabilities', reason };
    }
    return { ok: true, scores };
  }

  private missing(has: (label: string) => boolean): CheckedScores {
    const missing = this.labels.filter((l) => !has(l));
    return { ok: false, failure: 'missing_labels', reason: `scores miss training labels ${this.list(missing)}` };
  }

  private outside(given: readonly string[]): CheckedScores {
    const unknown = given.filter((l) => !this.labelIndex.has(l));
    const reason = `scores have labels outside the training set: ${this.list(unknown)}`;
    return { ok: false, failure: 'unknown_label', reason };
  }

  private list(names: readonly string[]): string {
    const shown = names.slice(0, 5).map((n) => this.quote(n, LABEL_CHARS));
    return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
  }

  /** A value as a reason shows it: a number as written, anything else as quoted JSON. */
  describe(value: unknown): string {
    if (typeof value === 'number') return String(value);
    return this.quote(JSON.stringify(value) ?? String(value), LABEL_CHARS);
  }
}
