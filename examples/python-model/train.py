"""Trains the scikit-learn pipeline this example evaluates, and saves it as intent.joblib.

Run once from the repository root (its output is committed, so nothing here needs Python to
read the example; running the example does):

    python3 examples/python-model/train.py

A word TF-IDF (unigrams and bigrams) feeding a logistic regression, fitted on the bundled
academic-intent training split. Fitting is deterministic: the same data give the same file
contents apart from the library versions recorded inside it.
"""

import json
import os

import joblib
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN = os.path.join(HERE, "..", "academic-intent", "data", "train.jsonl")


def main():
    with open(TRAIN, encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    texts = [row["text"] for row in rows]
    labels = [row["label"] for row in rows]
    pipeline = make_pipeline(
        TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=2),
        LogisticRegression(C=10.0, max_iter=2000),
    )
    pipeline.fit(texts, labels)
    joblib.dump(pipeline, os.path.join(HERE, "intent.joblib"))


if __name__ == "__main__":
    main()
