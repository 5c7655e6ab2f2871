#!/usr/bin/env python3
"""The scikit-learn side of `npm run bench`: the same fit and scoring Evidence Gate's four
text baselines do, on the same texts, timed without file reading.

Input: a JSON file {"train": {"texts": [...], "labels": [...]}, "inputs": [...]} where inputs
are the distinct model inputs of one Evidence Gate run (every clean and perturbed text, each
once). The work timed, as in scripts/golden/*.py:
  naive-bayes  CountVectorizer + MultinomialNB(alpha=1): fit, predict_proba on the inputs
  tfidf-word   TfidfVectorizer(): fit, class centroids, cosine similarity of the inputs
  tfidf-char   TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)): same
  hybrid       0.5 * word + 0.5 * char, reusing the two matrices above (as Evidence Gate does)
Prints one JSON line: {"seconds": {...per model and total}, "inputs": N, "peak_rss_bytes": B,
"sklearn": version}; the peak includes reading the input file.
Usage: /usr/bin/python3 scripts/bench/sklearn_fit_score.py FILE
"""
import json
import resource
import sys
import time

import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity
from sklearn.naive_bayes import MultinomialNB


def centroid_scores(vec, train_texts, labels, inputs):
    x = vec.fit_transform(train_texts)
    y = np.array(labels)
    classes = sorted(set(labels))
    centroids = np.vstack([np.asarray(x[y == c].mean(axis=0)) for c in classes])
    xe = vec.transform(inputs)
    sim = cosine_similarity(xe, centroids)
    sim[np.diff(xe.indptr) == 0] = 0.0
    return sim


def main(path):
    with open(path, encoding="utf-8") as f:
        work = json.load(f)
    texts, labels, inputs = work["train"]["texts"], work["train"]["labels"], work["inputs"]
    seconds = {}

    start = time.perf_counter()
    counts = CountVectorizer(lowercase=True)
    nb = MultinomialNB(alpha=1.0).fit(counts.fit_transform(texts), labels)
    nb.predict_proba(counts.transform(inputs))
    seconds["naive-bayes"] = time.perf_counter() - start

    start = time.perf_counter()
    word = centroid_scores(TfidfVectorizer(), texts, labels, inputs)
    seconds["tfidf-word"] = time.perf_counter() - start

    start = time.perf_counter()
    char = centroid_scores(TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)), texts, labels, inputs)
    seconds["tfidf-char"] = time.perf_counter() - start

    start = time.perf_counter()
    hybrid = 0.5 * word + 0.5 * char
    hybrid.argmax(axis=1)
    seconds["hybrid"] = time.perf_counter() - start

    seconds["total"] = sum(seconds.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    print(json.dumps({"seconds": seconds, "inputs": len(inputs), "peak_rss_bytes": peak, "sklearn": sklearn.__version__}))


if __name__ == "__main__":
    main(sys.argv[1])
