#!/usr/bin/env python3
"""Golden naive-Bayes scores from scikit-learn (CountVectorizer + MultinomialNB(alpha=1)).

Writes __tests__/golden/naive-bayes.json with three cases:
  fixture         the small multilingual fixture in __tests__/fixtures/nb-fixture.json;
  example         the bundled academic-intent example (train on train, score controlled +
                  challenge, sorted by id);
  example_unknown texts sharing no word with the example's vocabulary, scored by the model
                  trained on the example.
Every score is predict_proba's, unaltered: a text with no known word gets the class prior
(its joint log-likelihood is the log prior alone), as SPEC §5 says. The test compares to 1e-12.
Run from the repository root: /usr/bin/python3 scripts/golden/naive_bayes.py
"""
import json

import sklearn
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.naive_bayes import MultinomialNB

# No word of these is in the example's training vocabulary: punctuation only, one-letter
# tokens, whitespace, digits of one character, and words the example never uses.
UNKNOWN_TEXTS = ["?!...", "a", "", "  \n ", "x y z 1 2", "qwzx blorpt frandish", "¿¡…!?", "𝐀 é ß"]


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fit(train_texts, train_labels):
    vec = CountVectorizer(lowercase=True)
    nb = MultinomialNB(alpha=1.0).fit(vec.fit_transform(train_texts), train_labels)
    return vec, nb


def score(vec, nb, texts):
    xe = vec.transform(texts)
    proba = nb.predict_proba(xe)
    return {
        "labels": [str(c) for c in nb.classes_],
        "vocabulary_size": len(vec.vocabulary_),
        "texts": texts,
        "known_words": [int(xe[i].nnz) for i in range(len(texts))],
        "scores": [[float(p) for p in row] for row in proba],
    }


fixture = json.load(open("__tests__/fixtures/nb-fixture.json", encoding="utf-8"))
base = "examples/academic-intent/data/"
train = read_jsonl(base + "train.jsonl")
evaluate = read_jsonl(base + "controlled.jsonl") + read_jsonl(base + "challenge.jsonl")
evaluate.sort(key=lambda r: r["id"])

fixture_model = fit([r["text"] for r in fixture["train"]], [r["label"] for r in fixture["train"]])
example_model = fit([r["text"] for r in train], [r["label"] for r in train])
unknown = score(*example_model, UNKNOWN_TEXTS)
assert all(n == 0 for n in unknown["known_words"]), "an UNKNOWN_TEXTS entry has a known word"

out = {
    "generator": "scripts/golden/naive_bayes.py",
    "sklearn_version": sklearn.__version__,
    "fixture": score(*fixture_model, fixture["evaluate"]),
    "example": dict(ids=[r["id"] for r in evaluate], **score(*example_model, [r["text"] for r in evaluate])),
    "example_unknown": unknown,
}
with open("__tests__/golden/naive-bayes.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print("wrote __tests__/golden/naive-bayes.json with sklearn", sklearn.__version__)
