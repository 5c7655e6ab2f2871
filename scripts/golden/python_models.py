"""Golden values for the Python model kinds (docs/models.md#python-models).

Fits three small scikit-learn estimators on seeded data, saves them where the tests read them
(__tests__/models/python/fixtures/) and writes what the estimators themselves answer on every
row to __tests__/golden/python-models.json. The tests then run the same rows through
Evidence Gate's runner and compare the scores bit for bit (floats are written with repr, which
round-trips exactly). Run once, from the repository root, with a Python that has scikit-learn
and joblib (Debian: python3-sklearn):

    /usr/bin/python3 scripts/golden/python_models.py
"""

import json
import os
import pickle
import random

import joblib
import numpy as np
import sklearn
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "__tests__", "models", "python", "fixtures")
GOLDEN = os.path.join(ROOT, "__tests__", "golden", "python-models.json")

WORDS = {
    "pos": ["good", "great", "fine", "bueno", "ótimo", "nice", "happy"],
    "neg": ["bad", "awful", "poor", "malo", "ruim", "sad", "angry"],
    "neu": ["table", "chair", "mesa", "cadeira", "window", "door", "floor"],
}


def text_rows(rng, n):
    rows = []
    labels = sorted(WORDS)
    for i in range(n):
        label = labels[i % len(labels)]
        words = [rng.choice(WORDS[label]) for _ in range(rng.randint(2, 6))]
        words += [rng.choice(WORDS[rng.choice(labels)]) for _ in range(rng.randint(0, 3))]
        rng.shuffle(words)
        rows.append({"id": "t%03d" % i, "text": " ".join(words), "label": label})
    return rows


def tabular_rows(rng, n):
    rows = []
    for i in range(n):
        x1, x2, x3 = rng.uniform(-2, 2), rng.uniform(0, 10), rng.gauss(0, 1)
        score = 1.5 * x1 - 0.3 * x2 + x3 + rng.gauss(0, 0.5)
        label = "high" if score > 0.5 else ("low" if score < -1.5 else "mid")
        rows.append({"id": "x%03d" % i, "x1": round(x1, 6), "x2": round(x2, 6), "x3": round(x3, 6), "label": label})
    return rows


def main():
    rng = random.Random(20261207)
    os.makedirs(FIXTURES, exist_ok=True)
    text = text_rows(rng, 90)
    tab = tabular_rows(rng, 120)
    features = ["x1", "x2", "x3"]

    text_model = make_pipeline(TfidfVectorizer(), LogisticRegression(C=5.0, max_iter=1000))
    text_model.fit([r["text"] for r in text], [r["label"] for r in text])
    joblib.dump(text_model, os.path.join(FIXTURES, "text.joblib"))

    tab_model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    matrix = np.array([[r[f] for f in features] for r in tab], dtype=float)
    tab_model.fit(matrix, [r["label"] for r in tab])
    with open(os.path.join(FIXTURES, "tabular.pkl"), "wb") as handle:
        pickle.dump(tab_model, handle)

    # No predict_proba: answers with a label only.
    svc = make_pipeline(TfidfVectorizer(), LinearSVC(C=1.0, dual=True, max_iter=5000, random_state=0))
    svc.fit([r["text"] for r in text], [r["label"] for r in text])
    joblib.dump(svc, os.path.join(FIXTURES, "text-svc.joblib"))

    for name, rows in (("text.jsonl", text), ("tabular.jsonl", tab)):
        with open(os.path.join(FIXTURES, name), "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)

    def proba(model, inputs):
        table = model.predict_proba(inputs)
        return [dict(zip([str(c) for c in model.classes_], (repr(float(x)) for x in row))) for row in table]

    golden = {
        "generated_by": "scripts/golden/python_models.py",
        "sklearn": sklearn.__version__,
        "joblib": joblib.__version__,
        "text": {r["id"]: s for r, s in zip(text, proba(text_model, [r["text"] for r in text]))},
        "tabular": {r["id"]: s for r, s in zip(tab, proba(tab_model, matrix))},
        "text_svc": {r["id"]: str(y) for r, y in zip(text, svc.predict([r["text"] for r in text]))},
    }
    with open(GOLDEN, "w", encoding="utf-8") as handle:
        json.dump(golden, handle, indent=1, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
