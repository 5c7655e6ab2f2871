/**
 * Which configured tabular attacks cannot run against which model (docs/tabular.md#not-applicable): a white-box
 * attack reads something from the model (its input gradient, its affine logits) that a command, an HTTP service or
 * a Python function does not expose. Such a pair is not an error: its rows are uncovered (`not_applicable`), its
 * figures and checks are `not_applicable` with the reason below, and the other models are attacked as usual.
 */
import { MODEL_KINDS } from '../models/registry.js';
import { familyNamed } from '../config/families.js';
import type { TabularAttackDescriptor } from '../perturb/descriptor.js';

/** One attack a model cannot be given, with the reason its figures and checks carry. */
interface AttackNotApplicable {
  attack: string;
  reason: string;
}

/** The attacks (in the order given) that cannot run against a model of this plan entry. */
export function attacksNotApplicable(
  attacks: readonly TabularAttackDescriptor[],
  model: { name: string; kind: string }
): AttackNotApplicable[] {
  // A kind this build does not know (a manifest from elsewhere) is given the benefit of the doubt: nothing is skipped.
  const kind = MODEL_KINDS.find((d) => d.kind === model.kind);
  if (kind === undefined || kind.gradients) return [];
  return attacks
    .filter((attack) => attack.needsGradients && !(attack.readsTrees === true && kind.trees === true))
    .map((attack) => ({
      attack: attack.name,
      reason:
        `${attack.name} reads the model's ${attack.reads ?? 'input gradient'}, which ${model.name} (kind ` +
        `${model.kind}) does not expose`
    }));
}

/**
 * The same, for a manifest's model entry and its recorded attack names: what readers of an output folder (metrics,
 * verify, merge) go by, so an edited `not_applicable` list can silence no attack.
 */
export function recordedNotApplicable(
  task: 'text' | 'tabular',
  attackNames: readonly string[],
  model: { name: string; kind: string }
): AttackNotApplicable[] {
  // Only tabular attacks read from the model (a text run's `exact` enumerates through the model's answers).
  if (task !== 'tabular') return [];
  const attacks = attackNames
    .map((name) => familyNamed(name, 'tabular'))
    .filter((d): d is TabularAttackDescriptor => d !== undefined && d.task === 'tabular');
  return attacksNotApplicable(attacks, model);
}
