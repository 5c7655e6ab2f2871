/**
 * Generalization gap (docs/definitions.md#metrics) in percentage points: 100 × (controlled accuracy − challenge
 * accuracy). Not applicable without both splits; not evaluated when either accuracy is.
 * `gapFraction` gives the same difference exactly, for the gate.
 */
import { fraction, type Fraction } from '../util/fraction.js';
import { notApplicable, notEvaluated, type Figure } from './figure.js';

function ratio(f: Figure): Fraction | null {
  if (f.status !== 'ok' || f.numerator === null || !f.denominator) return null;
  return fraction(f.numerator, f.denominator);
}

export function gapFraction(reference: Figure | undefined, challenge: Figure | undefined): Fraction | null {
  const r = reference && ratio(reference);
  const c = challenge && ratio(challenge);
  if (!r || !c) return null;
  return fraction(100n * (r.num * c.den - c.num * r.den), r.den * c.den);
}

export function generalizationGap(reference: Figure | undefined, challenge: Figure | undefined): Figure {
  if (!reference || !challenge) return notApplicable('needs both a "controlled" and a "challenge" split');
  if (reference.status !== 'ok' || challenge.status !== 'ok' || reference.value === null || challenge.value === null) {
    return notEvaluated('an accuracy was not evaluated', null);
  }
  // One division of integers (as docs/definitions.md#metrics asks of pp figures), not a difference of two rounded
  // rates.
  const exact = gapFraction(reference, challenge) as Fraction;
  // A difference of two rates has no single numerator; the denominator is the challenge size.
  return {
    value: Number(exact.num) / Number(exact.den),
    numerator: null,
    denominator: challenge.denominator,
    status: 'ok',
    reason: null
  };
}
