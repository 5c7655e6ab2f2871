/**
 * Train every configured model, in config order, on the training split only. The two TF-IDF
 * fits are shared: `hybrid` reuses the same fitted word and char models as `tfidf-word` and
 * `tfidf-char` (fitting is deterministic, so sharing changes no score).
 */
import type { ModelPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { ExternalModel } from './external/external-model.js';
import { HybridModel } from './hybrid.js';
import { LogisticRegressionModel } from './logistic.js';
import type { Model } from './model.js';
import { NaiveBayesModel } from './naive-bayes.js';
import { fitTfidf, TfidfModel, type TfidfAnalyzer, type TfidfParameters } from './tfidf.js';

export interface BuildOptions {
  features?: readonly string[];
  /** Repository root: external commands run from it. */
  root?: string;
  log?: (line: string) => void;
}

export async function buildModels(plans: readonly ModelPlan[], train: readonly Example[], labels: readonly string[], options: BuildOptions = {}): Promise<Model[]> {
  const features = options.features ?? [];
  const fitted = new Map<TfidfAnalyzer, TfidfParameters>();
  const tfidf = (analyzer: TfidfAnalyzer, name: string): TfidfModel => {
    const params = fitted.get(analyzer) ?? fitTfidf(analyzer, train, labels);
    fitted.set(analyzer, params);
    return new TfidfModel(name, params);
  };
  return plans.map((plan) => {
    switch (plan.kind) {
      case 'naive-bayes':
        return NaiveBayesModel.fit(plan.name, train, labels, plan.params.alpha);
      case 'tfidf-word':
        return tfidf('word', plan.name);
      case 'tfidf-char':
        return tfidf('char', plan.name);
      case 'logistic-regression':
        return LogisticRegressionModel.fit(plan.name, train, labels, features, plan.params.C);
      case 'external': {
        const p = plan.params;
        const externalPlan = { name: plan.name, command: p.command, timeoutS: p.timeout_s, requestTimeoutS: p.request_timeout_s, probabilities: p.probabilities, env: p.env, window: p.window };
        return new ExternalModel(externalPlan, labels, options.root ?? process.cwd(), options.log ?? (() => {}));
      }
      case 'hybrid':
        return new HybridModel(plan.name, tfidf('word', `${plan.name}/word`), tfidf('char', `${plan.name}/char`), plan.params.word_weight);
      default:
        // Every kind the config loader accepts has a case above; reaching here is a bug.
        throw new Error(`model kind ${(plan as ModelPlan).kind} has no builder`);
    }
  });
}
