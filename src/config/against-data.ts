/**
 * Config facts that can only be checked once the data is loaded: protected transitions must
 * name training labels, and `append` needs a sentence for every language slice it will see.
 * Errors point at the config line, since the config is what needs to change. (Feature values
 * outside the declared bounds are found while the data is read, in data/dataset.ts, where the
 * row's line and column are known.)
 */
import type { Dataset } from '../data/dataset.js';
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
  const append = plan.threatModel.attacks.append;
  if (append) {
    const missing = dataset.languages.filter((l) => !Object.hasOwn(append.sentences, l));
    if (missing.length > 0) {
      throw configError(
        plan.source,
        ['threat_model', 'attacks', 'append', 'sentences'],
        `expected a sentence for every language slice of the evaluation data (${quotedList(dataset.languages)}), found none for ${quotedList(missing)}`,
        true
      );
    }
  }
}
