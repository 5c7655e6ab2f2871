/** `tfidf-word` and `tfidf-char`: cosine similarity to each label's tf-idf centroid; no parameters. */
import { builtinModel } from '../descriptor.js';
import { CENTROID, charVectorizer, wordVectorizer } from '../preprocessing.js';

/** The two kinds differ only in their feature space and the vectorizer the manifest records. */
function centroidModel(
  kind: 'tfidf-word' | 'tfidf-char',
  space: 'word' | 'char',
  vectorizer: () => ReturnType<typeof charVectorizer>
) {
  return builtinModel({
    kind,
    init: `  - ${kind}`,
    task: 'text',
    selectedBy: 'name',
    parameters: [],
    read: (): Record<string, never> => ({}),
    probabilities: () => false,
    labelOnly: false,
    gradients: false,
    build: (plan, context) => context.tfidf(space, plan.name),
    preprocessing: { text: () => ({ vectorizers: [vectorizer()], scores: CENTROID }) }
  });
}

export const TFIDF_WORD = centroidModel('tfidf-word', 'word', () =>
  wordVectorizer('TfidfVectorizer() (every default)', true)
);
export const TFIDF_CHAR = centroidModel('tfidf-char', 'char', charVectorizer);
