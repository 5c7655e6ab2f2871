#!/usr/bin/env python3
"""Golden TF-IDF centroid scores from scikit-learn.

tfidf-word = TfidfVectorizer(), tfidf-char = TfidfVectorizer(analyzer="char_wb",
ngram_range=(2, 4)); a label's score is cosine_similarity(text vector, class centroid), the
centroid being the mean of the class's training rows; hybrid = w*word + (1-w)*char for
w = 0.5 and 0.3. Rows with no known feature score 0 everywhere (SPEC §5). Cases: the
fixture in __tests__/fixtures/tfidf-fixture.json and the bundled academic-intent example
(train on train, score controlled + challenge sorted by id), plus char_wb analyzer outputs
for tricky strings. Writes __tests__/golden/tfidf.json.
Run from the repository root: /usr/bin/python3 scripts/golden/tfidf.py
"""
import json

import numpy as np
import sklearn
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity

HYBRID_WEIGHTS = ["0.5", "0.3"]


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def vectorizer(analyzer):
    return TfidfVectorizer() if analyzer == "word" else TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4))


def centroid_scores(analyzer, train_texts, train_labels, texts):
    vec = vectorizer(analyzer)
    x = vec.fit_transform(train_texts)
    labels = sorted(set(train_labels))
    y = np.array(train_labels)
    centroids = np.vstack([np.asarray(x[y == label].mean(axis=0)) for label in labels])
    xe = vec.transform(texts)
    sim = cosine_similarity(xe, centroids)
    known = np.diff(xe.indptr) > 0
    sim[~known] = 0.0
    return labels, len(vec.vocabulary_), sim


def case(train_texts, train_labels, texts):
    labels, word_size, word = centroid_scores("word", train_texts, train_labels, texts)
    _, char_size, char = centroid_scores("char", train_texts, train_labels, texts)
    hybrid = {w: float(w) * word + (1 - float(w)) * char for w in HYBRID_WEIGHTS}

    def as_lists(m):
        return [[float(v) for v in row] for row in m]

    def predictions(m):
        return [labels[int(np.argmax(row))] for row in m]  # argmax: ties to the first label

    return {
        "labels": labels,
        "texts": texts,
        "word": {"vocabulary_size": word_size, "scores": as_lists(word), "predictions": predictions(word)},
        "char": {"vocabulary_size": char_size, "scores": as_lists(char), "predictions": predictions(char)},
        "hybrid": {w: {"scores": as_lists(m), "predictions": predictions(m)} for w, m in hybrid.items()},
    }


ANALYZER_STRINGS = [
    "", " ", "   ", "\t\n", "a", "ab", "abc", "abcd", "abcde", "A", "AB CD",
    "data-driven n=12 x_y", "a  b\t\tc\n\nd", "a\u00a0b", "a\u200bb", "a\ufeffb", "a\u3000b\u2003c",
    "a\u0085b\u001cc\u000bd\u000ce\u2028f\u2029g\u202fh\u205fi\u1680j", " lead and trail  ",
    "😀", "a😀", "𝐀𝐁𝐂 word", "😀😀 x😀y", "Ação NIÑO résumé", "Áridas", "e\u0301", "İstanbul", "ΟΔΟΣ",
    "don't stop!!!", "ẞ straße",
]

fixture = json.load(open("__tests__/fixtures/tfidf-fixture.json", encoding="utf-8"))
base = "examples/academic-intent/data/"
train = read_jsonl(base + "train.jsonl")
evaluate = read_jsonl(base + "controlled.jsonl") + read_jsonl(base + "challenge.jsonl")
evaluate.sort(key=lambda r: r["id"])
analyze = vectorizer("char").build_analyzer()

out = {
    "generator": "scripts/golden/tfidf.py",
    "sklearn_version": sklearn.__version__,
    "char_wb": [{"text": s, "ngrams": analyze(s)} for s in ANALYZER_STRINGS],
    "fixture": case([r["text"] for r in fixture["train"]], [r["label"] for r in fixture["train"]], fixture["evaluate"]),
    "example": dict(
        ids=[r["id"] for r in evaluate],
        **case([r["text"] for r in train], [r["label"] for r in train], [r["text"] for r in evaluate]),
    ),
}
with open("__tests__/golden/tfidf.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("wrote __tests__/golden/tfidf.json with sklearn", sklearn.__version__)
