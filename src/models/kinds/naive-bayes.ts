/** `naive-bayes` (multinomial, word counts): `models: [naive-bayes]` or `{ naive-bayes: { alpha } }`. */
import { describeFound } from '../../errors.js';
import { configError } from '../../config/validate.js';
import { builtinModel } from '../descriptor.js';
import { fitNaiveBayesCounts, NaiveBayesModel } from '../naive-bayes.js';
import { wordVectorizer } from '../preprocessing.js';

/** Additive (Laplace) smoothing unless the config says otherwise. */
const DEFAULT_ALPHA = 1;

export const NAIVE_BAYES = builtinModel({
  kind: 'naive-bayes',
  init: '  - naive-bayes',
  task: 'text',
  selectedBy: 'name',
  parameters: ['alpha'],
  read(params, { source, at }) {
    const alpha = params.alpha ?? DEFAULT_ALPHA;
    if (typeof alpha !== 'number' || !(alpha > 0))
      throw configError(source, [...at, 'alpha'], `expected a number > 0, found ${describeFound(alpha)}`);
    return { alpha };
  },
  probabilities: () => true,
  labelOnly: false,
  gradients: false,
  build(plan, context) {
    const counts = fitNaiveBayesCounts(context.train, context.labels, context.trained);
    return new NaiveBayesModel(plan.name, counts, plan.params.alpha, context.featurizer('word', counts.vocabulary));
  },
  preprocessing: {
    text: (plan) => ({
      vectorizers: [wordVectorizer('CountVectorizer() (every default)', false)],
      scores: `MultinomialNB(alpha=${plan.params.alpha}).predict_proba: posterior probability of each label`
    })
  }
});
