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
import type { Example } from '../data/example.js';
import { Featurizer, type FeatureSpace } from '../text/features.js';
import { AnswerCache } from './answers/answer-cache.js';
import type { AnswerStore } from './answers/store.js';
import type { ModelBuildContext } from './descriptor.js';
import type { Model } from './model.js';
import { modelKind, type ModelPlan } from './registry.js';
import { fitTfidf, TfidfModel, TfidfScorer, type TfidfAnalyzer } from './tfidf.js';

export interface BuildOptions {
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
  /**
   * Filled with the featurizers built (one per feature space and vocabulary), for a caller that provides rows from
   * elsewhere.
   */
  featurizers?: Featurizer[];
  /** Training progress per model: 0 rows as it starts, the training rows it has read, `total` once built. */
  training?: (p: TrainingProgress) => void;
  /** The folder of kept answers (docs/answer-cache.md); none: every model is asked everything. */
  answerStore?: AnswerStore | null;
  /** Filled with the answer cache of each model that has one, by model name, for the run's record. */
  answerCaches?: Map<string, AnswerCache>;
}

export interface TrainingProgress {
  model: string;
  rows: number;
  total: number;
  /** The model runs outside this process (its kind's `remote`): it is started, not trained. */
  remote?: boolean;
  /** The model is read from a file trained elsewhere (its kind's `pretrained`): it is loaded, not trained. */
  loaded?: boolean;
}

/** Training rows between two reports from inside a fit (each report reads the clock). */
const ROWS_PER_REPORT = 64;

/** Lets the event loop turn, so that the lines reported so far reach the log before the next fit blocks it. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function buildModels(
  plans: readonly ModelPlan[],
  train: readonly Example[],
  labels: readonly string[],
  options: BuildOptions = {}
): Promise<Model[]> {
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
  const total = train.length;
  // The model being built: fits report the rows they have read for it.
  let building = '';
  const trained = (rows: number): void => {
    if (rows % ROWS_PER_REPORT === 0 && rows < total) options.training?.({ model: building, rows, total });
  };
  const scorers = new Map<TfidfAnalyzer, TfidfScorer>();
  const tfidf = (analyzer: TfidfAnalyzer, name: string): TfidfModel => {
    let scorer = scorers.get(analyzer);
    if (!scorer) {
      const params = fitTfidf(analyzer, train, labels, trained);
      scorer = new TfidfScorer(params, featurizer(analyzer, params.vocabulary));
      scorers.set(analyzer, scorer);
    }
    return new TfidfModel(name, scorer);
  };
  const context: ModelBuildContext = {
    train,
    labels,
    features,
    root: options.root ?? process.cwd(),
    log: options.log ?? (() => {}),
    seed: options.seed ?? 0,
    secret: options.secret ?? (() => {}),
    featurizer,
    tfidf,
    trained,
    answers(plan) {
      const settings = modelKind(plan.kind).remote?.cacheSettings;
      if (!options.answerStore || !plan.cache || !settings) return null;
      const cache = new AnswerCache(options.answerStore, {
        key: plan.cache.key,
        kind: plan.kind,
        settings: settings(plan as never),
        labels,
        features
      });
      options.answerCaches?.set(plan.name, cache);
      return cache;
    }
  };
  if (!options.training) return plans.map((plan) => modelKind(plan.kind).build(plan, context));
  const models: Model[] = [];
  for (const plan of plans) {
    building = plan.name;
    const kind = modelKind(plan.kind);
    const remote = kind.remote ? { remote: true } : kind.pretrained ? { loaded: true } : {};
    options.training({ model: plan.name, rows: 0, total, ...remote });
    await turn();
    models.push(modelKind(plan.kind).build(plan, context));
    options.training({ model: plan.name, rows: total, total, ...remote });
    await turn();
  }
  return models;
}
