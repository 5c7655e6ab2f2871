/**
 * Which configured tabular attacks cannot run against which model (docs/tabular.md#not-applicable): a white-box
 * attack reads something from the model (its input gradient, its affine logits) that a command, an HTTP service or
 * a Python function does not expose. Such a pair is not an error: its rows are uncovered (`not_applicable`), its
 * figures and checks are `not_applicable` with the reason below, and the other models are attacked as usual.
 */
import type { ModelPlan } from '../config/plan.js';
import { modelKind } from '../models/registry.js';
import type { TabularAttackDescriptor } from '../perturb/descriptor.js';

/** One attack a model cannot be given, with the reason its figures and checks carry. */
interface AttackNotApplicable {
  attack: string;
  reason: string;
}

/** The attacks (in the order given) that cannot run against a model of this plan entry. */
export function attacksNotApplicable(
  attacks: readonly TabularAttackDescriptor[],
  model: Pick<ModelPlan, 'name' | 'kind'>
): AttackNotApplicable[] {
  if (modelKind(model.kind).gradients) return [];
  return attacks
    .filter((attack) => attack.needsGradients)
    .map((attack) => ({
      attack: attack.name,
      reason:
        `${attack.name} reads the model's ${attack.reads ?? 'input gradient'}, which ${model.name} (kind ` +
        `${model.kind}) does not expose`
    }));
}
