/** `hybrid`: a weighted sum of the tf-idf word and char_wb centroid cosines: `{ hybrid: { word_weight } }`. */
import { describeFound } from '../../errors.js';
import { configError } from '../../config/validate.js';
import { builtinModel } from '../descriptor.js';
import { DEFAULT_WORD_WEIGHT, HybridModel } from '../hybrid.js';
import { charVectorizer, wordVectorizer } from '../preprocessing.js';

export const HYBRID = builtinModel({
  kind: 'hybrid',
  init: '  - { hybrid: { word_weight: 0.5 } }',
  task: 'text',
  selectedBy: 'name',
  parameters: ['word_weight'],
  read(params, { source, at }) {
    const w = params.word_weight ?? DEFAULT_WORD_WEIGHT;
    if (typeof w !== 'number' || w < 0 || w > 1)
      throw configError(source, [...at, 'word_weight'], `expected a number from 0 to 1, found ${describeFound(w)}`);
    return { word_weight: w };
  },
  probabilities: () => false,
  labelOnly: false,
  gradients: false,
  build: (plan, context) =>
    new HybridModel(
      plan.name,
      context.tfidf('word', `${plan.name}/word`),
      context.tfidf('char', `${plan.name}/char`),
      plan.params.word_weight
    ),
  preprocessing: {
    text: (plan) => ({
      vectorizers: [wordVectorizer('TfidfVectorizer() (every default)', true), charVectorizer()],
      scores:
        `w × (word centroid cosine) + (1 − w) × (char_wb centroid cosine) per label, w = ` +
        `${plan.params.word_weight}; each cosine as in tfidf-word and tfidf-char`
    })
  }
});
