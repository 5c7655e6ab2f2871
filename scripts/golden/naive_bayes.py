#!/usr/bin/env python3
"""Golden naive-Bayes scores from scikit-learn (CountVectorizer + MultinomialNB(alpha=1)).

Writes __tests__/golden/naive-bayes.json for two cases: the small multilingual fixture in
__tests__/fixtures/nb-fixture.json and the bundled academic-intent example (train on train,
score controlled + challenge). Rows with no known word get all-zero scores, as SPEC §5 says.
Run from the repository root: python3 scripts/golden/naive_bayes.py
"""
import json
import sklearn
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def score(train_texts, train_labels, texts):
    vec = CountVectorizer(lowercase=True)
    x = vec.fit_transform(train_texts)
    nb = MultinomialNB(alpha=1.0).fit(x, train_labels)
    xe = vec.transform(texts)
    proba = nb.predict_proba(xe)
    rows = []
    for i in range(len(texts)):
        if xe[i].nnz == 0:
            rows.append([0.0] * len(nb.classes_))
        else:
            rows.append([float(p) for p in proba[i]])
    return {"labels": [str(c) for c in nb.classes_], "vocabulary_size": len(vec.vocabulary_), "texts": texts, "scores": rows}


fixture = json.load(open("__tests__/fixtures/nb-fixture.json", encoding="utf-8"))
base = "examples/academic-intent/data/"
train = read_jsonl(base + "train.jsonl")
evaluate = read_jsonl(base + "controlled.jsonl") + read_jsonl(base + "challenge.jsonl")
evaluate.sort(key=lambda r: r["id"])

out = {
    "generator": "scripts/golden/naive_bayes.py",
    "sklearn_version": sklearn.__version__,
    "fixture": score([r["text"] for r in fixture["train"]], [r["label"] for r in fixture["train"]], fixture["evaluate"]),
    "example": dict(
        ids=[r["id"] for r in evaluate],
        **score([r["text"] for r in train], [r["label"] for r in train], [r["text"] for r in evaluate]),
    ),
}
with open("__tests__/golden/naive-bayes.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("wrote __tests__/golden/naive-bayes.json with sklearn", sklearn.__version__)
