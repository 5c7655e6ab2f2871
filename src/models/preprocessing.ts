/**
 * The pieces of the manifest's preprocessing record that state what a built-in model does to its
 * input (the vectorizers and their scikit-learn equivalents), used by each model kind's
 * descriptor; manifest/preprocessing.ts assembles the record from them.
 */

/** Read by every record: the tokenizer's character classes depend on these tables. */
export const UNICODE_NOTE =
  "word characters are the code points in [\\p{L}\\p{N}_] (Python's Unicode \\w; JavaScript's \\w and \\b are " +
  'ASCII-only, so the engine matches the property classes), under the Unicode tables of the running Node ' +
  "(tool.unicode in this manifest); Python's re follows its own Unicode version, so a code point assigned after " +
  'it can tokenize differently there';

/** How a text column reaches any text model. */
export const TEXT_INPUT =
  'the text column as read from the data file: UTF-8 (a leading byte-order mark removed), compared and cut as ' +
  'code points, with no Unicode normalisation (neither NFC nor NFD); under a perturbation, the perturbed text ' +
  'instead';

/** The vectorizer of a built-in text model, with its scikit-learn equivalent and every setting spelled out. */
export interface VectorizerRecord {
  equivalent: string;
  lowercase: boolean;
  lowercase_rule: string;
  strip_accents: null;
  accents: string;
  analyzer: 'word' | 'char_wb';
  /** Null for char_wb, which ignores it. */
  token_pattern: string | null;
  tokens: string;
  ngram_range: [number, number];
  stop_words: null;
  vocabulary: string;
  values: string;
  /** Null when the model uses raw counts. */
  idf: { use_idf: true; smooth_idf: true; sublinear_tf: false; formula: string } | null;
  norm: 'l2' | null;
  unknown_features: string;
}

export interface TextModelPreprocessing {
  model: string;
  kind: string;
  input: string;
  /** One vectorizer (hybrid: word, then char_wb); none for an external command. */
  vectorizers: VectorizerRecord[];
  scores: string;
}

export interface TabularModelPreprocessing {
  model: string;
  kind: string;
  input: string;
  /** The order of the feature vector. */
  features: string[];
  parsing: string;
  scaling: string;
  /** Inclusive bounds per feature; null where the threat model sets none. */
  bounds: Record<string, [number, number] | null>;
  editable: string[];
  /** The L∞ budget of the attacks, in the same raw units the model reads (null without noise or fgm). */
  linf_eps: number | null;
  scores: string;
}

export interface PreprocessingRecord {
  task: 'text' | 'tabular';
  unicode_note: string | null;
  models: Array<TextModelPreprocessing | TabularModelPreprocessing>;
}

const LOWERCASE_RULE =
  "String.prototype.toLowerCase: Unicode default case mapping, locale-independent (as Python's str.lower())";
const ACCENTS = 'kept as written (strip_accents=None): "é" and "e" are different characters';
const TRAIN_VOCABULARY =
  'every feature of the training split and nothing else (min_df=1, max_df=1.0, max_features=None)';
const UNKNOWN = 'ignored: a feature outside the training vocabulary adds nothing to the text';

export function wordVectorizer(equivalent: string, tfidf: boolean): VectorizerRecord {
  return {
    equivalent,
    lowercase: true,
    lowercase_rule: LOWERCASE_RULE,
    strip_accents: null,
    accents: ACCENTS,
    analyzer: 'word',
    token_pattern: '(?u)\\b\\w\\w+\\b',
    tokens:
      'the lower-cased text cut into maximal runs of two or more word characters; every other character ' +
      'separates tokens (a one-character word is dropped)',
    ngram_range: [1, 1],
    stop_words: null,
    vocabulary: TRAIN_VOCABULARY,
    values: tfidf
      ? 'raw term count × idf, then each row divided by its Euclidean norm'
      : 'raw term counts (binary=False)',
    idf: tfidf ? IDF : null,
    norm: tfidf ? 'l2' : null,
    unknown_features: UNKNOWN
  };
}

const IDF = {
  use_idf: true,
  smooth_idf: true,
  sublinear_tf: false,
  formula: 'idf(t) = ln((1 + n) / (1 + df(t))) + 1, n = training rows, df(t) = training rows containing t'
} as const;

export function charVectorizer(): VectorizerRecord {
  return {
    equivalent: 'TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4))',
    lowercase: true,
    lowercase_rule: LOWERCASE_RULE,
    strip_accents: null,
    accents: ACCENTS,
    analyzer: 'char_wb',
    token_pattern: null,
    tokens:
      "the lower-cased text split into words on Python's str.split() whitespace; each word padded with one space " +
      'on both sides; every 2-, 3- and 4-character window of the padded word (code points), left to right; ' +
      'longer n skipped once an n-gram spans the whole padded word',
    ngram_range: [2, 4],
    stop_words: null,
    vocabulary: TRAIN_VOCABULARY,
    values: 'raw n-gram count × idf, then each row divided by its Euclidean norm',
    idf: IDF,
    norm: 'l2',
    unknown_features: UNKNOWN
  };
}

export const CENTROID =
  "cosine similarity of the text vector to each label centroid (the mean of that label's normalised training " +
  'rows); a text with no known feature scores 0 for every label';

/** What a text model's descriptor states: its input (TEXT_INPUT unless it says otherwise), vectorizers and scores. */
export interface TextScores {
  input?: string;
  vectorizers: VectorizerRecord[];
  scores: string;
}

/** What a tabular model's descriptor states; the feature list, bounds and budget come from the plan. */
export interface TabularScores {
  input: string;
  scaling: string;
  scores: string;
}
