/**
 * Train every configured model, in config order, on the training split only.
 *
 * Models that read the same feature space share its work: one fitted tf-idf scorer per
 * analyzer serves `tfidf-word`/`tfidf-char` and the components of `hybrid` (fitting is
 * deterministic, so sharing changes no score), and `naive-bayes` shares the word featurizer
 * with the tf-idf word scorer when their vocabularies agree (they do for the same training
 * texts). Each scorer and featurizer remembers the texts of the current scoring chunk, so
 * a text is featurized once per feature space, and tf-idf scored once per analyzer, however
 * many models read it.
 */
import type { ModelPlan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import { Featurizer, type FeatureSpace } from '../text/features.js';
import { ExternalModel } from './external/external-model.js';
import { HybridModel } from './hybrid.js';
import { LogisticRegressionModel } from './logistic.js';
import type { Model } from './model.js';
import { fitNaiveBayesCounts, NaiveBayesModel } from './naive-bayes.js';
import { fitTfidf, TfidfModel, TfidfScorer, type TfidfAnalyzer } from './tfidf.js';

export interface BuildOptions {
  features?: readonly string[];
  /** Repository root: external commands run from it. */
  root?: string;
  log?: (line: string) => void;
  /** Called once for every text featurized, per feature space (memo hits are not counted). */
  onFeaturize?: (space: FeatureSpace) => void;
  /** Filled with the featurizers built (one per feature space and vocabulary), for a caller that provides rows from elsewhere. */
  featurizers?: Featurizer[];
}

export async function buildModels(plans: readonly ModelPlan[], train: readonly Example[], labels: readonly string[], options: BuildOptions = {}): Promise<Model[]> {
  const features = options.features ?? [];
  const featurizerOptions = { onFeaturize: options.onFeaturize };
  const featurizers: Featurizer[] = options.featurizers ?? [];
  /** The featurizer already built for this space and vocabulary (now shared), or a new one. */
  const featurizer = (space: FeatureSpace, vocabulary: readonly string[]): Featurizer => {
    const found = featurizers.find((f) => f.serves(space, vocabulary));
    if (found) return found.share();
    const made = new Featurizer(space, vocabulary, featurizerOptions);
    featurizers.push(made);
    return made;
  };
  const scorers = new Map<TfidfAnalyzer, TfidfScorer>();
  const tfidf = (analyzer: TfidfAnalyzer, name: string): TfidfModel => {
    let scorer = scorers.get(analyzer);
    if (!scorer) {
      const params = fitTfidf(analyzer, train, labels);
      scorer = new TfidfScorer(params, featurizer(analyzer, params.vocabulary));
      scorers.set(analyzer, scorer);
    }
    return new TfidfModel(name, scorer);
  };
  return plans.map((plan) => {
    switch (plan.kind) {
      case 'naive-bayes': {
        const counts = fitNaiveBayesCounts(train, labels);
        return new NaiveBayesModel(plan.name, counts, plan.params.alpha, featurizer('word', counts.vocabulary));
      }
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
