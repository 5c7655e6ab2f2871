/**
 * `fgm` (docs/definitions.md#tabular): one untargeted white-box fast-gradient-sign step of size eps, projected
 * onto the feature bounds, on rows the model classifies correctly.
 *
 *   1. ŷ = model.predict(x). If ŷ ≠ gold the row is not attacked: the candidate is x itself,
 *      attempted = false (an initially wrong row can never be a new attack success).
 *   2. g = model.inputGradient(x, ŷ) — the label is the model's own prediction, as ART's
 *      FastGradientMethod does with y = None.
 *   3. x'ᵢ = clip(xᵢ + eps·sign(gᵢ), lowerᵢ, upperᵢ) for editable i (sign(0) = 0, so a
 *      zero-gradient feature stays put); other features are copied.
 *   4. model.predict(x') — the post-step success check (as ART's FGM does after its step).
 *   5. The validity rule decides `valid` / `invalidReason` (for unattacked rows too).
 *
 * Work counters (FGM_COUNTING): per ATTACKED row one gradient evaluation (step 2) and two
 * prediction evaluations (steps 1 and 4). The step-1 prediction on a row that turns out to
 * be wrong is eligibility scoring — clean scoring, not attack generation — and is not
 * counted; neither is any later scoring or reporting of the candidate by the caller. So 959
 * attacked rows cost 959 gradient and 1,918 prediction evaluations.
 */
import { closed } from '../config/schema-parts.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { moved } from './clip.js';
import { hasAffineLogits } from './contract.js';
import type { AttackCounters, Differentiable, FeatureSpace, TabularCandidate } from './contract.js';
import { validateCandidate } from './validity.js';
import { vectorOf } from './vector.js';

export const FGM_COUNTING =
  'per attacked (initially correct) row: 1 gradient evaluation (the step) and 2 prediction evaluations (the ' +
  'label ŷ, as ART with y=None, and the post-step check); initially wrong rows, clean scoring and reporting are ' +
  'not counted';

/**
 * True only for binary linear models, where the projected sign step is the exact worst case. The true-class logit
 * (±(w·x + b), signed for the predicted class) is linear in x, so over a product of intervals it is minimised
 * coordinate by coordinate: each editable feature goes to the end of [max(lowerᵢ, xᵢ − eps), min(upperᵢ, xᵢ + eps)]
 * in the direction −sign(wᵢ). The cross-entropy gradient is a positive multiple of that direction's negative, so the
 * clipped step xᵢ + eps·sign(gᵢ) lands on exactly that end (a zero weight: any value is optimal, the step keeps xᵢ).
 * Conditions: x inside its bounds and a gradient that has not underflowed to zero. With more labels, or a non-linear
 * model, one sign step is a heuristic.
 */
export function fgmIsExact(labelCount: number, linear: boolean): boolean {
  return linear && labelCount === 2;
}

/** The projected sign step: clip(xᵢ + eps·sign(gᵢ)) on editable features, others copied. */
export function signStep(x: readonly number[], gradient: readonly number[], space: FeatureSpace): number[] {
  return vectorOf(x.length, (i) => {
    const xi = x[i] as number;
    if (space.editable[i] !== true) return xi;
    const direction = Math.sign(gradient[i] ?? NaN);
    if (direction === 0) return xi;
    return moved(x, space, i, space.eps * direction);
  });
}

/** The `fgm` candidate for one row; adds its work to `counters`. */
export function fgmCandidate(
  x: readonly number[],
  gold: string,
  model: Differentiable,
  space: FeatureSpace,
  counters: AttackCounters
): TabularCandidate {
  const predicted = model.predict(x);
  if (predicted !== gold) {
    const values = [...x];
    const reason = validateCandidate(x, values, space);
    return {
      values,
      attempted: false,
      valid: reason === null,
      invalidReason: reason,
      work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
    };
  }
  counters.predictionEvaluations += 1;
  const gradient = model.inputGradient(x, predicted);
  counters.gradientEvaluations += 1;
  const values = signStep(x, gradient, space);
  model.predict(values);
  counters.predictionEvaluations += 1;
  const reason = validateCandidate(x, values, space);
  return {
    values,
    attempted: true,
    valid: reason === null,
    invalidReason: reason,
    work: { queries: 2, gradientEvaluations: 1, certified: null, tie: null }
  };
}

/** `threat_model.attacks.fgm: {}`: white-box, one step along each model's own gradient. */
export const FGM = tabularAttack({
  name: 'fgm',
  // Not beside the team's own model, which gives no gradient.
  init: ({ ownModel }) =>
    ownModel
      ? null
      : [
          '    fgm: {}                             # one gradient-sign step of size eps on the rows the model ' +
            'gets right'
        ],
  task: 'tabular',
  schema: closed({}),
  attack: true,
  destructive: false,
  needsGradients: true,
  reads: 'input gradient',
  perModel: true,
  workedExamples: true,
  binaryExactNote: 'as expected: for a binary linear model one clipped sign step is the exact worst case',
  method: {
    step: "one sign step of size eps on clean-correct rows, labels = the model's own predictions, clipped to bounds"
  },
  read: () => ({}),
  candidate: (row) => fgmCandidate(row.x, row.label, row.model as Differentiable, row.space, row.counters),
  exact: (labelCount, model) => fgmIsExact(labelCount, hasAffineLogits(model))
});
