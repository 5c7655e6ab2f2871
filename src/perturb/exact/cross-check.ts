/**
 * `verify --rerun`'s second opinion on the closed form (docs/search.md#exact, docs/definitions.md#verify): on a sample
 * of the rows it certified whose space is small (short texts), every candidate is asked of the model as for a model
 * with no closed form, and the row must come out certified again. The sample is each model's first rows in evaluation
 * order, so it repeats from run to run.
 */
import type { ExactTextOutcome } from './solve.js';

/** Spaces of at most this many candidates are re-derived. */
export const CROSS_CHECK_MAX_CANDIDATES = 2000;
/** Rows re-derived per model at most. */
export const CROSS_CHECK_PER_MODEL = 25;

export class ClosedFormCheck {
  /** Rows re-derived so far, per model. */
  readonly done = new Map<string, number>();
  /** One line per row where asking every candidate disagreed with the closed form. */
  readonly disagreements: string[] = [];

  /** Whether this closed-form outcome of `model` is one the sample takes (and counts it when it is). */
  takes(model: string, outcome: ExactTextOutcome): boolean {
    if (!outcome.closedForm || outcome.candidatesBound || outcome.candidates > CROSS_CHECK_MAX_CANDIDATES) return false;
    const n = this.done.get(model) ?? 0;
    if (n >= CROSS_CHECK_PER_MODEL) return false;
    this.done.set(model, n + 1);
    return true;
  }

  /** Records the enumeration's outcome of a row the closed form certified. */
  compare(model: string, id: string, asked: ExactTextOutcome): void {
    if (asked.certified === true) return;
    const found = asked.tie === true ? 'a tie' : asked.certified === false ? 'a success' : 'no answer';
    this.disagreements.push(
      `exact ${id} (${model}): the closed form certified the row, but asking all ${asked.candidates} candidates ` +
        `found ${found} (${JSON.stringify(asked.text.slice(0, 200))})`
    );
  }

  /** Rows re-derived, all models together. */
  get total(): number {
    let n = 0;
    for (const v of this.done.values()) n += v;
    return n;
  }
}
