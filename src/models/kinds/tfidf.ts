/** `tfidf-word` and `tfidf-char`: cosine similarity to each label's tf-idf centroid; no parameters. */
import { builtinModel } from '../descriptor.js';
import { CENTROID, charVectorizer, wordVectorizer } from '../preprocessing.js';

const noParameters = (): Record<string, never> => ({});

export const TFIDF_WORD = builtinModel({
  kind: 'tfidf-word',
  task: 'text',
  selectedBy: 'name',
  parameters: [],
  read: noParameters,
  probabilities: () => false,
  labelOnly: false,
  gradients: false,
  build: (plan, context) => context.tfidf('word', plan.name),
  preprocessing: { text: () => ({ vectorizers: [wordVectorizer('TfidfVectorizer() (every default)', true)], scores: CENTROID }) }
});

export const TFIDF_CHAR = builtinModel({
  kind: 'tfidf-char',
  task: 'text',
  selectedBy: 'name',
  parameters: [],
  read: noParameters,
  probabilities: () => false,
  labelOnly: false,
  gradients: false,
  build: (plan, context) => context.tfidf('char', plan.name),
  preprocessing: { text: () => ({ vectorizers: [charVectorizer()], scores: CENTROID }) }
});
