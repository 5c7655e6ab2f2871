/** Train or attach every configured model, in config order. */
import type { ModelPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Model } from './model.js';
import { NaiveBayesModel } from './naive-bayes.js';

export async function buildModels(plans: readonly ModelPlan[], train: readonly Example[], labels: readonly string[]): Promise<Model[]> {
  return plans.map((plan) => {
    switch (plan.kind) {
      case 'naive-bayes':
        return NaiveBayesModel.fit(plan.name, train, labels, plan.params.alpha);
      default:
        // The config loader refuses kinds this release cannot build; reaching here is a bug.
        throw new Error(`model kind ${plan.kind} has no builder`);
    }
  });
}
