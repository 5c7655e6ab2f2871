/** Tabular runs with an attack that reports per-row work: a few worked rows per attack (attack-examples.ts). */
import type { Condition } from '../../evidence/condition.js';
import { FAMILY_REGISTRY } from '../../perturb/registry.js';
import { AttackExamplePicker } from '../attack-examples.js';
import type { CellKind, MetricCell } from './cell.js';

export const attackExamplesCell: CellKind = {
  fields: ['attack_examples'],
  make(context): MetricCell | null {
    if (context.facts.task !== 'tabular' || context.families.length === 0) return null;
    // Runs whose rows carry no work fields (no attack reports it) keep their earlier metrics.
    if (!FAMILY_REGISTRY.tabular.some((d) => d.reportsWork === true && context.perturbed.includes(d.name as Condition)))
      return null;
    const at = context.families.map((f) => 1 + context.perturbed.indexOf(f));
    const picker = new AttackExamplePicker(context.families, context.facts.transitions);
    return {
      add(x) {
        picker.add(at.map((i) => x.rows[i]));
      },
      finish() {
        return { attack_examples: picker.picked() };
      }
    };
  }
};
