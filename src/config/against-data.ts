/**
 * Config facts that can only be checked once the data is loaded: protected transitions must
 * name training labels, and each configured family's own data checks (its descriptor's
 * `checkAgainstData`: `append` needs a sentence for every language slice it will see).
 * Errors point at the config line, since the config is what needs to change. (Feature values
 * outside the declared bounds are found while the data is read, in data/dataset.ts, where the
 * row's line and column are known.)
 */
import type { Dataset } from '../data/dataset.js';
import { familiesOf } from '../perturb/registry.js';
import type { Plan } from './plan.js';
import { quoted, quotedList } from '../util/visible.js';
import { configError } from './validate.js';

export function checkPlanAgainstData(plan: Plan, dataset: Dataset): void {
  const labels = new Set(dataset.labels);
  plan.threatModel.protectedTransitions.forEach((t, i) => {
    for (const side of ['from', 'to'] as const) {
      if (!labels.has(t[side])) {
        throw configError(
          plan.source,
          ['threat_model', 'protected_transitions', i, side],
          `expected a label of the training data (${quotedList(dataset.labels)}), found ${quoted(t[side])}`
        );
      }
    }
  });
  const attacks: Readonly<Partial<Record<string, unknown>>> = plan.threatModel.attacks;
  for (const family of familiesOf(plan.task)) {
    const params = attacks[family.name];
    if (params !== undefined)
      family.checkAgainstData?.(params, dataset, { source: plan.source, at: ['threat_model', 'attacks', family.name] });
  }
}
