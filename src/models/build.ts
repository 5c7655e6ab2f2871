/**
 * Train every configured model, in config order, on the training split only; each kind's
 * descriptor (registry.ts) builds its model from the context given here.
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
import type { ModelBuildContext } from './descriptor.js';
import type { Model } from './model.js';
import { modelKind } from './registry.js';
import { fitTfidf, TfidfModel, TfidfScorer, type TfidfAnalyzer } from './tfidf.js';

interface BuildOptions {
  features?: readonly string[];
  /** Repository root: external commands run from it. */
  root?: string;
  log?: (line: string) => void;
  /** The run's seed (statistics.seed). */
  seed?: number;
  /** Registers a secret value to mask in the caller's log. */
  secret?: (value: string) => void;
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
  const context: ModelBuildContext = { train, labels, features, root: options.root ?? process.cwd(), log: options.log ?? (() => {}), seed: options.seed ?? 0, secret: options.secret ?? (() => {}), featurizer, tfidf };
  return plans.map((plan) => modelKind(plan.kind).build(plan, context));
}
