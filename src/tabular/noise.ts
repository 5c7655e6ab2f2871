/**
 * `noise` (docs/definitions.md#tabular): the non-adversarial corruption baseline. Every row gets it, correct or
 * not, and the result is reported as a conditional error-induction rate, never as attack
 * success.
 *
 * For each editable feature i: x'ᵢ = clip(xᵢ + eps·(2u − 1), lowerᵢ, upperᵢ) with
 * u = decide(seed, 'noise', id, i) ∈ [0, 1), so the offset is uniform on [−eps, eps) and the
 * candidate depends only on (seed, id, feature index, xᵢ) — never on row order or other rows.
 * Features that are not editable are copied. No model is consulted (no work counted).
 */
import { closed } from '../config/schema-parts.js';
import { decide } from '../perturb/decision.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { moved } from './clip.js';
import type { FeatureSpace, TabularCandidate } from './contract.js';
import { validateCandidate } from './validity.js';
import { vectorOf } from './vector.js';

export const NOISE_FAMILY = 'noise';

/** The `noise` candidate for row `id`; always attempted, then checked against the validity rule. */
export function noiseCandidate(id: string, x: readonly number[], space: FeatureSpace, seed: number): TabularCandidate {
  const values = vectorOf(x.length, (i) => {
    if (space.editable[i] !== true) return x[i] as number;
    return moved(x, space, i, space.eps * (2 * decide(seed, NOISE_FAMILY, id, i) - 1));
  });
  const reason = validateCandidate(x, values, space);
  return {
    values,
    attempted: true,
    valid: reason === null,
    invalidReason: reason,
    work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
  };
}

/** `threat_model.attacks.noise: {}`: the corruption baseline, the same candidate for every model. */
export const NOISE = tabularAttack({
  name: 'noise',
  init: () => ['    noise: {}                           # corruption baseline: uniform ±eps on every row'],
  task: 'tabular',
  schema: closed({}),
  attack: false,
  destructive: false,
  needsGradients: false,
  perModel: false,
  method: {
    draw: 'uniform in [-eps, eps] per editable feature, seeded by (seed, noise, id, feature index), clipped to bounds'
  },
  read: () => ({}),
  candidate: (row) => noiseCandidate(row.id, row.x, row.space, row.seed)
});
