/**
 * Figures of a model asked `repeat` = N times per input (docs/definitions.md#repeated-queries),
 * from the `agreement` of its rows (the share of its N answers equal to the row's majority):
 *   self-agreement    = rows whose N answers all agree ÷ rows with answers;
 *   answer agreement  = answers equal to their row's majority ÷ answers (rows × N);
 *   clean repeat flip rate = clean rows whose answers disagree ÷ clean rows with answers
 *                     (1 − clean self-agreement): the model's own jitter, the noise floor of the
 *                     families' flip rates.
 * A missing row (no answers) counts in none of them; with no row answered the figures are
 * `not_evaluated`, never 0%.
 */
import { EvidenceParseError, type EvidenceRow } from '../evidence/row.js';
import { rate, type Figure } from './figure.js';

export interface RepeatCounts {
  /** Rows with answers. */
  rows: number;
  /** Rows whose N answers all agree. */
  unanimous: number;
  /** Answers equal to their row's majority, summed over the rows. */
  agreeing: number;
}

export interface RepeatFigures {
  self_agreement: Figure;
  answer_agreement: Figure;
}

export function emptyRepeatCounts(): RepeatCounts {
  return { rows: 0, unanimous: 0, agreeing: 0 };
}

/**
 * The answers behind a row's agreement: a whole number from 1 to n. Anything else cannot come
 * from n answers, so the evidence is refused (verify lists it as a difference).
 */
function agreeingAnswers(row: EvidenceRow, n: number): number | null {
  if (row.status !== 'ok') return null;
  const a = row.agreement;
  const k = typeof a === 'number' ? Math.round(a * n) : NaN;
  if (typeof a !== 'number' || !(k >= 1 && k <= n) || a !== k / n) {
    throw new EvidenceParseError(
      `row ${JSON.stringify(row.id)} (model ${row.model}, ${row.condition}): agreement ` +
        `${a === undefined ? 'absent' : String(a)} is not k/${n} for a whole k from 1 to ${n} (the model was asked ` +
        `${n} times)`
    );
  }
  return k;
}

export function addRepeatRow(c: RepeatCounts, row: EvidenceRow, n: number): void {
  const k = agreeingAnswers(row, n);
  if (k === null) return;
  c.rows++;
  c.agreeing += k;
  if (k === n) c.unanimous++;
}

export function repeatFiguresOf(c: RepeatCounts, n: number): RepeatFigures {
  const reason = 'no row with answers';
  return { self_agreement: rate(c.unanimous, c.rows, reason), answer_agreement: rate(c.agreeing, c.rows * n, reason) };
}

/** Clean rows whose answers disagree ÷ clean rows with answers. */
export function repeatFlipRateOf(clean: RepeatCounts): Figure {
  return rate(clean.rows - clean.unanimous, clean.rows, 'no clean row with answers');
}
